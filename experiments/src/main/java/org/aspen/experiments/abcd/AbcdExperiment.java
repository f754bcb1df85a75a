package org.aspen.experiments.abcd;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.experiments.abcd.AbcdRun.Config;
import org.aspen.experiments.acc.AccDumbbell;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.DelayGrid;
import org.aspen.experiments.sweep.DelayGrid.PointMetric;
import org.aspen.experiments.sweep.DelayGrid.RunSpec;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * {@code aspen experiment abcd}: the ACC-ABCD paper's Table 1 (drops, per-flow and total
 * throughput for Reno, ACC and ACC-ABCD) for each R1-R2 delay, averaged over seeds: one
 * {@link AbcdRun} per config, delay and seed.
 *
 * <pre>{@code
 * Sweep.run(new AbcdExperiment(AbcdExperiment.Params.defaults()), new Sweep.Options(2, Path.of("abcd"), false), out);
 * }</pre>
 *
 * Writes {@code runs.csv} (one row per run, with each flow's throughput), {@code table1.csv} (per
 * config and delay: mean, sd and 95% CI of drops, total throughput and each flow's throughput, flows
 * ranked by throughput within each run), {@code summary.json} and two PNG bar charts.
 */
public final class AbcdExperiment implements Experiment<RunSpec<AbcdExperiment.Arm>, AbcdRun, AbcdExperiment.Summary> {
    public static final List<Integer> DELAYS = List.of(100, 200, 300);
    public static final int DEFAULT_SEEDS = 3;
    public static final double DEFAULT_SECONDS = 200;

    private final Params params;

