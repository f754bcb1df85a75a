package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * RDP's own Reno after a window-only ACC notification (docs/traces/acc-window-only.md): the notification
 * cuts the window and resends nothing, so the dropped segment must be found by the sender's own recovery,
 * and three duplicate ACKs are that recovery's first rule. Sender - router - receiver: 5 ms a hop, the
 * sender's link unlimited, the receiver's 10 Mb/s (so the router's view of each ACK is the instant it
 * leaves for the sender, 5 ms away, and a resend the sender makes on it is back at the router 5 ms
 * later). Window 8 from the start, ssthresh 8 (congestion avoidance); 200 segments of 1000 bytes.
 */
class WindowOnlyRecoveryTest {
    /** What the router saw. */
    static final class Run {
        /** (seqno, copy) -> time it reached the router. */
        final Map<List<Integer>, Long> dataAt = new HashMap<>();
        /** Times the router forwarded an ACK of exactly {@code seqno} (cumulative; seqno = sequence number - ISS, as in Ns2NotificationTest). */
        final Map<Integer, List<Long>> acksOf = new HashMap<>();
        final Map<Integer, Integer> copies = new HashMap<>();
        RdpConnection sender;
        /** The data direction, as the router read it from the first data segment. */
        ConnectionId id;
        ConnectionStats stats;

        long data(int seqno, int copy) {
            return dataAt.getOrDefault(List.of(seqno, copy), -1L);
        }
    }

    /**
     * One run: the router deletes the copies {@code deleted} names (seqno, copy); on the first copy of
     * {@code dropped} it sends the sender a window-only notification naming it with window {@code window}
     * (none when {@code window} is 0); at {@code followUpAt} ns (0: never) a follow-up naming
     * {@code followUp} and the {@code followUpCount} after it, as ACC's filter names what it deleted.
     */
    static Run run(BiPredicate<Integer, Integer> deleted, int dropped, double window, long followUpAt, int followUp,
            int followUpCount) {
        LinkConfig senderLink = new LinkConfig(0, 5_000_000L, QueueLimit.packets(10_000), 1);
        LinkConfig receiverLink = new LinkConfig(10_000_000L, 5_000_000L, QueueLimit.packets(10_000), 1);
        TestNet net = new TestNet(81, List.of(senderLink, receiverLink));
        Node router = net.node(1);
        Run r = new Run();
        router.addInterceptor((p, in) -> {
            if (p.protocol() != Protocol.RDP || r.sender == null) {
                return false;
            }
            Segment s = RdpPackets.decode(p);
            if (p.sourceBits() == net.node(2).address().value()) {
                r.acksOf.computeIfAbsent(s.ack - r.sender.iss, k -> new ArrayList<>()).add(net.sim.nanos());
                return false;
            }
            if (s.dataLength == 0) {
                return false;
            }
            r.id = RdpPackets.connectionId(p);
            int seqno = s.seq - r.sender.iss;
            int copy = r.copies.merge(seqno, 1, Integer::sum);
            r.dataAt.put(List.of(seqno, copy), net.sim.nanos());
            if (copy == 1 && seqno == dropped && window > 0) {
                router.send(RdpPackets.notification(RdpPackets.connectionId(p),
                        new WindowNotification(r.sender.iss + dropped, window, window, 0, true)));
            }
            return deleted.test(seqno, copy);
        });
        if (followUpAt > 0) {
            net.at(followUpAt, () -> router.send(RdpPackets.notification(r.id,
                    new WindowNotification(r.sender.iss + followUp, window, window, followUpCount, false))));
        }
        RdpOptions o = RdpOptions.defaults().withCongestionControl(Reno::new).withSendBuffer(201).withMaxOutstanding(1024)
                .withWindow(8, 8);
        net.at(0, () -> {
            net.rdp(2).listen(7000, o, c -> new ConnectionListener() { });
            r.sender = net.rdp(0).connect(net.node(2).address(), 7000, o, new ConnectionListener() {
                @Override
                public void onOpen(RdpConnection c) {
                    for (int k = 0; k < 200; k++) {
                        c.send(new byte[1000]);
                    }
                }
            });
        });
        net.run(20_000_000_000L);
        r.stats = r.sender.stats();
        assertEquals(200 * 1000, r.stats.bytesAcked());
        return r;
    }

