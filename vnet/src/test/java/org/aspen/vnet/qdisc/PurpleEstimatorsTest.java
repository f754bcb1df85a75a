package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** PURPLE's building blocks on scripted inputs: the event-rate histories, the RTT filters, the control rule. */
class PurpleEstimatorsTest {
    private static final RttFilters.FlowKey A = new RttFilters.FlowKey(1, 2, 1, 6000, 7000);
    private static final RttFilters.FlowKey B = new RttFilters.FlowKey(1, 2, 1, 6001, 7000);

    @Test
    void aFullHistoryMeasuresEventsPerPacketSinceItsOldestEvent() {
        EventRate r = new EventRate(16);
        for (int i = 1; i <= 400; i++) {
            r.packet(i % 10 == 0);          // every tenth packet carries the event
        }
        // the 16 kept events are at packets 250..400: 16 events in 151 packets
        assertEquals(16 / 151.0, r.rate(), 1e-12);
        assertEquals(16, r.events());
    }

    @Test
    void aYoungHistoryCountsFromTheFirstPacketAndTheRateDecaysWithoutEvents() {
        EventRate r = new EventRate(16);
        assertEquals(0, r.rate());
        for (int i = 1; i <= 50; i++) {
            r.packet(i == 50);
        }
        assertEquals(1 / 50.0, r.rate(), 1e-12);
        for (int i = 1; i <= 32; i++) {
            r.packet(true);
        }
        double busy = r.rate();
        assertEquals(1.0, busy, 1e-12);     // the last 16 packets were all events
        for (int i = 0; i < 144; i++) {
            r.packet(false);
        }
        assertEquals(16 / 160.0, r.rate(), 1e-12);
        assertTrue(r.rate() < busy);
    }

    @Test
    void aRateChangeIsSeenWithinOneHistory() {
        EventRate r = new EventRate(16);
        for (int i = 1; i <= 1000; i++) {
            r.packet(i % 100 == 0);         // 1 %
        }
        for (int i = 1; i <= 160; i++) {
            r.packet(i % 10 == 0);          // then 10 %: 16 new events replace the old ones
        }
        assertEquals(16 / 151.0, r.rate(), 1e-12);
    }

    @Test
    void trimmedMeanDropsTheTopAndBottomTenPercent() {
        long[] xs = new long[32];
        for (int i = 0; i < 32; i++) {
            xs[i] = 100 + i;                // 100..131
        }
        xs[0] = 1;                          // outliers at both ends
        xs[31] = 1_000_000;
        // floor(3.2) = 3 cut at each end: the mean of 103..128
        assertEquals(115.5, RttFilters.trimmedMean(xs, 0.10), 1e-9);
        assertEquals(5.0, RttFilters.trimmedMean(new long[]{5}, 0.10), 1e-9);
        assertTrue(Double.isNaN(RttFilters.trimmedMean(new long[0], 0.10)));
    }

    @Test
    void aFilterFiresOnTheSameFlowsNextCwrOnly() {
        RttFilters f = new RttFilters(8, 32, 0.10, 2_000_000_000L);
        f.marked(A, 1_000);
        f.marked(A, 5_000);                 // the flow already has a filter: the first mark counts
        f.cwr(B, 2_000);                    // another flow's CWR does not fire it
        assertEquals(0, f.samples());
        f.cwr(A, 81_000);
        assertEquals(1, f.samples());
        assertEquals(80_000, f.estimate(), 1e-9);
        f.cwr(A, 90_000);                   // fired filters are gone
        assertEquals(1, f.samples());
        assertEquals(0, f.armed());
    }

    @Test
    void filtersExpireAreBoundedAndKeepTheLast32Samples() {
        RttFilters f = new RttFilters(2, 32, 0.10, 1_000);
        f.marked(A, 0);
        f.marked(B, 0);
        f.marked(new RttFilters.FlowKey(9, 9, 1, 1, 1), 0);   // no room
        assertEquals(2, f.armed());
        f.expire(1_001);
        assertEquals(0, f.armed());
        assertEquals(2, f.expired());
        for (int i = 0; i < 40; i++) {       // 40 samples: 0..7 drop out, 8..39 stay
            f.marked(A, 0);
            f.cwr(A, 100L * i);
        }
        assertEquals(32, f.samples());
        assertEquals(100 * (11 + 36) / 2.0, f.estimate(), 1e-9);   // trimmed: 11..36
        assertThrows(IllegalArgumentException.class, () -> new RttFilters(8, 32, 0.5, 1));
    }

