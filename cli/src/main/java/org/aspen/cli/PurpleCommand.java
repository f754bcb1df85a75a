package org.aspen.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.acc.AccFigure4;
import org.aspen.experiments.purple.PurpleScenario.Aqm;
import org.aspen.experiments.purple.PurpleScenario.Part;
import org.aspen.experiments.purple.PurpleScenario.Run;
import org.aspen.experiments.purple.PurpleScenario.Setup;
import org.aspen.experiments.purple.PurpleScenario;
import org.aspen.experiments.sweep.ParallelRuns;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code aspen experiment purple}: the PURPLE paper's Section 3 in the simulation.
 *
 * <pre>{@code
 * aspen experiment purple --out docs/results/purple      # the defaults: the run in docs/results-purple.md
 * aspen experiment purple --duration 60s --warmup 20s --seeds 3 --out longer
 * }</pre>
 *
 * For each part (BDP queue without the microscopic term, 100-packet queue with it, the
 * multi-bottleneck case), each AQM (PURPLE, RED, A-RED), each flow count and seed, one independent
 * simulation ({@link PurpleScenario}), spread over {@code --threads}; then {@code runs.csv},
 * {@code summary.csv} (mean, sd, 95 % CI over the seeds), {@code summary.json} and PNG plots.
 */
@Command(name = "aspen experiment purple",
        description = "PURPLE vs RED and A-RED: goodput, queueing delay, mark and drop rates vs flows; RTOs with three bundles.")
final class PurpleCommand implements Callable<Integer> {
    @Option(names = "--usage", usageHelp = true, description = "Show these options ('aspen experiment --help' shows the parent command's).")
    boolean usage;

    @Option(names = "--parts", split = ",", defaultValue = "bdp,short,multi", description = "Parts to run (default: ${DEFAULT-VALUE}).")
    List<String> parts;

    @Option(names = "--aqms", split = ",", defaultValue = "purple,red,ared", description = "Queues compared (default: ${DEFAULT-VALUE}).")
    List<String> aqms;

    @Option(names = "--flows", split = ",", defaultValue = "10,20,40,60,80",
            description = "Greedy flows through the single bottleneck (default: ${DEFAULT-VALUE}).")
    List<Integer> flows;

    @Option(names = "--bundle2", split = ",", defaultValue = "10,40,70,100",
            description = "Multi-bottleneck: flows in bundle 2 (default: ${DEFAULT-VALUE}).")
    List<Integer> bundle2;

    @Option(names = "--bundle-size", defaultValue = "50", description = "Multi-bottleneck: flows in bundles 1 and 3 (default: ${DEFAULT-VALUE}).")
    int bundleSize;

    @Option(names = "--bandwidth", defaultValue = "20Mbps",
            description = "Bottleneck rate; the RTT follows so that the BDP stays 660 packets (default: ${DEFAULT-VALUE}).")
    String bandwidth;