    /**
     * 79 is the last segment before the drop of 80; 81-85 follow it, each arriving alone at the
     * receiver (the 10 Mb/s link spaces them 0.85 ms apart), so the receiver answers ACK 79 once when 79
     * arrives and again for 81, 82, 83, 84, 85: five duplicates, the third (83's) at index 3 of the
     * router's list. Plain Reno resends 80 on that third duplicate: 5 ms to the sender, 5 ms back, so at
     * the router 10 ms after it. The window-only notification (window 6, sent as 80 is dropped) reaches
     * the sender before any of those duplicates; 80-85 are 6 in flight, so nothing new leaves and no
     * later segment shows 80 lost by the time rule (81-85 left within 5 ms of 80, under a quarter of the
     * srtt of about 21 ms). The defect: the notified recovery took the duplicates without a fast
     * retransmit, and 80 waited for the retransmission timer (one timeout; 80 back at the router at 1005 ms).
     * Fixed: the same third duplicate resends 80, at the same instant as plain Reno, with no second close.
     */
    @Test
    void theThirdDuplicateAckResendsWhatAWindowOnlyNotificationLeft() {
        BiPredicate<Integer, Integer> drop80 = (seqno, copy) -> copy == 1 && seqno == 80;
        Run plain = run(drop80, 80, 0, 0, 0, 0);
        Run only = run(drop80, 80, 6, 0, 0, 0);
        assertEquals(6, only.acksOf.get(79).size(), "ACK 79 once for 79, then for 81-85");
        assertEquals(only.acksOf.get(79), plain.acksOf.get(79).subList(0, 6));
        for (Run r : List.of(plain, only)) {
            assertEquals(r.acksOf.get(79).get(3) + 10_000_000L, r.data(80, 2), "80 resent on the third duplicate ACK");
            assertEquals(2, r.copies.get(80));
            assertEquals(0, r.stats.timeouts());
            assertEquals(1, r.stats.fastRetransmits());
            assertEquals(1, r.stats.retransmissions());
        }
        assertEquals(1, plain.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
        assertEquals(1, only.stats.notificationsAccepted());
        assertEquals(0, only.stats.notifiedNacks());
        assertEquals(1, only.stats.windowCloses(CloseCause.NOTIFICATION));
        assertEquals(0, only.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
    }

    /**
     * The duplicates of a hole already resent must not resend it again. As above, 80 is dropped and
     * notified (window-only, window 6), and the router deletes 82-85 as ACC's filter would: only 81
     * arrives behind the hole, one duplicate ACK 79, and with 80-85 in flight nothing new leaves. At
     * 250 ms the router names 82-85 to the sender, as the filter does when it ends (a follow-up, flag
     * clear: resent at once, all four within the window of 6). 82's resend arrives first: the second
     * duplicate, and 82 left the sender long after 80, so the time rule resends 80 on it, 10 ms after
     * it passed the router. 83's is the third duplicate: the fast retransmit finds 80 already resent
     * and sends nothing; 80 leaves twice, not three times, and no timer fires.
     */
    @Test
    void theThirdDuplicateAckLeavesAHoleAlreadyResent() {
        BiPredicate<Integer, Integer> filtered = (seqno, copy) -> copy == 1 && (seqno == 80 || seqno >= 82 && seqno <= 85);
        Run r = run(filtered, 80, 6, 250_000_000L, 82, 3);
        List<Long> acks79 = r.acksOf.get(79);
        assertEquals(6, acks79.size(), "ACK 79 for 79, 81, then the resent 82-85");
        assertTrue(acks79.get(1) < 250_000_000L && acks79.get(2) > 250_000_000L, "one duplicate before the follow-up");
        assertEquals(2, r.copies.get(82));
        assertEquals(acks79.get(2) + 10_000_000L, r.data(80, 2), "80 resent by the time rule on the second duplicate");
        assertEquals(2, r.copies.get(80));
        assertEquals(0, r.stats.fastRetransmits());
        assertEquals(0, r.stats.timeouts());
        assertEquals(1, r.stats.notificationsAccepted());
        assertEquals(1, r.stats.notificationsFollowUp());
    }
}
