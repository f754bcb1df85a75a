package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Loss, burst lengths and jitter checked over large simulated samples. Each bound is five standard
 * deviations of the estimator under the model the rule claims to implement (computed in the test
 * from the model's parameters), so a correct engine fails with probability below 1e-6 per check
 * and the fixed seed makes the outcome repeat exactly.
 */
class ImpairmentStatisticsTest {
    static final long MS = Harness.MS;

    static void within(double observed, double expected, double sd, String what) {
        assertTrue(Math.abs(observed - expected) <= 5 * sd,
                what + ": observed " + observed + ", expected " + expected + " +- " + 5 * sd);
    }

    @Test
    void randomLossRateIsBinomial() {
        int n = 100_000;
        double p = 0.05;
        Harness h = new Harness(1, "name l; loss 5%").offer(n, 0, 100);
        // lost ~ Binomial(n, p): sd = sqrt(n p (1 - p))
        within(h.counters().lostRandom, n * p, Math.sqrt(n * p * (1 - p)), "lost");
        assertEquals(n, h.out.size() + h.drops);
        assertEquals(n - h.counters().lostRandom, h.counters().emitted);
    }

    @Test
    void gilbertElliottBurstsAndGapsHaveTheChainsMeans() {
        int n = 200_000;
        double p = 0.02;
        double r = 0.25;
        Harness h = new Harness(2, "name ge; loss-ge p=2% r=25% 1-h=100% 1-k=0%").offer(n, 0, 100);
        boolean[] lost = new boolean[n];
        java.util.Arrays.fill(lost, true);
        h.out.forEach(o -> lost[o.seq()] = false);
        List<Integer> bursts = new ArrayList<>();
        List<Integer> gaps = new ArrayList<>();
        int run = 1;
        for (int i = 1; i <= n; i++) {
            if (i < n && lost[i] == lost[i - 1]) {
                run++;
                continue;
            }
            (lost[i - 1] ? bursts : gaps).add(run);
            run = 1;
        }
        bursts.remove(0);   // runs cut by the start or the end of the sample are not whole
        gaps.remove(0);
        // a bad spell lasts Geometric(r) packets: mean 1/r, variance (1 - r)/r^2; the mean of B
        // spells has sd sqrt((1 - r) / r^2 / B); likewise good spells with p
        double meanBurst = bursts.stream().mapToInt(Integer::intValue).average().orElseThrow();
        double meanGap = gaps.stream().mapToInt(Integer::intValue).average().orElseThrow();
        within(meanBurst, 1 / r, Math.sqrt((1 - r) / (r * r) / bursts.size()), "mean burst length");
        within(meanGap, 1 / p, Math.sqrt((1 - p) / (p * p) / gaps.size()), "mean gap length");
        // loss share p/(p+r); for a two-state chain the variance of the count is inflated by
        // (1 + lambda) / (1 - lambda), lambda = 1 - p - r the chain's second eigenvalue
        double pi = p / (p + r);
        double lambda = 1 - p - r;
        double sd = Math.sqrt(n * pi * (1 - pi) * (1 + lambda) / (1 - lambda));
        within(h.counters().lostBurst, n * pi, sd, "lost");
        assertEquals(pi, new GilbertElliott(p, r, 1, 0).lossRate(), 1e-12);
    }

    /** Packets one second apart, so keeping order never holds one back and each delay is a pure draw. */
    static long[] sparseDelays(String rule, int n) {
        return new Harness(3, rule).offer(n, 1_000 * MS, 100).delays();
    }

    @Test
    void uniformJitterStaysInItsRangeWithTheRightMoments() {
        int n = 20_000;
        double j = 10 * MS;
        long[] d = sparseDelays("name u; delay 50ms jitter 10ms uniform", n);
        assertEquals(n, d.length);
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double var = java.util.Arrays.stream(d).mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        // U(-j, j): sd j/sqrt(3); the sample mean has sd j/sqrt(3n); the sample variance (j^2/3)
        // has sd sqrt((mu4 - sigma^4)/n) with mu4 = j^4/5 for a uniform
        within(mean, 50 * MS, j / Math.sqrt(3 * n), "mean delay");
        within(var, j * j / 3, Math.sqrt((Math.pow(j, 4) / 5 - Math.pow(j, 4) / 9) / n), "delay variance");
        assertTrue(java.util.Arrays.stream(d).allMatch(x -> x >= 40 * MS && x <= 60 * MS));
    }

    @Test
    void normalJitterHasItsMeanAndOneSigmaShare() {
        int n = 20_000;
        double j = 10 * MS;
        long[] d = sparseDelays("name n; delay 100ms jitter 10ms normal", n);
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        within(mean, 100 * MS, j / Math.sqrt(n), "mean delay");
        // P(|X - mu| < sigma) = 0.682689; the count inside is Binomial(n, 0.682689)
        double q = 0.682689492;
        long inside = java.util.Arrays.stream(d).filter(x -> Math.abs(x - 100 * MS) < j).count();
        within(inside, n * q, Math.sqrt(n * q * (1 - q)), "within one sigma");
    }

    @Test
    void paretoJitterIsAHeavyTailAboveTheFixedDelay() {
        int n = 40_000;
        double j = 10 * MS;
        long[] d = sparseDelays("name p; delay 20ms jitter 10ms pareto", n);
        assertTrue(java.util.Arrays.stream(d).allMatch(x -> x >= 20 * MS));
        // Lomax(shape 3, scale 2j): mean j, variance 3 j^2
        double mean = java.util.Arrays.stream(d).average().orElseThrow() - 20 * MS;
        within(mean, j, Math.sqrt(3 * j * j / n), "mean excess");
        // P(X > t) = (1 + t / (2j))^-3: at t = 2j it is 1/8, at t = 8j it is 1/125
        for (double t : new double[] {2, 8}) {
            double q = Math.pow(1 + t / 2, -3);
            long above = java.util.Arrays.stream(d).filter(x -> x - 20 * MS > t * j).count();
            within(above, n * q, Math.sqrt(n * q * (1 - q)), "share above " + t + " jitter");
        }
    }

    @Test
    void duplicationSendsTheExtraCopiesItCounts() {
        int n = 50_000;
        Harness h = new Harness(4, "name d; duplicate 10%").offer(n, MS, 100);
        within(h.counters().duplicated, n * 0.1, Math.sqrt(n * 0.1 * 0.9), "duplicates");
        assertEquals(n + h.counters().duplicated, h.out.size());
        assertTrue(h.out.stream().allMatch(o -> o.flips() == null));
    }

    @Test
    void reorderShareIsSentAtOnce() {
        int n = 40_000;
        Harness h = new Harness(5, "name r; delay 10ms; reorder 25%").offer(n, MS, 100);
        long immediate = java.util.Arrays.stream(h.delays()).filter(x -> x == 0).count();
        assertEquals(h.counters().reordered, immediate);
        within(immediate, n * 0.25, Math.sqrt(n * 0.25 * 0.75), "sent at once");
        assertTrue(java.util.Arrays.stream(h.delays()).allMatch(x -> x == 0 || x == 10 * MS));
    }
}
