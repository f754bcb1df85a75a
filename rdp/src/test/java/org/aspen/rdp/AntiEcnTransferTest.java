package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.qdisc.QueueDisciplines;
import org.junit.jupiter.api.Test;

/**
 * One long transfer over a path whose bottleneck runs AntiECN over RED with ECN (the paper's set-up
 * in small: 10 Mb/s, about 80 ms RTT): with the AECN echo the sender leaves congestion avoidance's
 * one-packet-per-RTT growth while the link is under eta, so it finishes sooner than Reno.
 */
class AntiEcnTransferTest {
    static final long MS = 1_000_000L;
    static final LinkConfig LONG = new LinkConfig(10_000_000, 20 * MS, QueueLimit.packets(200), 1);

    static TransferSummary transfer(RdpOptions options) {
        TestNet net = new TestNet(41, 3, LONG);
        for (String[] l : new String[][] {{"1", "n1-n2"}, {"1", "n1-n0"}}) {
            net.node(Integer.parseInt(l[0])).link(l[1]).setDiscipline(QueueDisciplines.create("aecn",
                    Map.of("eta", 0.75, "virtual_buffer_packets", 70, "mean_packet_size", 1400,
                            "inner", Map.of("kind", "red", "ecn", true, "min_th", 20, "max_th", 60)),
                    QueueLimit.packets(200)));
        }
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, options, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(3, 4 << 20),
                    options, ProgressListener.NONE, 0);
        });
        net.run(120_000 * MS);
        return s[0].result().join();
    }

    @Test
    void antiEcnFinishesSoonerThanRenoOnAnUnderusedLongPath() {
        RdpOptions base = RdpOptions.defaults().withWindow(2, 4);
        TransferSummary reno = transfer(base.withAecn(true));     // speaks AECN, but Reno ignores the echo
        TransferSummary aecn = transfer(base.withAntiEcn(AntiEcnReno.Delta.WINDOW));
        assertTrue(reno.complete() && aecn.complete());
        assertEquals(0, reno.retransmissions() + aecn.retransmissions(), "no loss: ECN marks end the increase");
        System.out.printf("4 MiB over 10 Mb/s, RTT ~80 ms: reno %.2f s, aecn %.2f s, aecn echoes %d%n",
                reno.nanos() / 1e9, aecn.nanos() / 1e9, aecn.stats().get("aecnEchoes"));
        assertTrue(aecn.nanos() < 0.9 * reno.nanos(), "aecn " + aecn.nanos() + " vs reno " + reno.nanos());
    }
}
