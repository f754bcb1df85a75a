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
 * The ACC paper's Figure 3 dumbbell as a lab scenario, one run of it, and the sweep's statistics.
 *
 * <pre>{@code
 * AccFigure4.Run r = AccFigure4.run(AccFigure4.Config.ACC, 100, 3, AccFigure4.Setup.defaults(200));  // long link 100 ms, seed 3
 * double kbps = r.goodputKbps();
 * }</pre>
 *
 * Our reading of Figure 3 (the paper gives the access links, packet size, cross traffic and the
 * varied R1-R2 delay, not the rest): bulk senders s1, s2 -> r0 => r1 -> r2 -> r3 -> d1, d2 (the
 * default {@link Placement#UPSTREAM}); the long link r0 => r1 (the paper's R1-R2: from the senders'
 * router to the next) is 10 Mb/s, uncongested, and its delay is the swept one; the bottleneck is
 * r2 -> r3, {@link #BOTTLENECK} (default) with a {@link #BUFFER}-packet buffer (default) and 10 ms
 * delay; four on/off cross sources (x1, x2 -> y1, y2, 100 kb/s, exponential 2.5 s on / 2.5 s off)
 * join at r2 and leave at r3, so the swept delay changes only the bulk flows' bandwidth-delay
 * product, as the paper says. Every other link is 10 Mb/s, 10 ms; packets are 1000 bytes (940 RDP
 * data bytes + 60 of headers). Static routes (no routing traffic in the congested queue). ACC: the
 * monitor on r2 (the congested router), filters on r1, its neighbour upstream, RED queues. The
 * other placements put the long link between r1 and r2 or past the bottleneck.
 */
public final class AccFigure4 {
    public static final String BOTTLENECK = "1.5Mbps";
    public static final int BUFFER = 50;
    /** RED as ns's defaults of the paper's time, identical in the RED, RED+ECN and ACC runs. */
    public static final String RED = "{kind: red, min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002, ecn: %s}";
    public static final int SEGMENT = 940;
    public static final String[] SENDERS = {"s1", "s2"};

    /** The four compared systems (the paper's Figures 4 and 5). */
    public enum Config {
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

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One run's figures: per-endpoint means over the bulk flows, and ACC's and the queue's counters. */
    public record Run(Config config, int delayMs, long seed, double rttMs, double goodputKbps, double closesPerSecond,
               double meanCloseMagnitude, double accCloseShare, long timeouts, long notifications, long filtered,
               long bottleneckDrops, long crossSent, long crossReceived, double wallSeconds) {
    }

    private AccFigure4() {
    }

    /**
     * Where the swept long link sits on the bulk flows' path. The paper names it "the link from the
     * R1 router to the R2 router" and says only that it is uncongested and off the cross traffic's
     * path; three readings fit that. In all of them the monitor runs on r2 (the router feeding the
     * bottleneck r2 -> r3, where the cross traffic joins) and the filters on r1, its upstream
     * neighbour on the bulk path.
     */
    public enum Placement {
        /** s -> r1 =long=> r2 -> r3 -> d: the long link joins the filter router and the congested one. */
        BETWEEN(0, "r1", "r2", "r3"),
        /** s -> r0 =long=> r1 -> r2 -> r3 -> d: the long link is ahead of the filter router, 10 ms from the congestion. */
        UPSTREAM(0, "r0", "r1", "r2", "r3"),
        /** s -> r1 -> r2 -> r3 =long=> r4 -> d: the long link is past the bottleneck, on the way to the receivers. */
        DOWNSTREAM(2, "r1", "r2", "r3", "r4");

        /** The bulk path's routers, sender side first. */
        final List<String> chain;
        /** The long link joins {@code chain[swept]} and {@code chain[swept + 1]}. */
        final int swept;

        Placement(int swept, String... chain) {
            this.swept = swept;
            this.chain = List.of(chain);
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Base round-trip propagation time of a bulk flow, both ways: two 10 ms access links, the long
     * link, and 10 ms for each other link between the routers (the bottleneck among them).
     */
    public static double rttMs(int delayMs, Placement placement) {
        int routerLinks = placement.chain.size() - 1;
        return 2.0 * (2 * 10 + delayMs + 10 * (routerLinks - 1));
    }

    /** What the command can vary besides the delay: run length, bottleneck rate and buffer, and where the long link is. */
    public record Setup(double durationSeconds, String bottleneck, int buffer, Placement placement) {
        public static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BOTTLENECK, BUFFER, Placement.UPSTREAM);
        }
    }

    public static String scenarioYaml(Config c, int delayMs, Setup setup) {
        double durationSeconds = setup.durationSeconds();
        Placement placement = setup.placement();
        List<String> chain = placement.chain;
        String last = chain.get(chain.size() - 1);
        StringBuilder y = new StringBuilder();
        y.append("name: acc-figure3-").append(c.id()).append("-").append(delayMs).append("ms");
        if (placement != Placement.BETWEEN) {
            y.append("-").append(placement.id());
        }
        y.append("\n");
        y.append(String.format(Locale.ROOT, "duration: %.3fs%n", durationSeconds));
        // static routes, as in ns: the bottleneck queue that the experiment fills would otherwise
        // drop routing hellos too, and a RED+ECN queue held full by ECN-capable flows cut routes
        y.append("routing: static\n");
        y.append("nodes:\n");
        Map<String, String> addresses = new LinkedHashMap<>();
        for (int i = 0; i < chain.size(); i++) {
            addresses.put(chain.get(i), "10.0.0." + (i + 1));
        }
        addresses.put("s1", "10.0.1.1");
        addresses.put("s2", "10.0.1.2");
        addresses.put("x1", "10.0.2.1");
        addresses.put("x2", "10.0.2.2");
        addresses.put("d1", "10.0.3.1");
        addresses.put("d2", "10.0.3.2");
        addresses.put("y1", "10.0.3.3");
        addresses.put("y2", "10.0.3.4");
        for (Map.Entry<String, String> e : addresses.entrySet()) {
            y.append("  - {name: ").append(e.getKey()).append(", address: ").append(e.getValue());
            if (c.acc && e.getKey().equals("r2")) {
                y.append(", acc: monitor");
            } else if (c.acc && e.getKey().equals("r1")) {
                y.append(", acc: filter");
            }
            y.append("}\n");
        }
        String access = "bandwidth: 10Mbps, delay: 10ms";
        y.append("links:\n");
        String first = chain.get(0);
        for (String[] l : new String[][]{{"s1", first}, {"s2", first}, {"x1", "r2"}, {"x2", "r2"},
                {last, "d1"}, {last, "d2"}, {"r3", "y1"}, {"r3", "y2"}}) {
            y.append("  - {between: [").append(l[0]).append(", ").append(l[1]).append("], ").append(access).append("}\n");
        }
        for (int i = 0; i + 1 < chain.size(); i++) {
            String a = chain.get(i);
            String b = chain.get(i + 1);
            y.append("  - {between: [").append(a).append(", ").append(b).append("], ");
            if (a.equals("r2")) {
                y.append("bandwidth: ").append(setup.bottleneck()).append(", delay: 10ms, buffer: ").append(setup.buffer())
                        .append(", queue: ").append(c.queue);
            } else if (i == placement.swept) {
                y.append("bandwidth: 10Mbps, delay: ").append(delayMs).append("ms");
            } else {
                y.append(access);
            }
            y.append("}\n");
        }
        y.append("routes:\n");
        List<String[]> routes = new ArrayList<>();
        for (String h : new String[]{"s1", "s2"}) {
            routes.add(new String[]{h, "10.0.0.0/8", first});
        }
        for (String h : new String[]{"x1", "x2"}) {
            routes.add(new String[]{h, "10.0.0.0/8", "r2"});
        }
        for (String h : new String[]{"d1", "d2"}) {
            routes.add(new String[]{h, "10.0.0.0/8", last});
        }
        for (String h : new String[]{"y1", "y2"}) {
            routes.add(new String[]{h, "10.0.0.0/8", "r3"});
        }
        for (int i = 0; i < chain.size(); i++) {
            String r = chain.get(i);
            boolean isLast = i + 1 == chain.size();
            if (i == 0) {
                routes.add(new String[]{r, "s1", "s1"});
                routes.add(new String[]{r, "s2", "s2"});
            }
            if (i > 0 && !isLast) {
                // toward the senders and the routers on their side: back along the chain (the last
                // router's default route already points back)
                for (int j = 0; j < i; j++) {
                    routes.add(new String[]{r, chain.get(j), chain.get(i - 1)});
                }
                routes.add(new String[]{r, "10.0.1.0/24", chain.get(i - 1)});
            }
            if (r.equals("r2")) {
                routes.add(new String[]{r, "x1", "x1"});
                routes.add(new String[]{r, "x2", "x2"});
            }
            if (isLast) {
                routes.add(new String[]{r, "d1", "d1"});
                routes.add(new String[]{r, "d2", "d2"});
            }
            if (r.equals("r3")) {
                routes.add(new String[]{r, "y1", "y1"});
                routes.add(new String[]{r, "y2", "y2"});
            }
            if (i > chain.indexOf("r2") && !isLast) {
                routes.add(new String[]{r, "10.0.2.0/24", chain.get(i - 1)});
            }
            routes.add(new String[]{r, "10.0.0.0/8", isLast ? chain.get(i - 1) : chain.get(i + 1)});
        }
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

    public static Scenario scenario(Config c, int delayMs, Setup setup) {
        String yaml = scenarioYaml(c, delayMs, setup);
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)),
                "acc-figure3.yaml", true);
    }

    @SuppressWarnings("unchecked")
    public static Run run(Config c, int delayMs, long seed, Setup setup) throws InterruptedException {
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
        return new Run(c, delayMs, seed, rttMs(delayMs, setup.placement()), goodput / n, rate / n, closes == 0 ? 0 : magnitude / closes,
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
    public record Stat(int n, double mean, double sd, double ci95) {
        public static Stat of(double[] xs) {
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
        public static double[] ratio(Stat num, Stat den) {
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
        public static List<Double> json(double... xs) {
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
    public record Point(Config config, int delayMs, double rttMs, Map<String, Stat> stats) {
    }

    public static final String[] METRICS = {"goodputKbps", "closesPerSecond", "meanCloseMagnitude", "accCloseShare", "timeouts",
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

    public static List<Point> aggregate(List<Run> runs, List<Config> configs, List<Integer> delays) {
        List<Point> out = new ArrayList<>();
        for (Config c : configs) {
            for (int d : delays) {
                List<Run> rs = runs.stream().filter(r -> r.config() == c && r.delayMs() == d).toList();
                Map<String, Stat> stats = new LinkedHashMap<>();
                for (String m : METRICS) {
                    stats.put(m, Stat.of(rs.stream().mapToDouble(r -> metric(r, m)).toArray()));
                }
                out.add(new Point(c, d, rs.isEmpty() ? Double.NaN : rs.get(0).rttMs(), stats));
            }
        }
        return out;
    }
}
