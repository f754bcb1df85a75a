package org.aspen.experiments.abcd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.abcd.AbcdRun.Config;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.sweep.Verdicts;

/**
 * The opening table of docs/results-abcd.md from issue 29's pre-registered run
 * ({@code aspen experiment abcd --preregistered}): each reading of {@code preregistration/abcd.yaml}
 * judged on the ns-2 baseline's runs, with the same rule's verdict on the same sweep on Aspen RDP,
 * and the section 5.1 estimator check. Every effect is per seed: a config's run with seed k against
 * Reno's run with seed k at the same delay (the same start times and cross-traffic phases).
 *
 * <pre>{@code
 * List<PaperComparison> rows = AbcdPreregistered.rows(Preregistration.load("abcd"), ns2Runs, rdpRuns, cbrChecks);
 * }</pre>
 */
final class AbcdPreregistered {
    static final String DROPS_ABCD = "Table 1: packets dropped, ACC-ABCD / Reno at 100 ms";
    static final String DROPS_ACC = "Table 1: packets dropped, ACC / Reno at 100 ms";
    static final String DROPS_BY_DELAY = "ACC-ABCD drops as the R1-R2 delay grows (vs its drops at 100 ms)";
    static final String THROUGHPUT_ABCD = "ACC-ABCD total throughput / Reno's at 100 ms";
    static final String THROUGHPUT_ACC = "ACC total throughput / Reno's at 100 ms";
    static final String FAIRNESS = "Table 1: fairness, Jain's index of the ten flows, ACC-ABCD - Reno at 100 ms";
    static final String ESTIMATOR = "Section 5.1: available-bandwidth estimate on CBR, largest error";

    private AbcdPreregistered() {
    }

    static List<PaperComparison> rows(Preregistration pre, List<AbcdRun> ns2, List<AbcdRun> rdp, List<AbcdCbrCheck> cbr) {
        List<PaperComparison> rows = new ArrayList<>();
        rows.add(ratioRow(pre, DROPS_ABCD, Config.ABCD, r -> r.drops(), "drops", "%.0f", ns2, rdp));
        rows.add(ratioRow(pre, DROPS_ACC, Config.ACC, r -> r.drops(), "drops", "%.0f", ns2, rdp));
        rows.add(pre.row(DROPS_BY_DELAY, byDelay(ns2), byDelayText(ns2), byDelay(rdp), byDelayText(rdp)));
        rows.add(throughputRow(pre, THROUGHPUT_ABCD, Config.ABCD, ns2, rdp));
        rows.add(throughputRow(pre, THROUGHPUT_ACC, Config.ACC, ns2, rdp));
        rows.add(pre.row(FAIRNESS, at100(fairness(ns2)), fairnessText(ns2), at100(fairness(rdp)), fairnessText(rdp)));
        Map<String, double[]> errors = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        for (AbcdCbrCheck c : cbr) {
            errors.put(cbrLabel(c.rateKbps()), new double[] {c.maxErrorPercent()});
            text.append(text.length() > 0 ? "; " : "").append(cbrLabel(c.rateKbps())).append(": ")
                    .append(Verdicts.cell(new double[] {c.maxErrorPercent()}, false, "%.2f %%"))
                    .append(String.format(Locale.ROOT, ", readings %d-%d kb/s against %d", c.minKbps(), c.maxKbps(), c.setKbps()));
        }
        rows.add(pre.row(ESTIMATOR, errors, text.toString()));
        return rows;
    }

    /** The point label of a CBR rate: {@code 0.5 Mb/s CBR}, {@code 1 Mb/s CBR}. */
    static String cbrLabel(long rateKbps) {
        return java.math.BigDecimal.valueOf(rateKbps, 3).stripTrailingZeros().toPlainString() + " Mb/s CBR";
    }

    /** Jain's fairness index of the flows' throughputs ({@link Stat#jain}); NaN when all are 0. */
    static double jain(double[] x) {
        return Stat.jain(x);
    }

    /** The run of {@code c} at {@code delay} with {@code seed}, or null. */
    private static AbcdRun find(List<AbcdRun> runs, Config c, int delay, long seed) {
        return runs.stream().filter(r -> r.config() == c && r.delayMs() == delay && r.seed() == seed).findFirst().orElse(null);
    }

