package org.aspen.cli;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.lab.LabResult;
import org.aspen.lab.LabRunner;
import org.aspen.lab.Scenario;
import org.aspen.lab.ScenarioLoader;

/**
 * The ACC paper's Figure 3 dumbbell as a lab scenario, one run of it, and the sweep's statistics.
 *
 * <pre>{@code
 * AccFigure4.Run r = AccFigure4.run(AccFigure4.Config.ACC, 100, 3, AccFigure4.Setup.defaults(200));  // R1-R2 100 ms, seed 3
 * double kbps = r.goodputKbps();
 * }</pre>
 *
 * Our reading of Figure 3 (the paper gives the access links, packet size, cross traffic and the
 * varied R1-R2 delay, not the rest): bulk senders s1, s2 -> r1 -> r2 -> r3 -> d1, d2; the R1-R2
 * link is 10 Mb/s (uncongested; its delay is the swept one); the bottleneck is r2 -> r3,
 * {@link #BOTTLENECK} (default) with a {@link #BUFFER}-packet buffer (default) and 10 ms delay; four on/off cross
 * sources (x1, x2 -> y1, y2, 100 kb/s, exponential 2.5 s on / 2.5 s off) join at r2 and leave at
 * r3, so the swept delay changes only the bulk flows' bandwidth-delay product, as the paper says.
 * Every endpoint link is 10 Mb/s, 10 ms; packets are 1000 bytes (940 RDP data bytes + 60 of
 * headers). Static routes (no routing traffic in the congested queue). ACC: the monitor on r2 (the
 * congested router), filters on r1, RED queues.
 */
final class AccFigure4 {
    static final String BOTTLENECK = "1.5Mbps";
    static final int BUFFER = 50;
    /** RED as ns's defaults of the paper's time, identical in the RED, RED+ECN and ACC runs. */
    static final String RED = "{kind: red, min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002, ecn: %s}";
    static final int SEGMENT = 940;
    static final String[] SENDERS = {"s1", "s2"};

    /** The four compared systems (the paper's Figures 4 and 5). */
    enum Config {
        DROPTAIL("drop-tail", "droptail", false, false),
        RED("RED", String.format(Locale.ROOT, AccFigure4.RED, "false"), false, false),
        RED_ECN("RED+ECN", String.format(Locale.ROOT, AccFigure4.RED, "true"), true, false),
        ACC("ACC (RED)", String.format(Locale.ROOT, AccFigure4.RED, "false"), false, true);

        final String label;
        final String queue;
        final boolean ecn;
        final boolean acc;

        Config(String label, String queue, boolean ecn, boolean acc) {
            this.label = label;
            this.queue = queue;
            this.ecn = ecn;
            this.acc = acc;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One run's figures: per-endpoint means over the bulk flows, and ACC's and the queue's counters. */
    record Run(Config config, int delayMs, long seed, double rttMs, double goodputKbps, double closesPerSecond,
               double meanCloseMagnitude, double accCloseShare, long timeouts, long notifications, long filtered,
               long bottleneckDrops, long crossSent, long crossReceived, double wallSeconds) {
    }

    private AccFigure4() {
    }

    /** Base round-trip propagation time of a bulk flow: 2 x (access 10 + R1-R2 + bottleneck 10 + access 10) ms. */
    static double rttMs(int delayMs) {
        return 2.0 * (30 + delayMs);
    }

    /** What the command can vary besides the delay: run length, bottleneck rate and buffer. */
    record Setup(double durationSeconds, String bottleneck, int buffer) {
        static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BOTTLENECK, BUFFER);
        }
    }

