package org.aspen.experiments.sweep;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a comparison row gives Aspen's figure: the mean over the seeds with its 95 % interval
 * (Student's t, {@link Stat}) only when the seeds' random input differs and their values do;
 * otherwise the mean and the words "one deterministic run", never "± 0.0".
 *
 * <pre>{@code
 * Verdicts.cell(new double[] {10, 12, 14}, true, "%.1f");   // "12.0 ± 5.0 (95 %, 3 seeds)"
 * Verdicts.cell(new double[] {7, 7, 7}, true, "%.1f");      // "7.0 (one deterministic run)"
 * Verdicts.cell(new double[] {7.5}, false, "%.1f");         // "7.5 (one deterministic run)"
 * Verdicts.cell(new double[] {7.5}, true, "%.1f");          // "7.5 (one run, no interval)"
 * }</pre>
 */
public final class Verdicts {
    /** What a row says instead of an interval when the seeds cannot differ, or did not. */
    public static final String DETERMINISTIC = "one deterministic run";

    private Verdicts() {
    }

    /**
     * Aspen's figure over the seeds' values, formatted with {@code format} (e.g. {@code %.1f}).
     *
     * @param values      one value per seed (NaN or none: "not run")
     * @param randomInput whether the seeds' random input differs between seeds (a seeded start
     *                    time, a random phase); false for runs the seed does not change
     */
    public static String cell(double[] values, boolean randomInput, String format) {
        Stat s = Stat.of(values);
        if (Double.isNaN(s.mean())) {
            return "not run";
        }
        String mean = String.format(Locale.ROOT, format, s.mean());
        if (randomInput && s.n() < 2) {
            return mean + " (one run, no interval)";
        }
        if (!randomInput || Arrays.stream(values).allMatch(v -> v == values[0])) {
            return mean + " (" + DETERMINISTIC + ")";
        }
        return mean + " ± " + String.format(Locale.ROOT, format, s.ci95()) + " (95 %, " + s.n() + " seeds)";
    }
}
