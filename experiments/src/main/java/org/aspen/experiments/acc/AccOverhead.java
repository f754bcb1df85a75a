package org.aspen.experiments.acc;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;

/**
 * The ACC paper's overhead experiment (Figures 8 and 9) over real UDP on loopback: two bulk RDP
 * senders converge on one node that delays their traffic (a flakeway rule) and runs the ACC monitor;
 * the filter code sits on the intermediate node of each leg. One run is one lab run in the real
 * runtime, with ACC on or off.
 *
 * <pre>{@code
 * AccOverhead.Run r = AccOverhead.run(true, 50, 1, AccOverhead.Setup.defaults(10));  // ACC on, 50 ms delay, run 1
 * double kbps = r.throughputKbps();   // both senders together, as the paper's Figure 9 plots
 * }</pre>
 *
 * Topology (our reading of Figure 8; the paper used hosts on switched 100 Mb/s Ethernet):
 * s1 -> i1 -> c and s2 -> i2 -> c, then c -> d. Every link is 10 Mb/s except c -> d, the
 * bottleneck ({@link #BOTTLENECK}, a {@link #BUFFER}-packet drop-tail queue), so the two senders'
 * traffic congests c's output queue. The flakeway on c delays every RDP packet arriving there by the
 * swept delay (in both directions, so the round trip grows by twice the delay). Static routes: no
 * routing traffic competes with the measurement.
 */
public final class AccOverhead {
    public static final String BOTTLENECK = "4Mbps";
    public static final int BUFFER = 25;
    public static final int SEGMENT = 940;
    /** The flows start after the nodes and AAs are up; goodput is measured over the flows' life. */
    public static final double START_SECONDS = 0.5;

    /** What one run measured: both senders' goodput summed, and ACC's and the bottleneck's counters. */
    record Run(boolean acc, int delayMs, long seed, double throughputKbps, double flow1Kbps, double flow2Kbps,
               long retransmissions, long timeouts, long notifications, long filterRequests, long filtersStarted,
               long packetsFiltered, long bottleneckDrops, double wallSeconds) {
    }

