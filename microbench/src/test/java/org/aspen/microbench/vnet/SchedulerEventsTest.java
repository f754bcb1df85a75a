package org.aspen.microbench.vnet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.aspen.vnet.time.SimScheduler;
import org.junit.jupiter.api.Test;

/** One invocation's body, run once: how many events it executes, never how fast. */
class SchedulerEventsTest {
    private static SimScheduler run(int chains) {
        SchedulerEvents b = new SchedulerEvents();
        b.chains = chains;
        return b.runEvents();
    }

    @Test
    void oneInvocationRunsExactlyItsEventsAndLeavesNonePending() {
        for (int chains : new int[] {1, 64, 4096}) {
            SimScheduler s = run(chains);
            assertEquals(SchedulerEvents.EVENTS, s.executedEvents(), "chains " + chains);
            assertEquals(0, s.pending(), "chains " + chains);
        }
    }

    @Test
    void oneChainTicksOncePerMicrosecond() {
        // 65,536 events 1 us apart starting at 0: the last one runs at 65,535 us
        assertEquals((SchedulerEvents.EVENTS - 1) * 1_000L, run(1).nanos());
    }
}
