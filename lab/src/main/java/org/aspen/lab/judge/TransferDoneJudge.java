package org.aspen.lab.judge;

import org.aspen.lab.scenario.Scenario.TransferDone;
import org.aspen.lab.scenario.ScenarioCheck;
import org.aspen.vnet.config.Units;

/**
 * {@code {type: transfer, transfer: bulk, maxRetransmissions: 50, minGoodput: 2Mbps}}: the transfer
 * completed with the receiver's digest equal to the sender's, its retransmissions and goodput within
 * the bounds given. Under {@code --processes} from the {@code rdp.send} and {@code rdp.recv} summaries.
 */
final class TransferDoneJudge extends ExpectationJudge<TransferDone, Void> {
    TransferDoneJudge() {
        super(TransferDone.class);
    }

    @Override
    public void check(TransferDone t, String p, ScenarioCheck c) {
        if (t.transfer() == null || c.scenario().transferIndex(t.transfer()) < 0) {
            throw c.fail(p + ".transfer", t.transfer() == null ? "missing (a transfer's name)"
                    : "no transfer named '" + t.transfer() + "'");
        }
        c.unit(p + ".minGoodput", t.minGoodput(), Units::bitsPerSecond);
    }

    @Override
    public ExpectationResult judge(TransferDone t, Void watched, Evidence e) {
        TransferOutcome run = e.transfer(t.transfer());
        String ends = " (" + run.from() + " -> " + run.to() + ")";
        StringBuilder want = new StringBuilder("complete, digest match");
        TransferOutcome.Sent sent = run.sent();
        if (sent == null) {
            String got = run.bytesReceived() == null ? "nothing received" : run.bytesReceived() + " bytes received";
            String measured = "not finished (" + got + (run.failure() == null ? "" : "; " + run.failure()) + ")";
            return new ExpectationResult("transfer", "transfer " + t.transfer() + ends, false, want.toString(), measured);
        }
        boolean ok = run.digestMatch();
        long rtx = sent.retransmissions();
        if (t.minRetransmissions() != null) {
            want.append(", retransmissions >= ").append(t.minRetransmissions());
            ok &= rtx >= t.minRetransmissions();
        }
        if (t.maxRetransmissions() != null) {
            want.append(", retransmissions <= ").append(t.maxRetransmissions());
            ok &= rtx <= t.maxRetransmissions();
        }
        if (t.minGoodput() != null) {
            want.append(", goodput >= ").append(t.minGoodput());
            ok &= sent.goodputBps() >= Units.bitsPerSecond(t.minGoodput());
        }
        String measured = sent.bytes() + " bytes, digest " + (run.digestMatch() ? "match" : "MISMATCH") + ", " + rtx
                + " retransmissions, goodput " + Units.formatRate(Math.round(sent.goodputBps()));
        return new ExpectationResult("transfer", "transfer " + t.transfer() + ends, ok, want.toString(), measured);
    }
}
