package org.aspen.experiments.abcd;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.aspen.experiments.abcd.AbcdExperiment.Params;
import org.aspen.experiments.abcd.AbcdExperiment.Point;
import org.aspen.experiments.abcd.AbcdRun.Config;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Stat;

/**
 * The opening table of docs/results-abcd.md from one abcd sweep: the paper's Table 1 claims, the
 * sweep's figures, and a verdict by rules fixed here before the runs ("matches" needs the paper's
 * direction and a size within a factor of 2 of the paper's, or within 3 percentage points for a
 * throughput change; "direction" the direction only).
 *
 * <pre>{@code
 * List<PaperComparison> rows = AbcdComparison.rows(params, points);
 * }</pre>
 */
final class AbcdComparison {
    private AbcdComparison() {
    }

    static List<PaperComparison> rows(Params params, List<Point> points) {
        List<PaperComparison> rows = new ArrayList<>();
        List<Integer> delays = params.delays();
        if (!params.configs().containsAll(Config.TABLE1) || !delays.contains(100)) {
            rows.add(new PaperComparison("Table 1 (100 ms)", "886 / 716 / 24 drops", "-", Verdict.NOT_RUN,
                    "this sweep did not run Reno, ACC and ACC-ABCD at 100 ms"));
            return rows;
        }
        Stat reno = stat(points, Config.RENO, 100, "drops");
        Stat acc = stat(points, Config.ACC, 100, "drops");
        Stat abcd = stat(points, Config.ABCD, 100, "drops");
        boolean order = abcd.mean() < acc.mean() && acc.mean() < reno.mean();
        double ratio = abcd.mean() / reno.mean();
        double paperRatio = 24.0 / 886;
        boolean size = ratio <= 2 * paperRatio && ratio >= paperRatio / 2;
        rows.add(new PaperComparison("Table 1: packets dropped, Reno / ACC / ACC-ABCD at 100 ms", "886 / 716 / 24",
                String.format(Locale.ROOT, "%s / %s / %s (ABCD/Reno %.3f; paper 0.027)", pm(reno), pm(acc), pm(abcd), ratio),
                order && size ? Verdict.MATCHES : order ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                order && size ? "" : order ? "same order, ABCD's cut is smaller than the paper's" : "the order differs"));
        StringBuilder byDelay = new StringBuilder();
        double first = Double.NaN;
        double last = Double.NaN;
        boolean falling = true;
        double prev = Double.POSITIVE_INFINITY;
        for (int d : delays) {
            double m = stat(points, Config.ABCD, d, "drops").mean();
            byDelay.append(byDelay.length() > 0 ? " / " : "").append(String.format(Locale.ROOT, "%.0f", m));
            falling &= m < prev;
            prev = m;
            first = Double.isNaN(first) ? m : first;
            last = m;
        }
        boolean toZero = falling && last <= 0.1 * first;
        rows.add(new PaperComparison("ACC-ABCD drops as the R1-R2 delay grows (" + delays + " ms)", "decrease to 0",
                byDelay.toString(), toZero ? Verdict.MATCHES : falling ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                toZero ? "" : falling ? "fall, but not to 0" : "rise with the delay: see docs/results-abcd.md for the data"));
        double good = change(points, Config.ABCD, "totalKbps");
        double wire = change(points, Config.ABCD, "wireKbps");
        boolean near = Math.abs(good - (-5.5)) <= 3 || Math.abs(wire - (-5.5)) <= 3;
        rows.add(new PaperComparison("ACC-ABCD total throughput vs Reno at 100 ms", "-5.5 %",
                String.format(Locale.ROOT, "goodput %+.1f %%, bytes on the wire %+.1f %%", good, wire),
                near ? Verdict.MATCHES : good < 0 ? Verdict.DIRECTION : Verdict.CONTRADICTS,
                near ? "" : good < 0 ? "a larger cost: the threshold keeps the link below capacity, and smaller "
                        + "packets and fragments carry more header bytes (docs/results-abcd.md)"
                        : "no cost"));
        double accGood = change(points, Config.ACC, "totalKbps");
        rows.add(new PaperComparison("ACC total throughput vs Reno at 100 ms", "-0.0 % (1525.22 vs 1525.32 kb/s)",
                String.format(Locale.ROOT, "%+.1f %%", accGood), Math.abs(accGood) <= 3 ? Verdict.MATCHES : Verdict.CONTRADICTS,
                Math.abs(accGood) <= 3 ? "" : "ACC changes throughput where the paper's did not"));
        return rows;
    }

    private static double change(List<Point> points, Config c, String metric) {
        return 100 * (stat(points, c, 100, metric).mean() / stat(points, Config.RENO, 100, metric).mean() - 1);
    }

    private static String pm(Stat s) {
        return String.format(Locale.ROOT, "%.0f ± %.0f", s.mean(), s.ci95());
    }

    private static Stat stat(List<Point> points, Config c, int d, String metric) {
        return points.stream().filter(p -> p.config() == c && p.delayMs() == d).findFirst().orElseThrow().stat(metric);
    }
}
