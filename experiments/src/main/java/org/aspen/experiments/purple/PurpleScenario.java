package org.aspen.experiments.purple;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;

/**
 * The PURPLE paper's topologies (Figures 1 and 6) as lab scenarios, and one run of either.
 *
 * <pre>{@code
 * PurpleScenario.Setup s = new PurpleScenario.Setup(20_000_000L, 60, 20, 50);   // 20 Mb/s, 60 s, measured after 20 s; bundles of 50
 * PurpleScenario.Run r = PurpleScenario.run(PurpleScenario.Part.BDP, PurpleScenario.Aqm.PURPLE, 40, 1, s);
 * }</pre>
 *
 * Single bottleneck: n greedy ECN RDP flows from ten sender hosts to ten receivers through r1 -> r2
 * (rate L, 5 ms); every access link runs at 10 L with a deep buffer, so only the bottleneck queues.
 * The hosts' base RTTs are spread evenly over 0.8..1.2 x R, R = 660 x 1500 B x 8 / L: the buffer of
 * the first part (660 packets) is the bandwidth-delay product, as in the paper. Packets are 1500
 * bytes (1440 RDP data bytes and 60 of headers).
 *
 * Multi-bottleneck (our reading of Figure 6): r1 -> r2 -> r3, both links at L with the short
 * 100-packet queue; bundle 1 crosses r1 -> r2 only (base RTT around 0.75 R), bundle 2 both links
 * (around R), bundle 3 r2 -> r3 only (around 1.5 R), so the two routers see RTTs a factor of 2 apart
 * and bundle 2 reaches r2 with r1's marks (p_&lt;k). Each bundle's RTTs spread over +-20 %.
 */
public final class PurpleScenario {
    public static final int PACKET = 1500;
    public static final int SEGMENT = 1440;
    public static final int BDP_PACKETS = 660;
    public static final int SHORT_BUFFER = 100;
    public static final int HOSTS = 10;
    public static final int BUNDLE_HOSTS = 5;
    public static final double BOTTLENECK_DELAY_MS = 5;

    /** The paper's three experiments. */
    public enum Part {
        BDP("bdp", "queue = BDP (660), PURPLE without the microscopic term"),
        SHORT("short", "100-packet queue, full PURPLE"),
        MULTI("multi", "three bundles over two bottlenecks, 100-packet queues");

        public final String id;
        public final String label;

        Part(String id, String label) {
            this.id = id;
            this.label = label;
        }
    }

    /** The compared queue disciplines, with the paper's settings per part. */
    public enum Aqm {
        PURPLE("PURPLE"), RED("RED"), ARED("A-RED");

        public final String label;

        Aqm(String label) {
            this.label = label;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The queue spec: RED 10/600 (BDP) or 20/60 (short), max_p 0.02, w_q 0.002; A-RED with ns-2's automatic 5/15. */
        String queue(Part part) {
            return switch (this) {
                case PURPLE -> part == Part.BDP ? "{kind: purple, micro: false}" : "{kind: purple, micro: true, alpha: 1}";
                case RED -> part == Part.BDP ? "{kind: red, min_th: 10, max_th: 600, max_p: 0.02, w_q: 0.002, ecn: true}"
                        : "{kind: red, min_th: 20, max_th: 60, max_p: 0.02, w_q: 0.002, ecn: true}";
                case ARED -> "{kind: ared, min_th: 5, max_th: 15, max_p: 0.1, w_q: auto, ecn: true}";
            };
        }
    }

    /** Bottleneck rate, run length, the warm-up left out of the figures, and the size of bundles 1 and 3. */
    public record Setup(long bottleneckBps, double durationSeconds, double warmupSeconds, int bundleSize) {
        public double rttMs() {
            return BDP_PACKETS * PACKET * 8e3 / bottleneckBps;
        }

        double packetMs() {
            return PACKET * 8e3 / bottleneckBps;
        }
    }

    /**
     * One run's figures after the warm-up (bundle figures only in the multi-bottleneck part; mark and
     * drop rates per packet arriving at the congested queue(s); utilisation and delay averaged over them).
     */
    public record Run(Part part, Aqm aqm, int flows, long seed, double goodputMbps, double utilisation, double delayMs,
               double markRate, double dropRate, long timeouts, long[] bundleTimeouts, double[] bundleGoodputMbps,
               double wallSeconds) {
    }

    private PurpleScenario() {
    }

