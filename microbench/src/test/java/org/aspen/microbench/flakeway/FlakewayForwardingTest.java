package org.aspen.microbench.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.flakeway.RuleCounters;
import org.junit.jupiter.api.Test;

/** The benchmark's setup and one invocation's body, run once: what it forwards, never how fast. */
class FlakewayForwardingTest {
    private static FlakewayForwarding built(String rule) {
        FlakewayForwarding f = new FlakewayForwarding();
        f.rule = rule;
        f.build();
        return f;
    }

    @Test
    void withoutAFlakewayOrWithAZeroRuleEveryPacketOfABatchArrives() {
        FlakewayForwarding none = built("none");
        assertNull(none.flakeway);
        assertEquals(FlakewayForwarding.BATCH, none.forwardBatch());
        assertEquals(2L * FlakewayForwarding.BATCH, none.forwardBatch(), "the second batch adds as many");

        FlakewayForwarding zero = built("zero");
        assertEquals(FlakewayForwarding.BATCH, zero.forwardBatch());
        RuleCounters c = zero.flakeway.engine().counters("zero");
        assertEquals(FlakewayForwarding.BATCH, c.matched);
        assertEquals(FlakewayForwarding.BATCH, c.emitted);
        assertEquals(0, c.heldPackets);
    }

    @Test
    void theWanRuleTakesEveryPacketAndDrainsWithinTheBatch() {
        FlakewayForwarding wan = built("wan");
        long delivered = wan.forwardBatch();
        RuleCounters c = wan.flakeway.engine().counters("wan");
        assertEquals(FlakewayForwarding.BATCH, c.matched);
        assertEquals(0, c.heldPackets, "nothing is left waiting in the delay line");
        assertEquals(0, c.duplicated);
        assertEquals(FlakewayForwarding.BATCH - c.lost(), c.emitted, "every packet taken is sent on or lost");
        assertEquals(c.emitted, delivered, "what the rule sends on reaches c");
        assertTrue(c.lost() > 0, "the 1% loss drops some of 10,000 packets");
    }

    @Test
    void anUnknownRuleIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> built("lossy"));
        assertEquals("rule: expected none, zero or wan, got lossy", e.getMessage());
    }
}
