package org.aspen.experiments.acc;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.acc.AccFigure4Run.Setup;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.DelayGrid;
import org.aspen.experiments.sweep.DelayGrid.PointMetric;
import org.aspen.experiments.sweep.DelayGrid.RunSpec;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Ratio;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;

/**
 * {@code aspen experiment acc-figure4}: the ACC paper's Figures 4-7 in the simulation. One
 * {@link AccFigure4Run} per config, R1-R2 delay and seed, then {@code runs.csv} (one row per run),
 * {@code summary.csv} (mean, sd and 95% CI per config, delay and metric), {@code summary.json}
 * (the same, the set-up, and ACC's throughput ratio to RED and to RED+ECN per delay) and four PNG
 * figures.
 *
 * <pre>{@code
 * var params = new AccFigure4Experiment.Params(10, List.of(10, 50, 100, 200, 300), List.of(Config.values()),
 *         Setup.defaults(200));
 * Sweep.run(new AccFigure4Experiment(params), new Sweep.Options(2, Path.of("acc"), false), printWriter);
 * }</pre>
 */
public final class AccFigure4Experiment implements Experiment<RunSpec<Config>, AccFigure4Run, AccFigure4Experiment.Summary> {
    private final Params params;

    /** Seeds 1..{@code seeds} per point; delays and configs in the order the tables list them. */
    public record Params(int seeds, List<Integer> delays, List<Config> configs, Setup setup) {
    }

    /** Per config and delay: the statistics of each metric over the seeds ({@link AccFigure4Run#METRICS}). */
    public record Point(Config config, int delayMs, double rttMs, @JsonIgnore Map<String, Stat> stats) {
        @JsonAnyGetter
        public Map<String, Stat> metrics() {
            return stats;
        }

        public Stat stat(String metric) {
            return stats.get(metric);
        }
    }

    /** What {@code summary.json} holds; the ratios only when ACC and the base config both ran. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Summary(String experiment, int seeds, double durationSeconds, List<Integer> delaysMs, String bottleneck,
                          int bufferPackets, String longLink, String baseline, String baselineSource, Map<String, Object> agent,
                          String red, String redSource, Map<String, String> acc,
                          double wallSeconds, List<PaperComparison> paperComparison, List<Point> points,
                          Map<String, Double> accOverRenoThroughputByDelayMs,
                          Map<String, List<Double>> accOverRenoThroughputCi95ByDelayMs,
                          Map<String, Double> accOverRedEcnThroughputByDelayMs,
                          Map<String, List<Double>> accOverRedEcnThroughputCi95ByDelayMs, Integer bulkFlows,
                          Preregistration.Ref preregistration, Summary rdpSensitivity) {
        /**
         * This summary judged by a pre-registration: its rows, the file that gave them, and the
         * same sweep on Aspen RDP (whose own rows are left out: the rows' RDP cells judge it).
         */
        Summary preregistered(List<PaperComparison> rows, Preregistration.Ref ref, Summary rdp, double wall) {
            return new Summary(experiment, seeds, durationSeconds, delaysMs, bottleneck, bufferPackets, longLink, baseline,
                    baselineSource, agent, red, redSource, acc, wall, rows, points, accOverRenoThroughputByDelayMs,
                    accOverRenoThroughputCi95ByDelayMs, accOverRedEcnThroughputByDelayMs, accOverRedEcnThroughputCi95ByDelayMs,
                    bulkFlows, ref, rdp.withoutRows());
        }

