package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One node at the end of a lab run, as the report's {@code nodes} map holds it: its packet counters
 * and drops by reason (only reasons that happened), then, only when the node has them, its
 * authentication counters ({@code auth}, by message kind), its flakeway rules ({@code flakeway}), its
 * input queue ({@code inputQueue}, real UDP runs with one) and its execution environment's AAs
 * ({@code ee}, when any ran).
 *
 * <pre>{@code
 * NodeReport r = result.report().nodes().get("r2");
 * long notified = r.aaMetric("notificationsSent");
 * }</pre>
 */
public record NodeReport(long received, long forwarded, long delivered, long originated, long intercepted, long reinjected,
                         Map<String, Long> drops,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> auth,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> flakeway,
                         @JsonInclude(JsonInclude.Include.NON_NULL) InputQueue inputQueue,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Ee ee) {
    public NodeReport {
        drops = drops == null ? Map.of() : drops;
    }

    /** The node's UDP input queue: its limit (frames), the frames it dropped, its longest length. */
    public record InputQueue(int limit, long drops, long peak) {
    }

    /** The execution environment: its own counters ({@code ee}, docs/ee.md) and one row per AA. */
    public record Ee(Map<String, Long> ee, List<Aa> aas) {
        public Ee {
            aas = aas == null ? List.of() : aas;
        }
    }

    /**
     * An AA instance as the EE describes it: {@code state} is {@code running}, {@code stopped}, ...;
     * {@code stopReason} only when it stopped; {@code counters} the EE's counts of it, {@code metrics}
     * the counters it keeps itself.
     */
    public record Aa(String id, String name, String version, String digest, String description, String state,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String stopReason, Map<String, String> params,
                     long startedAtNanos, int channels, int queued, Map<String, Long> counters, Map<String, Long> metrics) {
        public Aa {
            metrics = metrics == null ? Map.of() : metrics;
            counters = counters == null ? Map.of() : counters;
        }
    }

    /** The AAs on the node (none without an EE report). */
    public List<Aa> aas() {
        return ee == null ? List.of() : ee.aas();
    }

    /** The sum of an AA metric over the node's AAs that report it (0 when none does). */
    public long aaMetric(String metric) {
        long sum = 0;
        for (Aa aa : aas()) {
            Long n = aa.metrics().get(metric);
            sum += n == null ? 0 : n;
        }
        return sum;
    }

    /** The state of the AA named {@code name}, or null when none ran. */
    public String aaState(String name) {
        return aas().stream().filter(a -> name.equals(a.name())).map(Aa::state).findFirst().orElse(null);
    }
}
