package org.aspen.experiments.aecn;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.aecn.AecnExperiment.Run;
import org.aspen.experiments.aecn.AecnExperiment.Setup;
import org.aspen.experiments.sweep.ParallelRuns;

/**
 * {@code aspen experiment aecn}: the AntiECN paper's three experiments, scaled, with Table I.
 *
 * <pre>{@code
 * AecnSweep.Plan plan = AecnSweep.Plan.of(0.1, 200);        // scale k, paper-equivalent seconds
 * List<AecnSweep.Result> results = AecnSweep.sweep(plan.runs(), 2);
 * Map<String, Object> summary = AecnSweep.write(plan, results, Path.of("aecn"), wallSeconds);
 * }</pre>
 *
 * Paper-equivalent set-up ({@code docs/results-aecn.md}): C = 1 Gb/s, 1000-byte packets, RTT 40 and
 * 200 ms, AVQ (gamma 0.96) for the ECN marks. Scaled by k: C, every buffer in packets, the run length
 * and the start spread are multiplied by k; the RTT and packet size are kept. Windows then scale by
 * k and so do Reno's ramps in RTTs, so a run covers the same share of them as the full-size one.
 */
public final class AecnSweep {
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

    /** The runs to make: scale, paper-equivalent run length (seconds), seed. */
    public record Plan(double scale, double paperSeconds, long seed) {
        public static Plan of(double scale, double paperSeconds) {
            return new Plan(scale, paperSeconds, 1);
        }

        long bandwidth() {
            return Math.round(PAPER_BPS * scale);
        }

        int packets(double fullSize) {
            return (int) Math.max(1, Math.round(fullSize * scale));
        }

        public int bdp(int rttMs) {
            return packets(PAPER_BPS * rttMs / 1e3 / 8 / AecnExperiment.FRAME);
        }

        Setup setup(int rttMs, double eta, int virtualBuffer, int flows) {
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

        /**
         * Experiment 1 (Reno and each eta at both RTTs, same run length), the same at 200 ms over
         * {@link #LONG_FACTOR} times the run length ({@code exp1long}: twice as many RTTs as at 40 ms),
         * 2 (virtual buffers), 3 (three flows, Reno and AECN).
         */
        public List<Labelled> runs() {
            List<Labelled> l = new ArrayList<>();
            for (int rtt : RTTS) {
                l.add(new Labelled("exp1", "reno", setup(rtt, 0, bdp(rtt), 1)));
                for (double eta : ETAS) {
                    l.add(new Labelled("exp1", label(eta), setup(rtt, eta, bdp(rtt), 1)));
                }
            }
            double longer = paperSeconds * LONG_FACTOR;
            l.add(new Labelled("exp1long", "reno", setup(LONG_RTT, 0, bdp(LONG_RTT), 1, longer)));
            for (double eta : ETAS) {
                l.add(new Labelled("exp1long", label(eta), setup(LONG_RTT, eta, bdp(LONG_RTT), 1, longer)));
            }
            for (int b : EXP2_BUFFERS) {
                l.add(new Labelled("exp2", "B=" + b, setup(40, 0.5, packets(b), 1)));
            }
            l.add(new Labelled("exp3", "reno", setup(40, 0, bdp(40), 3)));
            l.add(new Labelled("exp3", "aecn 50%", setup(40, 0.5, bdp(40), 3)));
            return l;
        }
    }

    static String label(double eta) {
        return String.format(Locale.ROOT, "aecn %.0f%%", eta * 100);
    }

    /** A run with the experiment it belongs to and its label in tables and plots. */
    record Labelled(String experiment, String label, Setup setup) {
        String file() {
            return experiment + "-" + setup.rttMs() + "ms-" + label.replace("%", "").replace(' ', '-').replace("=", "") + ".csv";
        }
    }

    public record Result(Labelled what, Run run) {
    }

    private AecnSweep() {
    }

