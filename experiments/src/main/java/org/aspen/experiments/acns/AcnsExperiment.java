package org.aspen.experiments.acns;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;
import org.aspen.experiments.sweep.ParallelRuns;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code aspen experiment acns}: the ACNS paper's simulation (Tables 5-11) with and without ACNS.
 *
 * <pre>{@code
 * aspen experiment acns --seeds 3 --out results/acns
 * aspen experiment acns --print-scenario acns > acns.yaml && aspen lab --sim acns.yaml
 * }</pre>
 *
 * Our reading of the paper's Figure 8 (only described in words: two sites joined through an ISP whose
 * core is over-provisioned, the "last-mile" links being the bottlenecks): hosts n0, n1, n2 at site A
 * behind router ra, n3, n4, n5 at site B behind rb; ra - i1 and i2 - rb are the last-mile links
 * ({@code --bottleneck}, default 3 Mb/s, the highest per-flow throughput the paper reports, 10 ms,
 * {@code --buffer} packets), i1 - i2 the ISP core (100 Mb/s, 20 ms), host links 10 Mb/s, 2 ms. Every
 * flow goes from site A to site B, so ra -> i1 is where the queue builds. RDP flows (Table 5):
 * n0 -> n5 priority 0 from 0.1 s, n0 -> n4 priority 26 from 15.1 s, n1 -> n3 priority 46 from
 * 30.1 s; constant-rate UDP-like raw flows of 1000-byte packets (Table 6): n0 -> n3 0.5 Mb/s from
 * 0.1 s, n1 -> n4 0.6 Mb/s from 20.1 s, n2 -> n5 0.5 Mb/s from 40.1 s; everything ends at 118 s.
 * "reno": drop-tail last miles and Reno; "acns": ACNS queues on the last miles and AcnsReno at both
 * ends of every RDP flow. No ECN in either (ACNS reuses the ECN bits in the paper).
 */
public final class AcnsExperiment {
    public static final String BOTTLENECK = "3Mbps";
    public static final int BUFFER = 100;
    public static final String[] CONFIGS = {"reno", "acns"};
    /** The paper's Tables 7-10, flows #1-#3: average and maximal throughput (Mb/s), RTT (ms), sent MB, lost packets. */
    static final double[][] PAPER_RENO = {{0.8, 0.4, 0.2}, {2.7, 2.1, 1.8}, {377, 377, 316}, {973, 1230, 335},
            {11.78, 6.15, 2.89}, {110, 86, 40}};
    static final double[][] PAPER_ACNS = {{0.3, 0.7, 1.0}, {3, 3, 3}, {327, 329, 332}, {468, 484, 406},
            {4.4, 11.26, 14.33}, {0, 2, 0}};

    public record Setup(double durationSeconds, String bottleneck, int buffer) {
    }

    record Run(String config, long seed, FlowProbeRun.Result result) {
    }

    private AcnsExperiment() {
    }

