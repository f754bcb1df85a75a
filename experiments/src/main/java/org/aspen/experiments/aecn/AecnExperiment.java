package org.aspen.experiments.aecn;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.aecn.AecnRun.Setup;
import org.aspen.experiments.sweep.CsvTable;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Sweep;
import org.aspen.experiments.sweep.Verdicts;

/**
 * {@code aspen experiment aecn}: the AntiECN paper's three experiments, scaled, with Table I. One
 * {@link AecnRun} per planned run, then {@code runs.csv}, one series CSV per run (time, cwnd per
 * flow, utilisation), {@code comparison.md}, {@code summary.json} and the Figures 3-10 as PNGs.
 *
 * <pre>{@code
 * Sweep.run(new AecnExperiment(AecnExperiment.Params.of(0.1, 1000, 3)), new Sweep.Options(2, Path.of("aecn"), false), out);
 * }</pre>
 *
 * Paper-equivalent set-up ({@code docs/results-aecn.md}): C = 1 Gb/s, 1000-byte packets, RTT 40 and
 * 200 ms, AVQ (gamma 0.96) for the ECN marks, its virtual buffer the real one (one BDP) unless a
 * sensitivity run asks for another. Scaled by k: C, every buffer in packets and the start spread are
 * multiplied by k; the RTT and packet size are kept. Windows then scale by k and so do Reno's ramps
 * in RTTs; every run lasts the same number of RTTs at both RTTs.
 *
 * <p>{@linkplain Params#preregistered Pre-registered} (issue 29): the primary baseline's sweep and the
 * same sweep on Aspen RDP (the "Aspen RDP" column, its files prefixed {@code rdp-}), judged by
 * {@code preregistration/aecn.yaml}; the single-flow runs (Experiments 1 and 2), which the seed does
 * not change, run once (seed 1), Experiment 3 once per seed.
 */
public final class AecnExperiment implements Experiment<AecnExperiment.RunSpec, AecnExperiment.Result, AecnExperiment.Summary> {
    public static final double[] ETAS = {0.40, 0.50, 0.60, 0.75};
    static final int[] RTTS = {40, 200};
    /** Experiment 2's virtual buffers at full size, in packets (the first is the 40 ms BDP). */
    public static final int[] EXP2_BUFFERS = {5000, 2500, 1000, 100};
    public static final long PAPER_BPS = 1_000_000_000L;
    /** The floor of a scaled AVQ virtual buffer given in packets (sensitivity runs only). */
    public static final int AVQ_BUFFER_MIN = 10;
    /** Table I as the paper prints it: gain in % at 40 and 200 ms for each eta of {@link #ETAS}. */
    static final double[][] PAPER_TABLE_ONE = {{10, 12, 17, 19}, {17, 20, 26, 29}};

    private final Params params;

    /**
     * @param scale     k: C and every buffer in packets as a share of the paper's
     * @param rtts      run length in RTTs (the same at 40 and 200 ms)
     * @param seeds     runs per point, seeds 1..seeds
     * @param avqBuffer AVQ's virtual buffer in full-size packets (scaled by k, floor 10), or 0 for the
     *                  real buffer, one BDP (AVQ's design: the virtual queue has the real queue's buffer)
     * @param baseline  the senders' transport (the primary one when pre-registered)
     * @param preregistered judged by {@code preregistration/aecn.yaml}, with the same sweep on Aspen RDP
     *                  beside it; needs an ns-2 baseline
     */
    public record Params(double scale, int rtts, int seeds, int avqBuffer, AecnBaseline baseline, boolean preregistered) {
        public Params {
            if (preregistered && !baseline.ns2()) {
                throw new IllegalArgumentException("--preregistered runs an ns-2 baseline (ns2 or ns2-2.35) with rdp beside it, not --baseline "
                        + baseline.id());
            }
        }

        /** Not pre-registered (every committed result before issue #29). */
        public Params(double scale, int rtts, int seeds, int avqBuffer, AecnBaseline baseline) {
            this(scale, rtts, seeds, avqBuffer, baseline, false);
        }

        /** On Aspen RDP (the committed results before issue #28). */
        public Params(double scale, int rtts, int seeds, int avqBuffer) {
            this(scale, rtts, seeds, avqBuffer, AecnBaseline.RDP);
        }

