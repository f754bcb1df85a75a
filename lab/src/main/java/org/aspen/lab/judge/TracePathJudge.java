package org.aspen.lab.judge;

import java.util.List;
import org.aspen.lab.scenario.Scenario.TracePath;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: trace, from: a, to: c, at: 3s, hops: [b, c]}}: the traceroute from a to c (the one
 * started at {@code at}, when several are) saw exactly these nodes.
 */
final class TracePathJudge extends ExpectationJudge<TracePath, Void> {
    TracePathJudge() {
        super(TracePath.class);
    }

    @Override
    public void check(TracePath t, String p, ScenarioCheck c) {
        c.nodeRef(p + ".from", t.from());
        c.nodeRef(p + ".to", t.to());
        if (t.hops() == null || t.hops().isEmpty()) {
            throw c.fail(p + ".hops", "missing (the nodes the trace must see, in order)");
        }
        for (int k = 0; k < t.hops().size(); k++) {
            c.nodeRef(p + ".hops[" + k + "]", t.hops().get(k));
        }
        c.unit(p + ".at", t.at(), Units::nanos);
        boolean hasTrace = c.scenario().workload().traces().stream()
                .anyMatch(g -> g.from().equals(t.from()) && g.to().equals(t.to())
                        && (t.at() == null || (g.at() != null && Units.nanos(g.at()) == Units.nanos(t.at()))));
        if (!hasTrace) {
            throw c.fail(p, "no trace workload from '" + t.from() + "' to '" + t.to() + "'"
                    + (t.at() == null ? "" : " at " + t.at()) + " to judge");
        }
    }

    @Override
    public ExpectationResult judge(TracePath t, Void watched, Evidence e) {
        List<String> seen = List.of();
        for (Evidence.TraceSeen tr : e.traces()) {
            if (tr.from().equals(t.from()) && tr.to().equals(t.to())
                    && (t.at() == null || tr.atNanos() == Units.nanos(t.at()))) {
                seen = tr.hops();
            }
        }
        return new ExpectationResult("trace", "trace " + t.from() + " -> " + t.to()
                + (t.at() == null ? "" : " at " + t.at()) + " sees " + String.join(" ", t.hops()),
                seen.equals(t.hops()), String.join(" ", t.hops()), String.join(" ", seen));
    }
}