    public static String scenarioYaml(String config, Setup setup) {
        boolean acns = config.equals("acns");
        String lastMileQueue = acns ? "{kind: acns}" : "droptail";
        StringBuilder y = new StringBuilder();
        y.append("name: acns-paper-").append(config).append('\n');
        y.append(String.format(Locale.ROOT, "duration: %.3fs%n", setup.durationSeconds()));
        y.append("routing: static\nnodes:\n");
        String[][] nodes = {{"ra", "10.0.0.1"}, {"i1", "10.0.0.2"}, {"i2", "10.0.0.3"}, {"rb", "10.0.0.4"},
                {"n0", "10.0.1.1"}, {"n1", "10.0.1.2"}, {"n2", "10.0.1.3"}, {"n3", "10.0.2.1"}, {"n4", "10.0.2.2"},
                {"n5", "10.0.2.3"}};
        for (String[] n : nodes) {
            y.append("  - {name: ").append(n[0]).append(", address: ").append(n[1]).append("}\n");
        }
        y.append("links:\n");
        for (String[] l : new String[][]{{"n0", "ra"}, {"n1", "ra"}, {"n2", "ra"}, {"rb", "n3"}, {"rb", "n4"}, {"rb", "n5"}}) {
            y.append("  - {between: [").append(l[0]).append(", ").append(l[1]).append("], bandwidth: 10Mbps, delay: 2ms}\n");
        }
        String lastMile = ", bandwidth: " + setup.bottleneck() + ", delay: 10ms, buffer: " + setup.buffer() + ", queue: "
                + lastMileQueue + "}\n";
        y.append("  - {between: [ra, i1]").append(lastMile);
        y.append("  - {between: [i1, i2], bandwidth: 100Mbps, delay: 20ms}\n");
        y.append("  - {between: [i2, rb]").append(lastMile);
        y.append("routes:\n");
        String[][] routes = {{"n0", "10.0.0.0/8", "ra"}, {"n1", "10.0.0.0/8", "ra"}, {"n2", "10.0.0.0/8", "ra"},
                {"n3", "10.0.0.0/8", "rb"}, {"n4", "10.0.0.0/8", "rb"}, {"n5", "10.0.0.0/8", "rb"},
                {"ra", "n0", "n0"}, {"ra", "n1", "n1"}, {"ra", "n2", "n2"}, {"ra", "10.0.0.0/8", "i1"},
                {"i1", "ra", "ra"}, {"i1", "10.0.1.0/24", "ra"}, {"i1", "10.0.0.0/8", "i2"},
                {"i2", "rb", "rb"}, {"i2", "10.0.2.0/24", "rb"}, {"i2", "10.0.0.0/8", "i1"},
                {"rb", "n3", "n3"}, {"rb", "n4", "n4"}, {"rb", "n5", "n5"}, {"rb", "10.0.0.0/8", "i2"}};
        for (String[] r : routes) {
            y.append("  - {node: ").append(r[0]).append(", to: ").append(r[1]).append(", via: ").append(r[2]).append("}\n");
        }
        y.append("workload:\n  flows:\n");
        String[][] flows = {{"tcp1", "n0", "n5", "0.1s", "0"}, {"tcp2", "n0", "n4", "15.1s", "26"}, {"tcp3", "n1", "n3", "30.1s", "46"}};
        for (String[] f : flows) {
            y.append(String.format(Locale.ROOT, "    - {name: %s, from: %s, to: %s, start: %s, ecn: false, acns: %s, priority: %s}%n",
                    f[0], f[1], f[2], f[3], acns, f[4]));
        }
        y.append("  cross:\n");
        String[][] udp = {{"udp1", "n0", "n3", "500kbps", "0.1s"}, {"udp2", "n1", "n4", "600kbps", "20.1s"},
                {"udp3", "n2", "n5", "500kbps", "40.1s"}};
        for (String[] u : udp) {
            y.append(String.format(Locale.ROOT, "    - {name: %s, from: %s, to: %s, rate: %s, start: %s, size: 1000, "
                    + "durations: fixed, on: 100000s, off: 0s}%n", u[0], u[1], u[2], u[3], u[4]));
        }
        return y.toString();
    }

    static Scenario scenario(String config, Setup setup) {
        return ScenarioLoader.parse(new ByteArrayInputStream(scenarioYaml(config, setup).getBytes(StandardCharsets.UTF_8)),
                "acns-paper.yaml", true);
    }

    public static Run run(String config, long seed, Setup setup) {
        return new Run(config, seed, FlowProbeRun.run(scenario(config, setup), seed, 1_000_000_000L, null));
    }