    public static List<Result> sweep(List<Labelled> runs, int threads) throws Exception {
        // the 200 ms and three-flow runs are the longest: they go first so the threads finish together
        List<Labelled> order = new ArrayList<>(runs);
        order.sort((a, b) -> Double.compare(cost(b.setup()), cost(a.setup())));
        List<java.util.concurrent.Callable<Result>> tasks = new ArrayList<>();
        for (Labelled l : order) {
            tasks.add(() -> new Result(l, AecnExperiment.run(l.setup())));
        }
        List<Result> out = new ArrayList<>(ParallelRuns.run("aecn", threads, tasks));
        out.sort((a, b) -> Integer.compare(runs.indexOf(a.what()), runs.indexOf(b.what())));
        return out;
    }

    private static double cost(Setup s) {
        return s.flows() * s.bdpPackets() * s.durationSeconds() / s.rttMs();
    }

    /** Writes runs.csv, one series CSV per run, the PNGs and summary.json; returns the summary. */
    public static Map<String, Object> write(Plan plan, List<Result> results, Path out, double wall) throws IOException {
        Files.createDirectories(out);
        try (Writer w = Files.newBufferedWriter(out.resolve("runs.csv"))) {
            w.write("experiment,label,rtt_ms,eta,virtual_buffer_packets,flows,bandwidth_bps,duration_s,utilisation,"
                    + "improvement_pct,ecn_marks,drops,retransmissions,aecn_kept,aecn_cleared,aggressive_acks,jain,wall_s\n");
            for (Result r : results) {
                Setup s = r.what().setup();
                Run x = r.run();
                w.write(String.format(Locale.ROOT, "%s,%s,%d,%.2f,%d,%d,%d,%.3f,%.5f,%.2f,%d,%d,%d,%d,%d,%d,%.4f,%.2f%n",
                        r.what().experiment(), r.what().label(), s.rttMs(), s.eta(), s.virtualBufferPackets(), s.flows(),
                        s.bandwidthBps(), s.durationSeconds(), x.utilisation(), improvement(results, r), x.ecnMarks(),
                        x.drops(), x.retransmissions(), x.aecnKept(), x.aecnCleared(), x.aggressiveAcks(), x.jain(),
                        x.wallSeconds()));
            }
        }
        for (Result r : results) {
            writeSeries(r.run(), out.resolve(r.what().file()));
        }
        AecnPlots.writeAll(results, plan, out);
        Map<String, Object> summary = summary(plan, results, wall);
        Files.writeString(out.resolve("summary.json"), new com.fasterxml.jackson.databind.ObjectMapper()
                .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(summary));
        Files.writeString(out.resolve("table1.md"), tableOne(results));
        return summary;
    }