        public static Params of(double scale, int rtts, int seeds) {
            return new Params(scale, rtts, seeds, 0);
        }

        public Params withBaseline(AecnBaseline b) {
            return new Params(scale, rtts, seeds, avqBuffer, b, preregistered && b.ns2());
        }

        /** This sweep, judged by its pre-registration with the same sweep on Aspen RDP beside it. */
        public Params preregister() {
            return new Params(scale, rtts, seeds, avqBuffer, baseline, true);
        }

        public long bandwidth() {
            return Math.round(PAPER_BPS * scale);
        }

        int packets(double fullSize) {
            return (int) Math.max(1, Math.round(fullSize * scale));
        }

        public int bdp(int rttMs) {
            return packets(PAPER_BPS * rttMs / 1e3 / 8 / AecnRun.FRAME);
        }

        public Setup setup(int rttMs, double eta, int virtualBuffer, int flows, long seed) {
            return new Setup(rttMs, eta, virtualBuffer, flows, rtts * rttMs / 1e3, bandwidth(), bdp(rttMs),
                    avqBufferPackets(rttMs), 10 * scale, seed, baseline);
        }

        /**
         * One BDP (the real buffer) by default. A size in packets is scaled with a floor of 10: below it a
         * window's growth by one (two packets back to back) already overflows the virtual queue.
         */
        public int avqBufferPackets(int rttMs) {
            return avqBuffer == 0 ? bdp(rttMs) : Math.max(AVQ_BUFFER_MIN, packets(avqBuffer));
        }

        String avqBufferLabel() {
            return avqBuffer == 0 ? "bdp" : Integer.toString(avqBuffer);
        }
    }

    /**
     * A run, the part of the paper it belongs to ({@code exp1}, {@code exp1long}: Experiment 1 over a
     * longer run, {@code exp2}, {@code exp3}; the files call it {@code experiment}) and its label;
     * {@code sensitivity}: a run of the pre-registered sweep's "Aspen RDP" column.
     */
    public record RunSpec(String part, String label, Setup setup, boolean sensitivity) {
        public RunSpec(String part, String label, Setup setup) {
            this(part, label, setup, false);
        }

        String file() {
            return (sensitivity ? setup.baseline().id() + "-" : "") + part + "-" + setup.rttMs() + "ms-" + label.replace("%", "").replace(' ', '-').replace("=", "")
                    + "-seed" + setup.seed() + ".csv";
        }
    }

    /** A run and what it measured. */
    public record Result(RunSpec what, AecnRun run) {
    }

    /** One run as {@code summary.json} lists it. */
    public record RunRow(String experiment, String label, long seed, int rttMs, double eta, int virtualBufferPackets,
                         int avqBufferPackets, int flows, double simulatedSeconds, double utilisation, double improvementPct,
                         double slowStartEndPackets, long ecnMarks, long drops, long retransmissions, long aecnKept,
                         long aggressiveAcks, double jain, String series,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                         String baseline) {
    }

    /**
     * What {@code summary.json} holds: the paper comparison, the set-up, Table I (improvement in % by
     * column and eta: mean, sd, 95 % interval over the seeds) and every run.
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Summary(String experiment, List<PaperComparison> paperComparison, Preregistration.Ref preregistration,
                          double scale, long bandwidthBps,
                          int rttsPerRun, int seeds, double avqGamma, String avqBuffer, String baseline,
                          String sensitivityBaseline, Map<String, Object> agent, double wallSeconds,
                          Map<String, Map<String, Stat>> tableOneImprovementPct, List<RunRow> runs) {
    }

    public AecnExperiment(Params params) {
        this.params = params;
    }

    public Params params() {
        return params;
    }

    @Override
    public String name() {
        return "aecn";
    }

    /**
     * Per seed: Experiment 1 (Reno and each eta at both RTTs), 2 (virtual buffers), 3 (three flows,
     * Reno and AECN). Pre-registered: Experiments 1 and 2 for seed 1 only (the seed does not change
     * a single flow's run), Experiment 3 for every seed, first on the primary baseline, then the
     * same on Aspen RDP.
     */
    @Override
    public List<RunSpec> plan() {
        List<RunSpec> l = new ArrayList<>();
        if (!params.preregistered()) {
            plan(params, false, false, l);
        } else {
            plan(params, true, false, l);
            plan(params.withBaseline(AecnBaseline.RDP), true, true, l);
        }
        return l;
    }