        private Summary withoutRows() {
            return new Summary(experiment, seeds, durationSeconds, delaysMs, bottleneck, bufferPackets, longLink, "rdp",
                    baselineSource, agent, red, redSource, acc, wallSeconds, null, points, accOverRenoThroughputByDelayMs,
                    accOverRenoThroughputCi95ByDelayMs, accOverRedEcnThroughputByDelayMs, accOverRedEcnThroughputCi95ByDelayMs,
                    bulkFlows, null, null);
        }
    }

    public AccFigure4Experiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "acc-figure4";
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
    public AccFigure4Run run(RunSpec<Config> r) throws InterruptedException {
        return AccFigure4Run.simulate(r.config(), r.delayMs(), r.seed(), params.setup());
    }

    @Override
    public Summary summarise(List<AccFigure4Run> runs, double wallSeconds) {
        List<Point> points = DelayGrid.points(params.configs(), params.delays(), runs, AccFigure4Run::config,
                AccFigure4Run::delayMs, AccFigure4Run.METRICS,
                (c, d, rs, stats) -> {
                    // Figure 7 by cause: the mean over the runs that had closes of that cause
                    for (AccFigure4Run.Cause cause : AccFigure4Run.Cause.values()) {
                        stats.put(AccFigure4Run.magnitudeMetric(cause), Stat.of(rs.stream()
                                .mapToDouble(r -> r.byCause().get(cause).meanMagnitude()).filter(v -> !Double.isNaN(v)).toArray()));
                    }
                    return new Point(c, d, rs.isEmpty() ? Double.NaN : rs.get(0).rttMs(), stats);
                });
        Setup s = params.setup();
        Map<Integer, Ratio> overRed = ratios(points, Config.RED);
        Map<Integer, Ratio> overRedEcn = ratios(points, Config.RED_ECN);
        return new Summary(name(), params.seeds(), s.durationSeconds(), params.delays(), s.bottleneck(), s.buffer(),
                s.placement().id(), s.baseline().ns2() ? s.baseline().id() : null,
                s.baseline().ns2() ? s.baseline().source() : null, s.baseline().agent(), s.baseline().redDescription(),
                s.baseline().ns2() ? "docs/ns2-baseline.md (ACC)" : AccFigure4Run.RED_SOURCE,
                params.configs().contains(Config.ACC) ? s.acc().toParams() : null, Sweep.tenths(wallSeconds),
                AccComparison.rows(params, points, overRed), points,
                values(overRed), intervals(overRed), values(overRedEcn), intervals(overRedEcn),
                s.flows() == AccFigure4Run.FLOWS ? null : s.flows(), null, null);
    }

    /** ACC's goodput over {@code base}'s per delay, or null when either did not run. */
    private Map<Integer, Ratio> ratios(List<Point> points, Config base) {
        if (!params.configs().contains(Config.ACC) || !params.configs().contains(base)) {
            return null;
        }
        Map<Integer, Ratio> m = new LinkedHashMap<>();
        for (int d : params.delays()) {
            m.put(d, Stat.ratio(goodput(points, Config.ACC, d), goodput(points, base, d)));
        }
        return m;
    }

    private static Map<String, Double> values(Map<Integer, Ratio> ratios) {
        if (ratios == null) {
            return null;
        }
        Map<String, Double> m = new LinkedHashMap<>();
        ratios.forEach((d, r) -> m.put(String.valueOf(d), r.value()));
        return m;
    }

    private static Map<String, List<Double>> intervals(Map<Integer, Ratio> ratios) {
        if (ratios == null) {
            return null;
        }
        Map<String, List<Double>> m = new LinkedHashMap<>();
        ratios.forEach((d, r) -> m.put(String.valueOf(d), r.ci95()));
        return m;
    }

    private static Stat goodput(List<Point> points, Config c, int d) {
        return points.stream().filter(p -> p.config() == c && p.delayMs() == d).findFirst()
                .map(p -> p.stat("goodputKbps")).orElse(null);
    }

    @Override
    public void write(Outcome<AccFigure4Run, Summary> done) throws IOException {
        write(done, "", true);
    }

    /** runs.csv and summary.csv, their names prefixed with {@code prefix}, and the plots when {@code plots}. */
    void write(Outcome<AccFigure4Run, Summary> done, String prefix, boolean plots) throws IOException {
        Path dir = done.dir();
        runsTable().write(dir.resolve(prefix + "runs.csv"), done.runs());
        new CsvTable<PointMetric<Point>>()
                .column("config", r -> r.point().config().id())
                .column("delay_ms", r -> CsvTable.format("%d", r.point().delayMs()))
                .column("rtt_ms", r -> CsvTable.format("%.0f", r.point().rttMs()))
                .column("metric", PointMetric::metric)
                .column("n", r -> CsvTable.format("%d", r.stat().n()))
                .column("mean", r -> CsvTable.format("%.5f", r.stat().mean()))
                .column("sd", r -> CsvTable.format("%.5f", r.stat().sd()))
                .column("ci95", r -> CsvTable.format("%.5f", r.stat().ci95()))
                .write(dir.resolve(prefix + "summary.csv"), DelayGrid.rows(done.summary().points(), Point::stats));
        if (plots) {
            writePlots(done.summary().points(), dir);
        }
    }

    static CsvTable<AccFigure4Run> runsTable() {
        return new CsvTable<AccFigure4Run>()
                .column("config", r -> r.config().id())
                .column("delay_ms", r -> CsvTable.format("%d", r.delayMs()))
                .column("rtt_ms", r -> CsvTable.format("%.0f", r.rttMs()))
                .column("seed", r -> CsvTable.format("%d", r.seed()))
                .column("goodput_kbps", r -> CsvTable.format("%.3f", r.goodputKbps()))
                .column("closes_per_s", r -> CsvTable.format("%.5f", r.closesPerSecond()))
                .column("mean_close_magnitude", r -> CsvTable.format("%.4f", r.meanCloseMagnitude()))
                .column("acc_close_share", r -> CsvTable.format("%.4f", r.accCloseShare()))
                .column("closes_per_s_notification", r -> cause(r, AccFigure4Run.Cause.NOTIFICATION, false))
                .column("closes_per_s_fast_retransmit", r -> cause(r, AccFigure4Run.Cause.FAST_RETRANSMIT, false))
                .column("closes_per_s_timeout", r -> cause(r, AccFigure4Run.Cause.TIMEOUT, false))
                .column("closes_per_s_ecn", r -> cause(r, AccFigure4Run.Cause.ECN, false))
                .column("close_magnitude_notification", r -> cause(r, AccFigure4Run.Cause.NOTIFICATION, true))
                .column("close_magnitude_fast_retransmit", r -> cause(r, AccFigure4Run.Cause.FAST_RETRANSMIT, true))
                .column("close_magnitude_timeout", r -> cause(r, AccFigure4Run.Cause.TIMEOUT, true))
                .column("close_magnitude_ecn", r -> cause(r, AccFigure4Run.Cause.ECN, true))
                .column("timeouts", r -> CsvTable.format("%d", r.timeouts()))
                .column("notifications", r -> CsvTable.format("%d", r.notifications()))
                .column("packets_filtered", r -> CsvTable.format("%d", r.filtered()))
                .column("bottleneck_drops", r -> CsvTable.format("%d", r.bottleneckDrops()))
                .column("cross_sent", r -> CsvTable.format("%d", r.crossSent()))
                .column("cross_received", r -> CsvTable.format("%d", r.crossReceived()))
                .column("wall_s", r -> CsvTable.format("%.2f", r.wallSeconds()));
    }

    /** One cause's closes per second, or its mean magnitude (empty when the run had none of that cause). */
    private static String cause(AccFigure4Run r, AccFigure4Run.Cause c, boolean magnitude) {
        AccFigure4Run.CauseFigures f = r.byCause().get(c);
        if (!magnitude) {
            return CsvTable.format("%.5f", f.closesPerSecond());
        }
        return Double.isNaN(f.meanMagnitude()) ? "" : CsvTable.format("%.4f", f.meanMagnitude());
    }

    private void writePlots(List<Point> points, Path dir) throws IOException {
        Setup s = params.setup();
        List<Config> cs = params.configs();
        String setup = " (" + s.bottleneck().replace("Mbps", " Mb/s") + " bottleneck, " + s.buffer() + "-packet buffer"
                + (s.placement() == AccDumbbell.Placement.PAPER ? "" : ", long link " + s.placement().id()) + ")";
        List<Config> fig4 = cs.stream().filter(c -> c == Config.RED || c == Config.ACC).toList();
        AccPlots.write(points, fig4.isEmpty() ? cs : fig4, "goodputKbps",
                "Figure 4: per-flow throughput, Reno vs ACC, RED routers" + setup, "throughput per bulk flow (kb/s)",
                dir.resolve("figure4-throughput-acc-vs-reno.png"));
        AccPlots.write(points, cs, "goodputKbps", "Figure 5: per-flow throughput by queueing/feedback system" + setup,
                "throughput per bulk flow (kb/s)", dir.resolve("figure5-throughput-all.png"));
        AccPlots.write(points, cs, "closesPerSecond", "Figure 6: window closes per second per endpoint, all causes" + setup,
                "window closes per second", dir.resolve("figure6-closes-per-second.png"));
        AccPlots.write(points, cs, "meanCloseMagnitude", "Figure 7: mean window reduction per close" + setup,
                "mean close magnitude (packets)", dir.resolve("figure7-close-magnitude.png"));
        for (AccFigure4Run.Cause c : AccFigure4Run.Cause.values()) {
            AccPlots.write(points, cs, AccFigure4Run.magnitudeMetric(c), "Figure 7, " + c.id + " closes only: mean window reduction"
                    + setup, "mean close magnitude (packets)", dir.resolve("figure7-close-magnitude-" + c.id + ".png"));
        }
    }

    @Override
    public void print(PrintWriter o, Outcome<AccFigure4Run, Summary> done) {
        printTables(o, done);
        for (PaperComparison row : done.summary().paperComparison()) {
            o.println(row);
        }
    }

    /** The per-point table and ACC's ratios, without the comparison rows. */
    void printTables(PrintWriter o, Outcome<AccFigure4Run, Summary> done) {
        List<Config> cs = params.configs();
        List<Integer> delays = params.delays();
        o.printf(Locale.ROOT, "acc-figure4: %d configs x %d delays x %d seeds in %.1f s; files in %s%n", cs.size(), delays.size(),
                params.seeds(), done.wallSeconds(), done.dir());
        o.printf(Locale.ROOT, "%-10s %6s %7s %16s %14s %14s%n", "config", "RTT ms", "delay", "goodput kb/s", "closes/s",
                "close magn.");
        for (Point p : done.summary().points()) {
            Stat g = p.stat("goodputKbps");
            Stat c = p.stat("closesPerSecond");
            Stat m = p.stat("meanCloseMagnitude");
            o.printf(Locale.ROOT, "%-10s %6.0f %5dms %8.1f +- %-5.1f %6.3f +- %-5.3f %6.2f +- %-5.2f%n", p.config().id(), p.rttMs(),
                    p.delayMs(), g.mean(), g.ci95(), c.mean(), c.ci95(), m.mean(), m.ci95());
        }
        for (Config base : List.of(Config.RED, Config.RED_ECN)) {
            Map<Integer, Ratio> ratios = ratios(done.summary().points(), base);
            if (ratios == null) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "ACC / %-8s throughput (95%% CI):", base.id()));
            for (int d : delays) {
                Ratio r = ratios.get(d);
                line.append(r.hasInterval() ? String.format(Locale.ROOT, "  %dms %.2f (%.2f-%.2f)", d, r.value(), r.low(), r.high())
                        : String.format(Locale.ROOT, "  %dms %.2f", d, r.value()));
            }
            o.println(line);
        }
    }
}
