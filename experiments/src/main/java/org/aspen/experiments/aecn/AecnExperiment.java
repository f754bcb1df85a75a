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
import org.aspen.experiments.sweep.Sweep;

/**
 * {@code aspen experiment aecn}: the AntiECN paper's three experiments, scaled, with Table I. One
 * {@link AecnRun} per planned run, then {@code runs.csv}, one series CSV per run (time, cwnd per
 * flow, utilisation), {@code table1.md}, {@code summary.json} and the Figures 3-10 as PNGs.
 *
 * <pre>{@code
 * Sweep.run(new AecnExperiment(AecnExperiment.Params.of(0.1, 200)), new Sweep.Options(2, Path.of("aecn"), false), out);
 * }</pre>
 *
 * Paper-equivalent set-up ({@code docs/results-aecn.md}): C = 1 Gb/s, 1000-byte packets, RTT 40 and
 * 200 ms, AVQ (gamma 0.96) for the ECN marks. Scaled by k: C, every buffer in packets, the run length
 * and the start spread are multiplied by k; the RTT and packet size are kept. Windows then scale by
 * k and so do Reno's ramps in RTTs, so a run covers the same share of them as the full-size one.
 */
public final class AecnExperiment implements Experiment<AecnExperiment.RunSpec, AecnExperiment.Result, AecnExperiment.Summary> {
    public static final double[] ETAS = {0.40, 0.50, 0.60, 0.75};
    static final int[] RTTS = {40, 200};
    /** Experiment 2's virtual buffers at full size, in packets (the first is the 40 ms BDP). */
    public static final int[] EXP2_BUFFERS = {5000, 2500, 1000, 100};
    public static final long PAPER_BPS = 1_000_000_000L;
    /** AVQ's virtual buffer at full size (the paper does not give it; ours), and its floor when scaled. */
    public static final int AVQ_BUFFER = 100;
    public static final int AVQ_BUFFER_MIN = 10;
    public static final int LONG_RTT = 200;
    public static final int LONG_FACTOR = 10;

    private final Params params;

    /** The scale k, the paper-equivalent run length (seconds) and the seed of every run. */
    public record Params(double scale, double paperSeconds, long seed) {
        public static Params of(double scale, double paperSeconds) {
            return new Params(scale, paperSeconds, 1);
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

        public Setup setup(int rttMs, double eta, int virtualBuffer, int flows) {
            return setup(rttMs, eta, virtualBuffer, flows, paperSeconds);
        }

        Setup setup(int rttMs, double eta, int virtualBuffer, int flows, double fullSizeSeconds) {
            return new Setup(rttMs, eta, virtualBuffer, flows, fullSizeSeconds * scale, bandwidth(), bdp(rttMs),
                    avqBuffer(), 10 * scale, seed);
        }

        /**
         * Below 10 packets a window's growth by one (two packets back to back) already overflows the
         * virtual queue and every increase is marked, which a full-size link never does: hence the floor.
         */
        int avqBuffer() {
            return Math.max(AVQ_BUFFER_MIN, packets(AVQ_BUFFER));
        }
    }

    /**
     * A run, the part of the paper it belongs to ({@code exp1}, {@code exp1long}: Experiment 1 over a
     * longer run, {@code exp2}, {@code exp3}; the files call it {@code experiment}) and its label.
     */
    public record RunSpec(String part, String label, Setup setup) {
        String file() {
            return part + "-" + setup.rttMs() + "ms-" + label.replace("%", "").replace(' ', '-').replace("=", "") + ".csv";
        }
    }

    /** A run and what it measured. */
    public record Result(RunSpec what, AecnRun run) {
    }

    /** One run as {@code summary.json} lists it. */
    public record RunRow(String experiment, String label, int rttMs, double eta, int virtualBufferPackets, int flows,
                         double simulatedSeconds, double utilisation, double improvementPct, long ecnMarks, long drops,
                         long retransmissions, long aggressiveAcks, double jain, String series) {
    }

