package org.aspen.experiments.acns;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Sweep;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code aspen experiment acns}: the ACNS paper's simulation (Tables 5-11) with and without ACNS.
 * One {@link AcnsRun} per config and seed, then {@code runs.csv} (one row per flow and run),
 * {@code series-CONFIG.csv} (per-second throughput, path RTT, cwnd and ACNS command in force, seed 1),
 * the Figures 9-12 as PNGs, {@code comparison.md} ({@link AcnsTables}) and {@code summary.json} with the
 * {@code paperComparison} rows (the {@code acns} config against {@code reno}).
 *
 * <pre>{@code
 * var params = new AcnsExperiment.Params(List.of(Config.RENO, Config.ACNS), 10, new AcnsRun.Setup(118, "3Mbps", 100));
 * Sweep.run(new AcnsExperiment(params), new Sweep.Options(2, Path.of("acns"), false), printWriter);
 * }</pre>
 *
 * Each run is deterministic; the seed moves every flow's start time by up to ±50 ms
 * ({@link AcnsSites}), the same for every config, so configs are compared seed by seed.
 */
public final class AcnsExperiment implements Experiment<AcnsExperiment.RunSpec, AcnsRun, AcnsExperiment.Summary> {
    private final Params params;

    /**
     * The configs (in the tables' order), seeds 1..seeds, the set-up; {@code preregistered}: judge the comparison by
     * {@code preregistration/acns.yaml} ({@code acns-cubic.yaml} under ns2-cubic; {@code NAME.yaml} when
     * {@code preregistration} names one) and run the same sweep on Aspen RDP as well, for the "Aspen RDP" column.
     */
    public record Params(List<Config> configs, int seeds, AcnsRun.Setup setup, boolean preregistered, String preregistration) {
        public Params {
            if (preregistration != null && !preregistered) {
                throw new IllegalArgumentException("--preregistration names the file a --preregistered run is judged by: give "
                        + "--preregistered too");
            }
            if (preregistered && (setup.baseline() == AcnsBaseline.RDP || !configs.contains(Config.RENO)
                    || !configs.contains(Config.ACNS))) {
                throw new IllegalArgumentException("--preregistered judges an ns-2 baseline (ns2, ns2-cubic, ns2-2.35) against Aspen RDP "
                        + "and needs the configs reno and acns");
            }
        }

        /** As above, judged (when {@code preregistered}) by the baseline's file ({@link #preregistrationName()}). */
        public Params(List<Config> configs, int seeds, AcnsRun.Setup setup, boolean preregistered) {
            this(configs, seeds, setup, preregistered, null);
        }

        /** Without the pre-registration: the comparison by the rules before issue 29, one baseline. */
        public Params(List<Config> configs, int seeds, AcnsRun.Setup setup) {
            this(configs, seeds, setup, false);
        }

        /** The pre-registration's name: {@code preregistration}, or the baseline's (acns-cubic under ns2-cubic, else acns). */
        public String preregistrationName() {
            return preregistration != null ? preregistration : AcnsExperiment.preregistration(setup.baseline());
        }
    }

    /** One run's parameters; {@code baseline} null for the set-up's. */
    public record RunSpec(Config config, long seed, AcnsBaseline baseline) {
        public RunSpec(Config config, long seed) {
            this(config, seed, null);
        }
    }

    /** The paper's Tables 7-10 (rows: avg, max throughput, avg, max RTT, sent, lost; columns: flows #1-#3). */
    public record Paper(double[][] cubic, double[][] acns) {
    }

    /**
     * What {@code summary.json} holds; {@code tables} is {@code comparison.md}. The baseline, its source and the
     * Agent/TCP variables it sets appear only for the ns-2 baselines (RDP's files are as before issue #28).
     */
    public record Summary(String experiment, int seeds, double durationSeconds, String bottleneck, int bufferPackets,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String baselineSource,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> agent,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String acnsCubicReading,
                          double startJitterMs, double wallSeconds, List<PaperComparison> paperComparison,
                          Map<String, AcnsTables.Figures> configs, Paper paper,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Preregistration.Ref preregistration,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Map<String, String>> readingVerdicts,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, AcnsTables.Figures> rdpConfigs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Map<String, String>> rdpReadingVerdicts,
                          @JsonIgnore String tables) {
    }

