package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * Window-setting notifications as ACC's monitor sends them: the router in the middle deletes one
 * data segment, reads the sender state it carried, forges notifications (one good, then a
 * duplicate, an out-of-window, a stale and a mismatched one) and deletes the next few segments as
 * ACC's filter would.
 */
class NotificationTest {
    static final int DELETE = 4;
    static final LinkConfig ROOMY = new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(1000), 1);

    @Test
    void acceptedNotificationSetsTheWindowAndResendsWhatTheRouterDeletes() {
        TestNet net = new TestNet(11, 3, ROOMY);
        Node router = net.node(1);
        int[] count = new int[1];
        double[] notified = new double[1];
        List<SenderState> after = new ArrayList<>();
        List<Integer> flagsAfter = new ArrayList<>();
        router.addInterceptor((p, in) -> {
            SenderState st = p.protocol() == Protocol.RDP && p.sourceBits() == net.node(0).address().value()
                    ? RdpPackets.senderState(p) : null;
            if (st == null || RdpPackets.dataLength(p) == 0) {
                return false;
            }
            count[0]++;
            if (count[0] > 200 && count[0] <= 200 + DELETE) {
                return true;   // the filter deletes the next DELETE segments
            }
            if (notified[0] > 0) {
                after.add(st);
                flagsAfter.add(RdpPackets.flags(p));
            }
            if (count[0] != 200) {
                return false;
            }
            ConnectionId id = RdpPackets.connectionId(p);
            int seq = RdpPackets.sequence(p);
            notified[0] = Math.floor(st.cwnd() / 2);
            Packet good = RdpPackets.notification(id, seq, notified[0], notified[0], DELETE);
            router.send(good);
            router.send(good.copy());                                                       // duplicate
            router.send(RdpPackets.notification(id, seq + 100_000, 4, 4, 5));                // beyond sndNxt
            router.send(RdpPackets.notification(id, seq - 100_000, 4, 4, 5));                // below sndUna
            router.send(RdpPackets.notification(new ConnectionId(id.source(), id.sourcePort() + 1,
                    id.destination(), id.destinationPort()), seq, 4, 4, 5));                // another connection
            return true;   // the router deleted this segment
        });
        List<TransferSummary> got = new ArrayList<>();
        TransferSender[] sender = transfer(net, got);

        ConnectionStats st = sender[0].connection().stats();
        assertEquals(1, st.notificationsAccepted());
        assertEquals(1, st.notificationsDuplicate());
        assertEquals(1, st.notificationsOutOfWindow());
        assertEquals(1, st.notificationsStale());
        assertEquals(4, net.rdp(0).counters().drops(RdpDrop.NOTIFICATION_REJECTED));
        // the only window close is ACC's, to the notified value
        assertEquals(1, st.windowCloses(), st.toMap().toString());
        ConnectionStats.Sample close = st.samples().stream().filter(s -> s.cause() == CloseCause.NOTIFICATION)
                .findFirst().orElseThrow();
        assertEquals(notified[0], close.cwnd(), 1e-4);
        assertTrue(close.closedFrom() > close.cwnd());
        // deleted segments were treated as lost at once: resent without any timeout
        assertEquals(1 + DELETE, st.notifiedNacks());
        assertEquals(1 + DELETE, st.retransmissions());
        assertEquals(0, st.timeouts());
        // the first new segment after the reduction says CWR, and the carried state shows the new window
        int firstCwr = flagsAfter.indexOf(flagsAfter.stream().filter(f -> (f & Segment.CWR) != 0).findFirst().orElseThrow());
        assertTrue(after.get(firstCwr).cwnd() <= notified[0] + 1);
        // and the transfer is still exact
        assertEquals(1, got.size());
        assertTrue(got.get(0).complete());
        assertEquals(sender[0].result().join().sha256(), got.get(0).sha256());
    }

    /**
     * As ACC now runs: the monitor's notice names only the dropped segment; the filter, when it ends,
     * names the run it deleted in a follow-up, which adds NACKs without touching the window again.
     */
    @Test
    void aFollowUpNamingTheDeletedRunResendsItWithoutASecondClose() {
        TestNet net = new TestNet(13, 3, ROOMY);
        Node router = net.node(1);
        int[] count = new int[1];
        int[] named = new int[1];
        router.addInterceptor((p, in) -> {
            if (p.protocol() != Protocol.RDP || p.sourceBits() != net.node(0).address().value() || RdpPackets.dataLength(p) == 0) {
                return false;
            }
            count[0]++;
            ConnectionId id = RdpPackets.connectionId(p);
            double half = Math.floor(RdpPackets.senderState(p).cwnd() / 2);
            if (count[0] == 200) {
                named[0] = RdpPackets.sequence(p);
                router.send(RdpPackets.notification(id, named[0], half, half, 0));
                return true;
            }
            if (count[0] > 200 && count[0] <= 200 + DELETE) {
                if (count[0] == 200 + DELETE) {   // the filter ends: it names what it deleted
                    router.send(RdpPackets.notification(id, named[0] + 1, half, half, DELETE - 1));
                }
                return true;
            }
            return false;
        });
        List<TransferSummary> got = new ArrayList<>();
        TransferSender[] sender = transfer(net, got);
        ConnectionStats st = sender[0].connection().stats();
        assertEquals(1, st.notificationsAccepted());
        assertEquals(1, st.notificationsFollowUp());
        assertEquals(1, st.windowCloses(), "one close, the notified one: " + st.toMap());
        assertEquals(1 + DELETE, st.notifiedNacks());
        assertEquals(1 + DELETE, st.retransmissions(), "exactly the dropped and the deleted ones resent");
        assertEquals(0, st.timeouts());
        assertTrue(got.get(0).complete());
        assertEquals(sender[0].result().join().sha256(), got.get(0).sha256());
    }

    /**
     * The monitor acts on the first drop of a window only; a second segment of the same window is
     * dropped silently. Once the resent first one is acknowledged (a partial ACK of the notified
     * recovery), the second hole is resent at once, not after a timeout: the held window sends
     * nothing new, so no further duplicates would ever announce it.
     */
    @Test
    void aSecondHoleInTheNotifiedWindowIsResentOnThePartialAckWithoutATimeout() {
        TestNet net = new TestNet(14, 3, ROOMY);
        Node router = net.node(1);
        int[] count = new int[1];
        router.addInterceptor((p, in) -> {
            if (p.protocol() != Protocol.RDP || p.sourceBits() != net.node(0).address().value() || RdpPackets.dataLength(p) == 0) {
                return false;
            }
            count[0]++;
            if (count[0] == 200) {
                double half = Math.floor(RdpPackets.senderState(p).cwnd() / 2);
                router.send(RdpPackets.notification(RdpPackets.connectionId(p), RdpPackets.sequence(p), half, half, 0));
            }
            return count[0] == 200 || count[0] == 205;
        });
        List<TransferSummary> got = new ArrayList<>();
        TransferSender[] sender = transfer(net, got);
        ConnectionStats st = sender[0].connection().stats();
        assertEquals(1, st.windowCloses(), st.toMap().toString());
        assertEquals(0, st.timeouts(), "the second hole did not wait for the retransmission timer");
        assertEquals(2, st.retransmissions());
        assertTrue(got.get(0).complete());
        assertEquals(sender[0].result().join().sha256(), got.get(0).sha256());
    }

    /** A 1 MiB transfer from node 0 to node 2, run for a minute of virtual time. */
    static TransferSender[] transfer(TestNet net, List<TransferSummary> got) {
        TransferSender[] sender = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, RdpOptions.defaults(), ByteSink::discard, got::add, ProgressListener.NONE, 0);
            sender[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(3, 1 << 20),
                    RdpOptions.defaults(), ProgressListener.NONE, 0);
        });
        net.run(60_000_000_000L);
        return sender;
    }

    @Test
    void notificationForAnIdleConnectionIsOutOfWindow() {
        TestNet net = new TestNet(12, 2, ROOMY);
        RdpConnection[] c = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, RdpOptions.defaults(), conn -> new ConnectionListener() { });
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, RdpOptions.defaults(), null);
        });
        net.run(100_000_000L);
        net.at(net.sim.nanos(), () -> net.node(1).send(RdpPackets.notification(
                new ConnectionId(c[0].localAddress(), c[0].localPort(), c[0].remoteAddress(), c[0].remotePort()),
                c[0].congestionState().sndNxt(), 2, 2, 1)));
        net.run(100_000_000L);
        assertEquals(1, c[0].stats().notificationsOutOfWindow());
        assertEquals(2, c[0].congestionState().cwnd(), 1e-9, "initial window untouched");
    }
}