    /** Run length, bottleneck rate and buffer. */
    public record Setup(double durationSeconds, String bottleneck, int buffer) {
        public static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BOTTLENECK, BUFFER);
        }
    }

    private AccOverhead() {
    }

    public static String scenarioYaml(boolean acc, int delayMs, Setup setup) {
        StringBuilder y = new StringBuilder();
        y.append("name: acc-overhead-").append(acc ? "acc" : "noacc").append("-").append(delayMs).append("ms\n");
        y.append(String.format(Locale.ROOT, "duration: %.3fs%n", setup.durationSeconds()));
        y.append("routing: static\n");
        y.append("nodes:\n");
        y.append("  - {name: s1, address: 10.0.1.1}\n");
        y.append("  - {name: s2, address: 10.0.1.2}\n");
        for (String i : new String[]{"i1", "i2"}) {
            y.append("  - {name: ").append(i).append(", address: 10.0.0.").append(i.charAt(1)).append(acc ? ", acc: filter" : "")
                    .append("}\n");
        }
        y.append("  - {name: c, address: 10.0.0.3").append(acc ? ", acc: monitor" : "");
        if (delayMs > 0) {
            y.append(", flakeway: [{name: delay, match: {proto: rdp}, delay: ").append(delayMs).append("ms}]");
        }
        y.append("}\n");
        y.append("  - {name: d, address: 10.0.2.1}\n");
        y.append("links:\n");
        for (String[] l : new String[][]{{"s1", "i1"}, {"s2", "i2"}, {"i1", "c"}, {"i2", "c"}}) {
            y.append("  - {between: [").append(l[0]).append(", ").append(l[1]).append("], bandwidth: 10Mbps}\n");
        }
        y.append("  - {between: [c, d], bandwidth: ").append(setup.bottleneck()).append(", buffer: ").append(setup.buffer())
                .append("}\n");
        y.append("routes:\n");
        String[][] routes = {
                {"s1", "10.0.0.0/8", "i1"}, {"s2", "10.0.0.0/8", "i2"},
                {"i1", "s1", "s1"}, {"i1", "10.0.0.0/8", "c"}, {"i2", "s2", "s2"}, {"i2", "10.0.0.0/8", "c"},
                // the monitor sends filter requests to i1 and i2 themselves, so c needs routes to them
                {"c", "s1", "i1"}, {"c", "s2", "i2"}, {"c", "i1", "i1"}, {"c", "i2", "i2"}, {"c", "d", "d"},
                {"d", "10.0.0.0/8", "c"}};
        for (String[] r : routes) {
            y.append("  - {node: ").append(r[0]).append(", to: ").append(r[1]).append(", via: ").append(r[2]).append("}\n");
        }
        y.append("workload:\n  flows:\n");
        for (int i = 1; i <= 2; i++) {
            y.append(String.format(Locale.ROOT, "    - {name: bulk%d, from: s%d, to: d, start: %dms, segment: %d}%n",
                    i, i, Math.round(START_SECONDS * 1000), SEGMENT));
        }
        return y.toString();
    }

    public static Scenario scenario(boolean acc, int delayMs, Setup setup) {
        String yaml = scenarioYaml(acc, delayMs, setup);
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "acc-overhead.yaml", true);
    }

    /** One run in the real runtime (wall-clock time, UDP sockets on loopback). */
    @SuppressWarnings("unchecked")
    static Run run(boolean acc, int delayMs, long seed, Setup setup) throws InterruptedException {
        LabResult r = LabRunner.run(scenario(acc, delayMs, setup), new LabRunner.Options(false, seed, null, null, null));
        // the EE stops an AA whose handler overran its wall-clock budget (a loaded machine, or a cold
        // JVM's class loading in the first call): such a run measured something else
        for (String[] aa : new String[][]{{"c", "acc-monitor"}, {"c", "flakeway"}, {"i1", "acc-filter"}, {"i2", "acc-filter"}}) {
            String state = aaState(r, aa[0], aa[1]);
            if (state != null && !state.equals("running")) {
                throw new IllegalStateException(aa[1] + " on " + aa[0] + " was " + state + " during the run");
            }
        }
        if (acc && aaState(r, "c", "acc-monitor") == null) {
            throw new IllegalStateException("the ACC monitor did not start");
        }
        Map<String, Object> json = r.toJson();
        List<Map<String, Object>> flows = (List<Map<String, Object>>) json.get("transfers");
        double[] kbps = new double[2];
        long retrans = 0;
        long timeouts = 0;
        for (int i = 0; i < flows.size() && i < 2; i++) {
            Map<String, Object> f = flows.get(i);
            kbps[i] = AccFigure4.num(f.get("goodputBps")) / 1e3;
            retrans += (long) AccFigure4.num(f.get("retransmissions"));
            Map<String, Object> byCause = (Map<String, Object>) f.getOrDefault("closesByCause", Map.of());
            timeouts += (long) AccFigure4.num(byCause.get("TIMEOUT"));
        }
        long filtersStarted = 0;
        long filtered = 0;
        for (String n : new String[]{"i1", "i2", "c"}) {
            filtersStarted += AccFigure4.accCounter(r, n, "filtersStarted");
            filtered += AccFigure4.accCounter(r, n, "packetsFiltered");
        }
        return new Run(acc, delayMs, seed, kbps[0] + kbps[1], kbps[0], kbps[1], retrans, timeouts,
                AccFigure4.accCounter(r, "c", "notificationsSent"), AccFigure4.accCounter(r, "c", "filterRequestsSent"),
                filtersStarted, filtered, AccFigure4.drops(r, "c-d@c"), AccFigure4.num(json.get("wallSeconds")));
    }

    /** The state ("running", "stopped", ...) of the named AA in the node's report, or null when it never ran there. */
    @SuppressWarnings("unchecked")
    private static String aaState(LabResult r, String node, String name) {
        Map<String, Object> ns = (Map<String, Object>) r.nodes().get(node);
        if (!(ns != null && ns.get("ee") instanceof Map<?, ?> ee)) {
            return null;
        }
        return ((List<Object>) ee.get("aas")).stream().map(a -> (Map<String, Object>) a)
                .filter(a -> name.equals(a.get("name"))).map(a -> String.valueOf(a.get("state"))).findFirst().orElse(null);
    }

    public static final String[] METRICS = {"throughputKbps", "retransmissions", "timeouts", "notifications", "filterRequests",
            "filtersStarted", "packetsFiltered", "bottleneckDrops"};

    static double metric(Run r, String m) {
        return switch (m) {
            case "throughputKbps" -> r.throughputKbps();
            case "retransmissions" -> r.retransmissions();
            case "timeouts" -> r.timeouts();
            case "notifications" -> r.notifications();
            case "filterRequests" -> r.filterRequests();
            case "filtersStarted" -> r.filtersStarted();
            case "packetsFiltered" -> r.packetsFiltered();
            case "bottleneckDrops" -> r.bottleneckDrops();
            default -> throw new IllegalArgumentException(m);
        };
    }

    /** Per ACC on/off and delay: statistics of each metric over the runs. */
    record Point(boolean acc, int delayMs, int runs, Map<String, AccFigure4.Stat> stats) {
        String label() {
            return acc ? "ACC on" : "ACC off";
        }
    }

    static List<Point> aggregate(List<Run> runs, List<Integer> delays) {
        List<Point> out = new ArrayList<>();
        for (boolean acc : new boolean[]{false, true}) {
            for (int d : delays) {
                List<Run> rs = runs.stream().filter(r -> r.acc() == acc && r.delayMs() == d).toList();
                if (rs.isEmpty()) {
                    continue;
                }
                Map<String, AccFigure4.Stat> stats = new LinkedHashMap<>();
                for (String m : METRICS) {
                    stats.put(m, AccFigure4.Stat.of(rs.stream().mapToDouble(r -> metric(r, m)).toArray()));
                }
                out.add(new Point(acc, d, rs.size(), stats));
            }
        }
        return out;
    }

    /**
     * {@code {on/off, low, high}}: mean throughput with ACC on over that with ACC off at one delay, with
     * its 95% interval ({@link AccFigure4.Stat#ratio}; NaN when either side is missing).
     */
    static double[] ratioWithCi95(List<Point> points, int delayMs) {
        AccFigure4.Stat on = null;
        AccFigure4.Stat off = null;
        for (Point p : points) {
            if (p.delayMs() == delayMs) {
                AccFigure4.Stat t = p.stats().get("throughputKbps");
                if (p.acc()) {
                    on = t;
                } else {
                    off = t;
                }
            }
        }
        return AccFigure4.Stat.ratio(on, off);
    }
}
