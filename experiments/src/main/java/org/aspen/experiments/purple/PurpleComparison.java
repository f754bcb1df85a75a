package org.aspen.experiments.purple;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiPredicate;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.purple.PurpleExperiment.Params;
import org.aspen.experiments.purple.PurpleExperiment.Point;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Stat;

/**
 * The PURPLE results doc's opening table, built from a sweep's points: Figures 2-3 (BDP queue),
 * Figure 4 (time series), Figure 5 (short queues) and Figure 7 (multi-bottleneck RTOs).
 *
 * <pre>{@code
 * List<PaperComparison> rows = PurpleComparison.rows(points, runs, params);
 * }</pre>
 *
 * The paper's figures are lost from our copy of the text; its claims are directional ("much
 * shorter", "fewest drops"). Fixed rules: a claim matches when it holds at every flow count with
 * the two 95 % intervals apart, is "direction" when it holds on the means at most flow counts, and
 * contradicts otherwise. A part or queue not in the sweep is {@code not-run}.
 */
final class PurpleComparison {
    private PurpleComparison() {
    }

    static List<PaperComparison> rows(List<Point> points, List<PurpleRun> runs, Params params) {
        List<PaperComparison> rows = new ArrayList<>();
        rows.add(lower(points, params, Part.BDP, "delayMs", Aqm.RED, "Figure 2: mean queueing delay, BDP queue, PURPLE vs RED",
                "much shorter than RED's", "%.0f ms", runs));
        rows.add(lower(points, params, Part.BDP, "dropRate", Aqm.RED, "Figure 3: drops, BDP queue, PURPLE vs RED",
                "fewer (PURPLE fewest)", "%.4f", runs));
        rows.add(lower(points, params, Part.BDP, "dropRate", Aqm.ARED, "Figure 3: drops, BDP queue, PURPLE vs A-RED",
                "fewer (PURPLE fewest)", "%.4f", runs));
        rows.add(notLower(points, params, Part.BDP, "goodputMbps", Aqm.RED, 0.95,
                "Figure 2: goodput, BDP queue, PURPLE vs RED", "about RED's (no A-RED sacrifice)", runs));
        rows.add(figure4(runs, params));
        rows.add(lower(points, params, Part.SHORT, "delayMs", Aqm.RED, "Figure 5: mean queueing delay, 100-packet queue, PURPLE vs RED",
                "shorter", "%.1f ms", runs));
        rows.add(lower(points, params, Part.MULTI, "rto", Aqm.RED, "Figure 7: RTOs, multi-bottleneck, PURPLE vs RED",
                "significantly fewer, every bundle", "%.0f", runs));
        rows.add(lower(points, params, Part.MULTI, "rto", Aqm.ARED, "Figure 7: RTOs, multi-bottleneck, PURPLE vs A-RED",
                "significantly fewer, every bundle", "%.0f", runs));
        return rows;
    }

    private static Stat stat(List<Point> points, Part part, Aqm aqm, int n, String metric) {
        return points.stream().filter(p -> p.part() == part && p.aqm() == aqm && p.flows() == n).findFirst()
                .map(p -> p.stats().get(metric)).orElse(null);
    }

    /** PURPLE's metric below the other queue's, flow count by flow count (apart: the 95 % intervals do not meet). */
    private static PaperComparison lower(List<Point> points, Params params, Part part, String metric, Aqm other, String result,
                                         String paper, String format, List<PurpleRun> runs) {
        return versus(points, params, part, metric, other, result, paper, format, runs,
                (a, b) -> a.mean() < b.mean() || (a.mean() == 0 && b.mean() == 0),
                (a, b) -> a.mean() + a.ci95() < b.mean() - b.ci95() || (a.mean() == 0 && b.mean() == 0));
    }

    /** PURPLE's metric at least {@code share} of the other queue's at every flow count. */
    private static PaperComparison notLower(List<Point> points, Params params, Part part, String metric, Aqm other, double share,
                                            String result, String paper, List<PurpleRun> runs) {
        BiPredicate<Stat, Stat> holds = (a, b) -> a.mean() >= share * b.mean();
        return versus(points, params, part, metric, other, result, paper, "%.2f", runs, holds, holds);
    }

    /**
     * Matches when {@code apart} holds at every flow count, "direction" when {@code holds} does at
     * most of them, contradicts otherwise.
     */
    private static PaperComparison versus(List<Point> points, Params params, Part part, String metric, Aqm other, String result,
                                          String paper, String format, List<PurpleRun> runs, BiPredicate<Stat, Stat> holds,
                                          BiPredicate<Stat, Stat> apart) {
        if (!params.parts().contains(part) || !params.aqms().contains(Aqm.PURPLE) || !params.aqms().contains(other)) {
            return new PaperComparison(result, paper, "-", Verdict.NOT_RUN, "part or queue not in this sweep");
        }
        StringBuilder aspen = new StringBuilder();
        int held = 0;
        int clear = 0;
        List<Integer> xs = params.xs(part);
        for (int n : xs) {
            Stat a = stat(points, part, Aqm.PURPLE, n, metric);
            Stat b = stat(points, part, other, n, metric);
            aspen.append(aspen.length() == 0 ? "" : "; ").append(n).append(": ")
                    .append(String.format(Locale.ROOT, format, a.mean())).append(" vs ")
                    .append(String.format(Locale.ROOT, format, b.mean()));
            held += holds.test(a, b) ? 1 : 0;
            clear += apart.test(a, b) ? 1 : 0;
        }
        Verdict v = clear == xs.size() ? Verdict.MATCHES : 2 * held > xs.size() ? Verdict.DIRECTION : Verdict.CONTRADICTS;
        return new PaperComparison(result, paper, "flows: PURPLE vs " + other.label + " " + aspen, v,
                v == Verdict.MATCHES ? "" : why(params, part, runs, v, held, xs.size()));
    }

