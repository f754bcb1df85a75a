package org.aspen.bench.vnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What {@code aspen bench sim} reports, not how fast this machine is. */
class SimBenchTest {
    @Test
    void keepsTheFastestRunBesideTheBareScheduler() {
        SimBench.Result r = SimBench.run(6, 10_000_000L, 2);
        assertEquals(SimSpeed.run(6, 10_000_000L, 1).traceHash(), r.result().traceHash(), "every repeat is the same run (seed 1)");
        assertTrue(r.bareSchedulerEventsPerSecond() > 0);
        double ratio = r.result().hopsPerSecond() / r.bareSchedulerEventsPerSecond();
        assertEquals(ratio, r.hopsPerBareEvent(), ratio * 1e-6);
        String[] lines = r.summary().split("\\R");
        assertEquals(3, lines.length, r.summary());
        assertTrue(lines[2].startsWith("bare scheduler: ") && lines[2].contains("ratio packet-hops/bare events = "), lines[2]);
        assertThrows(IllegalArgumentException.class, () -> SimBench.run(6, 10_000_000L, 0));
    }
}
