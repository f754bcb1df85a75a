package org.aspen.experiments.aecn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.aecn.AecnExperiment.Params;
import org.aspen.experiments.aecn.AecnExperiment.Result;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Verdicts;

/**
 * The AntiECN comparison table of a pre-registered sweep (issue 29): Aspen's values at every point
 * {@code preregistration/aecn.yaml} registers, on the primary (ns-2) baseline and on Aspen RDP, each
 * row judged by the file's rule ({@link Preregistration#row}). The points, the paper's figures and
 * the rules are the file's; this class only measures.
 *
 * <pre>{@code
 * List<PaperComparison> rows = AecnPreregistered.rows(Preregistration.load("aecn"), ns2Runs, rdpRuns, params);
 * }</pre>
 *
 * Experiments 1 and 2 are single flows, which the seed does not change: their cells say "one
 * deterministic run" ({@link Verdicts#cell} with no random input). Experiment 3's start times come
 * from the seed: its cells give the 95 % interval over the seeds. A row that does not match gets,
 * after the rule's reason, what the primary run measured that explains it (slow start's end, the
 * drops, the AECN bits kept).
 */
final class AecnPreregistered {
    static final String TABLE_I_40 = "Table I: gain over Reno at 40 ms, eta 0.40 / 0.50 / 0.60 / 0.75";
    static final String TABLE_I_200 = "Table I: gain over Reno at 200 ms, eta 0.40 / 0.50 / 0.60 / 0.75";
    static final String RISING = "Table I: gain rises with eta";
    static final String LARGER = "Table I: gain larger at 200 ms than at 40 ms";
    static final String NO_LOSS = "Experiment 1: no losses at any threshold";
    static final String BUFFERS = "Experiment 2: smaller virtual buffer, higher utilisation (B = 5000 / 2500 / 1000 / 100)";
    static final String EXP3_GAIN = "Experiment 3: three flows, AECN utilisation above Reno (Figure 8)";
    static final String EXP3_FAIR = "Experiment 3: windows roughly identical after the transient (Figure 9)";
    private static final String AECN_50 = AecnExperiment.label(0.5);

    private AecnPreregistered() {
    }

    static List<PaperComparison> rows(Preregistration pre, List<Result> primary, List<Result> rdp, Params params) {
        List<PaperComparison> rows = new ArrayList<>();
        for (int rtt : AecnExperiment.RTTS) {
            rows.add(row(pre, rtt == 40 ? TABLE_I_40 : TABLE_I_200, primary, rdp, side -> gainPoints(side, rtt),
                    side -> joined(new ArrayList<>(gainPoints(side, rtt).values()), false, "%.1f %%"), tableCause(primary, rtt, params)));
        }
        rows.add(row(pre, RISING, primary, rdp, AecnPreregistered::risingPoints, side -> {
            List<double[]> steps = new ArrayList<>(risingPoints(side).values());
            return "steps " + twoRtts(steps, "%+.1f", " points");
        }, tableCause(primary, 40, params)));
        rows.add(row(pre, LARGER, primary, rdp, AecnPreregistered::largerPoints, AecnPreregistered::largerText,
                tableCause(primary, 200, params)));
        rows.add(row(pre, NO_LOSS, primary, rdp, AecnPreregistered::dropPoints,
                side -> "drops per run " + twoRtts(new ArrayList<>(dropPoints(side).values()), "%.0f", ""), lossCause(primary, params)));
        rows.add(row(pre, BUFFERS, primary, rdp, AecnPreregistered::bufferPoints, AecnPreregistered::bufferText,
                bufferCause(primary)));
        rows.add(row(pre, EXP3_GAIN, primary, rdp, side -> Map.of("3 flows", exp3(side, r -> AecnExperiment.improvement(side, r))),
                side -> "gain " + Verdicts.cell(exp3(side, r -> AecnExperiment.improvement(side, r)), true, "%.1f %%"),
                exp3Cause(primary)));
        rows.add(row(pre, EXP3_FAIR, primary, rdp, side -> Map.of("3 flows", secondHalfJain(side)),
                side -> "Jain's index of the mean cwnd over the second half " + Verdicts.cell(secondHalfJain(side), true, "%.3f")
                        + "; of the bytes over the whole run " + Verdicts.cell(exp3(side, r -> r.run().jain()), true, "%.3f"),
                exp3Cause(primary)));
        return rows;
    }

    /** The row judged by the file's rule on both baselines; when it does not match, the primary run's cause after the rule's reason. */
    private static PaperComparison row(Preregistration pre, String result, List<Result> primary, List<Result> rdp,
                                       Function<List<Result>, Map<String, double[]>> points, Function<List<Result>, String> text,
                                       String cause) {
        PaperComparison r = pre.row(result, points.apply(primary), text.apply(primary), points.apply(rdp), text.apply(rdp));
        if (r.verdict() == Verdict.MATCHES) {
            return r;
        }
        return new PaperComparison(r.result(), r.paper(), r.aspen(), r.verdict(), r.why() + "; " + cause, r.rule(), r.aspenRdp());
    }

