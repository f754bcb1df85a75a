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
public final class AbcdExperiment implements Experiment<RunSpec<Config>, AbcdRun, AbcdExperiment.Summary> {
    public static final List<Integer> DELAYS = List.of(100, 200, 300);
    public static final int DEFAULT_SEEDS = 3;
    public static final double DEFAULT_SECONDS = 200;

    private final Params params;

    /**
     * Seeds 1..seeds, run length, R1-R2 delays and configs in the tables' order, bottleneck buffer
     * (1000-byte packets), the senders' transport and bottleneck queue.
     */
    public record Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer,
                         AbcdBaseline baseline) {
        /** On Aspen RDP (what the committed results before issue #28 ran). */
        public Params(int seeds, double seconds, List<Integer> delays, List<Config> configs, int buffer) {
            this(seeds, seconds, delays, configs, buffer, AbcdBaseline.RDP);
        }

        /** The defaults: 3 seeds, 200 s, delays 100, 200, 300 ms, Reno, ACC and ACC-ABCD, 50 packets, Aspen RDP. */
        public static Params defaults() {
            return new Params(DEFAULT_SEEDS, DEFAULT_SECONDS, DELAYS, Config.TABLE1, AbcdRun.BUFFER);
        }

        /** The same on another transport and queue. */
        public Params withBaseline(AbcdBaseline b) {
            return new Params(seeds, seconds, delays, configs, buffer, b);
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
                          double wallSeconds, List<PaperComparison> paperComparison, List<Point> points) {
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
    public List<RunSpec<Config>> plan() {
        return DelayGrid.plan(params.configs(), params.delays(), params.seeds());
    }

    @Override
    public Comparator<RunSpec<Config>> startOrder() {
        return DelayGrid.largestDelayFirst();
    }

    @Override
    public AbcdRun run(RunSpec<Config> r) {
        return AbcdRun.simulate(r.config(), r.delayMs(), r.seed(),
                new AbcdRun.Setup(params.seconds(), params.buffer(), AbcdConfig.DEFAULT, params.baseline()));
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
        List<Point> points = DelayGrid.points(params.configs(), params.delays(), runs, AbcdRun::config, AbcdRun::delayMs,
                metrics(), (c, d, rs, stats) -> new Point(c, d, stats));
        return new Summary(name(), params.seeds(), params.seconds(), params.delays(), params.buffer() * 1000,
                AbcdRun.BUFFER_SOURCE, AccDumbbell.Placement.PAPER.id(), b.ns2() ? b.id() : null, b.ns2() ? b.source() : null,
                b.agent(), b.queue(), AbcdConfig.DEFAULT.toParams(), AccConfig.DEFAULT.toParams(),
                Sweep.tenths(wallSeconds), AbcdComparison.rows(params, points), points);
    }

    @Override
    public void write(Outcome<AbcdRun, Summary> done) throws IOException {
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
        runs.column("wall_s", r -> CsvTable.format("%.2f", r.wallSeconds())).write(done.dir().resolve("runs.csv"), done.runs());
        new CsvTable<PointMetric<Point>>()
                .column("config", r -> r.point().config().id())
                .column("delay_ms", r -> CsvTable.format("%d", r.point().delayMs()))
                .column("metric", PointMetric::metric)
                .column("n", r -> CsvTable.format("%d", r.stat().n()))
                .column("mean", r -> CsvTable.format("%.4f", r.stat().mean()))
                .column("sd", r -> CsvTable.format("%.4f", r.stat().sd()))
                .column("ci95", r -> CsvTable.format("%.4f", r.stat().ci95()))
                .write(done.dir().resolve("table1.csv"), DelayGrid.rows(done.summary().points(), Point::stats));
        writePlots(done);
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
        for (PaperComparison row : done.summary().paperComparison()) {
            o.println(row);
        }
    }
}
