package org.aspen.experiments.acc;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.IOException;
import java.io.PrintWriter;
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
import org.aspen.experiments.sweep.Ratio;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;

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
 */
public final class AccOverheadExperiment implements Experiment<AccOverheadExperiment.RunSpec, AccOverheadRun,
        AccOverheadExperiment.Summary> {
    static final int ATTEMPTS = 3;
    private final Params params;
    private final AtomicInteger repeated = new AtomicInteger();

    /** The inserted delays (ms), runs per point (seeds 1..runs), and the set-up. */
    public record Params(List<Integer> delays, int runs, Setup setup) {
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

    /** What {@code summary.json} holds. */
    public record Summary(String experiment, String runtime, int runsPerPoint, double durationSeconds, List<Integer> delaysMs,
                          String bottleneck, int bufferPackets, double wallSeconds, long accRunsWithFiltersSet,
                          long accRunsWithPacketsFiltered, int accRuns, int runsRepeated,
                          Map<String, Double> accOnOverOffThroughputByDelayMs,
                          Map<String, List<Double>> accOnOverOffThroughputCi95ByDelayMs, List<Point> points) {
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
        return new Summary(name(), "real UDP on loopback", params.runs(), s.durationSeconds(), params.delays(), s.bottleneck(),
                s.buffer(), Sweep.tenths(wallSeconds), on.stream().filter(r -> r.filtersStarted() > 0).count(),
                on.stream().filter(r -> r.packetsFiltered() > 0).count(), on.size(), repeated.get(), ratio, ci, points);
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
        new CsvTable<AccOverheadRun>()
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
                .column("wall_s", r -> CsvTable.format("%.2f", r.wallSeconds()))
                .write(done.dir().resolve("runs.csv"), done.runs());
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
                + s.bottleneck().replace("Mbps", " Mb/s") + " bottleneck, " + s.buffer() + "-packet drop-tail buffer)",
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
    }
}
