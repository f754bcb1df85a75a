package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.aspen.experiments.acc.AccOverhead;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The overhead experiment (Figures 8-9): its scenario builds as the paper describes it, and one short
 * real-UDP run per ACC setting through the command shows ACC at work. Function only, no timing: the
 * two senders' slow start overflows the 25-packet bottleneck buffer within the first second on any
 * machine, and that drop is what makes the monitor act.
 */
class AccOverheadTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void scenarioHasMonitorAndDelayOnTheConvergingNodeAndFiltersOnTheIntermediateOnes() {
        Scenario on = AccOverhead.scenario(true, 50, AccOverhead.Setup.defaults(10));
        assertEquals("monitor", on.node("c").acc());
        assertEquals("filter", on.node("i1").acc());
        assertEquals("filter", on.node("i2").acc());
        assertEquals(1, on.node("c").flakeway().size());
        assertEquals("50ms", on.node("c").flakeway().get(0).get("delay"));
        assertEquals(2, on.workload().flows().size());
        assertEquals(AccOverhead.BOTTLENECK, on.link("c-d").bandwidth());
        Scenario off = AccOverhead.scenario(false, 0, AccOverhead.Setup.defaults(10));
        assertNull(off.node("c").acc());
        assertNull(off.node("i1").acc());
        assertTrue(off.node("c").flakeway().isEmpty(), "no delay rule at 0 ms");
    }
}
