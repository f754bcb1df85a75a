package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
        /** When the second copy of 65 left the router. */
        long resent65At = -1;
        final Map<Integer, Integer> copies = new HashMap<>();
        /** Seqnos whose resend reached a receiver that did not hold them yet (holes repaired). */
        final Set<Integer> holesRepaired = new TreeSet<>();
        /** Seqnos resent although the receiver already held them. */
        final Set<Integer> resentHeld = new TreeSet<>();
        RdpConnection sender;
        ConnectionStats stats;
    }

    static Run run(long seed, Supplier<CongestionControl> cc, boolean notify) {
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
            int copy = r.copies.merge(seqno, 1, Integer::sum);
            if (copy == 1 && seqno == 60) {
                if (notify) {
                    double half = Math.floor(RdpPackets.senderState(p).cwnd() / 2);
                    router.send(RdpPackets.notification(RdpPackets.connectionId(p), RdpPackets.sequence(p), half, half, 0));
                }
                return true;
            }
            if (copy == 1 && seqno == 65) {
                return true;
            }
            if (copy == 2 && seqno == 65) {
                r.resent65At = net.sim.nanos();
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

    @Test
    void rdpsOwnRenoRepairsTheSecondHoleFromItsEacksWithoutTheTimer() {
        // the recovery the ns-2 sender does not get: RDP's Reno resends 65 from the EACKs (a hole below
        // EACKed segments), so its notified recovery needs no timeout
        Run rdp = run(81, Reno::new, true);
        assertEquals(Set.of(60, 65), rdp.holesRepaired);
        assertEquals(0, rdp.stats.timeouts());
    }
}
