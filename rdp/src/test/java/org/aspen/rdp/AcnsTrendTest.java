package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Equations 6-8 with Table 4's parameters (sigma 3, omega_count 10, th_L1 1.84, th_L2 2.15). The
 * expected weights were worked out by hand: e^(-1/3) = 0.716531, e^(-2/3) = 0.513417,
 * e^(-1) = 0.367879, and chi over lambda = 1..10 is 2.437552.
 */
class AcnsTrendTest {
    static AcnsTrend filled(int... newestFirst) {
        AcnsTrend t = new AcnsTrend(AcnsTrend.Params.DEFAULTS);
        for (int i = newestFirst.length - 1; i >= 0; i--) {
            t.record(newestFirst[i]);
        }
        return t;
    }

    @Test
    void uniformHistoriesGiveTheirOwnValue() {
        assertEquals(1.0, filled(1, 1, 1, 1, 1, 1, 1, 1, 1, 1).trendWeight(), 1e-12);
        assertEquals(1, filled(1, 1, 1, 1, 1, 1, 1, 1, 1, 1).trendCommand());
        assertEquals(3.0, filled(3, 3, 3, 3, 3, 3, 3, 3, 3, 3).trendWeight(), 1e-12);
        assertEquals(3, filled(3, 3, 3, 3, 3, 3, 3, 3, 3, 3).trendCommand());
    }

    @Test
    void recentCommandsWeighMore() {
        // newest 3, nine 1s: 1 + 2 * 0.716531 / 2.437552 = 1.58791 < th_L1 -> freeze
        AcnsTrend one = filled(3, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        assertEquals(1.58791, one.trendWeight(), 1e-5);
        assertEquals(1, one.trendCommand());
        // two newest 3: 1 + 2 * (0.716531 + 0.513417) / 2.437552 = 2.00917, in [th_L1, th_L2) -> fallback
        AcnsTrend two = filled(3, 3, 1, 1, 1, 1, 1, 1, 1, 1);
        assertEquals(2.00917, two.trendWeight(), 1e-5);
        assertEquals(2, two.trendCommand());
        // three newest 3: 2.31101 >= th_L2 -> decrease as Reno
        assertEquals(2.31101, filled(3, 3, 3, 1, 1, 1, 1, 1, 1, 1).trendWeight(), 1e-5);
        assertEquals(3, filled(3, 3, 3, 1, 1, 1, 1, 1, 1, 1).trendCommand());
        // the same three 3s, but oldest: far less weight
        assertTrue(filled(1, 1, 1, 1, 1, 1, 1, 3, 3, 3).trendWeight() < 1.2);
    }

    @Test
    void fewerCommandsThanOmegaCountAndOverflow() {
        // P = [3, 2, 1]: (3 * 0.716531 + 2 * 0.513417 + 0.367879) / 1.597828 = 2.21820
        assertEquals(2.21820, filled(3, 2, 1).trendWeight(), 1e-5);
        AcnsTrend empty = new AcnsTrend(AcnsTrend.Params.DEFAULTS);
        assertTrue(Double.isNaN(empty.trendWeight()));
        assertEquals(3, empty.trendCommand(), "no information: the TCP variant's own reaction");
        AcnsTrend t = filled(3, 3, 3, 3, 3, 3, 3, 3, 3, 3);
        for (int i = 0; i < 10; i++) {
            t.record(1);   // ten newer 1s push every 3 out of the memory of 10
        }
        assertEquals(10, t.size());
        assertEquals(1.0, t.trendWeight(), 1e-12);
        assertEquals(1, t.command(1));
        assertEquals(0, t.command(11));
    }

    @Test
    void badParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AcnsTrend.Params(2.2, 2.1, 10, 3));
        assertThrows(IllegalArgumentException.class, () -> new AcnsTrend.Params(1.84, 2.15, 0, 3));
        assertThrows(IllegalArgumentException.class, () -> new AcnsTrend.Params(1.84, 2.15, 10, 0));
    }
}
