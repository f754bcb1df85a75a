package org.aspen.experiments.acc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.acc.AccFigure4Experiment.Params;
import org.aspen.experiments.acc.AccFigure4Experiment.Point;
import org.aspen.experiments.acc.AccFigure4Run.Cause;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Ratio;
import org.aspen.experiments.sweep.Stat;

/**
 * The opening table of docs/results-acc.md, built from one acc-figure4 sweep's points: the paper's
 * claims about Figures 4-7, what the sweep measured, and a verdict by rules fixed here, not by the
 * figures (a ratio "matches" when its 95% interval lies on the paper's side of 1 and, where the paper
 * gives a size, the mean reaches it; "direction" when only the side agrees; "contradicts" when the
 * interval includes 1 or lies on the other side).
 *
 * <pre>{@code
 * List<PaperComparison> rows = AccComparison.rows(params, points, accOverRed);
 * }</pre>
 */
final class AccComparison {
    private AccComparison() {
    }

    static List<PaperComparison> rows(Params params, List<Point> points, Map<Integer, Ratio> overRed) {
        List<PaperComparison> rows = new ArrayList<>();
        List<Integer> delays = params.delays();
        int lo = delays.stream().mapToInt(Integer::intValue).min().orElse(0);
        int hi = delays.stream().mapToInt(Integer::intValue).max().orElse(0);
        boolean acc = params.configs().contains(Config.ACC);
        boolean red = params.configs().contains(Config.RED);
        if (!acc || !red || overRed == null) {
            String why = "this sweep did not run both ACC and RED";
            rows.add(new PaperComparison("Fig. 4: ACC vs Reno (RED), highest RTT", "> +20 %", "-", Verdict.NOT_RUN, why));
            return rows;
        }
        Ratio high = overRed.get(hi);
        Ratio low = overRed.get(lo);
        String place = "long link " + params.setup().placement().id();
        rows.add(new PaperComparison("Fig. 4: ACC vs Reno (RED) at the highest RTT (" + rtt(points, hi) + ")",
                "> +20 % (\"more than 20% improvement\")", ratio(high) + ", " + place,
                gain(high, 1.20), high.low() > 1 ? "gain smaller than the paper's; " + filtered(points, hi)
                        : "no gain: " + filtered(points, hi)));
        rows.add(new PaperComparison("Fig. 4: ACC vs Reno (RED) at the lowest RTT (" + rtt(points, lo) + ")",
                "\"a small performance degradation\"", ratio(low),
                low.high() < 1 ? Verdict.MATCHES : low.low() > 1 ? Verdict.CONTRADICTS : Verdict.DIRECTION,
                low.high() < 1 ? "" : String.format(Locale.ROOT, "no loss: timeouts per run RED %.1f, ACC %.1f",
                        mean(points, Config.RED, lo, "timeouts"), mean(points, Config.ACC, lo, "timeouts"))));
        if (params.configs().containsAll(List.of(Config.DROPTAIL, Config.RED_ECN))) {
            double[] g = {mean(points, Config.DROPTAIL, hi), mean(points, Config.RED, hi), mean(points, Config.RED_ECN, hi)};
            double spread = (max(g) - min(g)) / min(g);
            rows.add(new PaperComparison("Fig. 5: drop-tail, RED, RED+ECN at the highest RTT",
                    "\"do not differentiate themselves appreciably\"",
                    String.format(Locale.ROOT, "%.0f / %.0f / %.0f kb/s (spread %.0f %%)", g[0], g[1], g[2], 100 * spread),
                    spread <= 0.10 ? Verdict.MATCHES : Verdict.CONTRADICTS,
                    spread <= 0.10 ? "" : "more than 10 % apart; drop-tail's " + params.setup().buffer()
                            + "-packet buffer against RED's 5/15 thresholds"));
        }
        int fewer = 0;
        StringBuilder more = new StringBuilder();
        for (int d : delays) {
            if (mean(points, Config.ACC, d, "closesPerSecond") < mean(points, Config.RED, d, "closesPerSecond")) {
                fewer++;
            } else {
                more.append(more.length() > 0 ? "; " : "").append(String.format(Locale.ROOT,
                        "at %s ACC %.3f/s (notification %.3f, fast retransmit %.3f, timeout %.3f) vs RED %.3f/s", rtt(points, d),
                        mean(points, Config.ACC, d, "closesPerSecond"),
                        mean(points, Config.ACC, d, AccFigure4Run.closesMetric(Cause.NOTIFICATION)),
                        mean(points, Config.ACC, d, AccFigure4Run.closesMetric(Cause.FAST_RETRANSMIT)),
                        mean(points, Config.ACC, d, AccFigure4Run.closesMetric(Cause.TIMEOUT)),
                        mean(points, Config.RED, d, "closesPerSecond")));
            }
        }
        rows.add(new PaperComparison("Fig. 6: window closes per second", "ACC fewer than Reno at every RTT",
                "ACC fewer at " + fewer + " of " + delays.size() + " RTTs",
                fewer == delays.size() ? Verdict.MATCHES : fewer > 0 ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                fewer == delays.size() ? "" : "not fewer " + more));
        double accLo = mean(points, Config.ACC, lo, "meanCloseMagnitude");
        double redLo = mean(points, Config.RED, lo, "meanCloseMagnitude");
        double accHi = mean(points, Config.ACC, hi, "meanCloseMagnitude");
        double redHi = mean(points, Config.RED, hi, "meanCloseMagnitude");
        boolean smallLow = accLo < redLo;
        boolean largeHigh = accHi > redHi;
        rows.add(new PaperComparison("Fig. 7: mean close magnitude, all causes",
                "ACC smaller at low BDP, larger at high",
                String.format(Locale.ROOT, "ACC/RED %.1f/%.1f at %s, %.1f/%.1f at %s", accLo, redLo, rtt(points, lo), accHi, redHi,
                        rtt(points, hi)),
                smallLow && largeHigh ? Verdict.MATCHES : smallLow || largeHigh ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                smallLow && largeHigh ? "" : "by cause: " + byCause(points, hi)));
        double accNtfLo = mean(points, Config.ACC, lo, AccFigure4Run.magnitudeMetric(Cause.NOTIFICATION));
        double redFrLo = mean(points, Config.RED, lo, AccFigure4Run.magnitudeMetric(Cause.FAST_RETRANSMIT));
        double accNtfHi = mean(points, Config.ACC, hi, AccFigure4Run.magnitudeMetric(Cause.NOTIFICATION));
        double redFrHi = mean(points, Config.RED, hi, AccFigure4Run.magnitudeMetric(Cause.FAST_RETRANSMIT));
        boolean causeSmallLow = accNtfLo < redFrLo;
        boolean causeLargeHigh = accNtfHi > redFrHi;
        rows.add(new PaperComparison("Fig. 7 like for like: ACC notification closes vs Reno fast-retransmit closes",
                "ACC smaller at low BDP, larger at high (the paper pools causes)",
                String.format(Locale.ROOT, "%.1f/%.1f at %s, %.1f/%.1f at %s", accNtfLo, redFrLo, rtt(points, lo), accNtfHi,
                        redFrHi, rtt(points, hi)),
                causeSmallLow && causeLargeHigh ? Verdict.MATCHES : causeSmallLow || causeLargeHigh ? Verdict.DIRECTION
                        : Verdict.CONTRADICTS,
                causeSmallLow && causeLargeHigh ? "" : "a notification halves the window the packet carried, as a fast "
                        + "retransmit halves the sender's own: the same rule, so the sizes follow the windows"));
        return rows;
    }