    private static void plan(Params p, boolean singleFlowsOnce, boolean sensitivity, List<RunSpec> l) {
        for (long seed = 1; seed <= p.seeds(); seed++) {
            if (seed == 1 || !singleFlowsOnce) {
                for (int rtt : RTTS) {
                    l.add(new RunSpec("exp1", "reno", p.setup(rtt, 0, p.bdp(rtt), 1, seed), sensitivity));
                    for (double eta : ETAS) {
                        l.add(new RunSpec("exp1", label(eta), p.setup(rtt, eta, p.bdp(rtt), 1, seed), sensitivity));
                    }
                }
                for (int b : EXP2_BUFFERS) {
                    l.add(new RunSpec("exp2", "B=" + b, p.setup(40, 0.5, p.packets(b), 1, seed), sensitivity));
                }
            }
            l.add(new RunSpec("exp3", "reno", p.setup(40, 0, p.bdp(40), 3, seed), sensitivity));
            l.add(new RunSpec("exp3", "aecn 50%", p.setup(40, 0.5, p.bdp(40), 3, seed), sensitivity));
        }
    }

    /** The runs of the primary baseline ({@code false}) or of the "Aspen RDP" column ({@code true}). */
    static List<Result> of(List<Result> results, boolean sensitivity) {
        return results.stream().filter(r -> r.what().sensitivity() == sensitivity).toList();
    }

    static String label(double eta) {
        return String.format(Locale.ROOT, "aecn %.0f%%", eta * 100);
    }

    /** The 200 ms and three-flow runs are the longest: they go first so the threads finish together. */
    @Override
    public Comparator<RunSpec> startOrder() {
        return Comparator.comparingDouble((RunSpec r) -> cost(r.setup())).reversed();
    }

    private static double cost(Setup s) {
        return s.flows() * s.bdpPackets() * s.durationSeconds() / s.rttMs();
    }

    @Override
    public Result run(RunSpec r) {
        return new Result(r, AecnRun.simulate(r.setup()));
    }

    @Override
    public Summary summarise(List<Result> results, double wallSeconds) {
        List<Result> primary = of(results, false);
        Map<String, Map<String, Stat>> table = new LinkedHashMap<>();
        for (int rtt : RTTS) {
            Map<String, Stat> col = new LinkedHashMap<>();
            for (double eta : ETAS) {
                col.put(String.format(Locale.ROOT, "%.2f", eta), gain(primary, "exp1", rtt, label(eta)));
            }
            table.put(rtt + "ms", col);
        }
        List<RunRow> runs = new ArrayList<>();
        for (Result r : results) {
            Setup s = r.what().setup();
            AecnRun x = r.run();
            runs.add(new RunRow(r.what().part(), r.what().label(), s.seed(), s.rttMs(), s.eta(), s.virtualBufferPackets(),
                    s.avqBufferPackets(), s.flows(), s.durationSeconds(), round(x.utilisation()), round(improvement(results, r)),
                    x.slowStartEnd(), x.ecnMarks(), x.drops(), x.retransmissions(), x.aecnKept(), x.aggressiveAcks(),
                    round(x.jain()), r.what().file(), params.preregistered() ? s.baseline().id() : null));
        }
        if (params.preregistered()) {
            Preregistration pre = Preregistration.load(name());
            return new Summary(name(), AecnPreregistered.rows(pre, primary, of(results, true), params), pre.ref(),
                    params.scale(), params.bandwidth(), params.rtts(), params.seeds(), AecnRun.GAMMA, params.avqBufferLabel(),
                    params.baseline().id(), AecnBaseline.RDP.id(), params.baseline().agent(), Sweep.tenths(wallSeconds), table, runs);
        }
        return new Summary(name(), AecnComparison.rows(results, table, params), null, params.scale(), params.bandwidth(), params.rtts(),
                params.seeds(), AecnRun.GAMMA, params.avqBufferLabel(), params.baseline() != AecnBaseline.RDP ? params.baseline().id() : null,
                null, params.baseline().agent(), Sweep.tenths(wallSeconds), table, runs);
    }