    /** Figure 4: PURPLE's average queue below RED's and its probability steadier (coefficient of variation). */
    private static PaperComparison figure4(List<PurpleRun> runs, Params params) {
        String result = "Figure 4: 100 flows, 100-packet queue: average queue and steadiness of the local probability";
        String paper = "PURPLE lower queue, smooth marking rate";
        PurpleRun purple = one(runs, Aqm.PURPLE);
        PurpleRun red = one(runs, Aqm.RED);
        if (purple == null || red == null) {
            return new PaperComparison(result, paper, "-", Verdict.NOT_RUN, "part fig4 or a queue not in this sweep");
        }
        double half = params.setup().warmupSeconds();
        double qp = mean(purple, half, PurpleRun.SeriesPoint::queuePackets);
        double qr = mean(red, half, PurpleRun.SeriesPoint::queuePackets);
        double cp = cv(purple, half);
        double cr = cv(red, half);
        String aspen = String.format(Locale.ROOT, "queue %.1f vs %.1f packets; variation of p %.2f vs %.2f (PURPLE vs RED, after %.0f s)",
                qp, qr, cp, cr, half);
        boolean lowerQueue = qp < qr;
        boolean smoother = cp < cr;
        if (lowerQueue && smoother) {
            return PaperComparison.matches(result, paper, aspen);
        }
        return new PaperComparison(result, paper, aspen, lowerQueue || smoother ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                String.format(Locale.ROOT, "see figure4-queue.png, figure4-probability.png: PURPLE's p_k averaged %.5f against"
                                + " a measured p of %.5f (%s)", mean(purple, half, PurpleRun.SeriesPoint::localProbability),
                        mean(purple, half, PurpleRun.SeriesPoint::total), lowerQueue ? "its marking varies more" : "its queue is longer"));
    }

    private static PurpleRun one(List<PurpleRun> runs, Aqm aqm) {
        return runs.stream().filter(r -> r.part() == Part.FIG4 && r.aqm() == aqm).findFirst().orElse(null);
    }

    private static double mean(PurpleRun r, double from, ToDoubleFunction<PurpleRun.SeriesPoint> f) {
        return r.series().stream().filter(s -> s.seconds() > from).mapToDouble(f).average().orElse(Double.NaN);
    }

    /** Coefficient of variation (sd / mean) of the local probability after {@code from} seconds. */
    private static double cv(PurpleRun r, double from) {
        double[] xs = r.series().stream().filter(s -> s.seconds() > from).mapToDouble(PurpleRun.SeriesPoint::localProbability).toArray();
        Stat s = Stat.of(xs);
        return s.mean() == 0 ? 0 : s.sd() / s.mean();
    }

    /**
     * The measured state of PURPLE in the part, the data a reader needs for the cause: per flow count,
     * PURPLE's mean p_k against its measured p (the CWR share; p_k far above p is the ratchet of
     * results-purple.md), its mean gamma and the mean queue, all after the warm-up, over the seeds.
     */
    private static String why(Params params, Part part, List<PurpleRun> runs, Verdict v, int held, int of) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "holds at %d of %d flow counts%s; PURPLE's p_k / p (CWR share)"
                + " / gamma / queue in packets, means after the warm-up:", held, of,
                v == Verdict.DIRECTION ? " (or the 95 % intervals overlap)" : ""));
        double w = params.setup().warmupSeconds();
        for (int n : params.xs(part)) {
            List<PurpleRun> rs = PurpleExperiment.select(runs, part, Aqm.PURPLE, n);
            b.append(String.format(Locale.ROOT, " %d: %.4f / %.4f / %.2f / %.0f;", n,
                    avg(rs, r -> r.seriesMean(w, PurpleRun.SeriesPoint::localProbability)),
                    avg(rs, r -> r.seriesMean(w, PurpleRun.SeriesPoint::total)),
                    avg(rs, r -> r.seriesMean(w, PurpleRun.SeriesPoint::gamma)),
                    avg(rs, r -> r.seriesMean(w, PurpleRun.SeriesPoint::queuePackets))));
        }
        return b.append(" (series/, results-purple.md)").toString();
    }

    private static double avg(List<PurpleRun> rs, ToDoubleFunction<PurpleRun> f) {
        return rs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
