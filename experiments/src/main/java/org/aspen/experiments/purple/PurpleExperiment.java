package org.aspen.experiments.purple;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.purple.PurpleRun.Setup;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;

/**
 * {@code aspen experiment purple}: the PURPLE paper's Section 3 in the simulation. For each part
 * (BDP queue without the microscopic term, 100-packet queue with it, the multi-bottleneck case),
 * each AQM (PURPLE, RED, A-RED), each flow count and seed, one {@link PurpleRun}; then
 * {@code runs.csv}, {@code summary.csv} (mean, sd, 95 % CI over the seeds), {@code summary.json}
 * and PNG plots ({@link PurplePlots}).
 *
 * <pre>{@code
 * var params = new PurpleExperiment.Params(List.of(Part.values()), List.of(Aqm.values()), List.of(10, 20, 40, 60, 80),
 *         List.of(10, 40, 70, 100), 1, new PurpleRun.Setup(20_000_000L, 30, 10, 50));
 * Sweep.run(new PurpleExperiment(params), new Sweep.Options(2, Path.of("purple"), false), printWriter);
 * }</pre>
 */
public final class PurpleExperiment implements Experiment<PurpleExperiment.RunSpec, PurpleRun, PurpleExperiment.Summary> {
    private final Params params;

    /**
     * @param flows   greedy flows through the single bottleneck (parts bdp and short)
     * @param bundle2 flows in bundle 2 (part multi)
     * @param seeds   runs per point, seeds 1..seeds
     * @param preregistered issue 29: judge the rows by {@code preregistration/purple.yaml}, run the same sweep on
     *                      Aspen RDP for its "Aspen RDP" column, and Figure 4 with every seed
     */
    public record Params(List<Part> parts, List<Aqm> aqms, List<Integer> flows, List<Integer> bundle2, int seeds, Setup setup,
                         boolean preregistered) {
        /** Without the pre-registration: the rows of {@link PurpleComparison#rows}, one baseline, Figure 4 from seed 1. */
        public Params(List<Part> parts, List<Aqm> aqms, List<Integer> flows, List<Integer> bundle2, int seeds, Setup setup) {
            this(parts, aqms, flows, bundle2, seeds, setup, false);
        }

        /** The baselines run: the set-up's, and with the pre-registration also Aspen RDP (the sensitivity column). */
        public List<PurpleBaseline> baselines() {
            return preregistered && setup.baseline() != PurpleBaseline.RDP ? List.of(setup.baseline(), PurpleBaseline.RDP)
                    : List.of(setup.baseline());
        }

        /** The flow counts swept in {@code part}. */
        public List<Integer> xs(Part part) {
            return part == Part.MULTI ? bundle2 : part == Part.FIG4 ? List.of(PurpleRun.FIGURE4_FLOWS) : flows;
        }

        /** Seeds run in {@code part}: the time series of Figure 4 is one run per queue (every seed when pre-registered). */
        int seeds(Part part) {
            return part == Part.FIG4 && !preregistered ? 1 : seeds;
        }
    }

    /** One run's parameters. */
    public record RunSpec(Part part, Aqm aqm, int flows, long seed, PurpleBaseline baseline) {
    }

    /** Per part, AQM and flow count: each metric over the seeds ({@link PurpleRun#METRICS}); JSON has the means. */
    public record Point(Part part, Aqm aqm, int flows, @JsonIgnore Map<String, Stat> stats) {
        @JsonAnyGetter
        public Map<String, Double> means() {
            Map<String, Double> m = new LinkedHashMap<>();
            stats.forEach((k, s) -> m.put(k, s.mean()));
            return m;
        }
    }