    static String scenarioYaml(Config c, int delayMs, Setup setup) {
        double durationSeconds = setup.durationSeconds();
        StringBuilder y = new StringBuilder();
        y.append("name: acc-figure3-").append(c.id()).append("-").append(delayMs).append("ms\n");
        y.append(String.format(Locale.ROOT, "duration: %.3fs%n", durationSeconds));
        // static routes, as in ns: the bottleneck queue that the experiment fills would otherwise
        // drop routing hellos too, and a RED+ECN queue held full by ECN-capable flows cut routes
        y.append("routing: static\n");
        y.append("nodes:\n");
        String[] names = {"r1", "r2", "r3", "s1", "s2", "x1", "x2", "d1", "d2", "y1", "y2"};
        String[] addresses = {"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.1.1", "10.0.1.2", "10.0.2.1", "10.0.2.2",
                "10.0.3.1", "10.0.3.2", "10.0.3.3", "10.0.3.4"};
        for (int i = 0; i < names.length; i++) {
            y.append("  - {name: ").append(names[i]).append(", address: ").append(addresses[i]);
            if (c.acc && names[i].equals("r2")) {
                y.append(", acc: monitor");
            } else if (c.acc && names[i].equals("r1")) {
                y.append(", acc: filter");
            }
            y.append("}\n");
        }
        String access = "bandwidth: 10Mbps, delay: 10ms";
        y.append("links:\n");
        for (String[] l : new String[][]{{"s1", "r1"}, {"s2", "r1"}, {"x1", "r2"}, {"x2", "r2"},
                {"r3", "d1"}, {"r3", "d2"}, {"r3", "y1"}, {"r3", "y2"}}) {
            y.append("  - {between: [").append(l[0]).append(", ").append(l[1]).append("], ").append(access).append("}\n");
        }
        y.append("  - {between: [r1, r2], bandwidth: 10Mbps, delay: ").append(delayMs).append("ms}\n");
        y.append("  - {between: [r2, r3], bandwidth: ").append(setup.bottleneck()).append(", delay: 10ms, buffer: ").append(setup.buffer())
                .append(", queue: ").append(c.queue).append("}\n");
        y.append("routes:\n");
        String[][] routes = {
                {"s1", "10.0.0.0/8", "r1"}, {"s2", "10.0.0.0/8", "r1"}, {"x1", "10.0.0.0/8", "r2"}, {"x2", "10.0.0.0/8", "r2"},
                {"d1", "10.0.0.0/8", "r3"}, {"d2", "10.0.0.0/8", "r3"}, {"y1", "10.0.0.0/8", "r3"}, {"y2", "10.0.0.0/8", "r3"},
                {"r1", "s1", "s1"}, {"r1", "s2", "s2"}, {"r1", "10.0.0.0/8", "r2"},
                {"r2", "r1", "r1"}, {"r2", "10.0.1.0/24", "r1"}, {"r2", "x1", "x1"}, {"r2", "x2", "x2"}, {"r2", "10.0.0.0/8", "r3"},
                {"r3", "d1", "d1"}, {"r3", "d2", "d2"}, {"r3", "y1", "y1"}, {"r3", "y2", "y2"}, {"r3", "10.0.0.0/8", "r2"}};
        for (String[] r : routes) {
            y.append("  - {node: ").append(r[0]).append(", to: ").append(r[1]).append(", via: ").append(r[2]).append("}\n");
        }
        y.append("workload:\n  flows:\n");
        for (int i = 0; i < SENDERS.length; i++) {
            y.append(String.format(Locale.ROOT, "    - {name: bulk%d, from: s%d, to: d%d, start: %dms, segment: %d, ecn: %s}%n",
                    i + 1, i + 1, i + 1, 1000 + 100 * i, SEGMENT, c.ecn));
        }
        y.append("  cross:\n");
        for (String x : new String[]{"x1", "x2"}) {
            for (String d : new String[]{"y1", "y2"}) {
                y.append("    - {from: ").append(x).append(", to: ").append(d)
                        .append(", rate: 100kbps, on: 2.5s, off: 2.5s, size: 1000}\n");
            }
        }
        return y.toString();
    }

