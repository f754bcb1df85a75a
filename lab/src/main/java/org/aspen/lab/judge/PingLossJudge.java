package org.aspen.lab.judge;

import java.util.Locale;
import org.aspen.lab.scenario.Scenario.PingLoss;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: loss, from: a, to: c, min: 5%, max: 16%}}: the share of the pings from a to c left
 * unanswered is within the bounds. Under {@code --processes} from the statuses of the {@code ping} replies.
 */
final class PingLossJudge extends ExpectationJudge<PingLoss, Void> {
    PingLossJudge() {
        super(PingLoss.class);
    }

    @Override
    public void check(PingLoss l, String p, ScenarioCheck c) {
        Refs.pingBounds(c, p, l.from(), l.to(), l.min(), l.max(), Units::ratio);
    }

    @Override
    public ExpectationResult judge(PingLoss l, Void watched, Evidence e) {
        long ok = 0;
        long all = 0;
        for (Evidence.Probe p : e.probes(l.from(), l.to())) {
            all++;
            ok += p.answered() ? 1 : 0;
        }
        double loss = all == 0 ? Double.NaN : (all - ok) / (double) all;
        boolean holds = all > 0 && (l.min() == null || loss + 1e-9 >= Units.ratio(l.min()))
                && (l.max() == null || loss - 1e-9 <= Units.ratio(l.max()));
        return new ExpectationResult("loss", "ping loss " + l.from() + " -> " + l.to(), holds, Refs.bounds(l.min(), l.max()),
                all == 0 ? "no pings sent" : String.format(Locale.ROOT, "%.1f%% (%d/%d lost)", 100 * loss, all - ok, all));
    }
}
