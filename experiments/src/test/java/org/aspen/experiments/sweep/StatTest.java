package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistics every summary is made of, against values computed by hand. */
class StatTest {

    @Test
    void meanSampleSdAndStudentInterval() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares about the mean sum to 32, sd sqrt(32 / 7), t(7) = 2.365
        Stat s = Stat.of(new double[] {2, 4, 4, 4, 5, 5, 7, 9});
        assertEquals(8, s.n());
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), 1e-12);
        assertEquals(2.365 * Math.sqrt(32.0 / 7) / Math.sqrt(8), s.ci95(), 1e-12);
    }

    @Test
    void oneValueHasNoSpreadAndNoValueHasNoMean() {
        Stat one = Stat.of(new double[] {3.5});
        assertEquals(new Stat(1, 3.5, 0, 0), one);
        Stat none = Stat.of(new double[0]);
        assertEquals(0, none.n());
        assertTrue(Double.isNaN(none.mean()));
        assertEquals(0, none.sd());
    }

    @Test
    void ofRunsTakesOneMetricInOrder() {
        record Run(double x) {
        }
        assertEquals(Stat.of(new double[] {1, 2, 6}), Stat.of(List.of(new Run(1), new Run(2), new Run(6)), Run::x));
    }

    @Test
    void tQuantilesFromTheTableThenTheirLimits() {
        assertEquals(12.706, Stat.t975(1));
        assertEquals(2.262, Stat.t975(9));
        assertEquals(2.086, Stat.t975(20));
        assertEquals(2.04, Stat.t975(29), "21-30 degrees of freedom");
        assertEquals(1.96, Stat.t975(31), "the normal quantile beyond");
    }

    @Test
    void ratioIntervalIsTheDeltaMethodWithStudentT() {
        // means 110 and 100, sd 11 and 10 (10% each), 10 values each: se = 1.1 * sqrt(0.01/10 + 0.01/10)
        Stat num = new Stat(10, 110, 11, 0);
        Stat den = new Stat(10, 100, 10, 0);
        Ratio r = Stat.ratio(num, den);
        double h = 2.262 * 1.1 * Math.sqrt(0.002);
        assertEquals(1.1, r.value(), 1e-12);
        assertEquals(1.1 - h, r.low(), 1e-9);
        assertEquals(1.1 + h, r.high(), 1e-9);
        // the smaller sample sets the degrees of freedom; one value gives no interval
        assertEquals(1.1 - 2.776 * 1.1 * Math.sqrt(0.01 / 5 + 0.01 / 10), Stat.ratio(new Stat(5, 110, 11, 0), den).low(), 1e-9);
        Ratio single = Stat.ratio(new Stat(1, 110, 0, 0), den);
        assertEquals(1.1, single.value(), 1e-12);
        assertFalse(single.hasInterval());
        assertEquals(Arrays.asList(null, null), single.ci95());
        assertTrue(Double.isNaN(Stat.ratio(null, den).value()));
    }

    @Test
    void jsonNamesMeanSdIntervalAndCountInThatOrder() throws Exception {
        assertEquals("{\"mean\":2.0,\"sd\":1.0,\"ci95\":2.5,\"n\":3}", new ObjectMapper().writeValueAsString(new Stat(3, 2, 1, 2.5)));
        assertEquals("[0.9,1.1]", new ObjectMapper().writeValueAsString(new Ratio(1, 0.9, 1.1).ci95()));
        assertNull(new Ratio(1, Double.NaN, Double.NaN).ci95().get(1));
    }

    @Test
    void jainIsOneForEqualSharesAndNaNWhenEveryShareIsZero() {
        org.junit.jupiter.api.Assertions.assertEquals(1.0, Stat.jain(new double[] {3, 3, 3}), 1e-12);
        // (1 + 1 + 2)^2 / (3 (1 + 1 + 4)) = 16 / 18
        org.junit.jupiter.api.Assertions.assertEquals(16.0 / 18, Stat.jain(new double[] {1, 1, 2}), 1e-12);
        // one flow with everything: 1/n
        org.junit.jupiter.api.Assertions.assertEquals(0.25, Stat.jain(new double[] {0, 5, 0, 0}), 1e-12);
        org.junit.jupiter.api.Assertions.assertTrue(Double.isNaN(Stat.jain(new double[] {0, 0})));
    }
}
