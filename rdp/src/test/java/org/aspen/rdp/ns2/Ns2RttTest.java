package org.aspen.rdp.ns2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** tcp.cc's integer timer arithmetic (rtt_update, rtt_timeout, rtt_backoff) against values worked out by hand. */
class Ns2RttTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    @Test
    void beforeAnySampleTheTimerIsRtxcurInit() {
        Ns2Rtt r = new Ns2Rtt(P, 0);
        assertEquals(3.0, r.timeout(), 0);
        assertEquals(0, r.scaledSrtt());
        assertEquals(1200 << 2, r.scaledRttvar(), "int(12 / 0.01) << T_RTTVAR_BITS");
    }

    @Test
    void samplesAreTicksAndTheRtoIsSrttPlusFourRttvar() {
        Ns2Rtt r = new Ns2Rtt(P, 0);
        // sent at 1.005 s, 100 ms: (0.1 + fmod(1.005, 0.01)) / 0.01 = 10.49.. -> 10 ticks; first sample:
        // t_srtt_ = 10 << 3 = 80, t_rttvar_ = 10 << 1 = 20, t_rtxcur_ = ((20 << 3) + 80) >> 3 = 30 ticks
        r.update(0.1, 1.105);
        assertEquals(10, r.rttTicks());
        assertEquals(80, r.scaledSrtt());
        assertEquals(20, r.scaledRttvar());
        assertEquals(0.30, r.timeout(), 1e-12);
        // 52 ms sent at 2.005 s: 5 ticks; delta = 5 - 10 = -5, t_srtt_ 75; |delta| - (20 >> 2) = 0,
        // t_rttvar_ 20; ((20 << 3) + 75) >> 3 = 29 ticks
        r.update(0.052, 2.057);
        assertEquals(5, r.rttTicks());
        assertEquals(75, r.scaledSrtt());
        assertEquals(20, r.scaledRttvar());
        assertEquals(0.29, r.timeout(), 1e-12);
        // 12.5 ms sent at 3.005 s: 1 tick; delta = 1 - (75 >> 3) = -8, t_srtt_ 67; 8 - 5 = 3, t_rttvar_ 23;
        // ((23 << 3) + 67) >> 3 = 251 >> 3 = 31 ticks
        r.update(0.0125, 3.0175);
        assertEquals(67, r.scaledSrtt());
        assertEquals(23, r.scaledRttvar());
        assertEquals(0.31, r.timeout(), 1e-12);
    }

    @Test
    void backoffDoublesUntilMaxrtoAndFoldsSrttPastEight() {
        Ns2Rtt r = new Ns2Rtt(P, 0);
        r.update(0.1, 1.105);   // t_rtxcur_ 0.3 s, as above
        double[] expected = {0.6, 1.2, 2.4, 4.8, 9.6, 19.2, 38.4, 60, 60};
        int[] factor = {2, 4, 8, 16, 32, 64, 128, 256, 256};
        for (int k = 0; k < expected.length; k++) {
            r.backoff();
            assertEquals(expected[k], r.timeout(), 1e-9, "after " + (k + 1) + " timeouts");
            assertEquals(factor[k], r.backoffFactor(), "after " + (k + 1) + " timeouts");
        }
        // backed off past 8, srtt went into rttvar (tcp.cc:618-625): 20 + (80 >> 3) = 30, t_srtt_ 0 ...
        assertEquals(0, r.scaledSrtt());
        assertEquals(30, r.scaledRttvar());
        // ... so the next sample starts afresh: 7 ticks gives 56 and 14, ((14 << 3) + 56) >> 3 = 21 ticks,
        // still times the backoff until an ACK clears it
        r.update(0.07, 9.075);
        assertEquals(56, r.scaledSrtt());
        assertEquals(14, r.scaledRttvar());
        assertEquals(0.21 * 256, r.timeout(), 1e-9);
        r.clearBackoff();
        assertEquals(0.21, r.timeout(), 1e-12);
    }

    @Test
    void aShortRttIsClampedToMinrtoBeforeTheBackoff() {
        Ns2Rtt r = new Ns2Rtt(P, 0);
        r.update(0.0125, 0.0175);   // 1 tick: 8 and 2, ((2 << 3) + 8) >> 3 = 3 ticks, 30 ms < minrto_
        assertEquals(0.03, r.rtxcur(), 1e-12);
        assertEquals(0.2, r.timeout(), 1e-12);
        r.backoff();
        assertEquals(0.4, r.timeout(), 1e-12, "minrto_ * t_backoff_ (tcp.cc:535-536)");
        Ns2Rtt coarse = new Ns2Rtt(P.with(Map.of("tcpTick", 0.5, "minrto", 0.0)), 0);
        coarse.update(0.1, 0.1);    // under a tick: t_rtt_ 1, 8 and 2 -> 3 ticks of 0.5 s
        assertEquals(1.5, coarse.timeout(), 1e-12);
    }

    @Test
    void badOverridesNameTheVariable() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> P.with(Map.of("windw", 3)));
        assertEquals(true, e.getMessage().startsWith("ns2.windw is not a known Agent/TCP variable"));
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> P.with(Map.of("numdupacks", 2.5)));
        assertEquals("ns2.numdupacks must be an integer, got 2.5", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> P.with(Map.of("minrto", 100)));
        assertEquals("ns2.minrto must be at least 0 and at most maxrto", e.getMessage());
    }
}
