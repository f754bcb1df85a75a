package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.qdisc.Purple;
import org.aspen.vnet.qdisc.QueueDisciplines;
import org.junit.jupiter.api.Test;

/**
 * PURPLE with real RDP senders: four ECN transfers over n0 - n1 - n2 (10 Mb/s, 20 ms each hop), the
 * first hop's 100-packet queue running PURPLE. RDP's CWR flags reach the router, its RTT filters
 * measure the path, and it marks.
 */
class PurpleTransferTest {
    static final long MS = 1_000_000L;

    @Test
    void purpleSeesRdpsCwrLearnsTheRttAndMarks() {
        TestNet net = new TestNet(7, 3, new LinkConfig(10_000_000, 20 * MS, QueueLimit.packets(100), 1));
        Purple q = (Purple) QueueDisciplines.create("purple", Map.of(), QueueLimit.packets(100));
        net.node(0).link("n0-n1").setDiscipline(q);     // the first 10 Mb/s hop is the bottleneck
        RdpOptions options = RdpOptions.defaults().withEcn(true);
        List<TransferSender> senders = new ArrayList<>();
        net.at(0, () -> {
            for (int i = 0; i < 4; i++) {
                TransferReceiver.listen(net.rdp(2), 7000 + i, options, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
                senders.add(TransferSender.start(net.rdp(0), net.node(2).address(), 7000 + i, ByteSource.seeded(i, 3 << 20),
                        options, ProgressListener.NONE, 0));
            }
        });
        net.run(30_000 * MS);
        for (TransferSender s : senders) {
            TransferSummary t = s.result().join();
            assertTrue(t.complete(), "transfer incomplete");
        }
        Map<String, Object> d = q.describe();
        long marked = (long) d.get("marked");
        long overflow = (long) d.get("overflow");
        assertTrue((long) d.get("cwr_seen") > 10, "CWR flags seen: " + d);
        assertTrue((int) d.get("rtt_samples") >= 10, "RTT samples: " + d);
        // base RTT 4 x 20 ms of propagation; queueing adds at most 100 packets x 1.2 ms, the sender's reaction a little more
        double rttMs = q.rttNanos() / 1e6;
        // (a CWR after a loss waits for the recovery to end, so some samples run long: the trimmed mean allows for it)
        assertTrue(rttMs > 80 && rttMs < 80 + 120 + 100, "estimated RTT " + rttMs + " ms");
        // short transfers are mostly slow start, whose overshoot overflows any 100-packet queue; after it, marks
        assertTrue(marked > 0, "marks " + marked + ", overflow drops " + overflow + " " + d);
    }
}
