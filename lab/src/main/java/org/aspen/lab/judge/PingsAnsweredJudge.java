package org.aspen.lab.judge;

import org.aspen.lab.scenario.Scenario.PingsAnswered;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: pings, from: a, to: c, atLeast: 90%, after: 6s}}: at least that share of the pings
 * from a to c sent at or after {@code after} were answered. Under {@code --processes} from the
 * {@code ping} replies (a probe's send time is its slot: start + seq * interval).
 */
final class PingsAnsweredJudge extends ExpectationJudge<PingsAnswered, Void> {
    PingsAnsweredJudge() {
        super(PingsAnswered.class);
    }

    @Override
    public void check(PingsAnswered a, String p, ScenarioCheck c) {
        c.nodeRef(p + ".from", a.from());
        c.nodeRef(p + ".to", a.to());
        if (a.atLeast() == null) {
            throw c.fail(p + ".atLeast", "missing (e.g. 100% or 0.9)");
        }
        c.unit(p + ".atLeast", a.atLeast(), Units::ratio);
        c.unit(p + ".after", a.after(), Units::nanos);
        Refs.pingWorkload(c, p, a.from(), a.to());
    }

    @Override
    public ExpectationResult judge(PingsAnswered p, Void watched, Evidence e) {
        long after = p.after() == null ? 0 : Units.nanos(p.after());
        long ok = 0;
        long all = 0;
        for (Evidence.Probe probe : e.probes(p.from(), p.to())) {
            if (probe.sentAtNanos() >= after) {
                all++;
                ok += probe.answered() ? 1 : 0;
            }
        }
        double want = Units.ratio(p.atLeast());
        double got = all == 0 ? 0 : ok / (double) all;
        String desc = "pings " + p.from() + " -> " + p.to() + (p.after() == null ? "" : " sent after " + p.after())
                + " answered";
        return new ExpectationResult("pings", desc, all > 0 && got + 1e-9 >= want, ">= " + Refs.pct(want),
                Refs.pct(got) + " (" + ok + "/" + all + ")");
    }
}
