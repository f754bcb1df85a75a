package org.aspen.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.ee.AaInstance;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/**
 * ACC-ABCD end to end in the simulation: two RDP bulk transfers fill a 2 Mb/s bottleneck
 * s1, s2 -> r1 -> r2 -> d1, d2; the monitor on r2 measures the link r1-r2, finds less than
 * 0.5 Mb/s available, and its advice really reaches the senders, which cut smaller segments and
 * pace; when the shorter transfer ends, bandwidth returns and the other sender is told to resume.
 * Both transfers arrive intact.
 */
class AbcdEndToEndTest {
    static final long MS = 1_000_000L;

    @Test
    void adviceShrinksAndPacesTheSendersAndTransfersStayExact() {
        run(false);
    }

    /**
     * Step 3: with the resizer on r1 (the near end of the monitored link) the monitor's step-2 packet
     * size reaches r1, which splits larger packets as it sends them over r1-r2; d1 and d2 reassemble
     * them, the transfers stay exact, and when bandwidth returns the size goes back to 0 (no splitting).
     */
    @Test
    void theRouterSplitsPacketsToTheStep2SizeAndTheReceiversReassemble() {
        AccLab lab = run(true);
        var link = lab.node("r1").link("r1-r2");
        assertTrue(link.packetsFragmented() > 0, "r1 split packets");
        assertTrue(link.fragmentsMade() >= 2 * link.packetsFragmented());
        assertEquals(0, link.fragmentSize(), "splitting off once bandwidth returned");
        long rebuilt = lab.node("d1").reassembler().reassembled() + lab.node("d2").reassembler().reassembled();
        assertEquals(link.packetsFragmented(), rebuilt, "every split packet rebuilt at its destination");
        var r = lab.ee("r1").running(AbcdConfig.MONITOR_AA).metrics();
        assertTrue(r.get("sizesApplied") > 1, r.toString());
    }

    private AccLab run(boolean resizer) {
        AccLab lab = new AccLab(5).add("s1").add("s2").add("r1").add("r2").add("d1").add("d2");
        LinkConfig access = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
        lab.connect("s1", "r1", access).connect("s2", "r1", access)
                .connect("r1", "r2", new LinkConfig(2_000_000, 30 * MS, QueueLimit.packets(25), 1))
                .connect("r2", "d1", access).connect("r2", "d2", access).routes();
        AaInstance monitor = AbcdSetup.install(lab.ee("r2"), AbcdConfig.DEFAULT.withInLink("r1-r2")
                .withAveragingMs(500).withResize(resizer));   // seconds-long transfers: a short average (RTT here is about 100 ms)
        if (resizer) {
            AbcdSetup.installResizer(lab.ee("r1"), AbcdConfig.DEFAULT);
        }
        // r1 sees every data segment the senders emit: count the ones cut below the normal 1000 bytes
        List<Integer> small = new ArrayList<>();
        lab.node("r1").addInterceptor((p, in) -> {
            int len = RdpPackets.dataLength(p);
            if (len > 0 && len < 900 && RdpPackets.senderState(p) != null) {
                small.add(RdpPackets.connectionId(p).sourcePort());
            }
            return false;
        });
        RdpOptions options = RdpOptions.defaults().withMaxSegment(1000).withSendBuffer(8);
        long[] sizes = {800_000, 400_000};
        List<TransferSummary> got = new ArrayList<>();
        List<TransferSender> senders = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String s = "s" + i;
            String d = "d" + i;
            long bytes = sizes[i - 1];
            long seed = 40 + i;
            lab.net.at(0, s, () -> {
                TransferReceiver.listen(RdpStack.install(lab.node(d)), 7000, options, ByteSink::discard, got::add,
                        ProgressListener.NONE, 0);
                senders.add(TransferSender.start(RdpStack.install(lab.node(s)), lab.addr(d), 7000,
                        ByteSource.seeded(seed, bytes), options, ProgressListener.NONE, 0));
            });
        }
        for (int k = 0; k < 240 && got.size() < 2; k++) {
            lab.run(500 * MS);
        }
        lab.run(2_000 * MS);

        assertEquals(2, got.size(), "both transfers finished");
        for (TransferSender t : senders) {
            TransferSummary sent = t.result().join();
            assertTrue(sent.complete());
            assertTrue(got.stream().anyMatch(r -> r.complete() && r.sha256().equals(sent.sha256())), "intact");
            RdpConnection c = t.connection();
            assertTrue(c.senderAdvice().accepted() > 0, "advice reached the sender");
            assertTrue(c.pacingWaits() > 0, "the sender paced");
            int port = c.localPort();
            assertTrue(small.stream().filter(p -> p == port).count() > 20, "smaller segments on the wire");
        }
        var m = monitor.metrics();
        assertTrue(m.get("triplets") > 100);
        assertEquals(2, m.get("flows"));
        assertTrue(m.get("advicesSent") > 2);
        assertTrue(m.get("resumesSent") >= 1, m.toString());
        assertEquals(2_000, m.get("capacityKbps"));
        assertEquals(resizer, m.getOrDefault("sizesSent", 0L) > 0, m.toString());
        return lab;
    }
}