    /** The gain in % of the runs labelled {@code label} in {@code part} at {@code rtt} over the seeds. */
    static Stat gain(List<Result> results, String part, int rtt, String label) {
        return Stat.of(select(results, part, rtt, label), r -> improvement(results, r));
    }

    static List<Result> select(List<Result> results, String part, int rtt, String label) {
        return results.stream().filter(r -> r.what().part().equals(part) && r.what().setup().rttMs() == rtt
                && r.what().label().equals(label)).toList();
    }

    /**
     * Percentage improvement of the run's utilisation over Reno's in the same experiment, RTT, seed
     * and baseline (0 for Reno).
     */
    static double improvement(List<Result> results, Result r) {
        String base = r.what().part().equals("exp2") ? "exp1" : r.what().part();
        Result reno = results.stream().filter(x -> x.what().part().equals(base) && x.what().label().equals("reno")
                && x.what().sensitivity() == r.what().sensitivity()
                && x.what().setup().rttMs() == r.what().setup().rttMs() && x.what().setup().seed() == r.what().setup().seed())
                .findFirst().orElse(null);
        if (reno == null || reno.run().utilisation() == 0) {
            return Double.NaN;
        }
        return 100 * (r.run().utilisation() / reno.run().utilisation() - 1);
    }

    private static double round(double v) {
        return Double.isNaN(v) ? Double.NaN : Math.round(v * 1e4) / 1e4;
    }

    @Override
    public void write(Outcome<Result, Summary> done) throws IOException {
        List<Result> results = done.runs();
        CsvTable<Result> runsCsv = new CsvTable<>();
        if (params.preregistered()) {
            runsCsv.column("baseline", r -> r.what().setup().baseline().id());
        }
        runsCsv.column("experiment", r -> r.what().part())
                .column("label", r -> r.what().label())
                .column("seed", r -> CsvTable.format("%d", r.what().setup().seed()))
                .column("rtt_ms", r -> CsvTable.format("%d", r.what().setup().rttMs()))
                .column("eta", r -> CsvTable.format("%.2f", r.what().setup().eta()))
                .column("virtual_buffer_packets", r -> CsvTable.format("%d", r.what().setup().virtualBufferPackets()))
                .column("avq_buffer_packets", r -> CsvTable.format("%d", r.what().setup().avqBufferPackets()))
                .column("flows", r -> CsvTable.format("%d", r.what().setup().flows()))
                .column("bandwidth_bps", r -> CsvTable.format("%d", r.what().setup().bandwidthBps()))
                .column("duration_s", r -> CsvTable.format("%.3f", r.what().setup().durationSeconds()))
                .column("utilisation", r -> CsvTable.format("%.5f", r.run().utilisation()))
                .column("improvement_pct", r -> CsvTable.format("%.2f", improvement(results, r)))
                .column("slow_start_end_packets", r -> CsvTable.format("%.1f", r.run().slowStartEnd()))
                .column("ecn_marks", r -> CsvTable.format("%d", r.run().ecnMarks()))
                .column("drops", r -> CsvTable.format("%d", r.run().drops()))
                .column("retransmissions", r -> CsvTable.format("%d", r.run().retransmissions()))
                .column("aecn_kept", r -> CsvTable.format("%d", r.run().aecnKept()))
                .column("aecn_cleared", r -> CsvTable.format("%d", r.run().aecnCleared()))
                .column("aggressive_acks", r -> CsvTable.format("%d", r.run().aggressiveAcks()))
                .column("jain", r -> CsvTable.format("%.4f", r.run().jain()))
                .column("wall_s", r -> CsvTable.format("%.2f", r.run().wallSeconds()))
                .write(done.dir().resolve("runs.csv"), results);
        for (Result r : results) {
            series(r.what().setup().flows()).write(done.dir().resolve(r.what().file()), r.run().samples());
        }
        AecnPlots.writeAll(of(results, false).stream().filter(r -> r.what().setup().seed() == 1).toList(), params, done.dir());
        Files.writeString(done.dir().resolve("comparison.md"), tableOne(results) + "\n" + PaperComparison.markdown(done.summary().paperComparison()));
    }

