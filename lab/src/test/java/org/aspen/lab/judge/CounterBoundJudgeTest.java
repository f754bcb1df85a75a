package org.aspen.lab.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a counter expectation says when the counter it names is not there. */
class CounterBoundJudgeTest {
    private static final Map<String, Object> KNOWN = counters("received", "forwarded", "drops.no-route",
            "link.r2-d.sentPackets", "link.r2-d.drops.overflow", "link.r1-r2.sentPackets",
            "aa.flakeway.packets", "aa.flakeway.metrics.delayed");

    private static Map<String, Object> counters(String... names) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, 1L);
        }
        return m;
    }

    @Test
    void anAaThatIsNotRunningIsNamed() {
        assertEquals("AA acc-monitor is not running on r2 (running: flakeway)",
                CounterBoundJudge.missing("r2", "aa.acc-monitor.notifications", KNOWN));
        assertEquals("AA acc-monitor is not running on r2 (running: none)",
                CounterBoundJudge.missing("r2", "aa.acc-monitor.notifications", counters("received")));
    }

    @Test
    void aLinkTheNodeDoesNotHaveIsNamedWithItsLinks() {
        assertEquals("r2 has no link r2-c (its links: r1-r2, r2-d)",
                CounterBoundJudge.missing("r2", "link.r2-c.sentPackets", KNOWN));
    }

    @Test
    void aDisciplineOfAnotherKindIsNamed() {
        Map<String, Object> red = counters("link.r-b.discipline.arrivals", "link.r-b.discipline.early");
        red.put("link.r-b.discipline.kind", "red");
        assertEquals("r's link r-b runs queue discipline red, which has no counter aecn_kept",
                CounterBoundJudge.missing("r", "link.r-b.discipline.aecn_kept", red));
    }

    @Test
    void otherwiseTheNearestCountersAreListedNotTheWholeNode() {
        assertEquals("no such counter on r2 (nearest: link.r2-d.drops.overflow, link.r2-d.sentPackets)",
                CounterBoundJudge.missing("r2", "link.r2-d.sentBytes", KNOWN));
        assertEquals("no such counter on r2 (nearest: aa.flakeway.metrics.delayed, aa.flakeway.packets)",
                CounterBoundJudge.missing("r2", "aa.flakeway.dropped", KNOWN));
    }
}
