package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.qdisc.AntiEcn;
import org.junit.jupiter.api.Test;

/**
 * The AECN-SYN capability check over n0 - n1 - n2 - n3 (routers n1 and n2): AntiECN is in force only
 * when both ends ask for it and every router's output queue on the path is AECN-capable; otherwise the
 * connection runs plain Reno (no AECN bit on its data, no echo, no aggressive increase).
 */
class AecnNegotiationTest {
    static final long MS = 1_000_000L;

    /** Outcome of one transfer n0 -> n3. */
    record Run(boolean senderAecn, boolean receiverEchoes, boolean receiverAecn, int markedDataAtN3, long aggressive,
               long echoes, boolean complete) {
    }

    static void aecn(TestNet net, int node, String link) {
        net.node(node).link(link).setDiscipline(new AntiEcn(QueueLimit.packets(1000), 0.5, 100_000, 0));
    }

    static Run run(boolean n2Forward, RdpOptions senderOptions, RdpOptions receiverOptions) {
        return run(n2Forward, true, senderOptions, receiverOptions);
    }

    static Run run(boolean n2Forward, boolean n1Backward, RdpOptions senderOptions, RdpOptions receiverOptions) {
        TestNet net = new TestNet(31, 4, NotificationTest.ROOMY);
        aecn(net, 1, "n1-n2");
        if (n2Forward) {
            aecn(net, 2, "n2-n3");
        }
        aecn(net, 2, "n2-n1");
        if (n1Backward) {
            aecn(net, 1, "n1-n0");
        }
        int[] marked = new int[1];
        net.node(3).addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && RdpPackets.dataLength(p) > 0 && p.aecn()) {
                marked[0]++;
            }
            return false;
        });
        TransferSender[] s = new TransferSender[1];
        boolean[] receiver = new boolean[2];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(3), 7000, receiverOptions, ByteSink::discard, x -> { },
                    ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(3).address(), 7000, ByteSource.seeded(1, 256 << 10),
                    senderOptions, ProgressListener.NONE, 0);
        });
        net.at(200 * MS, () -> {
            RdpConnection c = net.rdp(3).connections().iterator().next();
            receiver[0] = c.aecnEchoing();
            receiver[1] = c.aecnEnabled();
        });
        net.run(30_000 * MS);
        RdpConnection c = s[0].connection();
        long aggressive = c.congestionControl() instanceof AntiEcnReno a ? a.aggressiveAcks() : 0;
        return new Run(c.aecnEnabled(), receiver[0], receiver[1], marked[0], aggressive, c.stats().aecnEchoes(),
                s[0].result().join().complete());
    }

    /** A low initial ssthresh so congestion avoidance (where AntiECN acts) starts at once. */
    static final RdpOptions AECN = RdpOptions.defaults().withAntiEcn(AntiEcnReno.Delta.WINDOW).withWindow(2, 4);

    @Test
    void allAecnPathEnablesItBothWays() {
        Run r = run(true, AECN, AECN);
        assertTrue(r.complete());
        assertTrue(r.senderAecn(), "sender: the receiver confirmed TTL == AECN-SYN TTL");
        assertTrue(r.receiverEchoes());
        assertTrue(r.receiverAecn(), "reverse path all AECN too: the receiver's own data would be marked");
        assertTrue(r.markedDataAtN3() > 0, "some data arrives with the bit intact");
        assertTrue(r.echoes() > 0);
        assertTrue(r.aggressive() > 0, "the echo drives the AntiECN increase");
    }

    @Test
    void oneNonAecnRouterFallsBackToReno() {
        Run r = run(false, AECN, AECN);
        assertTrue(r.complete());
        assertFalse(r.senderAecn(), "n2 forwards on a plain queue: AECN-SYN TTL one above TTL at n3");
        assertFalse(r.receiverEchoes());
        assertTrue(r.receiverAecn(), "the reverse path n2 -> n1 -> n0 is all AECN");
        assertEquals(0, r.markedDataAtN3(), "no AECN bit on the sender's data");
        assertEquals(0, r.echoes());
        assertEquals(0, r.aggressive());
    }

    @Test
    void eachDirectionIsCheckedOnItsOwn() {
        Run r = run(true, false, AECN, AECN);
        assertTrue(r.complete());
        assertTrue(r.senderAecn(), "forward path all AECN");
        assertTrue(r.receiverEchoes());
        assertFalse(r.receiverAecn(), "n1 answers towards n0 on a plain queue: the SYN-ACK's check fails");
        assertTrue(r.aggressive() > 0);
    }

    @Test
    void bothEndsMustAgree() {
        Run r = run(true, AECN, RdpOptions.defaults());
        assertTrue(r.complete());
        assertFalse(r.senderAecn());
        assertFalse(r.receiverEchoes());
        assertFalse(r.receiverAecn());
        assertEquals(0, r.markedDataAtN3());
        assertEquals(0, r.aggressive());
    }
}
