package org.aspen.lab.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a counter expectation says when the counter it names is not there. */
class CounterBoundJudgeTest {
    private static final List<String> KNOWN = List.of("received", "forwarded", "drops.no-route",
            "link.r2-d.sentPackets", "link.r2-d.drops.overflow", "link.r1-r2.sentPackets",
            "aa.flakeway.packets", "aa.flakeway.metrics.delayed");

    @Test
    void anAaThatIsNotRunningIsNamed() {
        assertEquals("AA acc-monitor is not running on r2 (running: flakeway)",
                CounterBoundJudge.missing("r2", "aa.acc-monitor.notifications", KNOWN));
        assertEquals("AA acc-monitor is not running on r2 (running: none)",
                CounterBoundJudge.missing("r2", "aa.acc-monitor.notifications", List.of("received")));
    }

    @Test
    void aLinkTheNodeDoesNotHaveIsNamedWithItsLinks() {
        assertEquals("r2 has no link r2-c (its links: r1-r2, r2-d)",
                CounterBoundJudge.missing("r2", "link.r2-c.sentPackets", KNOWN));
    }

    @Test
    void otherwiseTheNearestCountersAreListedNotTheWholeNode() {
        assertEquals("no such counter on r2 (nearest: link.r2-d.drops.overflow, link.r2-d.sentPackets)",
                CounterBoundJudge.missing("r2", "link.r2-d.sentBytes", KNOWN));
        assertEquals("no such counter on r2 (nearest: aa.flakeway.metrics.delayed, aa.flakeway.packets)",
                CounterBoundJudge.missing("r2", "aa.flakeway.dropped", KNOWN));
    }
}
