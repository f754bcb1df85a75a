package org.aspen.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.aspen.experiments.validation.Tolerances.Metric;
import org.aspen.experiments.validation.Tolerances.Verdict;
import org.junit.jupiter.api.Test;

/** The verdict logic on made-up numbers, each worked by hand. */
class TolerancesTest {
    @Test
    void deterministicGoodputPassesStrictlyBelowOnePercentAndFailsAtIt() {
        assertEquals(Verdict.PASS, Tolerances.deterministic(Metric.GOODPUT, 1009.9, 1000));   // 0.99 %
        assertEquals(Verdict.FAIL, Tolerances.deterministic(Metric.GOODPUT, 1010, 1000));     // 1 % exactly: a tie fails
        assertEquals(Verdict.FAIL, Tolerances.deterministic(Metric.GOODPUT, 989, 1000));      // 1.1 % below
    }

    @Test
    void countsMustBeEqual() {
        assertEquals(Verdict.PASS, Tolerances.deterministic(Metric.TIMEOUTS, 3, 3));
        assertEquals(Verdict.FAIL, Tolerances.deterministic(Metric.TIMEOUTS, 2, 3));
        assertEquals(Verdict.PASS, Tolerances.deterministic(Metric.FAST_RETRANSMITS, 0, 0));
    }

    @Test
    void aMissingOrZeroGoodputNeverPasses() {
        assertEquals(Verdict.MISSING, Tolerances.deterministic(Metric.GOODPUT, Double.NaN, 1000));
        assertEquals(Verdict.MISSING, Tolerances.deterministic(Metric.GOODPUT, 0, 0));
        assertEquals(Verdict.MISSING, Tolerances.deterministic(Metric.DROPS, 5, Double.NaN));
        assertEquals(Verdict.MISSING, Tolerances.random(Metric.GOODPUT, new double[0], new double[] {1, 2}));
        assertEquals(Verdict.MISSING, Tolerances.random(Metric.GOODPUT, new double[] {1, 0}, new double[] {1, 2}));
    }

    @Test
    void lossEventsMustBeTheSameList() {
        assertEquals(Verdict.PASS, Tolerances.sameEvents(List.of(48L, 50L, 55L), List.of(48L, 50L, 55L)));
        assertEquals(Verdict.FAIL, Tolerances.sameEvents(List.of(48L, 50L), List.of(48L, 50L, 55L)));
        assertEquals(Verdict.MISSING, Tolerances.sameEvents(null, List.of()));
    }

    @Test
    void randomMeansWithinFivePercentPass() {
        // means 104 and 100: 4 %
        assertEquals(Verdict.PASS, Tolerances.random(Metric.DROPS, new double[] {103, 105}, new double[] {99, 101}));
        // means 105 and 100: 5 % exactly, two seeds (too few for intervals): a tie fails
        assertEquals(Verdict.FAIL, Tolerances.random(Metric.DROPS, new double[] {104, 106}, new double[] {99, 101}));
    }

    @Test
    void randomMeansInsideEachOthersIntervalsPassWithTenSeeds() {
        // Aspen: 10 seeds alternating 100, 140: mean 120, sd = sqrt(10 * 400 / 9) = 21.08, ci = 2.262 * 21.08 / sqrt(10) = 15.08
        // ns-2: alternating 90, 130: mean 110, ci 15.08; 120 is 10 from 110, inside both (15.08): PASS although 9.1 % apart
        double[] a = {100, 140, 100, 140, 100, 140, 100, 140, 100, 140};
        double[] b = {90, 130, 90, 130, 90, 130, 90, 130, 90, 130};
        assertEquals(Verdict.PASS, Tolerances.random(Metric.GOODPUT, a, b));
        // nine seeds of the same: the interval rule is not open, and 9.1 % fails
        assertEquals(Verdict.FAIL, Tolerances.random(Metric.GOODPUT, java.util.Arrays.copyOf(a, 9), java.util.Arrays.copyOf(b, 9)));
        // ns-2 alternating 70, 110: mean 90, 30 from 120, outside both intervals
        double[] c = {70, 110, 70, 110, 70, 110, 70, 110, 70, 110};
        assertEquals(Verdict.FAIL, Tolerances.random(Metric.GOODPUT, a, c));
    }

    @Test
    void constantSeriesHaveNoIntervalToBeInside() {
        // every seed alike: intervals of width 0; 110 against 100 is 10 %: FAIL
        double[] a = new double[10];
        double[] b = new double[10];
        java.util.Arrays.fill(a, 110);
        java.util.Arrays.fill(b, 100);
        assertEquals(Verdict.FAIL, Tolerances.random(Metric.DROPS, a, b));
    }

    @Test
    void relativeDifferenceIsSignedAgainstNs2() {
        assertEquals(0.02, Tolerances.relativeDifference(102, 100), 1e-12);
        assertEquals(-0.5, Tolerances.relativeDifference(50, 100), 1e-12);
        assertEquals(0, Tolerances.relativeDifference(0, 0), 0);
        assertEquals(Double.NaN, Tolerances.relativeDifference(1, 0), 0);
    }
}