    private static Verdict gain(Ratio r, double paper) {
        if (!(r.low() > 1)) {
            return Verdict.CONTRADICTS;
        }
        return r.value() >= paper ? Verdict.MATCHES : Verdict.DIRECTION;
    }

    private static String byCause(List<Point> points, int d) {
        StringBuilder b = new StringBuilder();
        for (Config c : List.of(Config.RED, Config.ACC)) {
            b.append(b.length() > 0 ? "; " : "").append(c.label).append(':');
            for (Cause cause : Cause.values()) {
                Stat m = point(points, c, d).stat(AccFigure4Run.magnitudeMetric(cause));
                Stat n = point(points, c, d).stat(AccFigure4Run.closesMetric(cause));
                if (m.n() > 0 && n.mean() > 0) {
                    b.append(String.format(Locale.ROOT, " %s %.1f (%.3f/s)", cause.id, m.mean(), n.mean()));
                }
            }
        }
        return b.toString();
    }

    private static String filtered(List<Point> points, int d) {
        return String.format(Locale.ROOT, "ACC's filters deleted %.0f packets per run, the bottleneck dropped %.0f (RED %.0f)",
                mean(points, Config.ACC, d, "filtered"), mean(points, Config.ACC, d, "bottleneckDrops"),
                mean(points, Config.RED, d, "bottleneckDrops"));
    }

    private static String ratio(Ratio r) {
        return r.hasInterval() ? String.format(Locale.ROOT, "%.2fx (95%% CI %.2f-%.2f)", r.value(), r.low(), r.high())
                : String.format(Locale.ROOT, "%.2fx", r.value());
    }

    private static String rtt(List<Point> points, int d) {
        return String.format(Locale.ROOT, "%.0f ms", points.stream().filter(p -> p.delayMs() == d).findFirst()
                .map(Point::rttMs).orElse(Double.NaN));
    }

    private static Point point(List<Point> points, Config c, int d) {
        return points.stream().filter(p -> p.config() == c && p.delayMs() == d).findFirst().orElseThrow();
    }

    private static double mean(List<Point> points, Config c, int d) {
        return mean(points, c, d, "goodputKbps");
    }

    private static double mean(List<Point> points, Config c, int d, String metric) {
        return point(points, c, d).stat(metric).mean();
    }

    private static double max(double[] xs) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : xs) {
            m = Math.max(m, x);
        }
        return m;
    }

    private static double min(double[] xs) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : xs) {
            m = Math.min(m, x);
        }
        return m;
    }
}