    /** {@code metric} of the runs labelled {@code label} in {@code part} at {@code rtt}, one value per seed, by seed. */
    static double[] values(List<Result> side, String part, int rtt, String label, ToDoubleFunction<Result> metric) {
        return AecnExperiment.select(side, part, rtt, label).stream().sorted(Comparator.comparingLong(r -> r.what().setup().seed()))
                .mapToDouble(metric).toArray();
    }

    private static double[] exp3(List<Result> side, ToDoubleFunction<Result> metric) {
        return values(side, "exp3", 40, AECN_50, metric);
    }

    /** Experiment 3's AECN run: Jain's index of the three flows' mean cwnd over the run's second half, per seed. */
    static double[] secondHalfJain(List<Result> side) {
        return exp3(side, r -> r.run().cwndJain(r.what().setup().durationSeconds() / 2));
    }

    /** Table I at {@code rtt}: the gain in % at each eta, by the file's labels ({@code eta 0.40}). */
    static Map<String, double[]> gainPoints(List<Result> side, int rtt) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (double eta : AecnExperiment.ETAS) {
            m.put(etaLabel(eta), values(side, "exp1", rtt, AecnExperiment.label(eta), r -> AecnExperiment.improvement(side, r)));
        }
        return m;
    }

    /** Each step up in eta: the higher eta's gain minus the lower's, seed by seed, in points ({@code 40 ms, 0.40 to 0.50}). */
    static Map<String, double[]> risingPoints(List<Result> side) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int rtt : AecnExperiment.RTTS) {
            Map<String, double[]> g = gainPoints(side, rtt);
            double[] etas = AecnExperiment.ETAS;
            for (int i = 1; i < etas.length; i++) {
                m.put(String.format(Locale.ROOT, "%d ms, %.2f to %.2f", rtt, etas[i - 1], etas[i]),
                        minus(g.get(etaLabel(etas[i])), g.get(etaLabel(etas[i - 1]))));
            }
        }
        return m;
    }

    /** At each eta: the 200 ms gain minus the 40 ms gain, seed by seed, in points. */
    static Map<String, double[]> largerPoints(List<Result> side) {
        Map<String, double[]> g40 = gainPoints(side, 40);
        Map<String, double[]> g200 = gainPoints(side, 200);
        Map<String, double[]> m = new LinkedHashMap<>();
        g40.forEach((label, v) -> m.put(label, minus(g200.get(label), v)));
        return m;
    }

    /** The differences, then the mean gains over eta at both RTTs and their ratio (the reviewer's "about 10 against 1.6"). */
    private static String largerText(List<Result> side) {
        double mean40 = meanOver(gainPoints(side, 40));
        double mean200 = meanOver(gainPoints(side, 200));
        String ratio = mean40 > 0 ? String.format(Locale.ROOT, "ratio %.1f", mean200 / mean40)
                : "no ratio (no gain at 40 ms)";
        return strip(joined(new ArrayList<>(largerPoints(side).values()), false, "%+.1f")) + String.format(Locale.ROOT,
                " points; mean gain over eta %.1f %% at 200 ms vs %.1f %% at 40 ms, %s (paper 23.0 vs 14.5, ratio 1.6)"
                        + suffix(new ArrayList<>(largerPoints(side).values()), false), mean200, mean40, ratio);
    }

    /** Packets dropped in each AECN run of Experiment 1 ({@code 40 ms, eta 0.40}). */
    static Map<String, double[]> dropPoints(List<Result> side) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int rtt : AecnExperiment.RTTS) {
            for (double eta : AecnExperiment.ETAS) {
                m.put(rtt + " ms, " + etaLabel(eta), values(side, "exp1", rtt, AecnExperiment.label(eta), r -> r.run().drops()));
            }
        }
        return m;
    }

    /** Experiment 2: the utilisation with each smaller virtual buffer over that with the next larger one ({@code 2500 vs 5000}). */
    static Map<String, double[]> bufferPoints(List<Result> side) {
        Map<String, double[]> m = new LinkedHashMap<>();
        int[] b = AecnExperiment.EXP2_BUFFERS;
        for (int i = 1; i < b.length; i++) {
            double[] smaller = utilisation(side, b[i]);
            double[] larger = utilisation(side, b[i - 1]);
            double[] ratio = new double[Math.min(smaller.length, larger.length)];
            for (int k = 0; k < ratio.length; k++) {
                ratio[k] = smaller[k] / larger[k];
            }
            m.put(b[i] + " vs " + b[i - 1], ratio);
        }
        return m;
    }

    private static double[] utilisation(List<Result> side, int buffer) {
        return values(side, "exp2", 40, "B=" + buffer, r -> r.run().utilisation());
    }

    private static String bufferText(List<Result> side) {
        List<double[]> u = new ArrayList<>();
        for (int b : AecnExperiment.EXP2_BUFFERS) {
            u.add(utilisation(side, b));
        }
        return "utilisation " + strip(joined(u, false, "%.3f")) + ", ratios "
                + joined(new ArrayList<>(bufferPoints(side).values()), false, "%.3f");
    }

    private static String etaLabel(double eta) {
        return String.format(Locale.ROOT, "eta %.2f", eta);
    }

    private static double[] minus(double[] a, double[] b) {
        double[] d = new double[Math.min(a.length, b.length)];
        for (int i = 0; i < d.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }

    private static double meanOver(Map<String, double[]> points) {
        return points.values().stream().mapToDouble(v -> Stat.of(v).mean()).average().orElse(Double.NaN);
    }

    /**
     * The cells of several points, {@code " / "} between them: {@code "0.0 % / 2.2 % (one deterministic
     * run)"} when every one is a deterministic run (the words once, at the end), else each cell whole.
     */
    static String joined(List<double[]> points, boolean randomInput, String format) {
        List<String> cells = points.stream().map(v -> Verdicts.cell(v, randomInput, format)).toList();
        String tail = " (" + Verdicts.DETERMINISTIC + ")";
        if (cells.stream().allMatch(c -> c.endsWith(tail))) {
            return String.join(" / ", cells.stream().map(c -> c.substring(0, c.length() - tail.length())).toList()) + tail;
        }
        return String.join(" / ", cells);
    }

    /** {@link #joined}'s text without the trailing "(one deterministic run)", for a cell that adds it once at its end. */
    private static String strip(String joined) {
        String tail = " (" + Verdicts.DETERMINISTIC + ")";
        return joined.endsWith(tail) ? joined.substring(0, joined.length() - tail.length()) : joined;
    }

    /** The first half of {@code points} at 40 ms, the second at 200 ms: {@code "+0.0 / +2.2 points (40 ms), ... (200 ms) (one deterministic run)"}. */
    private static String twoRtts(List<double[]> points, String format, String unit) {
        int h = points.size() / 2;
        return strip(joined(points.subList(0, h), false, format)) + unit + " (40 ms), "
                + strip(joined(points.subList(h, points.size()), false, format)) + unit + " (200 ms)" + suffix(points, false);
    }

    private static String suffix(List<double[]> points, boolean randomInput) {
        String j = joined(points, randomInput, "%.1f");
        return j.endsWith(" (" + Verdicts.DETERMINISTIC + ")") ? " (" + Verdicts.DETERMINISTIC + ")" : "";
    }

    /** Where slow start ended against the thresholds, and the Reno run it left (the primary run's measurements). */
    private static String tableCause(List<Result> primary, int rtt, Params params) {
        List<Result> reno = AecnExperiment.select(primary, "exp1", rtt, "reno");
        Stat ss = Stat.of(reno, r -> r.run().slowStartEnd());
        int bdp = params.bdp(rtt);
        Stat kept = Stat.of(AecnExperiment.select(primary, "exp1", rtt, AecnExperiment.label(0.75)), r -> r.run().aecnKept());
        return String.format(Locale.ROOT, "at %d ms slow start ended at %.0f packets = %.2f x BDP (%d), %s eta x BDP for every eta;"
                        + " Reno run: %.0f drops, utilisation %.3f; AECN bits kept over the run at eta 0.75: %.0f (runs.csv)",
                rtt, ss.mean(), ss.mean() / bdp, bdp, ss.mean() > 0.75 * bdp ? "above" : "below",
                Stat.of(reno, r -> r.run().drops()).mean(), Stat.of(reno, r -> r.run().utilisation()).mean(), kept.mean());
    }

    private static String lossCause(List<Result> primary, Params params) {
        List<Result> aecn = primary.stream().filter(r -> r.what().part().equals("exp1") && r.what().setup().aecn()).toList();
        return String.format(Locale.ROOT, "AVQ's first mark came only after slow start had passed the BDP (%s); the real buffer"
                        + " (one BDP) overflowed in that round trip (%.0f ECN marks per AECN run, runs.csv)",
                tableCause(primary, 40, params).split(";")[0], Stat.of(aecn, r -> r.run().ecnMarks()).mean());
    }

    private static String bufferCause(List<Result> primary) {
        StringBuilder marks = new StringBuilder();
        for (int b : AecnExperiment.EXP2_BUFFERS) {
            marks.append(marks.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.0f",
                    Stat.of(AecnExperiment.select(primary, "exp2", 40, "B=" + b), r -> r.run().ecnMarks()).mean()));
            marks.append(String.format(Locale.ROOT, " (kept %.0f)",
                    Stat.of(AecnExperiment.select(primary, "exp2", 40, "B=" + b), r -> r.run().aecnKept()).mean()));
        }
        return "ECN marks (AECN bits kept) per run " + marks + " (runs.csv)";
    }

    private static String exp3Cause(List<Result> primary) {
        List<Result> aecn = AecnExperiment.select(primary, "exp3", 40, AECN_50);
        return String.format(Locale.ROOT, "AECN bits kept per run %.0f against %.0f cleared, %.0f drops per run"
                        + " (figure9-cwnd-3-aecn.png, runs.csv)", Stat.of(aecn, r -> r.run().aecnKept()).mean(),
                Stat.of(aecn, r -> r.run().aecnCleared()).mean(), Stat.of(aecn, r -> r.run().drops()).mean());
    }
}