    /**
     * Seeds 1..seeds, run length, R1-R2 delays and configs in the tables' order, bottleneck buffer
     * (1000-byte packets), the senders' transport and bottleneck queue, ABCD's averaging window W
     * (ms), and whether the run is issue 29's pre-registered one: judged by
     * {@code preregistration/abcd.yaml}, with the same sweep on Aspen RDP beside the ns-2 baseline
     * and the section 5.1 estimator check on CBR ({@link AbcdCbrCheck}), and the ACC config's monitor settings
     * ({@code --acc-notify window-only}: {@link AccConfig.Notify#WINDOW_ONLY}; summary.json's {@code acc} names
     * {@code notify} only then), and the pace ABCD advises ({@code abcdRate}: {@code own}, the default, or
     * {@code fair}, the text's "fair rate", judged by {@code preregistration/abcd-fair-rate.yaml} when
     * pre-registered; summary.json's {@code abcd} names {@code rate} only then).
     */
    public record Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer,
                         AbcdBaseline baseline, long averagingMs, boolean preregistered, AccConfig acc, String abcdRate) {
        public Params {
            if (preregistered && !baseline.ns2()) {
                throw new IllegalArgumentException("--preregistered judges an ns-2 baseline with Aspen RDP beside it: not with --baseline "
                        + baseline.id());
            }
            if (averagingMs < 0) {
                throw new IllegalArgumentException("--averaging-ms: ABCD's averaging window must be at least 0 ms (0: no averaging), not " + averagingMs);
            }
            if (!AbcdConfig.RATE_OWN.equals(abcdRate) && !AbcdConfig.RATE_FAIR.equals(abcdRate)) {
                throw new IllegalArgumentException("--abcd-rate: must be own or fair, not '" + abcdRate + "'");
            }
        }

        /** ABCD advising each flow its own rate (the default reading). */
        public Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer,
                      AbcdBaseline baseline, long averagingMs, boolean preregistered, AccConfig acc) {
            this(seeds, seconds, delays, configs, buffer, baseline, averagingMs, preregistered, acc, AbcdConfig.RATE_OWN);
        }

        /** The ACC config's monitor with its defaults ({@link AccConfig#DEFAULT}). */
        public Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer,
                      AbcdBaseline baseline, long averagingMs, boolean preregistered) {
            this(seeds, seconds, delays, configs, buffer, baseline, averagingMs, preregistered, AccConfig.DEFAULT);
        }

        /** On Aspen RDP (what the committed results before issue #28 ran). */
        public Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer) {
            this(seeds, seconds, delays, configs, buffer, AbcdBaseline.RDP);
        }

        /** ABCD's default window (2 s), not pre-registered. */
        public Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer, AbcdBaseline baseline) {
            this(seeds, seconds, delays, configs, buffer, baseline, AbcdConfig.DEFAULT.averagingMs(), false);
        }

        /** The defaults: 3 seeds, 200 s, delays 100, 200, 300 ms, Reno, ACC and ACC-ABCD, 50 packets, Aspen RDP. */
        public static Params defaults() {
            return new Params(DEFAULT_SEEDS, DEFAULT_SECONDS, DELAYS, Config.TABLE1, AbcdRun.BUFFER);
        }

        /** The same on another transport and queue. */
        public Params withBaseline(AbcdBaseline b) {
            return new Params(seeds, seconds, delays, configs, buffer, b, averagingMs, preregistered, acc, abcdRate);
        }

        /** The same with ABCD's averaging window W, ms. */
        public Params withAveragingMs(long ms) {
            return new Params(seeds, seconds, delays, configs, buffer, baseline, ms, preregistered, acc, abcdRate);
        }

        /** The same, pre-registered or not. */
        public Params withPreregistered(boolean p) {
            return new Params(seeds, seconds, delays, configs, buffer, baseline, averagingMs, p, acc, abcdRate);
        }

        /** The same with the ACC config's monitor on these settings (e.g. {@code notify=window-only}). */
        public Params withAcc(AccConfig a) {
            return new Params(seeds, seconds, delays, configs, buffer, baseline, averagingMs, preregistered, a, abcdRate);
        }

        /** The same with ABCD's advised pace: {@code own} or {@code fair}. */
        public Params withAbcdRate(String rate) {
            return new Params(seeds, seconds, delays, configs, buffer, baseline, averagingMs, preregistered, acc, rate);
        }

        /** ABCD's settings of every run: the defaults with this window and pace. */
        public AbcdConfig abcd() {
            return AbcdConfig.DEFAULT.withAveragingMs(averagingMs).withRate(abcdRate);
        }

        /** The pre-registration judging the run: {@code abcd}, or {@code abcd-fair-rate} with the fair rate. */
        public String preregistrationName() {
            return AbcdConfig.RATE_FAIR.equals(abcdRate) ? "abcd-fair-rate" : "abcd";
        }
    }

    /**
     * A config on a baseline: the runs of the primary sweep, or with {@code preregistered} also of
     * the same sweep on Aspen RDP. Ordered by baseline, then config, so a plan holds the primary
     * sweep first.
     */
    public record Arm(AbcdBaseline baseline, Config config) implements Comparable<Arm> {
        @Override
        public int compareTo(Arm o) {
            int b = baseline.compareTo(o.baseline);
            return b != 0 ? b : config.compareTo(o.config);
        }
    }

    /** Per config and delay: the statistics of each metric over the seeds. */
    public record Point(Config config, int delayMs, @JsonIgnore Map<String, Stat> stats) {
        @JsonAnyGetter
        public Map<String, Stat> metrics() {
            return stats;
        }

        public Stat stat(String metric) {
            return stats.get(metric);
        }
    }

    /**
     * What {@code summary.json} holds; {@code abcd} lists ABCD's parameters (every run sets {@code inLink} to
     * r2-r3). The baseline, its source, the agent's variables and the bottleneck queue are named only for ns-2
     * runs (Aspen RDP's summaries are as before issue #28).
     */
    public record Summary(String experiment, int seeds, double durationSeconds, List<Integer> delaysMs, int bufferBytes,
                          String bufferSource, String longLink,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baselineSource,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> agent,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Object queue,
                          Map<String, String> abcd, Map<String, String> acc,
                          double wallSeconds,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Preregistration.Ref preregistration,
                          List<PaperComparison> paperComparison, List<Point> points,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<Point> rdpPoints,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<AbcdCbrCheck> estimatorCheck) {
    }

    public AbcdExperiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "abcd";
    }

    @Override
    public List<RunSpec<Arm>> plan() {
        List<Arm> arms = new ArrayList<>();
        for (Config c : params.configs()) {
            arms.add(new Arm(params.baseline(), c));
        }
        if (params.preregistered()) {
            for (Config c : params.configs()) {
                arms.add(new Arm(AbcdBaseline.RDP, c));
            }
        }
        return DelayGrid.plan(arms, params.delays(), params.seeds());
    }

    @Override
    public Comparator<RunSpec<Arm>> startOrder() {
        return DelayGrid.largestDelayFirst();
    }

    @Override
    public AbcdRun run(RunSpec<Arm> r) {
        return AbcdRun.simulate(r.config().config(), r.delayMs(), r.seed(),
                new AbcdRun.Setup(params.seconds(), params.buffer(), params.abcd(), r.config().baseline(), params.acc()));
    }

    /** How many runs the primary sweep has: the first of the plan (the rest, with {@code preregistered}, are Aspen RDP's). */
    private int primaryRuns() {
        return params.configs().size() * params.delays().size() * params.seeds();
    }

    /** The metrics of table1.csv, by name: flows ranked by throughput within each run before averaging. */
    static Map<String, ToDoubleFunction<AbcdRun>> metrics() {
        Map<String, ToDoubleFunction<AbcdRun>> m = new LinkedHashMap<>();
        m.put("drops", r -> (double) r.drops());
        m.put("totalKbps", AbcdRun::totalKbps);
        m.put("wireKbps", AbcdRun::wireKbps);
        m.put("meanSegmentBytes", AbcdRun::meanSegment);
        m.put("advices", r -> (double) r.advices());
        m.put("notifications", r -> (double) r.notifications());
        m.put("packetsFragmented", r -> (double) r.fragmented());
        m.put("fragments", r -> (double) r.fragments());
        for (int k = 0; k < AbcdRun.FLOWS; k++) {
            int rank = k;
            m.put("flowRank" + (k + 1) + "Kbps", r -> r.ranked()[rank]);
        }
        return m;
    }

    @Override
    public Summary summarise(List<AbcdRun> runs, double wallSeconds) {
        AbcdBaseline b = params.baseline();
        List<AbcdRun> primary = runs.subList(0, primaryRuns());
        List<Point> points = points(primary);
        List<Point> rdpPoints = null;
        List<AbcdCbrCheck> cbr = null;
        Preregistration pre = null;
        List<PaperComparison> rows;
        if (params.preregistered()) {
            List<AbcdRun> rdp = runs.subList(primaryRuns(), runs.size());
            rdpPoints = points(rdp);
            cbr = new ArrayList<>();
            for (long rate : AbcdCbrCheck.RATES_BPS) {
                cbr.add(AbcdCbrCheck.run(rate, params.abcd(), b, AbcdCbrCheck.SECONDS));
            }
            pre = Preregistration.load(params.preregistrationName());
            rows = AbcdPreregistered.rows(pre, primary, rdp, cbr);
        } else {
            rows = AbcdComparison.rows(params, points);
        }
        return new Summary(name(), params.seeds(), params.seconds(), params.delays(), params.buffer() * 1000,
                AbcdRun.BUFFER_SOURCE, AccDumbbell.Placement.PAPER.id(), b.ns2() ? b.id() : null, b.ns2() ? b.source() : null,
                b.agent(), b.queue(), params.abcd().toParams(), params.acc().toParams(),
                Sweep.tenths(wallSeconds), pre == null ? null : pre.ref(), rows, points, rdpPoints, cbr);
    }

    private List<Point> points(List<AbcdRun> runs) {
        return DelayGrid.points(params.configs(), params.delays(), runs, AbcdRun::config, AbcdRun::delayMs,
                metrics(), (c, d, rs, stats) -> new Point(c, d, stats));
    }

    @Override
    public void write(Outcome<AbcdRun, Summary> done) throws IOException {
        writeRuns(done.dir().resolve("runs.csv"), done.runs().subList(0, primaryRuns()));
        writeTable(done.dir().resolve("table1.csv"), done.summary().points());
        if (params.preregistered()) {
            writeRuns(done.dir().resolve("runs-rdp.csv"), done.runs().subList(primaryRuns(), done.runs().size()));
            writeTable(done.dir().resolve("table1-rdp.csv"), done.summary().rdpPoints());
            new CsvTable<AbcdCbrCheck>()
                    .column("cbr_kbps", c -> CsvTable.format("%d", c.rateKbps()))
                    .column("set_kbps", c -> CsvTable.format("%d", c.setKbps()))
                    .column("readings", c -> CsvTable.format("%d", c.samples()))
                    .column("mean_kbps", c -> CsvTable.format("%.3f", c.meanKbps()))
                    .column("min_kbps", c -> CsvTable.format("%d", c.minKbps()))
                    .column("max_kbps", c -> CsvTable.format("%d", c.maxKbps()))
                    .column("max_error_percent", c -> CsvTable.format("%.3f", c.maxErrorPercent()))
                    .write(done.dir().resolve("estimator.csv"), done.summary().estimatorCheck());
        }
        writePlots(done);
    }

    private static void writeRuns(java.nio.file.Path file, List<AbcdRun> list) throws IOException {
        CsvTable<AbcdRun> runs = new CsvTable<AbcdRun>()
                .column("config", r -> r.config().id())
                .column("delay_ms", r -> CsvTable.format("%d", r.delayMs()))
                .column("seed", r -> CsvTable.format("%d", r.seed()))
                .column("drops", r -> CsvTable.format("%d", r.drops()))
                .column("total_kbps", r -> CsvTable.format("%.3f", r.totalKbps()))
                .column("wire_kbps", r -> CsvTable.format("%.3f", r.wireKbps()))
                .column("mean_segment_bytes", r -> CsvTable.format("%.1f", r.meanSegment()))
                .column("advices", r -> CsvTable.format("%d", r.advices()))
                .column("resumes", r -> CsvTable.format("%d", r.resumes()))
                .column("notifications", r -> CsvTable.format("%d", r.notifications()))
                .column("packets_fragmented", r -> CsvTable.format("%d", r.fragmented()))
                .column("fragments", r -> CsvTable.format("%d", r.fragments()));
        for (int i = 0; i < AbcdRun.FLOWS; i++) {
            int k = i;
            runs.column("flow" + (i + 1) + "_kbps", r -> CsvTable.format("%.3f", r.flowKbps()[k]));
        }
        runs.column("wall_s", r -> CsvTable.format("%.2f", r.wallSeconds())).write(file, list);
    }

    private static void writeTable(java.nio.file.Path file, List<Point> points) throws IOException {
        new CsvTable<PointMetric<Point>>()
                .column("config", r -> r.point().config().id())
                .column("delay_ms", r -> CsvTable.format("%d", r.point().delayMs()))
                .column("metric", PointMetric::metric)
                .column("n", r -> CsvTable.format("%d", r.stat().n()))
                .column("mean", r -> CsvTable.format("%.4f", r.stat().mean()))
                .column("sd", r -> CsvTable.format("%.4f", r.stat().sd()))
                .column("ci95", r -> CsvTable.format("%.4f", r.stat().ci95()))
                .write(file, DelayGrid.rows(points, Point::stats));
    }

    private void writePlots(Outcome<AbcdRun, Summary> done) throws IOException {
        System.setProperty("java.awt.headless", "true");
        String[][] charts = {{"drops", "Packets dropped at the bottleneck", "drops per run", "abcd-drops.png"},
                {"totalKbps", "Total throughput of the 10 bulk flows", "kb/s", "abcd-throughput.png"}};
        for (String[] ch : charts) {
            CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title(ch[1] + " (mean of " + params.seeds()
                    + " seeds, " + Math.round(params.seconds()) + " s" + (params.baseline().ns2() ? ", " + params.baseline().label : "")
                    + ")").xAxisTitle("R1-R2 delay (ms)").yAxisTitle(ch[2]).build();
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            for (Config c : params.configs()) {
                List<String> x = new ArrayList<>();
                List<Double> y = new ArrayList<>();
                for (Point p : done.summary().points()) {
                    if (p.config() == c) {
                        x.add(String.valueOf(p.delayMs()));
                        y.add(p.stat(ch[0]).mean());
                    }
                }
                chart.addSeries(c.label, x, y);
            }
            BitmapEncoder.saveBitmap(chart, done.dir().resolve(ch[3]).toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    @Override
    public void print(PrintWriter o, Outcome<AbcdRun, Summary> done) {
        List<Config> configs = params.configs();
        o.printf(Locale.ROOT, "abcd: %d configs x %d delays x %d seeds, %.0f s each, in %.1f s; files in %s%n", configs.size(),
                params.delays().size(), params.seeds(), params.seconds(), done.wallSeconds(), done.dir());
        if (params.baseline().ns2()) {
            o.printf(Locale.ROOT, "baseline %s: %s%n", params.baseline().id(), params.baseline().label);
        }
        for (int d : params.delays()) {
            o.printf(Locale.ROOT, "R1-R2 delay %d ms%n%-28s", d, "");
            for (Config c : configs) {
                o.printf(Locale.ROOT, "%14s", c.label);
            }
            o.println();
            List<String> rows = new ArrayList<>(List.of("drops", "totalKbps", "wireKbps", "meanSegmentBytes"));
            for (int k = 1; k <= AbcdRun.FLOWS; k++) {
                rows.add("flowRank" + k + "Kbps");
            }
            for (String metric : rows) {
                o.printf(Locale.ROOT, "%-28s", metric);
                for (Config c : configs) {
                    Point p = done.summary().points().stream().filter(q -> q.config() == c && q.delayMs() == d).findFirst()
                            .orElseThrow();
                    o.printf(Locale.ROOT, "%14.1f", p.stat(metric).mean());
                }
                o.println();
            }
        }
        if (params.preregistered()) {
            for (AbcdCbrCheck c : done.summary().estimatorCheck()) {
                o.printf(Locale.ROOT, "estimator on CBR %d kb/s: set %d kb/s, readings %d, mean %.1f, min %d, max %d, largest error %.3f %%%n",
                        c.rateKbps(), c.setKbps(), c.samples(), c.meanKbps(), c.minKbps(), c.maxKbps(), c.maxErrorPercent());
            }
            o.print(PaperComparison.markdown(done.summary().paperComparison()));
            return;
        }
        for (PaperComparison row : done.summary().paperComparison()) {
            o.println(row);
        }
    }
}
