package org.aspen.experiments.sweep;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One metric over the runs of a point: count, mean, sample standard deviation and the half-width
 * of the 95% confidence interval of the mean (Student t). In JSON: {@code {mean, sd, ci95, n}}.
 *
 * <pre>{@code
 * Stat s = Stat.of(new double[] {1, 2, 3});       // n 3, mean 2, sd 1, ci95 4.303 / sqrt(3)
 * Stat g = Stat.of(runs, Run::goodputKbps);      // one metric of a point's runs
 * Ratio r = Stat.ratio(accGoodput, redGoodput);  // ratio of the means, with its 95% interval
 * }</pre>
 *
 * The t quantiles are a table to 20 degrees of freedom, then 2.04 to 30 and 1.96 beyond: what every
 * committed result was computed with, kept so that they reproduce to the last digit.
 */
@JsonPropertyOrder({"mean", "sd", "ci95", "n"})
public record Stat(int n, double mean, double sd, double ci95) {

    /** Mean, sd and interval of {@code xs}; the mean of nothing is NaN, the sd and interval of one value 0. */
    public static Stat of(double[] xs) {
        int n = xs.length;
        double mean = 0;
        for (double x : xs) {
            mean += x;
        }
        mean = n == 0 ? Double.NaN : mean / n;
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        double sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
        return new Stat(n, mean, sd, n > 1 ? t975(n - 1) * sd / Math.sqrt(n) : 0);
    }

    /** The statistics of one metric of {@code runs}, in their order. */
    public static <R> Stat of(List<R> runs, ToDoubleFunction<R> metric) {
        return of(runs.stream().mapToDouble(metric).toArray());
    }

    /**
     * Jain's fairness index of {@code xs}: (sum x)^2 / (n sum x^2), 1 when the shares are equal;
     * NaN when every value is 0 (or there are none). {@code Stat.jain(new double[] {1, 1, 2})} is 16/18.
     */
    public static double jain(double[] xs) {
        double sum = 0;
        double sq = 0;
        for (double x : xs) {
            sum += x;
            sq += x * x;
        }
        return sq == 0 ? Double.NaN : sum * sum / (xs.length * sq);
    }

    /**
     * The ratio of two means with a 95% interval: the delta method's standard error of a ratio of
     * independent means, times Student's t at the smaller sample's degrees of freedom. No interval
     * (NaN bounds) when either side is missing or has fewer than two values; no ratio (NaN) when
     * either side is missing.
     */
    public static Ratio ratio(Stat num, Stat den) {
        if (num == null || den == null || num.n() < 2 || den.n() < 2) {
            double r = num == null || den == null ? Double.NaN : num.mean() / den.mean();
            return new Ratio(r, Double.NaN, Double.NaN);
        }
        double r = num.mean() / den.mean();
        double a = num.sd() / num.mean();
        double b = den.sd() / den.mean();
        double se = Math.abs(r) * Math.sqrt(a * a / num.n() + b * b / den.n());
        double h = t975(Math.min(num.n(), den.n()) - 1) * se;
        return new Ratio(r, r - h, r + h);
    }

    /** Two-sided 95% quantile of Student's t with {@code df} degrees of freedom (at least 1). */
    public static double t975(int df) {
        double[] t = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086};
        return df <= t.length ? t[df - 1] : (df <= 30 ? 2.04 : 1.96);
    }
}
