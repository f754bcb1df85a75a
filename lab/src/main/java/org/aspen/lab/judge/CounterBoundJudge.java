package org.aspen.lab.judge;

import java.util.Map;
import org.aspen.lab.scenario.Scenario.CounterBound;
import org.aspen.lab.scenario.ScenarioCheck;

/**
 * {@code {type: counter, node: b, counter: link.b-c.drops.overflow, atLeast: 1}}: a counter of the
 * node at the end ({@link CounterPaths}) is within the bounds; a drop reason never seen counts as 0.
 */
final class CounterBoundJudge extends ExpectationJudge<CounterBound, Void> {
    CounterBoundJudge() {
        super(CounterBound.class);
    }

    @Override
    public void check(CounterBound x, String p, ScenarioCheck c) {
        c.nodeRef(p + ".node", x.node());
        if (x.counter() == null) {
            throw c.fail(p + ".counter", "missing (e.g. drops.no-route or link.a-b.sentPackets)");
        }
        if (x.atLeast() == null && x.atMost() == null) {
            throw c.fail(p, "give atLeast, atMost or both");
        }
    }

    @Override
    public ExpectationResult judge(CounterBound c, Void watched, Evidence e) {
        Map<String, Object> flat = e.counters(c.node());
        Object v = flat.get(c.counter());
        long value = v instanceof Number num ? num.longValue() : 0;
        if (v == null && (c.counter().startsWith("drops.") || c.counter().contains(".drops."))) {
            v = 0L; // a drop reason never seen is a zero count
        }
        boolean ok = v != null && (c.atLeast() == null || value >= c.atLeast()) && (c.atMost() == null || value <= c.atMost());
        return new ExpectationResult("counter", c.node() + " " + c.counter(), ok, Refs.bounds(c.atLeast(), c.atMost()),
                v == null ? "no such counter (known: " + String.join(", ", flat.keySet()) + ")" : value);
    }
}