    public static String yaml(Part part, Aqm aqm, int flows, Setup s) {
        StringBuilder y = new StringBuilder();
        y.append("name: purple-").append(part.id).append('-').append(aqm.id()).append('-').append(flows).append('\n');
        y.append(String.format(Locale.ROOT, "duration: %.3fs%nrouting: static%nnodes:%n", s.durationSeconds()));
        StringBuilder links = new StringBuilder("links:\n");
        StringBuilder routes = new StringBuilder("routes:\n");
        StringBuilder work = new StringBuilder("workload:\n  flows:\n");
        Map<String, Integer> attached = new java.util.LinkedHashMap<>();
        String access = String.format(Locale.ROOT, "bandwidth: %dbps, buffer: 20000", 10 * s.bottleneckBps());
        String queue = aqm.queue(part);
        int buffer = part == Part.BDP ? BDP_PACKETS : SHORT_BUFFER;
        String[] routers = part == Part.MULTI ? new String[]{"r1", "r2", "r3"} : new String[]{"r1", "r2"};
        for (int i = 0; i < routers.length; i++) {
            y.append("  - {name: ").append(routers[i]).append(", address: 10.0.0.").append(i + 1).append("}\n");
            if (i > 0) {
                links.append(String.format(Locale.ROOT, "  - {between: [%s, %s], bandwidth: %dbps, delay: %.0fms, buffer: %d, queue: %s}%n",
                        routers[i - 1], routers[i], s.bottleneckBps(), BOTTLENECK_DELAY_MS, buffer, queue));
            }
        }
        if (part == Part.MULTI) {
            // bundle b: senders at 10.b.1.h, receivers at 10.b.2.h; entry and exit routers; RTT factor
            int[][] path = {{0, 1}, {0, 2}, {1, 2}};
            double[] rtt = {0.75, 1.0, 1.5};
            int[] n = {s.bundleSize(), flows, s.bundleSize()};
            for (int b = 0; b < 3; b++) {
                hosts(y, links, routes, work, "b" + (b + 1), b + 1, BUNDLE_HOSTS, path[b][0], path[b][1], routers,
                        rtt[b] * s.rttMs(), n[b], access, attached);
            }
        } else {
            hosts(y, links, routes, work, "", 1, HOSTS, 0, 1, routers, s.rttMs(), flows, access, attached);
        }
        // along the chain, every router reaches every host through the neighbour on that host's side
        for (int i = 0; i < routers.length; i++) {
            for (Map.Entry<String, Integer> e : attached.entrySet()) {
                if (e.getValue() != i) {
                    routes.append(String.format(Locale.ROOT, "  - {node: %s, to: %s, via: %s}%n", routers[i], e.getKey(),
                            routers[e.getValue() > i ? i + 1 : i - 1]));
                }
            }
        }
        return y.append(links).append(routes).append(work).toString();
    }

    /**
     * Sender hosts {@code p s0..} on {@code entry} and receivers {@code p d0..} on {@code exit}, their
     * access delays set so host h's base RTT is (0.8 + 0.4 h / (hosts - 1)) x rttMs, and the flows
     * spread over the hosts round robin, starting over the first second.
     */
    private static void hosts(StringBuilder y, StringBuilder links, StringBuilder routes, StringBuilder work, String p, int net,
                              int hosts, int in, int out, String[] routers, double rttMs, int flows, String access,
                              Map<String, Integer> attached) {
        String entry = routers[in];
        String exit = routers[out];
        int hops = out - in;
        for (int h = 0; h < hosts; h++) {
            String sn = p + "s" + h;
            String dn = p + "d" + h;
            y.append(String.format(Locale.ROOT, "  - {name: %s, address: 10.%d.1.%d}%n  - {name: %s, address: 10.%d.2.%d}%n",
                    sn, net, h + 1, dn, net, h + 1));
            double target = rttMs * (0.8 + 0.4 * h / (hosts - 1));
            double accessMs = Math.max(0, (target / 2 - hops * BOTTLENECK_DELAY_MS) / 2);
            links.append(String.format(Locale.ROOT, "  - {between: [%s, %s], %s, delay: %.3fms}%n", sn, entry, access, accessMs));
            links.append(String.format(Locale.ROOT, "  - {between: [%s, %s], %s, delay: %.3fms}%n", exit, dn, access, accessMs));
            routes.append(String.format(Locale.ROOT, "  - {node: %s, to: 10.0.0.0/8, via: %s}%n  - {node: %s, to: 10.0.0.0/8, via: %s}%n",
                    sn, entry, dn, exit));
            routes.append(String.format(Locale.ROOT, "  - {node: %s, to: %s, via: %s}%n  - {node: %s, to: %s, via: %s}%n",
                    entry, sn, sn, exit, dn, dn));
            attached.put(sn, in);
            attached.put(dn, out);
        }
        for (int i = 0; i < flows; i++) {
            int h = i % hosts;
            work.append(String.format(Locale.ROOT, "    - {name: %sf%d, from: %ss%d, to: %sd%d, start: %dms, segment: %d, ecn: true}%n",
                    p, i, p, h, p, h, 10 + i * 1000 / flows, SEGMENT));
        }
    }

