package org.aspen.experiments.acc;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.aspen.experiments.acc.AccOverheadRun.Setup;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Ratio;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;
import org.aspen.experiments.sweep.Verdicts;

/**
 * {@code aspen experiment acc-overhead}: the ACC paper's Figures 8-9 over real UDP on loopback.
 * {@link AccOverheadRun} for every delay, ACC off and on, {@code runs} times each, one run at a
 * time (real UDP: runs in parallel would compete for the CPU and disturb each other's timing).
 *
 * <pre>{@code
 * var e = new AccOverheadExperiment(new AccOverheadExperiment.Params(List.of(0, 25, 50, 100), 3, Setup.defaults(10)));
 * Sweep.run(e, new Sweep.Options(1, Path.of("acc-overhead"), false), printWriter);
 * }</pre>
 *
 * ACC off and on alternate within each repetition, so slow drifts in the machine's load fall on
 * both alike. A run whose flakeway or ACC AA the EE stopped is repeated, at most
 * {@link #ATTEMPTS} times in all. Files: {@code runs.csv}, {@code summary.csv} (mean, sd, 95% CI
 * per ACC setting, delay and metric), {@code summary.json} (with the on/off throughput ratio per
 * delay and whether every ACC-on run really set filters) and {@code figure9-throughput.png}.
 *
 * <p>With {@link Params#preregistered} (issue 29, {@code --preregistered}) the path is unshaped
 * ({@link Setup#unshaped}: the throughput is what the node processes carry, so ACC's processing
 * cost shows in it), and the summary adds the comparison rows judged by
 * {@code preregistration/acc-overhead.yaml} ({@link #comparison}), the file's reference and the
 * machine's load average at the start and the end (processing cost depends on it).
 *
 * <p>With {@link Setup#inputQueue} above 0 ({@code --input-queue N}) every node has an input queue of
 * N packets (ASP's congestion detection, docs/real-runtime.md), in ACC-off and ACC-on runs alike;
 * runs.csv, summary.csv and the summary's points then add the input-queue figures
 * ({@link AccOverheadRun#INPUT_QUEUE_METRICS}) and the summary {@code inputQueuePackets}. A
 * pre-registered run may name another file of the same readings ({@link Params#preregistration},
 * {@code --preregistration NAME}), e.g. {@code acc-overhead-input-queue}.
 *
 * <p>With {@link Params#perFlow} ({@code --per-flow}) runs.csv, summary.csv and the summary's points add
 * each flow's figures ({@link AccOverheadRun#PER_FLOW_METRICS}) and the summary {@code "perFlow": true};
 * with {@link Setup#recovery} ({@code --recovery}) both senders use that RDP recovery and the summary
 * names it ({@code recovery}). Without them the files are as before, byte for byte in shape.
 */