    /** Runs every config and seed on {@code threads} threads, then writes CSV, PNG, JSON and markdown tables. */
    public static int execute(String[] configs, int seeds, Setup setup, int threads, Path out, boolean json, PrintWriter o)
            throws Exception {
        Files.createDirectories(out);
        long wall0 = System.nanoTime();
        List<Callable<Run>> tasks = new ArrayList<>();
        for (String c : configs) {
            for (long seed = 1; seed <= seeds; seed++) {
                long s = seed;
                tasks.add(() -> run(c, s, setup));
            }
        }
        List<Run> runs = ParallelRuns.run("acns", threads, tasks);
        double wall = (System.nanoTime() - wall0) / 1e9;
        writeRuns(runs, out.resolve("runs.csv"));
        for (String c : configs) {
            Run first = runs.stream().filter(r -> r.config().equals(c)).findFirst().orElseThrow();
            writeSeries(first, out.resolve("series-" + c + ".csv"));
            plot(first, 1, "throughput (Mb/s)", 1e-6, "TCP-like RDP flows' throughput, " + c + " (seed 1)",
                    out.resolve("throughput-" + c + ".png"));
            plot(first, 2, "RTT (ms)", 1, "RDP flows' RTT, " + c + " (seed 1)", out.resolve("rtt-" + c + ".png"));
        }
        String tables = tables(runs, configs, setup, seeds, wall);
        Files.writeString(out.resolve("tables.md"), tables);
        Map<String, Object> summary = summary(runs, configs, setup, seeds, wall);
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(out.resolve("summary.json"), m.writeValueAsString(summary));
        o.print(json ? m.writeValueAsString(summary) + "\n" : tables);
        o.flush();
        return 0; // the command's exit code: success
    }

