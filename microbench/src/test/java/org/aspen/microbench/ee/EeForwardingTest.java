package org.aspen.microbench.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The EE benchmarks' setup and one invocation's body, run once: what they forward or stop, never how fast. */
class EeForwardingTest {
    private static EeForwarding built(String aa) {
        EeForwarding f = new EeForwarding();
        f.aa = aa;
        f.build();
        return f;
    }

    @Test
    void everyPacketOfABatchArrivesAndAnAaOnBSeesEachOne() {
        EeForwarding none = built("none");
        assertNull(none.instance);
        assertEquals(EeForwarding.BATCH, none.forwardBatch());
        assertEquals(2L * EeForwarding.BATCH, none.forwardBatch(), "the second batch adds as many");
        for (String aa : new String[] {"pass", "cpuClock", "watchdog"}) {
            EeForwarding f = built(aa);
            assertEquals(EeForwarding.BATCH, f.forwardBatch(), aa);
            assertTrue(f.instance.isRunning(), aa);
            assertEquals(EeForwarding.BATCH, f.instance.counters().packets, aa + ": diverted");
            assertEquals(EeForwarding.BATCH, f.instance.counters().reinjected, aa + ": handed back");
            f.close();
        }
    }

    @Test
    void anUnknownAaIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> built("drop"));
        assertEquals("aa: expected none, pass, cpuClock or watchdog, got drop", e.getMessage());
    }

    @Test
    void theRunawayAaIsStoppedByItsBudgetInEveryInvocation() {
        BudgetChecks b = new BudgetChecks();
        for (int i = 0; i < 2; i++) {
            b.build();
            assertTrue(b.instance.isRunning());
            assertFalse(b.spinUntilStopped(), "stopped by the budget");
            assertEquals("packet handler ran past its budget of 50,000,000 checks", b.instance.stopReason());
        }
        assertEquals(50_000_000L, BudgetChecks.checks());
    }
}