    private static void writeSeries(Run run, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file)) {
            StringBuilder h = new StringBuilder("time_s");
            for (int i = 1; i <= run.setup().flows(); i++) {
                h.append(",cwnd").append(i);
            }
            w.write(h.append(",utilisation\n").toString());
            for (AecnExperiment.Sample s : run.samples()) {
                StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%.3f", s.seconds()));
                for (double c : s.cwnd()) {
                    row.append(String.format(Locale.ROOT, ",%.2f", c));
                }
                w.write(row.append(String.format(Locale.ROOT, ",%.4f%n", s.utilisation())).toString());
            }
        }
    }

    /** Percentage improvement of the run's utilisation over Reno's in the same experiment and RTT (0 for Reno). */
    static double improvement(List<Result> results, Result r) {
        Result reno = results.stream().filter(x -> x.what().experiment().equals(r.what().experiment().equals("exp2")
                ? "exp1" : r.what().experiment()) && x.what().label().equals("reno")
                && x.what().setup().rttMs() == r.what().setup().rttMs()).findFirst().orElse(null);
        if (reno == null || reno.run().utilisation() == 0) {
            return Double.NaN;
        }
        return 100 * (r.run().utilisation() / reno.run().utilisation() - 1);
    }

    static Map<String, Object> summary(Plan plan, List<Result> results, double wall) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", "aecn");
        m.put("scale", plan.scale());
        m.put("bandwidthBps", plan.bandwidth());
        m.put("paperEquivalentSeconds", plan.paperSeconds());
        m.put("simulatedSecondsPerRun", plan.paperSeconds() * plan.scale());
        m.put("avqGamma", AecnExperiment.GAMMA);
        m.put("avqBufferPackets", plan.avqBuffer());
        m.put("wallSeconds", Math.round(wall * 10) / 10.0);
        Map<String, Object> table = new LinkedHashMap<>();
        for (String[] c : new String[][] {{"exp1", "40", "40ms"}, {"exp1", "200", "200ms"}, {"exp1long", "200", "200msLong"}}) {
            Map<String, Object> col = new LinkedHashMap<>();
            for (Result r : results) {
                if (r.what().experiment().equals(c[0]) && r.what().setup().rttMs() == Integer.parseInt(c[1]) && r.what().setup().aecn()) {
                    col.put(String.format(Locale.ROOT, "%.2f", r.what().setup().eta()), round(improvement(results, r)));
                }
            }
            table.put(c[2], col);
        }
        m.put("tableOneImprovementPct", table);
        List<Map<String, Object>> runs = new ArrayList<>();
        for (Result r : results) {
            Map<String, Object> x = new LinkedHashMap<>();
            Setup s = r.what().setup();
            x.put("experiment", r.what().experiment());
            x.put("label", r.what().label());
            x.put("rttMs", s.rttMs());
            x.put("eta", s.eta());
            x.put("virtualBufferPackets", s.virtualBufferPackets());
            x.put("flows", s.flows());
            x.put("simulatedSeconds", s.durationSeconds());
            x.put("utilisation", round(r.run().utilisation()));
            x.put("improvementPct", round(improvement(results, r)));
            x.put("ecnMarks", r.run().ecnMarks());
            x.put("drops", r.run().drops());
            x.put("retransmissions", r.run().retransmissions());
            x.put("aggressiveAcks", r.run().aggressiveAcks());
            x.put("jain", round(r.run().jain()));
            x.put("series", r.what().file());
            runs.add(x);
        }
        m.put("runs", runs);
        return m;
    }

    private static double round(double v) {
        return Double.isNaN(v) ? Double.NaN : Math.round(v * 1e4) / 1e4;
    }

    /** Table I as markdown: improvement in overall throughput over Reno, per threshold and RTT. */
    static String tableOne(List<Result> results) {
        StringBuilder b = new StringBuilder("| | 40 ms | 200 ms | 200 ms, 10x longer run |\n|---|---|---|---|\n"
                + "| No AECN (Reno) | — | — | — |\n");
        for (double eta : ETAS) {
            b.append(String.format(Locale.ROOT, "| AECN threshold %.0f%% |", eta * 100));
            for (String[] col : new String[][] {{"exp1", "40"}, {"exp1", "200"}, {"exp1long", "200"}}) {
                Result r = results.stream().filter(x -> x.what().experiment().equals(col[0])
                        && x.what().setup().rttMs() == Integer.parseInt(col[1]) && x.what().setup().eta() == eta).findFirst().orElse(null);
                b.append(r == null ? " |" : String.format(Locale.ROOT, " %.1f%% |", improvement(results, r)));
            }
            b.append('\n');
        }
        return b.toString();
    }

    public static void printTable(PrintWriter o, Plan plan, List<Result> results, Path out, double wall) {
        o.printf(Locale.ROOT, "aecn: %d runs (scale %.3g: C = %.0f Mb/s, %.1f s simulated each) in %.1f s; files in %s%n",
                results.size(), plan.scale(), plan.bandwidth() / 1e6, plan.paperSeconds() * plan.scale(), wall, out);
        o.printf(Locale.ROOT, "%-5s %-10s %6s %8s %12s %8s %6s %6s %7s%n", "exp", "run", "RTT ms", "VB pkts", "utilisation",
                "vs Reno", "marks", "drops", "Jain");
        for (Result r : results) {
            Setup s = r.what().setup();
            o.printf(Locale.ROOT, "%-5s %-10s %6d %8d %12.3f %7.1f%% %6d %6d %7.3f%n", r.what().experiment(), r.what().label(),
                    s.rttMs(), s.virtualBufferPackets(), r.run().utilisation(), improvement(results, r), r.run().ecnMarks(),
                    r.run().drops(), r.run().jain());
        }
        o.println();
        o.print(tableOne(results));
    }
}
