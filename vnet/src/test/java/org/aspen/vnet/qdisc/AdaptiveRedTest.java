package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Ecn;
import org.junit.jupiter.api.Test;

/** Adaptive RED: max_p moves towards what keeps the average in the target band, on the node's timer. */
class AdaptiveRedTest {
    /** One arrival and one departure per millisecond with the queue held at {@code q}, for {@code ms}. */
    static AdaptiveRed holdFor(int q, int ms) {
        StubContext ctx = new StubContext(5, 8_000_000);
        AdaptiveRed d = (AdaptiveRed) QueueDisciplines.create("ared",
                Map.of("w_q", 1, "min_th", 5, "max_th", 15, "max_p", 0.1, "interval", "500ms"), QueueLimit.packets(100));
        d.attach(ctx);
        for (int i = 0; i < ms; i++) {
            ctx.sim.scheduleAt(i * 1_000_000L, () -> RedTest.holdQueue(d, q, 1, 1000, Ecn.NOT_ECT));
        }
        ctx.sim.runUntil(ms * 1_000_000L);
        return d;
    }

    @Test
    void averageAboveTheBandRaisesMaxPAdditively() {
        AdaptiveRed d = holdFor(14, 2_000);   // band is [9, 11]
        assertEquals(4, (long) d.describe().get("increases"));
        // 0.1 -> +0.01 each step (min(0.01, max_p / 4))
        assertEquals(0.14, d.maxP(), 1e-9);
    }

    @Test
    void averageBelowTheBandLowersMaxPMultiplicatively() {
        AdaptiveRed d = holdFor(6, 2_000);
        assertEquals(4, (long) d.describe().get("decreases"));
        assertEquals(0.1 * Math.pow(0.9, 4), d.maxP(), 1e-9);
    }

    @Test
    void insideTheBandMaxPStays() {
        AdaptiveRed d = holdFor(10, 2_000);
        assertEquals(0.1, d.maxP(), 1e-12);
    }

    @Test
    void maxPStaysWithinItsBounds() {
        AdaptiveRed up = holdFor(14, 60_000);
        assertTrue(up.maxP() <= AdaptiveRed.MAX_P_CEILING + 0.01 && up.maxP() > 0.5, "max_p " + up.maxP());
        AdaptiveRed down = holdFor(6, 60_000);
        assertTrue(down.maxP() < AdaptiveRed.MAX_P_FLOOR && down.maxP() >= AdaptiveRed.MAX_P_FLOOR * 0.9, "max_p " + down.maxP());
    }

    @Test
    void theTimerStopsWhenTrafficStopsAndOnDetach() {
        StubContext ctx = new StubContext(5, 8_000_000);
        AdaptiveRed d = (AdaptiveRed) QueueDisciplines.create("ared", Map.of(), QueueLimit.packets(100));
        d.attach(ctx);
        d.enqueue(StubContext.packet(1000, Ecn.NOT_ECT));
        d.dequeue();
        ctx.sim.runAll();   // would never return if the timer re-armed itself forever
        assertEquals(0, ctx.sim.pending());
        d.enqueue(StubContext.packet(1000, Ecn.NOT_ECT));
        assertEquals(1, ctx.sim.pending());
        d.detach();
        assertEquals(0, ctx.sim.pending());
    }

    @Test
    void automaticWeightFollowsTheLinkRate() {
        StubContext ctx = new StubContext(5, 8_000_000);   // 1000 mean-sized packets per second
        AdaptiveRed d = (AdaptiveRed) QueueDisciplines.create("ared", Map.of(), QueueLimit.packets(100));
        d.attach(ctx);
        assertEquals(1 - Math.exp(-1 / 1000.0), (double) d.describe().get("w_q"), 1e-15);
    }
}
