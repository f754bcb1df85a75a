package org.aspen.lab.judge;

import java.util.List;
import org.aspen.lab.scenario.Scenario.TransferStat;
import org.aspen.lab.scenario.ScenarioCheck;

/**
 * {@code {type: stat, transfer: bulk, stat: closesByCause.ECN, atLeast: 1}}: a number of the transfer's
 * or flow's report (dotted path) or of its sender's connection counters is within the bounds. Under
 * {@code --processes} from the {@code rdp.send} summary, which the lab asks for with the connection's
 * counters and window-close figures ({@code details: true}).
 */
final class TransferStatJudge extends ExpectationJudge<TransferStat, Void> {
    TransferStatJudge() {
        super(TransferStat.class);
    }

    @Override
    public void check(TransferStat t, String p, ScenarioCheck c) {
        List<String> names = c.scenario().transferAndFlowNames();
        if (t.transfer() == null || !names.contains(t.transfer())) {
            throw c.fail(p + ".transfer", t.transfer() == null ? "missing (a transfer's or flow's name)"
                    : "no transfer or flow named '" + t.transfer() + "' (known: " + String.join(", ", names) + ")");
        }
        if (t.stat() == null) {
            throw c.fail(p + ".stat", "missing (e.g. retransmissions, closesByCause.ECN, aecnEchoes)");
        }
        if (t.atLeast() == null && t.atMost() == null) {
            throw c.fail(p, "give atLeast, atMost or both");
        }
    }

    @Override
    public ExpectationResult judge(TransferStat t, Void watched, Evidence e) {
        TransferOutcome run = e.transfer(t.transfer());
        Object v = run.stat(t.stat());
        String want = Refs.bounds(t.atLeast() == null ? null : number(t.atLeast()), t.atMost() == null ? null : number(t.atMost()));
        String desc = (run.bulk() ? "flow " : "transfer ") + run.name() + " " + t.stat();
        if (!(v instanceof Number n)) {
            return new ExpectationResult("stat", desc, false, want, run.sent() == null ? "the sender did not start" : "no such number");
        }
        double x = n.doubleValue();
        boolean ok = (t.atLeast() == null || x >= t.atLeast()) && (t.atMost() == null || x <= t.atMost());
        return new ExpectationResult("stat", desc, ok, want, v.toString());
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }
}
