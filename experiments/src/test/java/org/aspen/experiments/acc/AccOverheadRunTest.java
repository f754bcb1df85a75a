package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The overhead experiment (Figures 8-9): its scenario builds as the paper describes it (the runs: cli's AccOverheadTest). */
class AccOverheadRunTest {
    @Test
    void scenarioHasMonitorAndDelayOnTheConvergingNodeAndFiltersOnTheIntermediateOnes() {
        Scenario on = AccOverheadRun.scenario(true, 50, AccOverheadRun.Setup.defaults(10));
        assertEquals("monitor", on.node("c").acc());
        assertEquals("filter", on.node("i1").acc());
        assertEquals("filter", on.node("i2").acc());
        assertEquals(1, on.node("c").flakeway().size());
        assertEquals("50ms", on.node("c").flakeway().get(0).get("delay"));
        assertEquals(2, on.workload().flows().size());
        assertEquals(AccOverheadRun.BOTTLENECK, on.link("c-d").bandwidth());
        Scenario off = AccOverheadRun.scenario(false, 0, AccOverheadRun.Setup.defaults(10));
        assertNull(off.node("c").acc());
        assertNull(off.node("i1").acc());
        assertTrue(off.node("c").flakeway().isEmpty(), "no delay rule at 0 ms");
    }
}