    private static void writeRuns(List<Run> runs, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("config,seed,flow,priority,acns_negotiated,start_s,avg_mbps,max_mbps,avg_rtt_ms,max_rtt_ms,sent_mb,"
                    + "drops,retransmissions,timeouts,closes_fast_retransmit,closes_timeout,closes_acns,"
                    + "commands_normal,commands_freeze,commands_fallback\n");
            for (Run r : runs) {
                for (FlowResult f : r.result().flows()) {
                    w.write(String.format(Locale.ROOT, "%s,%d,%s,%d,%s,%.1f,%.4f,%.4f,%.1f,%.1f,%.3f,%d,%d,%d,%d,%d,%d,%d,%d,%d%n",
                            r.config(), r.seed(), f.name(), f.priority(), f.acnsNegotiated(), f.startSeconds(),
                            f.avgThroughputBps() / 1e6, f.maxThroughputBps() / 1e6, f.avgRttMs(), f.maxRttMs(),
                            f.bytesAcked() / 1e6, f.drops(), f.retransmissions(), f.timeouts(),
                            f.closesByCause().get("FAST_RETRANSMIT"), f.closesByCause().get("TIMEOUT"),
                            f.closesByCause().get("ACNS"), f.commandsReceived()[1], f.commandsReceived()[2],
                            f.commandsReceived()[3]));
                }
            }
        }
    }

    private static void writeSeries(Run r, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("time_s,flow,throughput_mbps,path_rtt_ms,cwnd,rdp_latest_rtt_ms\n");
            for (FlowResult f : r.result().flows()) {
                for (double[] s : f.series()) {
                    w.write(String.format(Locale.ROOT, "%.1f,%s,%.4f,%s,%.2f,%s%n", s[0], f.name(), s[1] / 1e6,
                            Double.isNaN(s[2]) ? "" : String.format(Locale.ROOT, "%.1f", s[2]), s[3],
                            Double.isNaN(s[4]) ? "" : String.format(Locale.ROOT, "%.1f", s[4])));
                }
            }
        }
    }

    private static void plot(Run r, int column, String yLabel, double scale, String title, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(500).title(title).xAxisTitle("time (s)").yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setYAxisMin(0.0);
        for (FlowResult f : r.result().flows()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double[] s : f.series()) {
                if (!Double.isNaN(s[column])) {
                    x.add(s[0]);
                    y.add(s[column] * scale);
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(f.name() + " (priority " + f.priority() + ")", x, y).setMarker(SeriesMarkers.NONE);
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Mean over the seeds of one flow's metric. */
    private static double mean(List<Run> runs, String config, int flow, ToDoubleFunction<FlowResult> metric) {
        return runs.stream().filter(r -> r.config().equals(config)).mapToDouble(r -> metric.applyAsDouble(r.result().flows().get(flow)))
                .average().orElse(Double.NaN);
    }

    private static double udpDeliveredShare(List<Run> runs, String config) {
        return runs.stream().filter(r -> r.config().equals(config)).mapToDouble(r -> {
            double sent = 0;
            double got = 0;
            for (Map<String, Object> c : r.result().cross()) {
                sent += ((Number) c.get("sentPackets")).doubleValue();
                got += ((Number) c.get("receivedPackets")).doubleValue();
            }
            return sent == 0 ? Double.NaN : got / sent;
        }).average().orElse(Double.NaN);
    }

    @SuppressWarnings("unchecked")
    private static long lastMileCommands(List<Run> runs, String config, String key) {
        return runs.stream().filter(r -> r.config().equals(config)).mapToLong(r -> {
            Object q = r.result().queues().get("ra-i1@ra");
            return q instanceof Map<?, ?> m && m.get(key) instanceof Number n ? n.longValue() : 0;
        }).sum();
    }

    public static final String[] TABLE_METRICS = {"avg_mbps", "max_mbps", "avg_rtt_ms", "max_rtt_ms", "sent_mb", "lost_packets"};

    static ToDoubleFunction<FlowResult> metric(String m) {
        return switch (m) {
            case "avg_mbps" -> f -> f.avgThroughputBps() / 1e6;
            case "max_mbps" -> f -> f.maxThroughputBps() / 1e6;
            case "avg_rtt_ms" -> FlowResult::avgRttMs;
            case "max_rtt_ms" -> FlowResult::maxRttMs;
            case "sent_mb" -> f -> f.bytesAcked() / 1e6;
            case "lost_packets" -> f -> f.drops();
            default -> throw new IllegalArgumentException(m);
        };
    }

    private static String row(String label, double[] v, String fmt) {
        StringBuilder b = new StringBuilder("| ").append(label);
        for (double x : v) {
            b.append(" | ").append(String.format(Locale.ROOT, fmt, x));
        }
        return b.append(" |\n").toString();
    }

    private static double[] values(List<Run> runs, String config, String... metrics) {
        List<Double> v = new ArrayList<>();
        for (String m : metrics) {
            double sum = 0;
            for (int flow = 0; flow < 3; flow++) {
                double x = mean(runs, config, flow, metric(m));
                v.add(x);
                sum += x;
            }
            if (m.equals("sent_mb") || m.equals("lost_packets")) {
                v.add(sum);
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] paper(double[][] t, int a, int b, boolean total) {
        List<Double> v = new ArrayList<>();
        for (int i = a; i <= b; i++) {
            double sum = 0;
            for (double x : t[i]) {
                v.add(x);
                sum += x;
            }
            if (total) {
                v.add(sum);
            }
        }
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String tables(List<Run> runs, String[] configs, Setup setup, int seeds, double wall) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "acns: %d config(s) x %d seed(s), %.0f s simulated each, %s last miles, %d-packet buffers, "
                + "%.1f s wall%n%n", configs.length, seeds, setup.durationSeconds(), setup.bottleneck(), setup.buffer(), wall));
        String perFlow = "| system | avg #1 | avg #2 | avg #3 | max #1 | max #2 | max #3 |\n|---|---|---|---|---|---|---|\n";
        String withTotal = "| system | #1 | #2 | #3 | total |\n|---|---|---|---|---|\n";
        table(t, "Table 7: throughput (Mb/s), average over each flow's life and highest 1 s bin\n\n" + perFlow,
                0, 1, false, "%.1f", "%.2f", runs, configs, "avg_mbps", "max_mbps");
        table(t, "\nTable 8: RTT (ms), mean and highest of the path RTT sampled every 100 ms over each flow's life\n\n" + perFlow,
                2, 3, false, "%.0f", "%.0f", runs, configs, "avg_rtt_ms", "max_rtt_ms");
        table(t, "\nTable 9: data sent (MB acknowledged)\n\n" + withTotal, 4, 4, true, "%.2f", "%.2f", runs, configs, "sent_mb");
        table(t, "\nTable 10: packet loss (the flow's data packets dropped by any queue)\n\n" + withTotal,
                5, 5, true, "%.0f", "%.1f", runs, configs, "lost_packets");
        if (List.of(configs).contains("reno") && List.of(configs).contains("acns")) {
            t.append("\nTable 11: ACNS against the baseline\n\n| measure | paper | Aspen |\n|---|---|---|\n");
            double[] thr = {sum(values(runs, "reno", "avg_mbps")), sum(values(runs, "acns", "avg_mbps"))};
            double[] rtt = {sum(values(runs, "reno", "avg_rtt_ms")), sum(values(runs, "acns", "avg_rtt_ms"))};
            double[] sent = {values(runs, "reno", "sent_mb")[3], values(runs, "acns", "sent_mb")[3]};
            t.append(String.format(Locale.ROOT, "| total average throughput | +44.5 %% | %+.1f %% |%n", 100 * (thr[1] / thr[0] - 1)));
            t.append(String.format(Locale.ROOT, "| total average RTT | -7.1 %% | %+.1f %% |%n", 100 * (rtt[1] / rtt[0] - 1)));
            t.append(String.format(Locale.ROOT, "| total data sent | +44.0 %% | %+.1f %% |%n", 100 * (sent[1] / sent[0] - 1)));
        }
        t.append("\nUDP-like constant-rate packets delivered:");
        for (String c : configs) {
            t.append(String.format(Locale.ROOT, " %s %.1f %%;", c, 100 * udpDeliveredShare(runs, c)));
        }
        if (List.of(configs).contains("acns")) {
            t.append(String.format(Locale.ROOT, " ACNS commands written at ra -> i1 (all seeds): normal %d, freeze %d, fallback %d",
                    lastMileCommands(runs, "acns", "normal"), lastMileCommands(runs, "acns", "freeze"),
                    lastMileCommands(runs, "acns", "fallback")));
        }
        return t.append("\n").toString();
    }

    /** One of Tables 7-10: the paper's two rows (its columns {@code from..to}), then one row per Aspen config. */
    private static void table(StringBuilder t, String head, int from, int to, boolean total, String paperFormat, String format,
                              List<Run> runs, String[] configs, String... metrics) {
        t.append(head);
        t.append(row("paper, CUBIC", paper(PAPER_RENO, from, to, total), paperFormat));
        t.append(row("paper, ACNS", paper(PAPER_ACNS, from, to, total), paperFormat));
        for (String c : configs) {
            t.append(row("Aspen, " + c, values(runs, c, metrics), format));
        }
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    private static Map<String, Object> summary(List<Run> runs, String[] configs, Setup setup, int seeds, double wall) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "acns");
        m.put("seeds", seeds);
        m.put("durationSeconds", setup.durationSeconds());
        m.put("bottleneck", setup.bottleneck());
        m.put("bufferPackets", setup.buffer());
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        Map<String, Object> byConfig = new LinkedHashMap<>();
        for (String c : configs) {
            Map<String, Object> cm = new LinkedHashMap<>();
            for (String metric : TABLE_METRICS) {
                cm.put(metric, values(runs, c, metric));
            }
            cm.put("udpDeliveredShare", udpDeliveredShare(runs, c));
            byConfig.put(c, cm);
        }
        m.put("configs", byConfig);
        m.put("paper", Map.of("cubic", PAPER_RENO, "acns", PAPER_ACNS));
        return m;
    }
}