    @Option(names = "--duration", defaultValue = "30s", description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--warmup", defaultValue = "10s", description = "Left out of the figures (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--seeds", defaultValue = "1", description = "Runs per point, seeds 1..N (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--threads", defaultValue = "2", description = "Simulations run in parallel (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--out", defaultValue = "purple", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", description = "Print the summary as JSON on standard output.")
    boolean json;

    @Option(names = "--print-scenario", paramLabel = "PART:AQM:FLOWS",
            description = "Print one run's scenario (e.g. short:purple:40) as YAML for 'aspen lab --sim' and run nothing.")
    String printScenario;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Setup setup = new Setup(org.aspen.vnet.config.Units.bitsPerSecond("bandwidth", bandwidth),
                org.aspen.lab.scenario.Values.durationNanos(duration) / 1e9, org.aspen.lab.scenario.Values.durationNanos(warmup) / 1e9, bundleSize);
        if (seeds < 1 || threads < 1 || setup.durationSeconds() < setup.warmupSeconds() + 2 || flows.stream().anyMatch(n -> n < 1)
                || bundle2.stream().anyMatch(n -> n < 1) || bundleSize < 1 || setup.bottleneckBps() <= 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--seeds, --threads, --flows, --bundle2 and --bundle-size must be at least 1, --duration at least 2s past --warmup, --bandwidth positive");
        }
        List<Part> ps = parts.stream().map(this::part).toList();
        List<Aqm> as = aqms.stream().map(this::aqm).toList();
        PrintWriter o = spec.commandLine().getOut();
        if (printScenario != null) {
            String[] f = printScenario.split(":");
            if (f.length != 3 || !f[2].matches("\\d+")) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--print-scenario takes PART:AQM:FLOWS, e.g. short:purple:40");
            }
            o.print(PurpleScenario.yaml(part(f[0]), aqm(f[1]), Integer.parseInt(f[2]), setup));
            o.flush();
            return Aspen.OK;
        }
        Files.createDirectories(out);
        long wall0 = System.nanoTime();
        List<Run> runs = sweep(ps, as, setup);
        double wall = (System.nanoTime() - wall0) / 1e9;
        writeRuns(runs, out.resolve("runs.csv"));
        Map<String, Object> summary = summarise(runs, ps, as, setup, wall);
        writePlots(runs, ps, as, setup);
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(out.resolve("summary.json"), m.writeValueAsString(summary));
        if (json) {
            o.println(m.writeValueAsString(summary));
        } else {
            printTable(o, runs, ps, as, wall);
        }
        o.flush();
        return Aspen.OK;
    }

    private Part part(String id) {
        return Arrays.stream(Part.values()).filter(p -> p.id.equals(id)).findFirst().orElseThrow(() ->
                new CommandLine.ParameterException(spec.commandLine(), "unknown part '" + id + "' (known: bdp, short, multi)"));
    }

    private Aqm aqm(String id) {
        return Arrays.stream(Aqm.values()).filter(a -> a.id().equals(id)).findFirst().orElseThrow(() ->
                new CommandLine.ParameterException(spec.commandLine(), "unknown queue '" + id + "' (known: purple, red, ared)"));
    }

    private List<Integer> xs(Part p) {
        return p == Part.MULTI ? bundle2 : flows;
    }

    private List<Run> sweep(List<Part> ps, List<Aqm> as, Setup setup) throws Exception {
        List<Callable<Run>> tasks = new ArrayList<>();
        for (Part p : ps) {
            // most flows first: the slowest runs start early, so the threads finish together
            for (int n : xs(p).stream().sorted(Comparator.reverseOrder()).toList()) {
                for (Aqm a : as) {
                    for (long seed = 1; seed <= seeds; seed++) {
                        long sd = seed;
                        tasks.add(() -> PurpleScenario.run(p, a, n, sd, setup));
                    }
                }
            }
        }
        List<Run> runs = new ArrayList<>(ParallelRuns.run("purple", threads, tasks));
        runs.sort(Comparator.comparing(Run::part).thenComparing(Run::aqm).thenComparing(Run::flows).thenComparing(Run::seed));
        return runs;
    }

    private static void writeRuns(List<Run> runs, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("part,aqm,flows,seed,goodput_mbps,utilisation,delay_ms,mark_rate,drop_rate,rto,rto_b1,rto_b2,rto_b3,"
                    + "goodput_b1_mbps,goodput_b2_mbps,goodput_b3_mbps,wall_s\n");
            for (Run r : runs) {
                w.write(String.format(Locale.ROOT, "%s,%s,%d,%d,%.4f,%.4f,%.2f,%.6f,%.6f,%d,%d,%d,%d,%.4f,%.4f,%.4f,%.1f%n",
                        r.part().id, r.aqm().id(), r.flows(), r.seed(), r.goodputMbps(), r.utilisation(), r.delayMs(),
                        r.markRate(), r.dropRate(), r.timeouts(), r.bundleTimeouts()[0], r.bundleTimeouts()[1],
                        r.bundleTimeouts()[2], r.bundleGoodputMbps()[0], r.bundleGoodputMbps()[1], r.bundleGoodputMbps()[2],
                        r.wallSeconds()));
            }
        }
    }

