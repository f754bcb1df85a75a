package org.aspen.experiments.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * A ratio of two means and its 95% interval ({@link Stat#ratio}); the bounds are NaN when there is
 * no interval (fewer than two runs on a side).
 *
 * <pre>{@code
 * Ratio r = Stat.ratio(acc, red);
 * if (r.hasInterval()) { System.out.printf("%.2f (%.2f-%.2f)%n", r.value(), r.low(), r.high()); }
 * List<Double> json = r.ci95();                  // [low, high], nulls when there is no interval
 * }</pre>
 */
public record Ratio(double value, double low, double high) {
    public boolean hasInterval() {
        return !Double.isNaN(low);
    }

    /** The interval for JSON: {@code [low, high]}, each null when NaN. */
    public List<Double> ci95() {
        List<Double> out = new ArrayList<>(2);
        for (double x : new double[] {low, high}) {
            out.add(Double.isNaN(x) ? null : x);
        }
        return out;
    }
}