    /**
     * Runs the scenario twice with the same seed, to {@code warmupSeconds} and to the end: the
     * simulation is deterministic, so the first run is exactly the second one's beginning, and the
     * difference of their cumulative counters is the steady state after the warm-up (slow start's
     * overshoot, the same for every queue, would otherwise dominate drops and RTOs).
     */
    public static Run run(Part part, Aqm aqm, int flows, long seed, Setup s) throws InterruptedException {
        Scenario sc = ScenarioLoader.parse(new ByteArrayInputStream(yaml(part, aqm, flows, s).getBytes(StandardCharsets.UTF_8)),
                "purple-" + part.id + ".yaml", true);
        long t0 = System.nanoTime();
        double[] warm = s.warmupSeconds() > 0
                ? totals(part, LabRunner.run(sc, new LabRunner.Options(true, seed, (long) (s.warmupSeconds() * 1e9), null, null)), s)
                : new double[TOTALS];
        double[] full = totals(part, LabRunner.run(sc, new LabRunner.Options(true, seed, null, null, null)), s);
        double t = s.durationSeconds() - s.warmupSeconds();
        double[] d = new double[TOTALS];
        for (int i = 0; i < TOTALS; i++) {
            d[i] = full[i] - warm[i];
        }
        int queues = part == Part.MULTI ? 2 : 1;
        double arrivals = Math.max(1, d[ARRIVALS]);
        double[] bundleGoodput = {d[BYTES] * 8 / t / 1e6, d[BYTES + 1] * 8 / t / 1e6, d[BYTES + 2] * 8 / t / 1e6};
        long[] rto = {(long) d[RTO], (long) d[RTO + 1], (long) d[RTO + 2]};
        return new Run(part, aqm, flows, seed, bundleGoodput[0] + bundleGoodput[1] + bundleGoodput[2], d[BUSY] / t / queues,
                d[QUEUE_TIME] / t / queues * s.packetMs(), d[MARKS] / arrivals, d[DROPS] / arrivals, rto[0] + rto[1] + rto[2],
                rto, bundleGoodput, (System.nanoTime() - t0) / 1e9);
    }

    // cumulative totals of one run: bytes received and RTOs per bundle, then over the congested queues the
    // arrivals, marks, queue drops, and the time integrals of the waiting packets and of the busy transmitter
    private static final int BYTES = 0;
    private static final int RTO = 3;
    private static final int ARRIVALS = 6;
    private static final int MARKS = 7;
    private static final int DROPS = 8;
    private static final int QUEUE_TIME = 9;
    private static final int BUSY = 10;
    private static final int TOTALS = 11;

    @SuppressWarnings("unchecked")
    private static double[] totals(Part part, LabResult r, Setup s) {
        Map<String, Object> json = r.toJson();
        double[] t = new double[TOTALS];
        for (Map<String, Object> f : (List<Map<String, Object>>) json.get("transfers")) {
            int b = part == Part.MULTI ? String.valueOf(f.get("name")).charAt(1) - '1' : 0;
            t[BYTES + b] += num(f.get("goodputBps")) / 8 * num(f.get("seconds"));   // bulk flows report goodput, not bytes
            t[RTO + b] += num(((Map<String, Object>) f.getOrDefault("closesByCause", Map.of())).get("TIMEOUT"));
        }
        double seconds = num(json.get("durationSeconds"));
        for (String q : part == Part.MULTI ? List.of("r1-r2@r1", "r2-r3@r2") : List.of("r1-r2@r1")) {
            Map<String, Object> link = (Map<String, Object>) r.links().get(q);
            for (Map.Entry<String, Object> e : ((Map<String, Object>) link.getOrDefault("drops", Map.of())).entrySet()) {
                t[DROPS] += List.of("overflow", "early", "forced").contains(e.getKey()) ? num(e.getValue()) : 0;
            }
            t[MARKS] += num(link.get("marked"));
            t[QUEUE_TIME] += num(link.get("averageQueue")) * seconds;
            t[BUSY] += num(link.get("utilisation")) * seconds;
        }
        t[ARRIVALS] = t[DROPS];
        for (String q : part == Part.MULTI ? List.of("r1-r2@r1", "r2-r3@r2") : List.of("r1-r2@r1")) {
            t[ARRIVALS] += num(((Map<String, Object>) r.links().get(q)).get("enqueued"));
        }
        return t;
    }

    private static double num(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }
}