    /** The metrics of the summary and plots, by name. */
    static final Map<String, ToDoubleFunction<Run>> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("goodputMbps", Run::goodputMbps);
        METRICS.put("utilisation", Run::utilisation);
        METRICS.put("delayMs", Run::delayMs);
        METRICS.put("markRate", Run::markRate);
        METRICS.put("dropRate", Run::dropRate);
        METRICS.put("rto", r -> r.timeouts());
        METRICS.put("rtoBundle1", r -> r.bundleTimeouts()[0]);
        METRICS.put("rtoBundle2", r -> r.bundleTimeouts()[1]);
        METRICS.put("rtoBundle3", r -> r.bundleTimeouts()[2]);
    }

    private List<Run> select(List<Run> runs, Part p, Aqm a, int n) {
        return runs.stream().filter(r -> r.part() == p && r.aqm() == a && r.flows() == n).toList();
    }

    private Map<String, Object> summarise(List<Run> runs, List<Part> ps, List<Aqm> as, Setup setup, double wall) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "purple");
        m.put("bottleneckBps", setup.bottleneckBps());
        m.put("nominalRttMs", setup.rttMs());
        m.put("durationSeconds", setup.durationSeconds());
        m.put("warmupSeconds", setup.warmupSeconds());
        m.put("seeds", seeds);
        m.put("bundleSize", bundleSize);
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        List<Map<String, Object>> points = new ArrayList<>();
        try (Writer w = Files.newBufferedWriter(out.resolve("summary.csv"))) {
            w.write("part,aqm,flows,metric,n,mean,sd,ci95\n");
            for (Part p : ps) {
                for (Aqm a : as) {
                    for (int n : xs(p)) {
                        List<Run> rs = select(runs, p, a, n);
                        Map<String, Object> pt = new LinkedHashMap<>();
                        pt.put("part", p.id);
                        pt.put("aqm", a.id());
                        pt.put("flows", n);
                        for (Map.Entry<String, ToDoubleFunction<Run>> e : METRICS.entrySet()) {
                            AccFigure4.Stat s = AccFigure4.Stat.of(rs.stream().mapToDouble(e.getValue()).toArray());
                            w.write(String.format(Locale.ROOT, "%s,%s,%d,%s,%d,%.6f,%.6f,%.6f%n", p.id, a.id(), n, e.getKey(),
                                    s.n(), s.mean(), s.sd(), s.ci95()));
                            pt.put(e.getKey(), s.mean());
                        }
                        points.add(pt);
                    }
                }
            }
        }
        m.put("points", points);
        return m;
    }

    private void writePlots(List<Run> runs, List<Part> ps, List<Aqm> as, Setup setup) throws IOException {
        String rate = String.format(Locale.ROOT, "%.0f Mb/s", setup.bottleneckBps() / 1e6);
        for (Part p : ps) {
            String x = p == Part.MULTI ? "flows in bundle 2" : "greedy ECN flows";
            String sub = " (" + p.label + ", " + rate + ")";
            if (p == Part.MULTI) {
                plot(runs, p, as, List.of("rtoBundle1", "rtoBundle2", "rtoBundle3"), "RTOs per bundle" + sub, x, "retransmission timeouts",
                        "multi-rto.png");
                plot(runs, p, as, List.of("delayMs"), "Mean queueing delay, both bottlenecks" + sub, x, "ms", "multi-delay.png");
                continue;
            }
            plot(runs, p, as, List.of("goodputMbps"), "Goodput" + sub, x, "Mb/s", p.id + "-goodput.png");
            plot(runs, p, as, List.of("delayMs"), "Mean queueing delay" + sub, x, "ms", p.id + "-delay.png");
            plot(runs, p, as, List.of("markRate", "dropRate"), "Mark and drop rates per arriving packet" + sub, x, "share of packets",
                    p.id + "-marks-drops.png");
        }
    }

    private void plot(List<Run> runs, Part p, List<Aqm> as, List<String> metrics, String title, String xLabel, String yLabel,
                      String file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setMarkerSize(7);
        for (String metric : metrics) {
            for (Aqm a : as) {
                List<Double> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (int n : xs(p)) {
                    List<Run> rs = select(runs, p, a, n);
                    x.add((double) n);
                    y.add(rs.stream().mapToDouble(METRICS.get(metric)).average().orElse(Double.NaN));
                }
                String label = metrics.size() == 1 ? a.label : a.label + " " + metric;
                chart.addSeries(label, x, y).setMarker(SeriesMarkers.CIRCLE);
            }
        }
        BitmapEncoder.saveBitmap(chart, out.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private void printTable(PrintWriter o, List<Run> runs, List<Part> ps, List<Aqm> as, double wall) {
        o.printf(Locale.ROOT, "%-6s %-7s %6s %9s %6s %9s %9s %9s %6s%n", "part", "queue", "flows", "goodput", "util", "delay_ms",
                "mark", "drop", "rto");
        for (Part p : ps) {
            for (Aqm a : as) {
                for (int n : xs(p)) {
                    List<Run> rs = select(runs, p, a, n);
                    o.printf(Locale.ROOT, "%-6s %-7s %6d %9.3f %6.3f %9.1f %9.5f %9.5f %6.1f%n", p.id, a.id(), n,
                            mean(rs, Run::goodputMbps), mean(rs, Run::utilisation), mean(rs, Run::delayMs), mean(rs, Run::markRate),
                            mean(rs, Run::dropRate), mean(rs, r -> r.timeouts()));
                }
            }
        }
        o.printf(Locale.ROOT, "%d runs in %.0f s; written to %s%n", runs.size(), wall, out);
    }

    private static double mean(List<Run> rs, ToDoubleFunction<Run> f) {
        return rs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
