package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * {@link Recovery#MODERN} on a simulated path with scripted losses: no rate limit and 10 ms each way,
 * so every round trip is exactly 20 ms and a window's ACKs arrive at one instant, one event each.
 */
class ModernRecoveryTest {
    static final long RTT = 20_000_000L;
    static final long MS = 1_000_000L;

    /** Data frames the sender put on the forward link: relative sequence number (first data segment 0) and time. */
    record Sent(int seq, long nanos, boolean first, int frameLength) {
    }

    static final class Path {
        final TestNet net;
        final List<Sent> sent = new ArrayList<>();
        private final Set<Integer> seen = new HashSet<>();
        private Integer base;
        TransferSender sender;

        static Path dropFirst(IntPredicate drop) {
            return dropFirst(new TestNet(61, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)), drop);
        }

        /** Drops the first send of the data segments {@code drop} names (relative numbers). */
        static Path dropFirst(TestNet net, IntPredicate drop) {
            return new Path(net, s -> s.first() && drop.test(s.seq()));
        }

        /** Drops the data frames {@code drop} names (each seen once, with its time and whether it is a first send). */
        Path(TestNet net, java.util.function.Predicate<Sent> drop) {
            this.net = net;
            net.forward.get(0).dropFrame = f -> {
                int seq = relative(f);
                if (seq < 0) {
                    return false;
                }
                Sent s = new Sent(seq, net.sim.nanos(), seen.add(seq), f.length);
                sent.add(s);
                return drop.test(s);
            };
        }

        int relative(byte[] f) {
            Packet p = Packet.wrapValidated(f);
            Segment seg = new Segment();
            byte[] pl = p.payload();
            if (p.protocol() != Protocol.RDP || SegmentCodec.decode(pl, 0, pl.length, seg) != null || seg.dataLength == 0) {
                return -1;
            }
            if (base == null) {
                base = seg.seq;
            }
            return seg.seq - base;
        }

        Path start(long size, RdpOptions o) {
            net.at(0, () -> {
                TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
                sender = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, size), o,
                        ProgressListener.NONE, 0);
            });
            net.run(30_000_000_000L);
            assertTrue(sender.result().join().complete());
            return this;
        }

        List<Sent> resends() {
            return sent.stream().filter(s -> !s.first()).toList();
        }

        long firstSent(int seq) {
            return sent.stream().filter(s -> s.seq() == seq).findFirst().orElseThrow().nanos();
        }

        ModernRecovery modern() {
            return sender.connection().tx.modern;
        }

        ConnectionStats stats() {
            return sender.connection().stats();
        }
    }

    /** 20 segments leave at once, in congestion avoidance (cwnd 20, ssthresh 20). */
    static RdpOptions window20(Recovery r) {
        return RdpOptions.defaults().withWindow(20, 20).withRecovery(r);
    }

    /** How many resends left in each round trip after the first resend (round trip 0, 1, ...). */
    static List<Integer> repairsPerRoundTrip(List<Sent> resends) {
        long first = resends.get(0).nanos();
        List<Integer> out = new ArrayList<>();
        for (Sent s : resends) {
            int k = (int) ((s.nanos() - first) / RTT);
            while (out.size() <= k) {
                out.add(0);
            }
            out.set(k, out.get(k) + 1);
        }
        return out;
    }

    @Test
    void fourHolesInOneWindowAreAllRepairedWithinOneRoundTrip() {
        // segments 0, 2, 4 and 6 of a 20-segment window are lost. The window's ACK train arrives at one
        // instant (40 ms): its EACKs show 1, 3, 5, 7-19, so RACK finds all four lost at once, and PRR's
        // slow-start bound (pipe 0 <= ssthresh 10) lets ssthresh = 10 segments out: the four resends first
        Path modern = Path.dropFirst(q -> q == 0 || q == 2 || q == 4 || q == 6).start(100 * 1400, window20(Recovery.MODERN));
        assertEquals(List.of(0, 2, 4, 6), modern.resends().stream().map(Sent::seq).toList());
        assertEquals(List.of(4), repairsPerRoundTrip(modern.resends()));
        assertEquals(40 * MS, modern.resends().get(0).nanos());
        assertEquals(0, modern.stats().timeouts());
        assertEquals(1, modern.modern().recoveries);
        // classic (NewReno): one hole per partial ACK, so four round trips for four holes
        Path classic = Path.dropFirst(q -> q == 0 || q == 2 || q == 4 || q == 6).start(100 * 1400, window20(Recovery.CLASSIC));
        assertEquals(List.of(0, 2, 4, 6), classic.resends().stream().map(Sent::seq).toList());
        assertEquals(List.of(1, 1, 1, 1), repairsPerRoundTrip(classic.resends()));
    }

    @Test
    void prrSendsOneSegmentForEveryTwoDeliveredAfterOneLoss() {
        // 100 Mb/s: the window's segments arrive one serialization apart, so each gets its own ACK (A1..A19
        // for segments 1..19; segment 0 is lost). What the sender does on each ACK (N: new, R: resend):
        //  A1, A2: pipe = 20 - EACKed (19) < cwnd 20: one new segment each (20, 21), as limited transmit.
        //  A3: three EACKed, RACK marks 0 lost (no reordering window). RFC 6937: RecoverFS = 22 (0..21),
        //      ssthresh = max(min(20, 22) / 2, 2) = 10. Then on ACK k, with prr_delivered = k - 2:
        //      pipe > ssthresh: sndcnt = ceil(prr_delivered * 10 / 22) - prr_out;
        //      else sndcnt = min(ssthresh - pipe, max(prr_delivered - prr_out, 1) + 1).
        //  A3: ceil(10/22) = 1 - 0 -> R0.   A4: ceil(20/22) = 1 - 1 = 0.   A5: ceil(30/22) = 2 - 1 -> N22.
        //  A7: ceil(50/22) = 3 - 2 -> N23.  A9: 4 - 3 -> N24.  A11: 5 - 4 -> N25.  A13: ceil(110/22) = 5 - 5 = 0.
        //  A14: 6 - 5 -> N26.  A16: 7 - 6 -> N27.  A17: 7 - 7 = 0 (pipe 11).  A18: pipe 10, not above
        //  ssthresh: min(10 - 10, ...) = 0.  A19: pipe 9: min(1, max(17 - 7, 1) + 1) = 1 -> N28.
        //  Even ACKs send nothing (A6, A8, ...): one segment for every two delivered, 8 in all, pipe back to 10.
        LinkConfig link = new LinkConfig(100_000_000, RTT / 2, QueueLimit.packets(10_000), 1);
        TestNet net = new TestNet(62, 2, link);
        List<long[]> events = new ArrayList<>();   // {time, kind (0 ACK, 1 data), seq or EACK count}
        Path p = Path.dropFirst(net, q -> q == 0);
        net.backward.get(0).dropFrame = f -> {
            Packet pk = Packet.wrapValidated(f);
            Segment seg = new Segment();
            byte[] pl = pk.payload();
            if (pk.protocol() == Protocol.RDP && SegmentCodec.decode(pl, 0, pl.length, seg) == null && seg.eacks.length > 0) {
                events.add(new long[] {net.sim.nanos() + RTT / 2, 0, seg.eacks.length});
            }
            return false;
        };
        p.start(200 * 1400, window20(Recovery.MODERN));
        for (Sent s : p.sent) {
            events.add(new long[] {s.nanos() - link.txNanos(s.frameLength()), 1, s.seq()});
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        StringBuilder trace = new StringBuilder();
        int acks = 0;
        for (long[] e : events) {
            if (e[1] == 0) {
                if (acks == 19) {
                    break;
                }
                trace.append(" A").append(++acks);
            } else if (acks > 0) {
                trace.append(e[2] == 0 ? " R0" : " N" + e[2]);
            }
        }
        assertEquals(" A1 N20 A2 N21 A3 R0 A4 A5 N22 A6 A7 N23 A8 A9 N24 A10 A11 N25 A12 A13 A14 N26 A15 A16 N27"
                + " A17 A18 A19 N28", trace.toString());
        assertEquals(1, p.modern().recoveries);
        assertEquals(0, p.stats().timeouts());
    }


    @Test
    void theFirstTimeoutComesFromTheHandshakesRoundTrip() {
        // every data frame sent before 200 ms is lost. The handshake's round trip (SYN at 0, SYN,ACK back at
        // 20 ms) is the first RTT sample (RFC 6298 2.2): SRTT 20 ms, RTTVAR 10 ms, RTO = 20 + max(G 1 ms,
        // min 10 ms, 4 RTTVAR = 40 ms) = 60 ms. Segments 0 and 1 leave at 20 ms; the tail-loss probe
        // (2 SRTT later, 60 ms) sends new segment 2 and restarts the RTO: the timeout fires at 60 + 60 =
        // 120 ms and resends 0; backed off to 120 ms, the next at 240 ms, which arrives.
        RdpOptions rto = RdpOptions.defaults().withRto(1000 * MS, 10 * MS, 60_000 * MS);
        Path modern = new Path(new TestNet(63, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)),
                s -> s.nanos() < 200 * MS).start(20 * 1400, rto.withRecovery(Recovery.MODERN));
        assertEquals(List.of("0@20", "1@20", "2@60", "0@120", "0@240"),
                modern.sent.subList(0, 5).stream().map(s -> s.seq() + "@" + s.nanos() / MS).toList());
        assertEquals(1, modern.modern().probes);
        assertEquals(2, modern.stats().timeouts());
        // classic: no sample before the first data ACK, so the initial RTO (1 s) runs from 20 ms
        Path classic = new Path(new TestNet(63, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)),
                s -> s.nanos() < 200 * MS).start(20 * 1400, rto.withRecovery(Recovery.CLASSIC));
        assertEquals(List.of("0@20", "1@20", "0@1020"),
                classic.sent.subList(0, 3).stream().map(s -> s.seq() + "@" + s.nanos() / MS).toList());
    }

    @Test
    void theWindowDoesNotGrowWhileTheApplicationLeavesItUnused() {
        // cwnd 10 in slow start; the application writes 4 segments every 100 ms, 20 times. Classic Reno adds
        // one packet per acknowledged packet: 10 + 20 * 4 = 90. Cwnd validation (RFC 7661): at most 4 in
        // flight, less than half of 10, so the window stays 10
        assertEquals(90, appLimitedCwnd(Recovery.CLASSIC), 1e-9);
        assertEquals(10, appLimitedCwnd(Recovery.MODERN), 1e-9);
    }

    private static double appLimitedCwnd(Recovery r) {
        TestNet net = new TestNet(64, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        RdpOptions o = RdpOptions.defaults().withWindow(10, 65_535).withRecovery(r);
        RdpConnection[] c = new RdpConnection[1];
        net.at(0, () -> {
            net.rdp(1).listen(7000, o, conn -> new ConnectionListener() { });
            c[0] = net.rdp(0).connect(net.node(1).address(), 7000, o, new ConnectionListener() { });
        });
        for (int k = 1; k <= 20; k++) {
            net.at(k * 100 * MS, () -> {
                for (int i = 0; i < 4; i++) {
                    assertTrue(c[0].send(new byte[1000]));
                }
            });
        }
        net.run(2_500 * MS);
        assertEquals(80 * 1000, c[0].stats().bytesAcked());
        return c[0].congestionState().cwnd();
    }

    @Test
    void aTailLossIsRepairedByAProbeNotATimeout() {
        // 30 full segments and a last one of 700 bytes; the last one's first send is lost. Nothing after it
        // can produce EACKs. The ACK of the rest arrives one RTT after the last send; the probe leaves
        // 2 SRTT (40 ms) later and resends the last segment: 60 ms after its first send. Its ACK comes a
        // full round trip later, so it repaired a loss: the window halves once, no timeout
        long size = 30 * 1400 + 700;
        java.util.function.Predicate<Sent> last = s -> s.first() && s.frameLength() == 700 + RdpPackets.DATA_FRAME_OVERHEAD;
        Path modern = new Path(new TestNet(65, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)), last)
                .start(size, RdpOptions.defaults().withRecovery(Recovery.MODERN));
        Sent lost = modern.sent.stream().filter(last).findFirst().orElseThrow();
        assertEquals(List.of(lost.nanos() + 60 * MS), modern.resends().stream().map(Sent::nanos).toList());
        assertEquals(1, modern.modern().probes);
        assertEquals(1, modern.modern().probeReductions);
        assertEquals(0, modern.stats().timeouts());
        // classic: its RTO (SRTT 20 ms + the 200 ms floor, restarted by the ACK of the rest) is due 240 ms
        // after the send, but its timer task was scheduled with the SYN, for the initial 1 s RTO, and a
        // deadline that moved earlier waits for it: the resend leaves at 1000 ms
        Path classic = new Path(new TestNet(65, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)), last)
                .start(size, RdpOptions.defaults().withRecovery(Recovery.CLASSIC));
        Sent lostC = classic.sent.stream().filter(last).findFirst().orElseThrow();
        assertTrue(lostC.nanos() + 240 * MS < 1000 * MS);
        assertEquals(List.of(1000 * MS), classic.resends().stream().map(Sent::nanos).toList());
        assertEquals(1, classic.stats().timeouts());
    }

    @Test
    void aResendProvenSpuriousUndoesTheReduction() {
        // segment 5 of a 20-segment window is delayed 8 ms, not lost. The window's ACK (at 40 ms) covers
        // 0-4 and EACKs 6-19: RACK deems 5 lost, recovery cuts ssthresh to max(min(20, 15) / 2, 2) = 7.5.
        // The original arrives at 38 ms; its ACK (48 ms) comes 8 ms after the resend left, less than the
        // 20 ms minimum RTT: the original arrived, the resend was spurious. Undo: ssthresh back to 20, cwnd
        // back to 20, and the ACK's 15 segments grow it as avoidance does: 20 + 15 / 20 = 20.75
        Path modern = delayedFifth(Recovery.MODERN);
        assertEquals(1, modern.modern().undos);
        ConnectionStats.Sample after = modern.stats().samples().stream().filter(x -> x.nanos() == 48 * MS && x.cause() == null)
                .reduce((a, b) -> b).orElseThrow();
        assertEquals(20.75, after.cwnd(), 1e-9);
        assertEquals(20, after.ssthresh(), 1e-9);
        ConnectionStats.Sample cut = modern.stats().samples().stream().filter(x -> x.cause() == CloseCause.FAST_RETRANSMIT)
                .findFirst().orElseThrow();
        assertEquals(40 * MS, cut.nanos());
        assertEquals(20, cut.closedFrom(), 1e-9);
        assertEquals(7.5, cut.ssthresh(), 1e-9);
        assertEquals(1, modern.stats().retransmissions());
    }

    private static Path delayedFifth(Recovery r) {
        TestNet net = new TestNet(66, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        net.forward.get(0).reorderDelayNanos = 8 * MS;
        Path p = new Path(net, (Sent s) -> false);
        boolean[] once = new boolean[1];
        net.forward.get(0).delayFrame = f -> p.relative(f) == 5 && !once[0] && (once[0] = true);
        return p.start(100 * 1400, window20(r));
    }

    @Test
    void lossyReorderingDuplicatingCorruptingPathsStillDeliverEveryByteExactly() {
        RdpOptions o = RdpOptions.defaults().withRecovery(Recovery.MODERN);
        for (double p : new double[] {0.01, 0.10}) {
            LossyTransferTest.Outcome out = LossyTransferTest.transfer(2, 2, LossyTransferTest.SIZE, o, n -> {
                n.forward.forEach(i -> i.loss(p));
                n.backward.forEach(i -> i.loss(p));
            });
            LossyTransferTest.assertExact(out, LossyTransferTest.SIZE);
        }
        LossyTransferTest.Outcome out = LossyTransferTest.transfer(5, 2, LossyTransferTest.SIZE, o, n -> {
            for (Impairment i : n.forward) {
                i.loss(0.02);
                i.reorder = 0.05;
                i.duplicate = 0.05;
                i.corrupt = 0.02;
            }
            for (Impairment i : n.backward) {
                i.loss(0.02);
                i.duplicate = 0.05;
            }
        });
        LossyTransferTest.assertExact(out, LossyTransferTest.SIZE);
        // the same seed gives the same run
        LossyTransferTest.Outcome a = LossyTransferTest.transfer(15, 2, 256 << 10, o, n -> n.forward.forEach(i -> i.loss(0.05)));
        LossyTransferTest.Outcome b = LossyTransferTest.transfer(15, 2, 256 << 10, o, n -> n.forward.forEach(i -> i.loss(0.05)));
        assertEquals(a.sent().toMap(), b.sent().toMap());
        assertEquals(a.sent().series().samples(), b.sent().series().samples());
    }
}
