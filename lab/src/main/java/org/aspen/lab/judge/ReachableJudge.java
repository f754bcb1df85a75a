package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.aspen.lab.scenario.Scenario.Reachable;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: reachable, at: 9s}}: at that time (default a little before the end) every node has
 * a route to every other, as each node's route table says through the runner's {@link Observer}.
 */
final class ReachableJudge extends ExpectationJudge<Reachable, List<String>> {
    ReachableJudge() {
        super(Reachable.class);
    }

    @Override
    public void check(Reachable r, String p, ScenarioCheck c) {
        c.unit(p + ".at", r.at(), Units::nanos);
    }

    @Override
    public List<String> watch(Reachable r, long duration, Observer o) {
        long at = r.at() == null ? duration - Math.min(100_000_000L, duration / 20) : Units.nanos(r.at());
        List<String> missing = Collections.synchronizedList(new ArrayList<>());
        o.findMissingRoutes(at, missing::add);
        return missing;
    }

    @Override
    public ExpectationResult judge(Reachable r, List<String> seen, Evidence e) {
        List<String> missing;
        synchronized (seen) {
            missing = new ArrayList<>(seen);
        }
        Collections.sort(missing);
        return new ExpectationResult("reachable", "every node has a route to every other"
                + (r.at() == null ? " at the end" : " at " + r.at()), missing.isEmpty(), "0 missing routes",
                missing.isEmpty() ? "0 missing routes" : missing.size() + " missing: " + String.join(", ", missing));
    }
}