public final class AccOverheadExperiment implements Experiment<AccOverheadExperiment.RunSpec, AccOverheadRun,
        AccOverheadExperiment.Summary> {
    static final int ATTEMPTS = 3;
    private final Params params;
    private final AtomicInteger repeated = new AtomicInteger();
    private volatile String loadAtStart;

    /**
     * The inserted delays (ms), runs per point (seeds 1..runs), the set-up, whether the run is
     * the pre-registered one (its comparison rows judged by {@code preregistration/NAME.yaml}), and
     * NAME ({@code preregistration}; null: {@code acc-overhead}), and whether the files add each
     * flow's figures ({@code perFlow}, {@code --per-flow}: {@link AccOverheadRun.PerFlow}).
     */
    public record Params(List<Integer> delays, int runs, Setup setup, boolean preregistered, String preregistration,
                         boolean perFlow) {
        public Params(List<Integer> delays, int runs, Setup setup, boolean preregistered, String preregistration) {
            this(delays, runs, setup, preregistered, preregistration, false);
        }

        public Params(List<Integer> delays, int runs, Setup setup, boolean preregistered) {
            this(delays, runs, setup, preregistered, null);
        }

        public Params(List<Integer> delays, int runs, Setup setup) {
            this(delays, runs, setup, false);
        }

        /** The pre-registration file's name: {@code preregistration}, or {@code acc-overhead}. */
        public String preregistrationName() {
            return preregistration == null ? "acc-overhead" : preregistration;
        }
    }

    /** One run's parameters. */
    public record RunSpec(boolean acc, int delayMs, long seed) {
    }

    /** Per ACC setting and delay: the statistics of each metric over the runs ({@link AccOverheadRun#METRICS}). */
    public record Point(boolean acc, int delayMs, @JsonIgnore int runs, @JsonIgnore Map<String, Stat> stats) {
        @JsonAnyGetter
        public Map<String, Stat> metrics() {
            return stats;
        }

        public Stat stat(String metric) {
            return stats.get(metric);
        }

        String label() {
            return acc ? "ACC on" : "ACC off";
        }
    }

    /**
     * What {@code summary.json} holds; the last four only in a pre-registered run (left out
     * otherwise, so older summaries keep their shape), and {@code bufferPackets} left out there
     * (no link is shaped).
     */
    public record Summary(String experiment, String runtime, int runsPerPoint, double durationSeconds, List<Integer> delaysMs,
                          String bottleneck, @JsonInclude(JsonInclude.Include.NON_NULL) Integer bufferPackets,
                          double wallSeconds, long accRunsWithFiltersSet,
                          long accRunsWithPacketsFiltered, int accRuns, int runsRepeated,
                          Map<String, Double> accOnOverOffThroughputByDelayMs,
                          Map<String, List<Double>> accOnOverOffThroughputCi95ByDelayMs, List<Point> points,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String transport,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> loadAverage,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<PaperComparison> paperComparison,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Preregistration.Ref preregistration,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String nodePlacement,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer inputQueuePackets,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String recovery,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean perFlow) {
    }

    /**
     * How the nodes sat on the real runtime's event loops, for the summary: null for the default
     * (one loop per processor, nodes in the order s1, s2, i1, i2, c, d), so older summaries keep their shape.
     */
    static String nodePlacement(Setup s) {
        if (s.loops() == 0 && !s.flow2First()) {
            return null;
        }
        return (s.loops() == 0 ? "one event loop per processor" : s.loops() + " event loop(s)")
                + (s.loops() == AccParkingLot.NODES ? " (one per node)" : "")
                + "; nodes dealt to them in the order " + (s.flow2First() ? "s2, s1, i2, i1, c, d" : "s1, s2, i1, i2, c, d");
    }

    /** The bottleneck as the summary names it. */
    static String bottleneckName(Setup s) {
        return s.noShaping() ? "none (unshaped: every link at unlimited rate)" : s.bottleneck();
    }

    public AccOverheadExperiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "acc-overhead";
    }

    @Override
    public List<RunSpec> plan() {
        List<RunSpec> plan = new ArrayList<>();
        for (long seed = 1; seed <= params.runs(); seed++) {
            for (int d : params.delays()) {
                for (boolean acc : new boolean[] {false, true}) {
                    plan.add(new RunSpec(acc, d, seed));
                }
            }
        }
        plan.sort(Comparator.comparing(RunSpec::acc).thenComparing(RunSpec::delayMs).thenComparing(RunSpec::seed));
        return plan;
    }

    /** Repetition by repetition, the delays in the order given, ACC off then on. */
    @Override
    public Comparator<RunSpec> startOrder() {
        return Comparator.comparing(RunSpec::seed).thenComparing(r -> params.delays().indexOf(r.delayMs()))
                .thenComparing(RunSpec::acc);
    }

    @Override
    public int maxParallel() {
        return 1;
    }

    /** One run, repeated when the EE stopped an AA (the run then measured something else). */
    @Override
    public AccOverheadRun run(RunSpec r) throws InterruptedException {
        if (loadAtStart == null) {
            loadAtStart = loadAverage();
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return AccOverheadRun.measure(r.acc(), r.delayMs(), r.seed(), params.setup());
            } catch (IllegalStateException | IllegalArgumentException e) {
                repeated.incrementAndGet();
                if (attempt == ATTEMPTS) {
                    throw new IllegalStateException("acc-overhead run (ACC " + (r.acc() ? "on" : "off") + ", " + r.delayMs()
                            + " ms, seed " + r.seed() + ") failed " + ATTEMPTS + " times; last: " + e.getMessage(), e);
                }
            }
        }
    }

    @Override
    public Summary summarise(List<AccOverheadRun> rs, double wallSeconds) {
        List<Point> points = new ArrayList<>();
        for (boolean acc : new boolean[] {false, true}) {
            for (int d : params.delays()) {
                List<AccOverheadRun> runs = rs.stream().filter(r -> r.acc() == acc && r.delayMs() == d).toList();
                if (runs.isEmpty()) {
                    continue;
                }
                Map<String, Stat> stats = new LinkedHashMap<>();
                AccOverheadRun.METRICS.forEach((m, f) -> stats.put(m, Stat.of(runs, f)));
                if (params.setup().inputQueue() > 0) {
                    AccOverheadRun.INPUT_QUEUE_METRICS.forEach((m, f) -> stats.put(m, Stat.of(runs, f)));
                }
                if (params.perFlow()) {
                    AccOverheadRun.PER_FLOW_METRICS.forEach((m, f) -> stats.put(m, Stat.of(runs, f)));
                }
                points.add(new Point(acc, d, runs.size(), stats));
            }
        }
        Setup s = params.setup();
        List<AccOverheadRun> on = rs.stream().filter(AccOverheadRun::acc).toList();
        Map<String, Double> ratio = new LinkedHashMap<>();
        Map<String, List<Double>> ci = new LinkedHashMap<>();
        for (int d : params.delays()) {
            Ratio r = onOverOff(points, d);
            ratio.put(String.valueOf(d), r.value());
            ci.put(String.valueOf(d), r.ci95());
        }
        boolean pre = params.preregistered();
        Map<String, String> load = null;
        if (pre) {
            load = new LinkedHashMap<>();
            load.put("start", loadAtStart == null ? "unknown (no run in this process)" : loadAtStart);
            load.put("end", loadAverage());
        }
        Preregistration p = pre ? Preregistration.load(params.preregistrationName()) : null;
        return new Summary(name(), "real UDP on loopback", params.runs(), s.durationSeconds(), params.delays(), bottleneckName(s),
                s.noShaping() ? null : s.buffer(), Sweep.tenths(wallSeconds), on.stream().filter(r -> r.filtersStarted() > 0).count(),
                on.stream().filter(r -> r.packetsFiltered() > 0).count(), on.size(), repeated.get(), ratio, ci, points,
                pre ? "rdp" : null, load, pre ? comparison(p, rs, params.delays()) : null, pre ? p.ref() : null,
                nodePlacement(s), s.inputQueue() > 0 ? s.inputQueue() : null, s.recovery() == null ? null : s.recovery().label(),
                params.perFlow() ? Boolean.TRUE : null);
    }

    /** The three readings of the pre-registration, judged on the runs {@code rs}: points labelled "D ms". */
    static List<PaperComparison> comparison(Preregistration p, List<AccOverheadRun> rs, List<Integer> delays) {
        Map<String, double[]> overhead = new LinkedHashMap<>();
        Map<String, double[]> filters = new LinkedHashMap<>();
        Map<String, double[]> level = new LinkedHashMap<>();
        for (int d : delays) {
            String label = d + " ms";
            overhead.put(label, overheads(rs, d));
            filters.put(label, rs.stream().filter(r -> r.acc() && r.delayMs() == d)
                    .mapToDouble(r -> r.filtersStarted() > 0 ? 1 : 0).toArray());
            level.put(label, rs.stream().filter(r -> r.delayMs() == d).mapToDouble(AccOverheadExperiment::level).toArray());
        }
        return List.of(
                p.row("Fig. 9: ACC's throughput overhead, unshaped path", overhead, cells(overhead, "%.3f")),
                p.row("Fig. 9: ACC exercised (filters set)", filters, cells(filters, "%.2f")),
                p.row("Fig. 9: the two endpoints' throughputs", level, cells(level, "%.2f")));
    }

    /** Per repetition (seed) at {@code delayMs}: 1 - ACC-on throughput / ACC-off throughput; repetitions missing a side are left out. */
    static double[] overheads(List<AccOverheadRun> rs, int delayMs) {
        List<Double> out = new ArrayList<>();
        rs.stream().filter(r -> !r.acc() && r.delayMs() == delayMs).sorted(Comparator.comparingLong(AccOverheadRun::seed)).forEach(off ->
                rs.stream().filter(r -> r.acc() && r.delayMs() == delayMs && r.seed() == off.seed()).findFirst()
                        .ifPresent(on -> out.add(1 - on.throughputKbps() / off.throughputKbps())));
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The smaller flow's goodput over the larger's (1 when both are 0). */
    static double level(AccOverheadRun r) {
        double hi = Math.max(r.flow1Kbps(), r.flow2Kbps());
        return hi == 0 ? 1 : Math.min(r.flow1Kbps(), r.flow2Kbps()) / hi;
    }

    /** Aspen's cell: each point's figure, {@link Verdicts#cell} (real UDP: every run's timing differs). */
    private static String cells(Map<String, double[]> byPoint, String format) {
        List<String> parts = new ArrayList<>();
        byPoint.forEach((label, v) -> parts.add(label + ": " + Verdicts.cell(v, true, format)));
        return String.join("; ", parts);
    }

    /** The first three fields of /proc/loadavg (1, 5 and 15 minutes), or "unknown" off Linux. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** Mean throughput with ACC on over that with ACC off at one delay, with its 95% interval (NaN when a side is missing). */
    static Ratio onOverOff(List<Point> points, int delayMs) {
        Stat on = null;
        Stat off = null;
        for (Point p : points) {
            if (p.delayMs() == delayMs) {
                if (p.acc()) {
                    on = p.stat("throughputKbps");
                } else {
                    off = p.stat("throughputKbps");
                }
            }
        }
        return Stat.ratio(on, off);
    }

    @Override
    public void write(Outcome<AccOverheadRun, Summary> done) throws IOException {
        CsvTable<AccOverheadRun> runs = new CsvTable<AccOverheadRun>()
                .column("acc", r -> r.acc() ? "on" : "off")
                .column("delay_ms", r -> CsvTable.format("%d", r.delayMs()))
                .column("seed", r -> CsvTable.format("%d", r.seed()))
                .column("throughput_kbps", r -> CsvTable.format("%.1f", r.throughputKbps()))
                .column("flow1_kbps", r -> CsvTable.format("%.1f", r.flow1Kbps()))
                .column("flow2_kbps", r -> CsvTable.format("%.1f", r.flow2Kbps()))
                .column("retransmissions", r -> CsvTable.format("%d", r.retransmissions()))
                .column("timeouts", r -> CsvTable.format("%d", r.timeouts()))
                .column("notifications", r -> CsvTable.format("%d", r.notifications()))
                .column("filter_requests", r -> CsvTable.format("%d", r.filterRequests()))
                .column("filters_started", r -> CsvTable.format("%d", r.filtersStarted()))
                .column("packets_filtered", r -> CsvTable.format("%d", r.packetsFiltered()))
                .column("bottleneck_drops", r -> CsvTable.format("%d", r.bottleneckDrops()))
                .column("wall_s", r -> CsvTable.format("%.2f", r.wallSeconds()));
        if (params.setup().inputQueue() > 0) {
            runs.column("c_input_queue_drops", r -> CsvTable.format("%d", r.inputQueueDropsC()))
                    .column("c_input_queue_peak", r -> CsvTable.format("%d", r.inputQueuePeakC()))
                    .column("i1_i2_input_queue_drops", r -> CsvTable.format("%d", r.inputQueueDropsI()))
                    .column("d_input_queue_drops", r -> CsvTable.format("%d", r.inputQueueDropsD()))
                    .column("s1_s2_input_queue_drops", r -> CsvTable.format("%d", r.inputQueueDropsS()))
                    .column("monitor_congestion_events", r -> CsvTable.format("%d", r.congestionEvents()));
        }
        if (params.perFlow()) {
            runs.column("flow1_retransmissions", r -> CsvTable.format("%d", r.perFlow().retransmissions1()))
                    .column("flow2_retransmissions", r -> CsvTable.format("%d", r.perFlow().retransmissions2()))
                    .column("flow1_timeouts", r -> CsvTable.format("%d", r.perFlow().timeouts1()))
                    .column("flow2_timeouts", r -> CsvTable.format("%d", r.perFlow().timeouts2()))
                    .column("flow1_fast_retransmits", r -> CsvTable.format("%d", r.perFlow().fastRetransmits1()))
                    .column("flow2_fast_retransmits", r -> CsvTable.format("%d", r.perFlow().fastRetransmits2()))
                    .column("i1_input_queue_drops", r -> CsvTable.format("%d", r.perFlow().inputQueueDropsI1()))
                    .column("i2_input_queue_drops", r -> CsvTable.format("%d", r.perFlow().inputQueueDropsI2()));
        }
        runs.write(done.dir().resolve("runs.csv"), done.runs());
        List<PointMetric> rows = new ArrayList<>();
        for (Point p : done.summary().points()) {
            p.stats().forEach((m, s) -> rows.add(new PointMetric(p, m, s)));
        }
        new CsvTable<PointMetric>()
                .column("acc", r -> r.point().acc() ? "on" : "off")
                .column("delay_ms", r -> CsvTable.format("%d", r.point().delayMs()))
                .column("metric", PointMetric::metric)
                .column("n", r -> CsvTable.format("%d", r.stat().n()))
                .column("mean", r -> CsvTable.format("%.3f", r.stat().mean()))
                .column("sd", r -> CsvTable.format("%.3f", r.stat().sd()))
                .column("ci95", r -> CsvTable.format("%.3f", r.stat().ci95()))
                .write(done.dir().resolve("summary.csv"), rows);
        Setup s = params.setup();
        AccPlots.writeOverhead(done.summary().points(), "Figure 9: ACC overhead over real UDP on loopback ("
                + (s.noShaping() ? "no link shaped" : s.bottleneck().replace("Mbps", " Mb/s") + " bottleneck, " + s.buffer()
                + "-packet drop-tail buffer") + (s.inputQueue() > 0 ? "; " + s.inputQueue() + "-packet input queue on every node" : "")
                + ")",
                done.dir().resolve("figure9-throughput.png"));
    }

    private record PointMetric(Point point, String metric, Stat stat) {
    }

    @Override
    public void print(PrintWriter o, Outcome<AccOverheadRun, Summary> done) {
        Summary s = done.summary();
        o.printf(Locale.ROOT, "acc-overhead: %d delays x ACC off/on x %d runs of %.0f s (real UDP) in %.1f s; files in %s%n",
                params.delays().size(), params.runs(), params.setup().durationSeconds(), done.wallSeconds(), done.dir());
        o.printf(Locale.ROOT, "ACC-on runs that set filters: %d of %d; runs repeated because the EE stopped an AA: %d%n",
                s.accRunsWithFiltersSet(), s.accRuns(), s.runsRepeated());
        o.printf(Locale.ROOT, "%-8s %7s %22s %9s %9s %9s %13s%n", "ACC", "delay", "throughput kb/s (sd)", "filters", "filtered",
                "on/off", "95% CI");
        for (Point p : s.points()) {
            Stat t = p.stat("throughputKbps");
            Ratio r = onOverOff(s.points(), p.delayMs());
            o.printf(Locale.ROOT, "%-8s %5dms %12.1f (%6.1f) %9.1f %9.1f %9s %13s%n", p.acc() ? "on" : "off", p.delayMs(), t.mean(),
                    t.sd(), p.stat("filtersStarted").mean(), p.stat("packetsFiltered").mean(),
                    p.acc() ? String.format(Locale.ROOT, "%.3f", r.value()) : "",
                    p.acc() && r.hasInterval() ? String.format(Locale.ROOT, "%.2f-%.2f", r.low(), r.high()) : "");
        }
        if (s.nodePlacement() != null) {
            o.printf(Locale.ROOT, "node placement: %s%n", s.nodePlacement());
        }
        if (s.inputQueuePackets() != null) {
            o.printf(Locale.ROOT, "input queue: %d packets on every node; means per run:%n", s.inputQueuePackets());
            o.printf(Locale.ROOT, "%-8s %7s %11s %10s %14s %11s %14s %15s%n", "ACC", "delay", "drops at c", "peak at c",
                    "drops at i1+i2", "drops at d", "drops at s1+s2", "monitor events");
            for (Point p : s.points()) {
                o.printf(Locale.ROOT, "%-8s %5dms %11.1f %10.1f %14.1f %11.1f %14.1f %15.1f%n", p.acc() ? "on" : "off", p.delayMs(),
                        p.stat("inputQueueDropsC").mean(), p.stat("inputQueuePeakC").mean(), p.stat("inputQueueDropsI").mean(),
                        p.stat("inputQueueDropsD").mean(), p.stat("inputQueueDropsS").mean(), p.stat("congestionEvents").mean());
            }
        }
        if (s.recovery() != null) {
            o.printf(Locale.ROOT, "RDP recovery: %s (both senders)%n", s.recovery());
        }
        if (params.perFlow()) {
            o.printf(Locale.ROOT, "per flow, means per run (flow 1 / flow 2):%n");
            o.printf(Locale.ROOT, "%-8s %7s %21s %17s %13s %15s %17s%n", "ACC", "delay", "goodput kb/s", "retransmissions",
                    "timeouts", "fast retransm.", "drops at i1 / i2");
            for (Point p : s.points()) {
                o.printf(Locale.ROOT, "%-8s %5dms %10.1f / %8.1f %8.1f / %6.1f %6.1f / %4.1f %7.1f / %5.1f %8.1f / %6.1f%n",
                        p.acc() ? "on" : "off", p.delayMs(), p.stat("flow1Kbps").mean(), p.stat("flow2Kbps").mean(),
                        p.stat("retransmissions1").mean(), p.stat("retransmissions2").mean(), p.stat("timeouts1").mean(),
                        p.stat("timeouts2").mean(), p.stat("fastRetransmits1").mean(), p.stat("fastRetransmits2").mean(),
                        p.stat("inputQueueDropsI1").mean(), p.stat("inputQueueDropsI2").mean());
            }
        }
        if (s.paperComparison() != null) {
            o.printf(Locale.ROOT, "path: %s; transport: %s; load average at start %s, at end %s%n", s.bottleneck(), s.transport(),
                    s.loadAverage().get("start"), s.loadAverage().get("end"));
            o.print(PaperComparison.markdown(s.paperComparison()));
        }
    }
}
