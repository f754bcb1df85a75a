package org.aspen.experiments.aecn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.aecn.AecnExperiment.Params;
import org.aspen.experiments.aecn.AecnExperiment.Result;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Stat;

/**
 * The AntiECN results doc's opening table, built from a sweep's runs: Table I at 40 and 200 ms, the
 * loss-free claim, Experiment 2's buffer order and Experiment 3's gain and fairness.
 *
 * <pre>{@code
 * List<PaperComparison> rows = AecnComparison.rows(results, tableOne, params);
 * }</pre>
 *
 * Verdicts follow fixed rules, the same for every run: a Table I column matches when every gain is
 * positive, the gains rise with eta and each is within a factor 1.5 of the paper's; direction when
 * only the first two hold; contradicts otherwise. A claim the paper makes only in words (no loss,
 * the buffer order, fairness) matches when it holds in every seed's run.
 */
final class AecnComparison {
    private AecnComparison() {
    }

    static List<PaperComparison> rows(List<Result> results, Map<String, Map<String, Stat>> table, Params params) {
        List<PaperComparison> rows = new ArrayList<>();
        double[] meanGain = new double[AecnExperiment.RTTS.length];
        for (int c = 0; c < AecnExperiment.RTTS.length; c++) {
            int rtt = AecnExperiment.RTTS[c];
            List<Stat> gains = new ArrayList<>(table.get(rtt + "ms").values());
            double[] paper = AecnExperiment.PAPER_TABLE_ONE[c];
            boolean positive = gains.stream().allMatch(g -> g.mean() > 0);
            boolean rising = true;
            boolean sized = true;
            StringBuilder aspen = new StringBuilder();
            StringBuilder paperText = new StringBuilder();
            for (int i = 0; i < gains.size(); i++) {
                rising &= i == 0 || gains.get(i).mean() > gains.get(i - 1).mean();
                double ratio = gains.get(i).mean() / paper[i];
                sized &= ratio >= 1 / 1.5 && ratio <= 1.5;
                aspen.append(i == 0 ? "" : " / ").append(pct(gains.get(i)));
                paperText.append(i == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.0f %%", paper[i]));
                meanGain[c] += gains.get(i).mean() / gains.size();
            }
            Verdict v = positive && rising ? (sized ? Verdict.MATCHES : Verdict.DIRECTION) : Verdict.CONTRADICTS;
            rows.add(new PaperComparison("Table I: gain over Reno at " + rtt + " ms, eta 0.40 / 0.50 / 0.60 / 0.75",
                    paperText.toString(), aspen.toString(), v, v == Verdict.MATCHES ? "" : why(results, rtt, params)));
        }
        boolean larger = meanGain[1] > meanGain[0];
        rows.add(new PaperComparison("Table I: gain larger at 200 ms than at 40 ms", "17-29 % vs 10-19 %",
                String.format(Locale.ROOT, "mean over eta %.1f %% vs %.1f %%", meanGain[1], meanGain[0]),
                larger ? Verdict.MATCHES : Verdict.CONTRADICTS, larger ? "" : why(results, 200, params)));
        List<Result> exp1 = results.stream().filter(r -> r.what().part().equals("exp1")).toList();
        Stat drops = Stat.of(exp1, r -> r.run().drops());
        Stat marks = Stat.of(exp1, r -> r.run().ecnMarks());
        String lossText = String.format(Locale.ROOT, "%.0f drops per run (%d of %d runs lossy)", drops.mean(),
                exp1.stream().filter(r -> r.run().drops() > 0).count(), exp1.size());
        rows.add(drops.mean() == 0 ? PaperComparison.matches("Experiment 1: no losses at any threshold", "none", lossText)
                : new PaperComparison("Experiment 1: no losses at any threshold", "none", lossText, Verdict.CONTRADICTS,
                String.format(Locale.ROOT, "AVQ's first mark came only when slow start had passed the BDP (%s); the real"
                        + " buffer (one BDP) overflowed in the same round trip (%.0f ECN marks per run, runs.csv)",
                        why(results, 40, params).split(",")[0], marks.mean())));
        rows.add(bufferOrder(results, params));
        rows.add(threeFlows(results));
        return rows;
    }

    /** The measured reason a Table I column is not the paper's: where slow start ended and what AntiECN kept. */
    private static String why(List<Result> results, int rtt, Params params) {
        List<Result> reno = AecnExperiment.select(results, "exp1", rtt, "reno");
        Stat ss = Stat.of(reno, r -> r.run().slowStartEnd());
        int bdp = params.bdp(rtt);
        List<Result> top = AecnExperiment.select(results, "exp1", rtt, AecnExperiment.label(0.75));
        Stat kept = Stat.of(top, r -> r.run().aecnKept());
        Stat drops = Stat.of(reno, r -> r.run().drops());
        Stat util = Stat.of(reno, r -> r.run().utilisation());
        return String.format(Locale.ROOT, "slow start ended at %.0f packets = %.2f x BDP (%d; AVQ buffer %d packets), %s"
                        + " eta x BDP for every eta; Reno run: %.0f drops, utilisation %.3f; AECN bits kept over the run at"
                        + " eta 0.75: %.0f (runs.csv)",
                ss.mean(), ss.mean() / bdp, bdp, params.avqBufferPackets(rtt), ss.mean() > 0.75 * bdp ? "above" : "below",
                drops.mean(), util.mean(), kept.mean());
    }

    private static PaperComparison bufferOrder(List<Result> results, Params params) {
        String result = "Experiment 2: smaller virtual buffer, higher utilisation (B = 5000 / 2500 / 1000 / 100)";
        StringBuilder aspen = new StringBuilder();
        double prev = -1;
        double first = Double.NaN;
        boolean rising = true;
        for (int b : AecnExperiment.EXP2_BUFFERS) {
            Stat u = Stat.of(AecnExperiment.select(results, "exp2", 40, "B=" + b), r -> r.run().utilisation());
            aspen.append(prev < 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.3f", u.mean()));
            rising &= u.mean() >= prev;
            first = Double.isNaN(first) ? u.mean() : first;
            prev = u.mean();
        }
        boolean strictly = rising && prev > first;    // not rising at all is no effect
        StringBuilder marks = new StringBuilder();
        for (int b : AecnExperiment.EXP2_BUFFERS) {
            marks.append(marks.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.0f",
                    Stat.of(AecnExperiment.select(results, "exp2", 40, "B=" + b), r -> r.run().ecnMarks()).mean()));
        }
        return strictly ? PaperComparison.matches(result, "rising (Figure 7)", "utilisation " + aspen)
                : new PaperComparison(result, "rising (Figure 7)", "utilisation " + aspen, Verdict.CONTRADICTS,
                (prev == first ? "no effect of the buffer" : "not rising throughout") + "; ECN marks per run " + marks
                        + "; " + why(results, 40, params));
    }

    private static PaperComparison threeFlows(List<Result> results) {
        String result = "Experiment 3: three flows, AECN above Reno, windows converge (Figures 8-9)";
        Stat gain = Stat.of(AecnExperiment.select(results, "exp3", 40, AecnExperiment.label(0.5)),
                r -> AecnExperiment.improvement(results, r));
        Stat jain = Stat.of(AecnExperiment.select(results, "exp3", 40, AecnExperiment.label(0.5)), r -> r.run().jain());
        String aspen = String.format(Locale.ROOT, "gain %s, Jain index %.3f", pct(gain), jain.mean());
        if (gain.mean() > 0 && jain.mean() > 0.95) {
            return PaperComparison.matches(result, "higher utilisation, equal windows", aspen);
        }
        return new PaperComparison(result, "higher utilisation, equal windows", aspen,
                gain.mean() > 0 || jain.mean() > 0.95 ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                String.format(Locale.ROOT, "AECN bits kept per run %.0f against %.0f cleared: the three windows together are above"
                        + " eta x BDP for most of the run (figure9-cwnd-3-aecn.png, runs.csv)",
                        Stat.of(AecnExperiment.select(results, "exp3", 40, AecnExperiment.label(0.5)), r -> r.run().aecnKept()).mean(),
                        Stat.of(AecnExperiment.select(results, "exp3", 40, AecnExperiment.label(0.5)), r -> r.run().aecnCleared()).mean()));
    }

    /** A gain as {@code 12.3 % +- 0.4} (the 95 % interval's half-width; none for one seed). */
    static String pct(Stat s) {
        if (s.n() == 0 || Double.isNaN(s.mean())) {
            return "n/a";
        }
        return s.n() > 1 ? String.format(Locale.ROOT, "%.1f %% ± %.1f", s.mean(), s.ci95())
                : String.format(Locale.ROOT, "%.1f %%", s.mean());
    }
}