    /** Per seed of {@code c}'s runs at {@code delay}: f(c's run) / f(the run of {@code base} with that seed at {@code baseDelay}). */
    static double[] ratios(List<AbcdRun> runs, Config c, int delay, Config base, int baseDelay, ToDoubleFunction<AbcdRun> f) {
        return runs.stream().filter(r -> r.config() == c && r.delayMs() == delay).mapToDouble(r -> {
            AbcdRun b = find(runs, base, baseDelay, r.seed());
            double d = b == null ? 0 : f.applyAsDouble(b);
            return d == 0 ? Double.NaN : f.applyAsDouble(r) / d;
        }).toArray();
    }

    /** {@code f} of {@code c}'s runs at {@code delay}, in seed order. */
    static double[] values(List<AbcdRun> runs, Config c, int delay, ToDoubleFunction<AbcdRun> f) {
        return runs.stream().filter(r -> r.config() == c && r.delayMs() == delay).mapToDouble(f).toArray();
    }

    private static Map<String, double[]> at100(double[] values) {
        return Map.of("100 ms", values);
    }

    private static PaperComparison ratioRow(Preregistration pre, String result, Config c, ToDoubleFunction<AbcdRun> f, String what,
                                            String format, List<AbcdRun> ns2, List<AbcdRun> rdp) {
        return pre.row(result, at100(ratios(ns2, c, 100, Config.RENO, 100, f)), ratioText(ns2, c, f, what, format),
                at100(ratios(rdp, c, 100, Config.RENO, 100, f)), ratioText(rdp, c, f, what, format));
    }

    private static String ratioText(List<AbcdRun> runs, Config c, ToDoubleFunction<AbcdRun> f, String what, String format) {
        return Verdicts.cell(ratios(runs, c, 100, Config.RENO, 100, f), true, "%.3f") + "; " + what + " "
                + mean(values(runs, c, 100, f), format) + " / " + mean(values(runs, Config.RENO, 100, f), format) + " (means)";
    }

    private static PaperComparison throughputRow(Preregistration pre, String result, Config c, List<AbcdRun> ns2, List<AbcdRun> rdp) {
        return pre.row(result, at100(ratios(ns2, c, 100, Config.RENO, 100, AbcdRun::wireKbps)), throughputText(ns2, c),
                at100(ratios(rdp, c, 100, Config.RENO, 100, AbcdRun::wireKbps)), throughputText(rdp, c));
    }

    private static String throughputText(List<AbcdRun> runs, Config c) {
        return ratioText(runs, c, AbcdRun::wireKbps, "on the wire kb/s", "%.0f") + "; goodput "
                + Verdicts.cell(ratios(runs, c, 100, Config.RENO, 100, AbcdRun::totalKbps), true, "%.3f");
    }

    private static Map<String, double[]> byDelay(List<AbcdRun> runs) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int d : new int[] {200, 300}) {
            m.put(d + " ms", ratios(runs, Config.ABCD, d, Config.ABCD, 100, AbcdRun::drops));
        }
        return m;
    }

    private static String byDelayText(List<AbcdRun> runs) {
        StringBuilder b = new StringBuilder("drops");
        for (int d : new int[] {100, 200, 300}) {
            b.append(d == 100 ? " " : " / ").append(mean(values(runs, Config.ABCD, d, AbcdRun::drops), "%.0f"));
        }
        b.append(" (means)");
        for (int d : new int[] {200, 300}) {
            b.append("; ").append(d).append("/100 ms ")
                    .append(Verdicts.cell(ratios(runs, Config.ABCD, d, Config.ABCD, 100, AbcdRun::drops), true, "%.2f"));
        }
        return b.toString();
    }

    /** Per seed at 100 ms: Jain's index of ACC-ABCD's flows minus Reno's with that seed. */
    static double[] fairness(List<AbcdRun> runs) {
        return runs.stream().filter(r -> r.config() == Config.ABCD && r.delayMs() == 100).mapToDouble(r -> {
            AbcdRun b = find(runs, Config.RENO, 100, r.seed());
            return b == null ? Double.NaN : jain(r.flowKbps()) - jain(b.flowKbps());
        }).toArray();
    }

    private static String fairnessText(List<AbcdRun> runs) {
        return Verdicts.cell(fairness(runs), true, "%.3f") + "; Jain "
                + mean(values(runs, Config.ABCD, 100, r -> jain(r.flowKbps())), "%.3f") + " / "
                + mean(values(runs, Config.RENO, 100, r -> jain(r.flowKbps())), "%.3f") + " (means)";
    }

    /** The mean of {@code values}, formatted; "not run" when there are none. */
    private static String mean(double[] values, String format) {
        double m = Stat.of(values).mean();
        return Double.isNaN(m) ? "not run" : String.format(Locale.ROOT, format, m);
    }
}