    public AcnsExperiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "acns";
    }

    @Override
    public List<RunSpec> plan() {
        List<RunSpec> plan = new ArrayList<>();
        for (Config c : params.configs()) {
            for (long seed = 1; seed <= params.seeds(); seed++) {
                plan.add(new RunSpec(c, seed));
            }
        }
        if (params.preregistered()) {
            for (Config c : params.configs()) {
                for (long seed = 1; seed <= params.seeds(); seed++) {
                    plan.add(new RunSpec(c, seed, AcnsBaseline.RDP));
                }
            }
        }
        return plan;
    }

    @Override
    public AcnsRun run(RunSpec r) {
        return AcnsRun.simulate(r.config(), r.seed(), r.baseline() == null ? params.setup() : params.setup().withBaseline(r.baseline()));
    }

    /** The runs on the set-up's baseline: the first configs x seeds of the plan. */
    private List<AcnsRun> primary(List<AcnsRun> runs) {
        return runs.subList(0, params.configs().size() * params.seeds());
    }

    /** With {@code preregistered}, the same sweep on Aspen RDP: the rest of the plan; else none. */
    private List<AcnsRun> rdp(List<AcnsRun> runs) {
        return runs.subList(params.configs().size() * params.seeds(), runs.size());
    }

    private Map<String, AcnsTables.Figures> byConfig(List<AcnsRun> runs, AcnsBaseline base) {
        Map<String, AcnsTables.Figures> m = new LinkedHashMap<>();
        for (Config c : params.configs()) {
            m.put(c.id(), AcnsTables.figures(runs, c, base));
        }
        return m;
    }

    /** The pre-registration judging a baseline: acns-cubic.yaml for ns2-cubic, acns.yaml for the others. */
    static String preregistration(AcnsBaseline base) {
        return base == AcnsBaseline.NS2_CUBIC ? "acns-cubic" : "acns";
    }

    @Override
    public Summary summarise(List<AcnsRun> all, double wallSeconds) {
        AcnsRun.Setup s = params.setup();
        AcnsBaseline base = s.baseline();
        List<AcnsRun> runs = primary(all);
        Map<String, AcnsTables.Figures> byConfig = byConfig(runs, base);
        List<AcnsTables.Figures> figures = new ArrayList<>(byConfig.values());
        boolean paired = byConfig.containsKey(Config.RENO.id()) && byConfig.containsKey(Config.ACNS.id())
                && byConfig.get(Config.ACNS.id()).vsReno() != null;
        Preregistration pre = params.preregistered() ? Preregistration.load(params.preregistrationName()) : null;
        List<PaperComparison> comparison;
        if (!paired) {
            comparison = List.of(new PaperComparison("Tables 7-11", "ACNS against no ACNS", "-", PaperComparison.Verdict.NOT_RUN,
                    "needs the configs reno and acns"));
        } else if (pre != null) {
            comparison = AcnsTables.preregistered(pre, runs, base, rdp(all));
        } else {
            comparison = AcnsTables.comparison(byConfig.get(Config.RENO.id()), byConfig.get(Config.ACNS.id()), base);
        }
        String tables = PaperComparison.markdown(comparison) + "\n"
                + AcnsTables.markdown(params.configs(), figures, s, params.seeds(), wallSeconds);
        Map<String, Map<String, String>> verdicts = null;
        Map<String, AcnsTables.Figures> rdpConfigs = null;
        Map<String, Map<String, String>> rdpVerdicts = null;
        if (pre != null) {
            verdicts = AcnsTables.readingVerdicts(pre, params.configs(), runs);
            rdpConfigs = byConfig(rdp(all), AcnsBaseline.RDP);
            rdpVerdicts = AcnsTables.readingVerdicts(pre, params.configs(), rdp(all));
            tables += "\n" + AcnsTables.readingMarkdown("Every ACNS reading judged by the pre-registered rules (" + pre.source()
                    + "), baseline " + base.id() + "; changes against Reno, per seed", verdicts, runs)
                    + "\n" + AcnsTables.readingMarkdown("The same on Aspen RDP", rdpVerdicts, rdp(all))
                    + "\n## Aspen RDP (sensitivity): the same sweep on Aspen's own transport\n\n"
                    + AcnsTables.markdown(params.configs(), new ArrayList<>(rdpConfigs.values()), s.withBaseline(AcnsBaseline.RDP),
                    params.seeds(), wallSeconds);
        }
        return new Summary(name(), params.seeds(), s.durationSeconds(), s.bottleneck(), s.buffer(),
                base.ns2() ? base.id() : null, base.ns2() ? base.source() : null, s.agent(),
                s.cubicReading() == Ns2AcnsCubic.CubicReading.PRIMARY ? null : s.cubicReading().id(), AcnsSites.JITTER_NANOS / 2e6,
                Sweep.tenths(wallSeconds), comparison, byConfig, new Paper(AcnsTables.PAPER_RENO, AcnsTables.PAPER_ACNS),
                pre == null ? null : pre.ref(), verdicts, rdpConfigs, rdpVerdicts, tables);
    }

    @Override
    public void write(Outcome<AcnsRun, Summary> done) throws IOException {
        Path dir = done.dir();
        List<AcnsRun> runs = primary(done.runs());
        runsCsv(dir.resolve("runs.csv"), runs);
        if (params.preregistered()) {
            List<AcnsRun> rdp = rdp(done.runs());
            runsCsv(dir.resolve("runs-rdp.csv"), rdp);
            for (Config c : List.of(Config.RENO, Config.ACNS)) {
                series().write(dir.resolve("series-rdp-" + c.id() + ".csv"),
                        seriesRows(rdp.stream().filter(r -> r.config() == c).findFirst().orElseThrow()));
            }
        }
        for (Config c : params.configs()) {
            AcnsRun first = runs.stream().filter(r -> r.config() == c).findFirst().orElseThrow();
            series().write(dir.resolve("series-" + c.id() + ".csv"), seriesRows(first));
            if (c != Config.RENO && c != Config.ACNS) {
                continue;   // the sensitivity runs' series are in their CSV; the figures are the paper's two systems'
            }
            plot(first, 3, "cwnd (packets)", 1, "RDP flows' congestion window, " + c.id() + " (seed 1)",
                    dir.resolve("cwnd-" + c.id() + ".png"));
            plot(first, 1, "throughput (Mb/s)", 1e-6, "TCP-like RDP flows' throughput, " + c.id() + " (seed 1)",
                    dir.resolve("throughput-" + c.id() + ".png"));
            plot(first, 2, "RTT (ms)", 1, "RDP flows' RTT, " + c.id() + " (seed 1)", dir.resolve("rtt-" + c.id() + ".png"));
        }
        Files.writeString(dir.resolve("comparison.md"), done.summary().tables());
    }

    /** {@code runs.csv}: one row per flow and run. */
    private static void runsCsv(Path file, List<AcnsRun> runs) throws IOException {
        List<FlowRow> rows = new ArrayList<>();
        for (AcnsRun r : runs) {
            r.result().flows().forEach(f -> rows.add(new FlowRow(r, f)));
        }
        new CsvTable<FlowRow>()
                .column("config", r -> r.run().config().id())
                .column("seed", r -> CsvTable.format("%d", r.run().seed()))
                .column("flow", r -> r.flow().name())
                .column("priority", r -> CsvTable.format("%d", r.flow().priority()))
                .column("acns_negotiated", r -> String.valueOf(r.flow().acnsNegotiated()))
                .column("start_s", r -> CsvTable.format("%.1f", r.flow().startSeconds()))
                .column("avg_mbps", r -> CsvTable.format("%.4f", r.flow().avgThroughputBps() / 1e6))
                .column("max_mbps", r -> CsvTable.format("%.4f", r.flow().maxThroughputBps() / 1e6))
                .column("mbps_from_31s", r -> CsvTable.format("%.4f", r.flow().lateThroughputBps() / 1e6))
                .column("avg_rtt_ms", r -> CsvTable.format("%.1f", r.flow().avgRttMs()))
                .column("max_rtt_ms", r -> CsvTable.format("%.1f", r.flow().maxRttMs()))
                .column("sent_mb", r -> CsvTable.format("%.3f", r.flow().bytesAcked() / 1e6))
                .column("drops", r -> CsvTable.format("%d", r.flow().drops()))
                .column("drops_in_slow_start", r -> CsvTable.format("%d", r.flow().dropsInSlowStart()))
                .column("retransmissions", r -> CsvTable.format("%d", r.flow().retransmissions()))
                .column("timeouts", r -> CsvTable.format("%d", r.flow().timeouts()))
                .column("closes_fast_retransmit", r -> CsvTable.format("%d", r.flow().closesByCause().get("FAST_RETRANSMIT")))
                .column("closes_timeout", r -> CsvTable.format("%d", r.flow().closesByCause().get("TIMEOUT")))
                .column("closes_acns", r -> CsvTable.format("%d", r.flow().closesByCause().get("ACNS")))
                .column("commands_normal", r -> CsvTable.format("%d", r.flow().commandsReceived()[1]))
                .column("commands_freeze", r -> CsvTable.format("%d", r.flow().commandsReceived()[2]))
                .column("commands_fallback", r -> CsvTable.format("%d", r.flow().commandsReceived()[3]))
                .column("requests", r -> CsvTable.format("%d", r.flow().requests()))
                .column("loss_trend_freeze", r -> CsvTable.format("%d", r.flow().lossTrends()[1]))
                .column("loss_trend_fallback", r -> CsvTable.format("%d", r.flow().lossTrends()[2]))
                .column("loss_trend_decrease", r -> CsvTable.format("%d", r.flow().lossTrends()[3]))
                .write(file, rows);
    }

    private record FlowRow(AcnsRun run, FlowResult flow) {
    }

    /** One sample of one flow: {time s, throughput b/s, path RTT ms, cwnd, RDP's latest RTT ms, ACNS command in force, drops}. */
    private record SeriesRow(String flow, double[] sample) {
    }

    private static List<SeriesRow> seriesRows(AcnsRun r) {
        List<SeriesRow> rows = new ArrayList<>();
        for (FlowResult f : r.result().flows()) {
            f.series().forEach(s -> rows.add(new SeriesRow(f.name(), s)));
        }
        return rows;
    }

    private static CsvTable<SeriesRow> series() {
        return new CsvTable<SeriesRow>()
                .column("time_s", r -> CsvTable.format("%.1f", r.sample()[0]))
                .column("flow", SeriesRow::flow)
                .column("throughput_mbps", r -> CsvTable.format("%.4f", r.sample()[1] / 1e6))
                .column("path_rtt_ms", r -> Double.isNaN(r.sample()[2]) ? "" : CsvTable.format("%.1f", r.sample()[2]))
                .column("cwnd", r -> CsvTable.format("%.2f", r.sample()[3]))
                .column("rdp_latest_rtt_ms", r -> Double.isNaN(r.sample()[4]) ? "" : CsvTable.format("%.1f", r.sample()[4]))
                .column("acns_command", r -> Double.isNaN(r.sample()[5]) ? "" : CsvTable.format("%.0f", r.sample()[5]))
                .column("drops", r -> CsvTable.format("%.0f", r.sample()[6]));
    }

    private static void plot(AcnsRun r, int column, String yLabel, double scale, String title, Path file) throws IOException {
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

    @Override
    public void print(PrintWriter out, Outcome<AcnsRun, Summary> done) {
        out.print(done.summary().tables());
    }
}