    @Test
    void theControlRuleOnKnownInputs() {
        // half the load must go: the total probability quadruples, less what others apply
        assertEquals(0.08 - 0.01 - 0.02, PurpleParams.localProbability(0.02, 0.5, 0.01, 0.02), 1e-12);
        // balanced link: keep p, so the local share stays what it was
        assertEquals(0.005, PurpleParams.localProbability(0.02, 1.0, 0.01, 0.005), 1e-12);
        // underloaded: the others already mark more than the target; never negative
        assertEquals(0, PurpleParams.localProbability(0.02, 2.0, 0.01, 0.0));
        // never above one
        assertEquals(1, PurpleParams.localProbability(0.5, 0.1, 0, 0));
        assertEquals(0.03, PurpleParams.beyond(0.05, 0.015, 0.005), 1e-12);
        // not clamped (Section 2.3 subtracts); the sensitivity reading clamps
        assertEquals(-0.01, PurpleParams.beyond(0.01, 0.015, 0.005), 1e-12);
        assertEquals(0, PurpleParams.beyondClamped(0.01, 0.015, 0.005));
    }

    /**
     * One macroscopic step by hand: p = 0.02, p_<k = 0.005 now and over the preceding RTT, p_k applied
     * over the preceding RTT 0.01, so p_>k = 0.02 - 0.01 - 0.005 = 0.005 and (3) gives p/gamma^2 - 0.01.
     */
    @Test
    void onePkUpdateForGammaOneBelowAndAboveOne() {
        double beyond = PurpleParams.beyond(0.02, 0.01, 0.005);
        assertEquals(0.005, beyond, 1e-15);
        assertEquals(0.01, PurpleParams.localProbability(0.02, 1.0, 0.005, beyond), 1e-15);   // gamma = 1: unchanged
        assertEquals(0.07, PurpleParams.localProbability(0.02, 0.5, 0.005, beyond), 1e-15);   // 0.08 - 0.01
        assertEquals(0.03, PurpleParams.localProbability(0.02, Math.sqrt(0.5), 0.005, beyond), 1e-15);  // 0.04 - 0.01
        assertEquals(0.0, PurpleParams.localProbability(0.02, 2.0, 0.005, beyond));           // 0.005 - 0.01 < 0
        // p = 0.05 at gamma 2: p_>k = 0.035, 0.0125 - 0.005 - 0.035 < 0
        assertEquals(0.0, PurpleParams.localProbability(0.05, 2.0, 0.005, PurpleParams.beyond(0.05, 0.01, 0.005)));
        // p below what this router applied (p = 0.004 < 0.01): gamma = 1 still keeps p_k = 0.01 ...
        double negative = PurpleParams.beyond(0.004, 0.01, 0);
        assertEquals(0.01, PurpleParams.localProbability(0.004, 1.0, 0, negative), 1e-15);
        // ... while clamping p_>k first cuts it to p = 0.004 (the sensitivity reading)
        assertEquals(0.004, PurpleParams.localProbability(0.004, 1.0, 0, PurpleParams.beyondClamped(0.004, 0.01, 0)), 1e-15);
    }

    @Test
    void theMicroscopicTermShrinksTheAllocatableRateWithTheQueue() {
        assertEquals(10e6, PurpleParams.allocatableRate(10e6, 1, 0), 1e-6);
        assertEquals(5e6, PurpleParams.allocatableRate(10e6, 1, 1), 1e-6);            // a full queue halves it
        assertEquals(10e6 / 1.5, PurpleParams.allocatableRate(10e6, 1, 0.5), 1e-6);
        assertEquals(10e6 / 3, PurpleParams.allocatableRate(10e6, 2, 0.5), 1e-6);     // alpha = 2
    }
}
