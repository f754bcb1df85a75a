package org.aspen.experiments.purple;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.purple.PurpleExperiment.Params;
import org.aspen.experiments.purple.PurpleExperiment.Point;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Verdicts;

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
 *
 * <p>With {@code --preregistered} (issue 29) the rows are instead the readings of
 * {@code preregistration/purple.yaml}, judged by {@link #preregistered}: each point's effect seed by seed
 * (PURPLE's figure over or minus the other queue's, same seed), on the primary baseline and on Aspen RDP.
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

    /** The pre-registered experiment's name: {@code preregistration/purple.yaml}. */
    static final String NAME = "purple";

    /** An effect of one reading: how PURPLE's runs and the other queue's (same part, flows and seed) give one value. */
    interface Effect {
        double of(PurpleRun purple, PurpleRun other);
    }

    /**
     * The pre-registered rows (issue 29): the readings of {@code pre}, each judged on the primary baseline's
     * runs ({@code primary}) with its "Aspen RDP" cell judged by the same rule on {@code rdp}.
     */
    static List<PaperComparison> preregistered(Preregistration pre, List<PurpleRun> primary, List<PurpleRun> rdp, Params params) {
        double w = params.setup().warmupSeconds();
        Effect delayRatio = (a, b) -> a.delayMs() / b.delayMs();
        Effect dropDiff = (a, b) -> a.dropRate() - b.dropRate();
        Effect goodputRatio = (a, b) -> a.goodputMbps() / b.goodputMbps();
        Effect rtoDiff = (a, b) -> a.timeouts() - b.timeouts();
        Effect queueRatio = (a, b) -> a.seriesMean(w, PurpleRun.SeriesPoint::queuePackets) / b.seriesMean(w, PurpleRun.SeriesPoint::queuePackets);
        Effect shareCv = (a, b) -> signalCv(a, w) / signalCv(b, w);
        List<PaperComparison> rows = new ArrayList<>();
        rows.add(row(pre, "Figure 2: mean queueing delay, BDP queue, PURPLE vs RED", Part.BDP, Aqm.RED, delayRatio, "%.2f",
                "PURPLE's delay over RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 3: drops, BDP queue, PURPLE vs RED", Part.BDP, Aqm.RED, dropDiff, "%.5f",
                "PURPLE's drop share minus RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 3: drops, BDP queue, PURPLE vs A-RED", Part.BDP, Aqm.ARED, dropDiff, "%.5f",
                "PURPLE's drop share minus A-RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 2: goodput, BDP queue, PURPLE vs A-RED", Part.BDP, Aqm.ARED, goodputRatio, "%.2f",
                "PURPLE's goodput over A-RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 4: average queue, 100 flows, 100-packet queue, PURPLE vs RED", Part.FIG4, Aqm.RED, queueRatio, "%.2f",
                "PURPLE's mean queue over RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 4: steadiness of the marking rate, 100 flows, PURPLE vs RED", Part.FIG4, Aqm.RED, shareCv, "%.2f",
                "variation of the realised marked-or-dropped share, PURPLE's over RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 5: mean queueing delay, 100-packet queue, PURPLE vs RED", Part.SHORT, Aqm.RED, delayRatio, "%.2f",
                "PURPLE's delay over RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 7: RTOs, multi-bottleneck, PURPLE vs RED", Part.MULTI, Aqm.RED, rtoDiff, "%.0f",
                "PURPLE's RTOs minus RED's", primary, rdp, params));
        rows.add(row(pre, "Figure 7: RTOs, multi-bottleneck, PURPLE vs A-RED", Part.MULTI, Aqm.ARED, rtoDiff, "%.0f",
                "PURPLE's RTOs minus A-RED's", primary, rdp, params));
        return rows;
    }

    private static PaperComparison row(Preregistration pre, String result, Part part, Aqm other, Effect effect, String format,
                                       String what, List<PurpleRun> primary, List<PurpleRun> rdp, Params params) {
        Map<String, double[]> ns2 = effects(primary, part, other, effect, params);
        Map<String, double[]> aspenRdp = effects(rdp, part, other, effect, params);
        return pre.row(result, ns2, text(what, ns2, format), aspenRdp, text(what, aspenRdp, format));
    }

    /** Per flow count ("10 flows"), the effect seed by seed; none where the part or a queue was not run. */
    static Map<String, double[]> effects(List<PurpleRun> runs, Part part, Aqm other, Effect effect, Params params) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int n : params.xs(part)) {
            List<PurpleRun> a = PurpleExperiment.select(runs, part, Aqm.PURPLE, n);
            List<PurpleRun> b = PurpleExperiment.select(runs, part, other, n);
            List<Double> v = new ArrayList<>();
            for (PurpleRun x : a) {
                b.stream().filter(y -> y.seed() == x.seed()).findFirst().ifPresent(y -> v.add(effect.of(x, y)));
            }
            if (!v.isEmpty()) {
                m.put(n + " flows", v.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        return m;
    }

    /** The cell: what the effect is, then per flow count its mean with the 95 % interval over the seeds ({@link Verdicts#cell}). */
    private static String text(String what, Map<String, double[]> effects, String format) {
        if (effects.isEmpty()) {
            return "-";
        }
        StringBuilder b = new StringBuilder(what).append(": ");
        String sep = "";
        for (Map.Entry<String, double[]> e : effects.entrySet()) {
            b.append(sep).append(e.getKey()).append(' ').append(Verdicts.cell(e.getValue(), true, format));
            sep = "; ";
        }
        return b.toString();
    }

    /** Coefficient of variation (sd / mean) of the realised marked-or-dropped share after {@code from} seconds (NaN when none). */
    static double signalCv(PurpleRun r, double from) {
        double[] xs = r.series().stream().filter(s -> s.seconds() > from).mapToDouble(PurpleRun.SeriesPoint::signalShare).toArray();
        Stat s = Stat.of(xs);
        return s.mean() == 0 ? Double.NaN : s.sd() / s.mean();
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
