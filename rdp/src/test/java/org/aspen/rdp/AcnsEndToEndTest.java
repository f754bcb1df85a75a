package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.qdisc.Acns;
import org.aspen.vnet.qdisc.AcnsParams;
import org.junit.jupiter.api.Test;

/**
 * ACNS end to end over n0 - n1 - n2 with a 2 Mb/s, 30-packet ACNS queue on n1 -> n2: an old
 * priority-0 bulk flow and, from 3 s, a young priority-46 one. Commands are written by the router,
 * seen in the headers at n2, echoed, and acted on by the senders; without agreement nothing flows.
 */
class AcnsEndToEndTest {
    static final long MS = 1_000_000L;
    static final RdpOptions ACNS = RdpOptions.defaults().withCongestionControl(AcnsReno::new);

    record Run(Acns router, TransferSender old, TransferSender young, int markedAtN2) {
    }

    static Run run(RdpOptions sender, RdpOptions receiver) {
        TestNet net = new TestNet(8, 3, NotificationTest.ROOMY);
        var bottleneck = net.node(1).link("n1-n2");
        bottleneck.setConfig(new LinkConfig(2_000_000, 5 * MS, QueueLimit.packets(30), 1));
        Acns acns = new Acns(QueueLimit.packets(30), AcnsParams.DEFAULTS);
        bottleneck.setDiscipline(acns);
        int[] marked = new int[1];
        net.node(2).addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && RdpPackets.dataLength(p) > 0 && p.acnsCommand() != 0) {
                marked[0]++;
            }
            return false;
        });
        TransferSender[] s = new TransferSender[2];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, receiver, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(1, 64 << 20), sender,
                    ProgressListener.NONE, 0);
        });
        net.at(3000 * MS, () -> {
            s[1] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(2, 64 << 20), sender,
                    ProgressListener.NONE, 0);
            s[1].connection().setPriority(46);
        });
        net.run(8000 * MS);
        return new Run(acns, s[0], s[1], marked[0]);
    }

    static long acked(TransferSender t) {
        return t.connection().stats().bytesAcked();
    }

    @Test
    void commandsFlowFromRouterToSenderAndFavourTheYoungPriorityFlow() {
        Run r = run(ACNS, ACNS);
        AcnsReno oldRequests = (AcnsReno) r.old().connection().congestionControl();
        assertTrue(oldRequests.requests() * 4 < r.old().connection().stats().dataSegmentsSent(),
                "one request per window, not per segment");
        RdpConnection old = r.old().connection();
        RdpConnection young = r.young().connection();
        assertTrue(old.acnsEnabled() && young.acnsEnabled());
        assertEquals(2, r.router().flows().size());
        assertTrue(r.router().commands(3) > 0, "the router issued fallbacks");
        assertTrue(r.markedAtN2() > 0, "commands arrive in the VNet header");
        AcnsReno oldCc = (AcnsReno) old.congestionControl();
        AcnsReno youngCc = (AcnsReno) young.congestionControl();
        assertTrue(oldCc.received(3) + oldCc.received(2) > 0, "the receiver echoed them");
        assertTrue(old.stats().windowCloses(CloseCause.ACNS) > 0, "and the old flow fell back");
        assertTrue(oldCc.received(3) > youngCc.received(3), "the old priority-0 flow gets more fallbacks");
        // over the 5 s they share the link, the young prioritised flow gets the larger share
        assertTrue(acked(r.young()) > acked(r.old()) / 3, "young " + acked(r.young()) + " old " + acked(r.old()));
    }

    @Test
    void withoutAgreementItIsPlainReno() {
        Run r = run(ACNS, RdpOptions.defaults());
        RdpConnection old = r.old().connection();
        assertFalse(old.acnsEnabled(), "the receiver did not offer ACNS");
        assertEquals(0, r.markedAtN2(), "nobody asks routers for a command (Table 1 message 1)");
        assertEquals(0, r.router().commands(1) + r.router().commands(2) + r.router().commands(3));
        AcnsReno cc = (AcnsReno) old.congestionControl();
        assertEquals(0, cc.received(1) + cc.received(2) + cc.received(3), "nothing echoed, nothing applied");
        assertEquals(0, old.stats().windowCloses(CloseCause.ACNS));
        assertTrue(old.stats().windowCloses() > 0, "Reno's own reductions");
    }
}