    /** What {@code summary.json} holds: the set-up, Table I (improvement in % by column and eta) and every run. */
    public record Summary(String experiment, double scale, long bandwidthBps, double paperEquivalentSeconds,
                          double simulatedSecondsPerRun, double avqGamma, int avqBufferPackets, double wallSeconds,
                          Map<String, Map<String, Double>> tableOneImprovementPct, List<RunRow> runs) {
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
     * Experiment 1 (Reno and each eta at both RTTs, same run length), the same at 200 ms over
     * {@link #LONG_FACTOR} times the run length ({@code exp1long}: twice as many RTTs as at 40 ms),
     * 2 (virtual buffers), 3 (three flows, Reno and AECN).
     */
    @Override
    public List<RunSpec> plan() {
        Params p = params;
        List<RunSpec> l = new ArrayList<>();
        for (int rtt : RTTS) {
            l.add(new RunSpec("exp1", "reno", p.setup(rtt, 0, p.bdp(rtt), 1)));
            for (double eta : ETAS) {
                l.add(new RunSpec("exp1", label(eta), p.setup(rtt, eta, p.bdp(rtt), 1)));
            }
        }
        double longer = p.paperSeconds() * LONG_FACTOR;
        l.add(new RunSpec("exp1long", "reno", p.setup(LONG_RTT, 0, p.bdp(LONG_RTT), 1, longer)));
        for (double eta : ETAS) {
            l.add(new RunSpec("exp1long", label(eta), p.setup(LONG_RTT, eta, p.bdp(LONG_RTT), 1, longer)));
        }
        for (int b : EXP2_BUFFERS) {
            l.add(new RunSpec("exp2", "B=" + b, p.setup(40, 0.5, p.packets(b), 1)));
        }
        l.add(new RunSpec("exp3", "reno", p.setup(40, 0, p.bdp(40), 3)));
        l.add(new RunSpec("exp3", "aecn 50%", p.setup(40, 0.5, p.bdp(40), 3)));
        return l;
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
        Map<String, Map<String, Double>> table = new LinkedHashMap<>();
        for (String[] c : new String[][] {{"exp1", "40", "40ms"}, {"exp1", "200", "200ms"}, {"exp1long", "200", "200msLong"}}) {
            Map<String, Double> col = new LinkedHashMap<>();
            for (Result r : results) {
                if (r.what().part().equals(c[0]) && r.what().setup().rttMs() == Integer.parseInt(c[1]) && r.what().setup().aecn()) {
                    col.put(String.format(Locale.ROOT, "%.2f", r.what().setup().eta()), round(improvement(results, r)));
                }
            }
            table.put(c[2], col);
        }
        List<RunRow> runs = new ArrayList<>();
        for (Result r : results) {
            Setup s = r.what().setup();
            AecnRun x = r.run();
            runs.add(new RunRow(r.what().part(), r.what().label(), s.rttMs(), s.eta(), s.virtualBufferPackets(), s.flows(),
                    s.durationSeconds(), round(x.utilisation()), round(improvement(results, r)), x.ecnMarks(), x.drops(),
                    x.retransmissions(), x.aggressiveAcks(), round(x.jain()), r.what().file()));
        }
        return new Summary(name(), params.scale(), params.bandwidth(), params.paperSeconds(),
                params.paperSeconds() * params.scale(), AecnRun.GAMMA, params.avqBuffer(), Sweep.tenths(wallSeconds), table, runs);
    }

    /** Percentage improvement of the run's utilisation over Reno's in the same experiment and RTT (0 for Reno). */
    static double improvement(List<Result> results, Result r) {
        String base = r.what().part().equals("exp2") ? "exp1" : r.what().part();
        Result reno = results.stream().filter(x -> x.what().part().equals(base) && x.what().label().equals("reno")
                && x.what().setup().rttMs() == r.what().setup().rttMs()).findFirst().orElse(null);
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
        new CsvTable<Result>()
                .column("experiment", r -> r.what().part())
                .column("label", r -> r.what().label())
                .column("rtt_ms", r -> CsvTable.format("%d", r.what().setup().rttMs()))
                .column("eta", r -> CsvTable.format("%.2f", r.what().setup().eta()))
                .column("virtual_buffer_packets", r -> CsvTable.format("%d", r.what().setup().virtualBufferPackets()))
                .column("flows", r -> CsvTable.format("%d", r.what().setup().flows()))
                .column("bandwidth_bps", r -> CsvTable.format("%d", r.what().setup().bandwidthBps()))
                .column("duration_s", r -> CsvTable.format("%.3f", r.what().setup().durationSeconds()))
                .column("utilisation", r -> CsvTable.format("%.5f", r.run().utilisation()))
                .column("improvement_pct", r -> CsvTable.format("%.2f", improvement(results, r)))
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
        AecnPlots.writeAll(results, params, done.dir());
        Files.writeString(done.dir().resolve("table1.md"), tableOne(results));
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

    /** Table I as markdown: improvement in overall throughput over Reno, per threshold and RTT. */
    static String tableOne(List<Result> results) {
        StringBuilder b = new StringBuilder("| | 40 ms | 200 ms | 200 ms, 10x longer run |\n|---|---|---|---|\n"
                + "| No AECN (Reno) | — | — | — |\n");
        for (double eta : ETAS) {
            b.append(String.format(Locale.ROOT, "| AECN threshold %.0f%% |", eta * 100));
            for (String[] col : new String[][] {{"exp1", "40"}, {"exp1", "200"}, {"exp1long", "200"}}) {
                Result r = results.stream().filter(x -> x.what().part().equals(col[0])
                        && x.what().setup().rttMs() == Integer.parseInt(col[1]) && x.what().setup().eta() == eta).findFirst().orElse(null);
                b.append(r == null ? " |" : String.format(Locale.ROOT, " %.1f%% |", improvement(results, r)));
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Override
    public void print(PrintWriter o, Outcome<Result, Summary> done) {
        List<Result> results = done.runs();
        o.printf(Locale.ROOT, "aecn: %d runs (scale %.3g: C = %.0f Mb/s, %.1f s simulated each) in %.1f s; files in %s%n",
                results.size(), params.scale(), params.bandwidth() / 1e6, params.paperSeconds() * params.scale(), done.wallSeconds(),
                done.dir());
        o.printf(Locale.ROOT, "%-5s %-10s %6s %8s %12s %8s %6s %6s %7s%n", "exp", "run", "RTT ms", "VB pkts", "utilisation",
                "vs Reno", "marks", "drops", "Jain");
        for (Result r : results) {
            Setup s = r.what().setup();
            o.printf(Locale.ROOT, "%-5s %-10s %6d %8d %12.3f %7.1f%% %6d %6d %7.3f%n", r.what().part(), r.what().label(),
                    s.rttMs(), s.virtualBufferPackets(), r.run().utilisation(), improvement(results, r), r.run().ecnMarks(),
                    r.run().drops(), r.run().jain());
        }
        o.println();
        o.print(tableOne(results));
    }
}
