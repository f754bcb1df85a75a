package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.aspen.lab.scenario.Scenario.PingRtt;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: rtt, from: a, to: c, min: 95ms, max: 110ms}}: the median RTT of the answered pings
 * from a to c is within the bounds. Under {@code --processes} from the {@code rttMs} of the
 * {@code ping} replies.
 */
final class PingRttJudge extends ExpectationJudge<PingRtt, Void> {
    PingRttJudge() {
        super(PingRtt.class);
    }

    @Override
    public void check(PingRtt r, String p, ScenarioCheck c) {
        Refs.pingBounds(c, p, r.from(), r.to(), r.min(), r.max(), Units::nanos);
    }

    @Override
    public ExpectationResult judge(PingRtt r, Void watched, Evidence e) {
        List<Double> rtts = new ArrayList<>();
        for (Evidence.Probe p : e.probes(r.from(), r.to())) {
            if (p.answered()) {
                rtts.add(p.rttMs());
            }
        }
        Collections.sort(rtts);
        double minMs = r.min() == null ? 0 : Units.nanos(r.min()) / 1e6;
        double maxMs = r.max() == null ? Double.MAX_VALUE : Units.nanos(r.max()) / 1e6;
        Double median = rtts.isEmpty() ? null : rtts.get(rtts.size() / 2);
        boolean ok = median != null && median >= minMs && median <= maxMs;
        return new ExpectationResult("rtt", "median RTT " + r.from() + " -> " + r.to(), ok, Refs.bounds(r.min(), r.max()),
                median == null ? "no answered ping" : Refs.round(median) + " ms over " + rtts.size() + " answers");
    }
}