    /**
     * What {@code summary.json} holds. The baseline, its source and the Agent/TCP variables it sets appear only
     * for the ns-2 baselines (RDP's files are as before issue #28); the reading of the uncongested link only when it
     * is issue 29's ({@code no-mark}); the pre-registration and the RDP sensitivity sweep's points only with
     * {@code --preregistered}.
     */
    public record Summary(String experiment, List<PaperComparison> paperComparison, long bottleneckBps, double nominalRttMs,
                          double durationSeconds, double warmupSeconds, int seeds, int bundleSize,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baselineSource,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> agent,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> red,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> ared,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String uncongested,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Preregistration.Ref preregistration, double wallSeconds,
                          List<Point> points, @JsonInclude(JsonInclude.Include.NON_NULL) List<Point> rdpPoints) {
    }

    public PurpleExperiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "purple";
    }

    @Override
    public List<RunSpec> plan() {
        List<RunSpec> plan = new ArrayList<>();
        for (PurpleBaseline b : params.baselines()) {
            for (Part p : params.parts()) {
                for (int n : params.xs(p)) {
                    for (Aqm a : params.aqms()) {
                        for (long seed = 1; seed <= params.seeds(p); seed++) {
                            plan.add(new RunSpec(p, a, n, seed, b));
                        }
                    }
                }
            }
        }
        plan.sort(Comparator.comparing((RunSpec r) -> params.baselines().indexOf(r.baseline())).thenComparing(RunSpec::part).thenComparing(RunSpec::aqm).thenComparing(RunSpec::flows)
                .thenComparing(RunSpec::seed));
        return plan;
    }

    /** Part by part, most flows first: the slowest runs start early, so the threads finish together. */
    @Override
    public Comparator<RunSpec> startOrder() {
        return Comparator.comparing((RunSpec r) -> params.parts().indexOf(r.part()))
                .thenComparing(Comparator.comparing(RunSpec::flows).reversed());
    }

    @Override
    public PurpleRun run(RunSpec r) throws InterruptedException {
        return PurpleRun.simulate(r.part(), r.aqm(), r.flows(), r.seed(), params.setup().withBaseline(r.baseline()));
    }

    static List<PurpleRun> select(List<PurpleRun> runs, Part p, Aqm a, int n) {
        return runs.stream().filter(r -> r.part() == p && r.aqm() == a && r.flows() == n).toList();
    }

    /** The runs on the primary baseline (all of them without the pre-registration). */
    List<PurpleRun> primary(List<PurpleRun> runs) {
        return runs.stream().filter(r -> r.baseline() == params.setup().baseline()).toList();
    }

    /** The runs of the RDP sensitivity sweep (none without the pre-registration, or when RDP is the primary). */
    List<PurpleRun> sensitivity(List<PurpleRun> runs) {
        return runs.stream().filter(r -> r.baseline() != params.setup().baseline()).toList();
    }

    @Override
    public Summary summarise(List<PurpleRun> all, double wallSeconds) {
        List<PurpleRun> runs = primary(all);
        List<Point> points = points(runs);
        Setup s = params.setup();
        PurpleBaseline base = s.baseline();
        List<PaperComparison> rows;
        Preregistration.Ref ref = null;
        List<Point> rdpPoints = null;
        if (params.preregistered()) {
            Preregistration pre = Preregistration.load(PurpleComparison.NAME);
            rows = PurpleComparison.preregistered(pre, runs, sensitivity(all), params);
            ref = pre.ref();
            rdpPoints = sensitivity(all).isEmpty() ? null : points(sensitivity(all));
        } else {
            rows = PurpleComparison.rows(points, runs, params);
        }
        return new Summary(name(), rows, s.bottleneckBps(), s.rttMs(), s.durationSeconds(),
                s.warmupSeconds(), params.seeds(), s.bundleSize(), base.ns2() ? base.id() : null,
                base.ns2() ? base.source() : null, base.agent(), queueOf(base, Aqm.RED), queueOf(base, Aqm.ARED),
                s.noMarkUncongested() ? "no-mark" : null, ref, Sweep.tenths(wallSeconds), points, rdpPoints);
    }

    private List<Point> points(List<PurpleRun> runs) {
        List<Point> points = new ArrayList<>();
        for (Part p : params.parts()) {
            for (Aqm a : params.aqms()) {
                for (int n : params.xs(p)) {
                    List<PurpleRun> rs = select(runs, p, a, n);
                    Map<String, Stat> stats = new LinkedHashMap<>();
                    PurpleRun.METRICS.forEach((m, f) -> stats.put(m, Stat.of(rs, f)));
                    points.add(new Point(p, a, n, stats));
                }
            }
        }
        return points;
    }

    /** The ns-2 baseline's RED or A-RED (the short-queue part's thresholds for RED), or null on RDP. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> queueOf(PurpleBaseline base, Aqm aqm) {
        return base.ns2() ? (Map<String, Object>) base.queue(aqm, Part.SHORT) : null;
    }

    @Override
    public void write(Outcome<PurpleRun, Summary> done) throws IOException {
        CsvTable<PurpleRun> runsCsv = new CsvTable<PurpleRun>();
        if (params.preregistered()) {
            runsCsv.column("baseline", r -> r.baseline().id());
        }
        runsCsv.column("part", r -> r.part().id)
                .column("aqm", r -> r.aqm().id())
                .column("flows", r -> CsvTable.format("%d", r.flows()))
                .column("seed", r -> CsvTable.format("%d", r.seed()))
                .column("goodput_mbps", r -> CsvTable.format("%.4f", r.goodputMbps()))
                .column("utilisation", r -> CsvTable.format("%.4f", r.utilisation()))
                .column("delay_ms", r -> CsvTable.format("%.2f", r.delayMs()))
                .column("mark_rate", r -> CsvTable.format("%.6f", r.markRate()))
                .column("drop_rate", r -> CsvTable.format("%.6f", r.dropRate()))
                .column("rto", r -> CsvTable.format("%d", r.timeouts()))
                .column("rto_b1", r -> CsvTable.format("%d", r.bundleTimeouts()[0]))
                .column("rto_b2", r -> CsvTable.format("%d", r.bundleTimeouts()[1]))
                .column("rto_b3", r -> CsvTable.format("%d", r.bundleTimeouts()[2]))
                .column("goodput_b1_mbps", r -> CsvTable.format("%.4f", r.bundleGoodputMbps()[0]))
                .column("goodput_b2_mbps", r -> CsvTable.format("%.4f", r.bundleGoodputMbps()[1]))
                .column("goodput_b3_mbps", r -> CsvTable.format("%.4f", r.bundleGoodputMbps()[2]))
                .column("mean_local_probability", r -> CsvTable.format("%.6f",
                        r.seriesMean(params.setup().warmupSeconds(), PurpleRun.SeriesPoint::localProbability)))
                .column("mean_p", r -> CsvTable.format("%.6f", r.seriesMean(params.setup().warmupSeconds(), PurpleRun.SeriesPoint::total)))
                .column("wall_s", r -> CsvTable.format("%.1f", r.wallSeconds()))
                .write(done.dir().resolve("runs.csv"), done.runs());
        writeSummaryCsv(done.summary().points(), done.dir().resolve("summary.csv"));
        if (done.summary().rdpPoints() != null) {
            writeSummaryCsv(done.summary().rdpPoints(), done.dir().resolve("summary-rdp.csv"));
        }
        CsvTable<PurpleRun.SeriesPoint> series = new CsvTable<PurpleRun.SeriesPoint>()
                .column("time_s", x -> CsvTable.format("%.1f", x.seconds()))
                .column("queue_packets", x -> CsvTable.format("%d", x.queuePackets()))
                .column("average_queue", x -> CsvTable.format("%.3f", x.averageQueue()))
                .column("local_probability", x -> CsvTable.format("%.6f", x.localProbability()))
                .column("p", x -> CsvTable.format("%.6f", x.total()))
                .column("p_before", x -> CsvTable.format("%.6f", x.before()))
                .column("p_beyond", x -> CsvTable.format("%.6f", x.beyond()))
                .column("gamma", x -> CsvTable.format("%.4f", x.gamma()));
        if (params.preregistered()) {
            series.column("signal_share", x -> CsvTable.format("%.6f", x.signalShare()));
        }
        Files.createDirectories(done.dir().resolve("series"));
        for (PurpleRun r : done.runs()) {
            // the primary baseline's files keep their names; the RDP sweep's start with "rdp-"
            String prefix = r.baseline() == params.setup().baseline() ? "" : r.baseline().id() + "-";
            String seed = params.preregistered() && r.part() == Part.FIG4 ? "-seed" + r.seed() : "";
            if (r.part() == Part.FIG4) {
                series.write(done.dir().resolve(prefix + "figure4-" + r.aqm().id() + seed + ".csv"), r.series());
            } else if (r.seed() == 1) {   // the bottleneck over time, seed 1 of every point: series/PART-AQM-FLOWS.csv
                series.write(done.dir().resolve("series").resolve(prefix + r.part().id + "-" + r.aqm().id() + "-" + r.flows() + ".csv"),
                        r.series());
            }
        }
        PurplePlots.writeAll(primary(done.runs()), params, done.dir());
        Files.writeString(done.dir().resolve("comparison.md"), PaperComparison.markdown(done.summary().paperComparison()));
    }

    private static void writeSummaryCsv(List<Point> points, java.nio.file.Path file) throws IOException {
        List<PointMetric> rows = new ArrayList<>();
        for (Point p : points) {
            p.stats().forEach((m, s) -> rows.add(new PointMetric(p, m, s)));
        }
        new CsvTable<PointMetric>()
                .column("part", r -> r.point().part().id)
                .column("aqm", r -> r.point().aqm().id())
                .column("flows", r -> CsvTable.format("%d", r.point().flows()))
                .column("metric", PointMetric::metric)
                .column("n", r -> CsvTable.format("%d", r.stat().n()))
                .column("mean", r -> CsvTable.format("%.6f", r.stat().mean()))
                .column("sd", r -> CsvTable.format("%.6f", r.stat().sd()))
                .column("ci95", r -> CsvTable.format("%.6f", r.stat().ci95()))
                .write(file, rows);
    }

    private record PointMetric(Point point, String metric, Stat stat) {
    }

    @Override
    public void print(PrintWriter o, Outcome<PurpleRun, Summary> done) {
        List<PurpleRun> runs = primary(done.runs());
        o.printf(Locale.ROOT, "%-6s %-7s %6s %9s %6s %9s %9s %9s %6s%n", "part", "queue", "flows", "goodput", "util", "delay_ms",
                "mark", "drop", "rto");
        for (Part p : params.parts()) {
            for (Aqm a : params.aqms()) {
                for (int n : params.xs(p)) {
                    List<PurpleRun> rs = select(runs, p, a, n);
                    o.printf(Locale.ROOT, "%-6s %-7s %6d %9.3f %6.3f %9.1f %9.5f %9.5f %6.1f%n", p.id, a.id(), n,
                            mean(rs, PurpleRun::goodputMbps), mean(rs, PurpleRun::utilisation), mean(rs, PurpleRun::delayMs),
                            mean(rs, PurpleRun::markRate), mean(rs, PurpleRun::dropRate), mean(rs, r -> r.timeouts()));
                }
            }
        }
        o.println();
        o.print(PaperComparison.markdown(done.summary().paperComparison()));
        o.printf(Locale.ROOT, "%d runs in %.0f s; written to %s%n", done.runs().size(), done.wallSeconds(), done.dir());
    }

    /** The mean as the table and plots show it (a stream's average, compensated summation). */
    static double mean(List<PurpleRun> rs, ToDoubleFunction<PurpleRun> f) {
        return rs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