    static Scenario scenario(Config c, int delayMs, Setup setup) {
        String yaml = scenarioYaml(c, delayMs, setup);
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)),
                "acc-figure3.yaml", true);
    }

    @SuppressWarnings("unchecked")
    static Run run(Config c, int delayMs, long seed, Setup setup) throws InterruptedException {
        Scenario s = scenario(c, delayMs, setup);
        LabResult r = LabRunner.run(s, new LabRunner.Options(true, seed, null, null, null));
        Map<String, Object> json = r.toJson();
        List<Map<String, Object>> flows = (List<Map<String, Object>>) json.get("transfers");
        double goodput = 0;
        double rate = 0;
        double magnitude = 0;
        long closes = 0;
        long accCloses = 0;
        long timeouts = 0;
        for (Map<String, Object> f : flows) {
            goodput += num(f.get("goodputBps")) / 1e3;
            rate += num(f.get("closesPerSecond"));
            long n = (long) num(f.get("windowCloses"));
            closes += n;
            magnitude += num(f.get("meanCloseMagnitude")) * n;
            Map<String, Object> byCause = (Map<String, Object>) f.getOrDefault("closesByCause", Map.of());
            accCloses += (long) num(byCause.get("NOTIFICATION"));
            timeouts += (long) num(byCause.get("TIMEOUT"));
        }
        long sent = 0;
        long received = 0;
        for (Map<String, Object> x : (List<Map<String, Object>>) json.getOrDefault("cross", List.of())) {
            sent += (long) num(x.get("sentPackets"));
            received += (long) num(x.get("receivedPackets"));
        }
        long drops = drops(r, "r2-r3@r2");
        int n = Math.max(1, flows.size());
        return new Run(c, delayMs, seed, rttMs(delayMs), goodput / n, rate / n, closes == 0 ? 0 : magnitude / closes,
                closes == 0 ? 0 : accCloses / (double) closes, timeouts,
                accCounter(r, "r2", "notificationsSent"), accCounter(r, "r1", "packetsFiltered") + accCounter(r, "r2", "packetsFiltered"),
                drops, sent, received, num(json.get("wallSeconds")));
    }

    /** Drops of one link end in the report, named {@code link@node}: every reason but the run's end. */
    @SuppressWarnings("unchecked")
    static long drops(LabResult r, String linkAtNode) {
        Map<String, Object> link = (Map<String, Object>) r.links().get(linkAtNode);
        long drops = 0;
        for (Map.Entry<String, Object> e : ((Map<String, Object>) link.getOrDefault("drops", Map.of())).entrySet()) {
            // packets still queued when the run stops are not congestion drops
            if (!e.getKey().equals("node-stopped")) {
                drops += (long) num(e.getValue());
            }
        }
        return drops;
    }

    /** Sum of an ACC AA metric over the AAs in the node's report (0 when none ran). */
    @SuppressWarnings("unchecked")
    static long accCounter(LabResult r, String node, String metric) {
        Map<String, Object> ns = (Map<String, Object>) r.nodes().get(node);
        Object ee = ns == null ? null : ns.get("ee");
        if (!(ee instanceof Map<?, ?> eeMap)) {
            return 0;
        }
        long sum = 0;
        for (Object aa : (List<Object>) eeMap.get("aas")) {
            Object metrics = ((Map<String, Object>) aa).get("metrics");
            if (metrics instanceof Map<?, ?> m && m.get(metric) != null) {
                sum += (long) num(m.get(metric));
            }
        }
        return sum;
    }

    static double num(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }

    /** Mean, sample standard deviation and the half-width of the 95% confidence interval (Student t). */
    record Stat(int n, double mean, double sd, double ci95) {
        static Stat of(double[] xs) {
            int n = xs.length;
            double mean = 0;
            for (double x : xs) {
                mean += x;
            }
            mean = n == 0 ? Double.NaN : mean / n;
            double ss = 0;
            for (double x : xs) {
                ss += (x - mean) * (x - mean);
            }
            double sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
            return new Stat(n, mean, sd, n > 1 ? t975(n - 1) * sd / Math.sqrt(n) : 0);
        }

        /**
         * The ratio of two means with a 95% interval, {@code {ratio, low, high}}: the delta method's
         * standard error of a ratio of independent means, times Student's t at the smaller sample's
         * degrees of freedom. NaN when either side is missing or has fewer than two values.
         */
        static double[] ratio(Stat num, Stat den) {
            if (num == null || den == null || num.n() < 2 || den.n() < 2) {
                double r = num == null || den == null ? Double.NaN : num.mean() / den.mean();
                return new double[] {r, Double.NaN, Double.NaN};
            }
            double r = num.mean() / den.mean();
            double a = num.sd() / num.mean();
            double b = den.sd() / den.mean();
            double se = Math.abs(r) * Math.sqrt(a * a / num.n() + b * b / den.n());
            double h = t975(Math.min(num.n(), den.n()) - 1) * se;
            return new double[] {r, r - h, r + h};
        }

        /** For JSON: the values, with null where one is NaN (no interval from fewer than two runs). */
        static List<Double> json(double... xs) {
            List<Double> out = new ArrayList<>(xs.length);
            for (double x : xs) {
                out.add(Double.isNaN(x) ? null : x);
            }
            return out;
        }

        /** Two-sided 95% quantile of Student's t with {@code df} degrees of freedom. */
        static double t975(int df) {
            double[] t = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086};
            return df <= t.length ? t[df - 1] : (df <= 30 ? 2.04 : 1.96);
        }
    }

    /** Per config and delay: the statistics of each metric over the seeds. */
    record Point(Config config, int delayMs, double rttMs, Map<String, Stat> stats) {
    }

    static final String[] METRICS = {"goodputKbps", "closesPerSecond", "meanCloseMagnitude", "accCloseShare", "timeouts",
            "notifications", "filtered", "bottleneckDrops"};

    static double metric(Run r, String m) {
        return switch (m) {
            case "goodputKbps" -> r.goodputKbps();
            case "closesPerSecond" -> r.closesPerSecond();
            case "meanCloseMagnitude" -> r.meanCloseMagnitude();
            case "accCloseShare" -> r.accCloseShare();
            case "timeouts" -> r.timeouts();
            case "notifications" -> r.notifications();
            case "filtered" -> r.filtered();
            case "bottleneckDrops" -> r.bottleneckDrops();
            default -> throw new IllegalArgumentException(m);
        };
    }

    static List<Point> aggregate(List<Run> runs, List<Config> configs, List<Integer> delays) {
        List<Point> out = new ArrayList<>();
        for (Config c : configs) {
            for (int d : delays) {
                List<Run> rs = runs.stream().filter(r -> r.config() == c && r.delayMs() == d).toList();
                Map<String, Stat> stats = new LinkedHashMap<>();
                for (String m : METRICS) {
                    stats.put(m, Stat.of(rs.stream().mapToDouble(r -> metric(r, m)).toArray()));
                }
                out.add(new Point(c, d, rttMs(d), stats));
            }
        }
        return out;
    }
}
