package org.aspen.ee;

import java.util.List;

/**
 * The execution environment's part of a node's stats ({@link ExecutionEnvironment#aaStats()}): its
 * own counters ({@code ee}) and one row per AA instance ({@code aas}); the {@code ee} section of a
 * node's {@code stats} reply and a lab report node's {@code ee}.
 *
 * <pre>{@code
 * EeReport r = ee.aaStats();   // on the node's loop
 * r.aas().forEach(a -> System.out.println(a.name() + " " + a.state()));
 * }</pre>
 */
public record EeReport(EeCounts ee, List<AaReport> aas) {
    public EeReport {
        aas = aas == null ? List.of() : aas;
    }

    /** The sum of an AA metric over the AAs that keep it (0 when none does). */
    public long aaMetric(String metric) {
        long sum = 0;
        for (AaReport a : aas) {
            sum += a.metric(metric);
        }
        return sum;
    }

    /** The state of the AA named {@code name}, or null when none ran. */
    public String aaState(String name) {
        return aas.stream().filter(a -> name.equals(a.name())).map(AaReport::state).findFirst().orElse(null);
    }
}
