package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Supplier;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * Issue 28 item 5: ACC's notified recovery on ns-2's Reno repairs what that Reno would repair. The
 * same two losses in one window, 60 and 65, on a sender - router - receiver chain (5 ms a hop, no rate
 * limit): once as plain drops (Reno's fast recovery), once with 60 deleted by the router, which notifies
 * the sender (ACC), and 65 dropped silently.
 */
class Ns2NotificationTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    /** One run: what left the sender, what the receiver lacked when a copy came, the sender's stats. */
    static final class Run {
        final List<Integer> sent = new ArrayList<>();
        final List<Long> sentAt = new ArrayList<>();
        /** The window the router's notification named (-1: none sent). */
        double notified = -1;
        /** When the second copy of 65 left the router. */
        long resent65At = -1;
        /** When the second copy of 60 left the router. */
        long resent60At = -1;
        final Map<Integer, Integer> copies = new HashMap<>();
        /** Seqnos whose resend reached a receiver that did not hold them yet (holes repaired). */
        final Set<Integer> holesRepaired = new TreeSet<>();
        /** Seqnos resent although the receiver already held them. */
        final Set<Integer> resentHeld = new TreeSet<>();
        RdpConnection sender;
        ConnectionStats stats;
    }

    static Run run(long seed, Supplier<CongestionControl> cc, boolean notify) {
        return run(seed, cc, (seqno, copy) -> copy == 1 && (seqno == 60 || seqno == 65), notify ? 60 : -1, 60, 0, -1);
    }

    /**
     * One run where the router deletes the copies {@code deleted} names (seqno, copy) and, on deleting the first copy of
     * {@code notifyOn}, notifies the sender naming {@code named} and the {@code deleteCount} after it, with
     * the window {@code window} (-1: half the window the packet reports).
     */
    static Run run(long seed, Supplier<CongestionControl> cc, BiPredicate<Integer, Integer> deleted, int notifyOn, int named,
            int deleteCount, double window) {
        return run(seed, cc, deleted, notifyOn, named, deleteCount, window, false);
    }

    /** The same, the notification window-only ({@link WindowNotification#windowOnly()}) when {@code windowOnly}. */
    static Run run(long seed, Supplier<CongestionControl> cc, BiPredicate<Integer, Integer> deleted, int notifyOn, int named,
            int deleteCount, double window, boolean windowOnly) {
        TestNet net = new TestNet(seed, 3, new LinkConfig(0, 5_000_000L, QueueLimit.packets(10_000), 1));
        Node router = net.node(1);
        Run r = new Run();
        Set<Integer> arrived = new TreeSet<>();
        router.addInterceptor((p, in) -> {
            if (p.protocol() != Protocol.RDP || p.sourceBits() != net.node(0).address().value()
                    || RdpPackets.dataLength(p) == 0) {
                return false;
            }
            int seqno = RdpPackets.sequence(p) - r.sender.iss;
            r.sent.add(seqno);
            r.sentAt.add(net.sim.nanos());
            int copy = r.copies.merge(seqno, 1, Integer::sum);
            if (copy == 1 && seqno == notifyOn) {
                double w = window >= 0 ? window : Math.floor(RdpPackets.senderState(p).cwnd() / 2);
                r.notified = w;
                router.send(RdpPackets.notification(RdpPackets.connectionId(p),
                        new WindowNotification(r.sender.iss + named, w, w, deleteCount, windowOnly)));
            }
            if (deleted.test(seqno, copy)) {
                return true;
            }
            if (copy == 2 && seqno == 65) {
                r.resent65At = net.sim.nanos();
            }
            if (copy == 2 && seqno == 60) {
                r.resent60At = net.sim.nanos();
            }
            if (copy > 1) {
                (arrived.contains(seqno) ? r.resentHeld : r.holesRepaired).add(seqno);
            }
            arrived.add(seqno);
            return false;
        });
        RdpOptions o = RdpOptions.defaults().withCongestionControl(cc).withSendBuffer(201).withMaxOutstanding(1024);
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

    @Test
    void theNotifiedRecoveryRepairsTheHolesPlainRenoRepairsAndNoOther() {
        Run plain = run(81, () -> new Ns2Reno(P), false);
        Run notified = run(81, () -> new Ns2Reno(P), true);
        // plain Reno: fast retransmit of 60; its partial ACK (64) ends the recovery, the duplicates for 65
        // bring no second fast retransmit (bugFix_), and 65 waits for the timer
        assertEquals(Set.of(60, 65), plain.holesRepaired);
        assertEquals(Set.of(), plain.resentHeld);
        assertEquals(1, plain.stats.fastRetransmits());
        assertEquals(1, plain.stats.timeouts());
        assertEquals(2, plain.stats.retransmissions());
        // notified: 60 is resent on the notification (the filter deleted it); the third duplicate ACK then
        // retransmits 60 again without a second reduction, as ns-2 does after an ECN reduction
        // (tcp-reno.cc:183-197): the receiver already holds that copy. Its ACK (64) ends the recovery as
        // above, and 65 waits for the timer just as in plain Reno: no EACK-driven repair
        assertEquals(plain.holesRepaired, notified.holesRepaired);
        assertEquals(Set.of(60), notified.resentHeld);
        assertEquals(1, notified.stats.notificationsAccepted());
        assertEquals(1, notified.stats.notifiedNacks());
        assertEquals(1, notified.stats.fastRetransmits());
        assertEquals(1, notified.stats.timeouts());
        assertEquals(3, notified.stats.retransmissions());
        assertEquals(1, notified.stats.windowCloses(CloseCause.NOTIFICATION));
        assertEquals(0, notified.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
        for (Run r : List.of(plain, notified)) {
            ConnectionStats.Sample timeout = r.stats.samples().stream().filter(x -> x.cause() == CloseCause.TIMEOUT)
                    .findFirst().orElseThrow();
            assertEquals(timeout.nanos() + 5_000_000L, r.resent65At, "65 is resent by the timeout, one hop earlier");
        }
    }

    /**
     * ACC's filter deletes a whole window, 60-67 (window_ 8), and names it in one notification that sets
     * the window to 4: 60-63 fit and are resent at once, 64-67 lie beyond the window. Nothing past 59
     * reaches the receiver, so no duplicate ACK comes; only the ACKs of the resent 60-63 slide the window.
     * Each must bring one named segment in and out (ACK 60: highest_ack 60, window 4, so 64; up to ACK 63
     * and 67), ahead of new data: 68 first leaves on ACK 64 (cwnd 4 + 1/4 + ... > 5, window 5).
     * The defect this pins: the named segments past the window waited for the next notification or the
     * retransmission timer, because the agent's send_much sends only new data (tSeqno 68 is beyond the
     * window until ACK 64, which never came without 64) and the transport did not try them again.
     */
    @Test
    void namedSegmentsBeyondTheWindowAreResentAsTheAcksBringThemIn() {
        Ns2Params p = P.with(Map.of("window", 8.0));
        Run r = run(81, () -> new Ns2Reno(p), (seqno, copy) -> copy == 1 && seqno >= 60 && seqno <= 67, 67, 60, 7, 4.0);
        assertEquals(List.of(60, 61, 62, 63, 64, 65, 66, 67, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69),
                r.sent.subList(r.sent.indexOf(60), r.sent.indexOf(60) + 18));
        assertEquals(new TreeSet<>(List.of(60, 61, 62, 63, 64, 65, 66, 67)), r.holesRepaired);
        assertEquals(Set.of(), r.resentHeld);
        assertEquals(0, r.stats.timeouts());
        assertEquals(8, r.stats.retransmissions());
        assertEquals(8, r.stats.notifiedNacks());
        for (int k = 0; k < 4; k++) {
            // 64+k left as the ACK of 60+k arrived, one round trip (20 ms) after 60+k's resend
            assertEquals(r.sentAt.get(r.sent.lastIndexOf(60 + k)) + 20_000_000L, r.sentAt.get(r.sent.lastIndexOf(64 + k)));
        }
    }

    /**
     * As above, but the filter deletes the resends of 60-63 too, so no ACK comes and the timer fires with
     * 64-67 still pending. The timeout's go-back-N (from 60, window 1, then slow start) sends them in
     * order; the pending resends are dropped with it, so none of 60-67 leaves a third time.
     */
    @Test
    void aTimeoutTakesOverThePendingNamedSegments() {
        Ns2Params p = P.with(Map.of("window", 8.0));
        Run r = run(81, () -> new Ns2Reno(p), (seqno, copy) -> seqno >= 60 && (copy == 1 && seqno <= 67 || copy == 2 && seqno <= 63),
                67, 60, 7, 4.0);
        assertEquals(1, r.stats.timeouts());
        int from = r.sent.indexOf(60);
        assertEquals(List.of(60, 61, 62, 63, 64, 65, 66, 67, 60, 61, 62, 63, 60, 61, 62, 63, 64, 65, 66, 67, 68),
                r.sent.subList(from, from + 21));
        for (int seqno = 60; seqno <= 67; seqno++) {
            assertEquals(seqno <= 63 ? 3 : 2, r.copies.get(seqno), "copies of " + seqno);
        }
    }

    /**
     * window_ 8 bounds the sender long before 60, while cwnd_ keeps growing (opencwnd has no bound): 60
     * leaves on the ACK of 52 and carries cwnd_ 12.51 (windowInit_ 2, slow start to ssthresh_ = window_
     * 8 on the ACKs of 1-6, then +1/cwnd_ on each of the 46 ACKs of 7-52), and the router notifies
     * floor(12.51 / 2) = 6. ns-2's Reno, losing 60, halves windowd() = min(cwnd_, window_) = 8: cwnd_ 4,
     * ssthresh_ 4 (tcp.cc:1254, 1296; tcp-reno.cc:61-71). The notification must leave the same, not 6.
     * The defect this pins: the agent took the notified 6, so ACC's cut on ns-2 left the sender above
     * where ns-2's Reno, cutting at the same drop, would have (docs/traces/acc-ns2-drops.md).
     */
    @Test
    void aNotificationSetsNoMoreThanNs2sOwnHalvingOfTheBoundedWindow() {
        Ns2Params p = P.with(Map.of("window", 8.0));
        Run plain = run(81, () -> new Ns2Reno(p), (seqno, copy) -> copy == 1 && seqno == 60, -1, 60, 0, -1);
        Run notified = run(81, () -> new Ns2Reno(p), (seqno, copy) -> copy == 1 && seqno == 60, 60, 60, 0, -1);
        assertEquals(6.0, notified.notified);
        ConnectionStats.Sample fr = plain.stats.samples().stream().filter(x -> x.cause() == CloseCause.FAST_RETRANSMIT)
                .findFirst().orElseThrow();
        ConnectionStats.Sample ntf = notified.stats.samples().stream().filter(x -> x.cause() == CloseCause.NOTIFICATION)
                .findFirst().orElseThrow();
        assertEquals(4.0, fr.cwnd());
        assertEquals(4.0, fr.ssthresh());
        assertEquals(4.0, ntf.cwnd());
        assertEquals(4.0, ntf.ssthresh());
        assertEquals(1, notified.stats.notificationsAccepted());
        assertEquals(1, notified.stats.windowCloses(CloseCause.NOTIFICATION));
    }

    /**
     * A window-only notification (the paper's reading: the router sends the window, TCP repairs the drop)
     * for the dropped 60: the window closes on it at once, but 60 is not resent until the agent's own fast
     * retransmit, on the third duplicate ACK, and then only once. The duplicates come from 61, 62 and 63;
     * the third, 63's, reaches the sender 15 ms after 63 passed the router (5 ms to the receiver, 10 ms
     * back), and the resend takes 5 ms to the router: 63's time at the router + 20 ms, the same instant as
     * plain Reno's fast retransmit. Named (flag clear), the notification resends 60 at once: it reaches the
     * sender 5 ms after 60 passed the router, the resend is back there 5 ms later.
     */
    @Test
    void aWindowOnlyNotificationLeavesTheDropToTheAgentsFastRetransmit() {
        BiPredicate<Integer, Integer> drop60 = (seqno, copy) -> copy == 1 && seqno == 60;
        Run plain = run(81, () -> new Ns2Reno(P), drop60, -1, 60, 0, -1);
        Run only = run(81, () -> new Ns2Reno(P), drop60, 60, 60, 0, -1, true);
        long at63 = only.sentAt.get(only.sent.indexOf(63));
        assertEquals(at63 + 20_000_000L, only.resent60At, "60 resent on the third duplicate ACK, not on the notification");
        assertEquals(plain.sentAt.get(plain.sent.indexOf(63)) + 20_000_000L, plain.resent60At);
        assertEquals(2, only.copies.get(60));
        assertEquals(Set.of(60), only.holesRepaired);
        assertEquals(Set.of(), only.resentHeld);
        assertEquals(1, only.stats.notificationsAccepted());
        assertEquals(0, only.stats.notifiedNacks());
        assertEquals(1, only.stats.retransmissions());
        assertEquals(1, only.stats.fastRetransmits());
        assertEquals(0, only.stats.timeouts());
        // the window is the notification's (capped at window_ / 2 = 10, as ns-2's halving), closed once: the
        // fast retransmit after it makes no second reduction (tcp-reno.cc:183-197)
        ConnectionStats.Sample ntf = only.stats.samples().stream().filter(x -> x.cause() == CloseCause.NOTIFICATION)
                .findFirst().orElseThrow();
        assertEquals(Math.min(only.notified, 10.0), ntf.cwnd());
        assertTrue(ntf.nanos() < only.resent60At);
        assertEquals(1, only.stats.windowCloses(CloseCause.NOTIFICATION));
        assertEquals(0, only.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
        // the same notification without the flag resends 60 at once, 5 ms after it left the router
        Run named = run(81, () -> new Ns2Reno(P), drop60, 60, 60, 0, -1, false);
        assertEquals(named.sentAt.get(named.sent.indexOf(60)) + 10_000_000L, named.resent60At);
        assertEquals(1, named.stats.notifiedNacks());
    }

    /**
     * The same on RDP's own Reno (no rate limit: the sender's slow-start window of 32, 28-59 and 60-62
     * among it, passes the router at once, 105 ms). The window-only notice halves the window to 16 at 110
     * ms and puts the sender in its notified recovery, but names nothing. 60 waits for the sender's own
     * repair: the first ACK back (120 ms, one round trip after the burst left the sender at 100 ms)
     * acknowledges up to 59 and EACKs 61 and 62, so 60 is a hole below EACKed segments, resent once
     * (Transmitter.retransmitHolesSentOnce) and at the router 5 ms later. Named (flag clear), the same ACK
     * resends it twice: the hole repair and the NACKed range (a window of 16 kept the named resend back
     * until then, with 29 segments below 60 in flight). Plain, it is the fast retransmit on the third
     * duplicate ACK, 63's.
     */
    @Test
    void aWindowOnlyNotificationOnRdpsOwnRenoLeavesTheDropToItsRecovery() {
        BiPredicate<Integer, Integer> drop60 = (seqno, copy) -> copy == 1 && seqno == 60;
        Run plain = run(81, Reno::new, drop60, -1, 60, 0, -1);
        Run only = run(81, Reno::new, drop60, 60, 60, 0, -1, true);
        Run named = run(81, Reno::new, drop60, 60, 60, 0, -1, false);
        assertEquals(105_000_000L, only.sentAt.get(only.sent.indexOf(60)));
        assertEquals(105_000_000L, only.sentAt.get(only.sent.indexOf(62)));
        assertEquals(125_000_000L, only.resent60At);
        assertEquals(125_000_000L, named.resent60At);
        assertEquals(plain.sentAt.get(plain.sent.indexOf(63)) + 20_000_000L, plain.resent60At);
        assertEquals(1, plain.stats.fastRetransmits());
        assertEquals(2, only.copies.get(60));
        assertEquals(3, named.copies.get(60));
        assertEquals(Set.of(60), only.holesRepaired);
        assertEquals(Set.of(), only.resentHeld);
        assertEquals(1, only.stats.notificationsAccepted());
        assertEquals(1, only.stats.windowCloses(CloseCause.NOTIFICATION));
        assertEquals(0, only.stats.notifiedNacks());
        assertEquals(1, named.stats.notifiedNacks());
        assertEquals(0, only.stats.fastRetransmits());
        assertEquals(1, only.stats.retransmissions());
        assertEquals(0, only.stats.timeouts());
        ConnectionStats.Sample ntf = only.stats.samples().stream().filter(x -> x.cause() == CloseCause.NOTIFICATION)
                .findFirst().orElseThrow();
        assertEquals(110_000_000L, ntf.nanos());
        assertEquals(32.0, ntf.closedFrom());
        assertEquals(16.0, ntf.cwnd());
    }

    @Test
    void rdpsOwnRenoRepairsTheSecondHoleFromItsEacksWithoutTheTimer() {
        // the recovery the ns-2 sender does not get: RDP's Reno resends 65 from the EACKs (a hole below
        // EACKed segments), so its notified recovery needs no timeout
        Run rdp = run(81, Reno::new, true);
        assertEquals(Set.of(60, 65), rdp.holesRepaired);
        assertEquals(0, rdp.stats.timeouts());
    }
}