    /** A run's samples: time, each flow's cwnd, the bottleneck's utilisation since the last sample. */
    private static CsvTable<AecnRun.Sample> series(int flows) {
        CsvTable<AecnRun.Sample> t = new CsvTable<AecnRun.Sample>().column("time_s", s -> CsvTable.format("%.3f", s.seconds()));
        for (int i = 0; i < flows; i++) {
            int k = i;
            t.column("cwnd" + (i + 1), s -> CsvTable.format("%.2f", s.cwnd()[k]));
        }
        return t.column("utilisation", s -> CsvTable.format("%.4f", s.utilisation()));
    }

    /**
     * Table I as markdown: improvement in overall throughput over Reno (mean +- 95 % interval over the
     * seeds), paper beside; pre-registered, the primary baseline's and Aspen RDP's beside the paper's
     * ({@link Verdicts#cell}: the single-flow runs are one deterministic run).
     */
    String tableOne(List<Result> results) {
        if (params.preregistered()) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "| | paper 40 ms | Aspen (%1$s) 40 ms | Aspen RDP 40 ms "
                    + "| paper 200 ms | Aspen (%1$s) 200 ms | Aspen RDP 200 ms |%n|---|---|---|---|---|---|---|%n"
                    + "| No AECN (Reno) | — | — | — | — | — | — |%n", params.baseline().id()));
            for (int i = 0; i < ETAS.length; i++) {
                b.append(String.format(Locale.ROOT, "| AECN threshold %.0f%% |", ETAS[i] * 100));
                for (int c = 0; c < RTTS.length; c++) {
                    b.append(String.format(Locale.ROOT, " %.0f%% |", PAPER_TABLE_ONE[c][i]));
                    for (boolean rdp : new boolean[] {false, true}) {
                        List<Result> side = of(results, rdp);
                        double[] g = select(side, "exp1", RTTS[c], label(ETAS[i])).stream().mapToDouble(r -> improvement(side, r)).toArray();
                        b.append(' ').append(Verdicts.cell(g, false, "%.1f %%")).append(" |");
                    }
                }
                b.append('\n');
            }
            return b.toString();
        }
        StringBuilder b = new StringBuilder("| | paper 40 ms | Aspen 40 ms | paper 200 ms | Aspen 200 ms |\n|---|---|---|---|---|\n"
                + "| No AECN (Reno) | — | — | — | — |\n");
        for (int i = 0; i < ETAS.length; i++) {
            b.append(String.format(Locale.ROOT, "| AECN threshold %.0f%% |", ETAS[i] * 100));
            for (int c = 0; c < RTTS.length; c++) {
                b.append(String.format(Locale.ROOT, " %.0f%% | %s |", PAPER_TABLE_ONE[c][i],
                        AecnComparison.pct(gain(results, "exp1", RTTS[c], label(ETAS[i])))));
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Override
    public void print(PrintWriter o, Outcome<Result, Summary> done) {
        List<Result> results = done.runs();
        o.printf(Locale.ROOT, "aecn: %d runs (scale %.3g: C = %.0f Mb/s, %d RTTs each, AVQ buffer %s) in %.1f s; files in %s%n",
                results.size(), params.scale(), params.bandwidth() / 1e6, params.rtts(), params.avqBufferLabel(), done.wallSeconds(),
                done.dir());
        if (params.preregistered()) {
            o.printf(Locale.ROOT, "pre-registration %s (git blob %s); the runs marked rdp are the Aspen RDP column%n",
                    done.summary().preregistration().file(), done.summary().preregistration().gitBlob());
        }
        o.printf(Locale.ROOT, "%-5s %-10s %4s %6s %8s %12s %8s %8s %6s %6s %7s%n", "exp", "run", "seed", "RTT ms", "VB pkts",
                "utilisation", "vs Reno", "SS end", "marks", "drops", "Jain");
        for (Result r : results) {
            Setup s = r.what().setup();
            o.printf(Locale.ROOT, "%-5s %-10s %4d %6d %8d %12.3f %7.1f%% %8.0f %6d %6d %7.3f%n",
                    (r.what().sensitivity() ? "rdp " : "") + r.what().part(), r.what().label(),
                    s.seed(), s.rttMs(), s.virtualBufferPackets(), r.run().utilisation(), improvement(results, r),
                    r.run().slowStartEnd(), r.run().ecnMarks(), r.run().drops(), r.run().jain());
        }
        o.println();
        o.print(tableOne(results));
        o.println();
        o.print(PaperComparison.markdown(done.summary().paperComparison()));
    }
}
