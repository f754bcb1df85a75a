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

        /** Drops the first transmission of the data segments {@code drop} names (relative numbers). */
        Path(IntPredicate drop) {
            this(new TestNet(61, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1)), drop);
        }

        Path(TestNet net, IntPredicate drop) {
            this.net = net;
            net.forward.get(0).dropFrame = f -> {
                int seq = relative(f);
                if (seq < 0) {
                    return false;
                }
                boolean first = seen.add(seq);
                sent.add(new Sent(seq, net.sim.nanos(), first, f.length));
                return first && drop.test(seq);
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
        Path modern = new Path(q -> q == 0 || q == 2 || q == 4 || q == 6).start(100 * 1400, window20(Recovery.MODERN));
        assertEquals(List.of(0, 2, 4, 6), modern.resends().stream().map(Sent::seq).toList());
        assertEquals(List.of(4), repairsPerRoundTrip(modern.resends()));
        assertEquals(40 * MS, modern.resends().get(0).nanos());
        assertEquals(0, modern.stats().timeouts());
        assertEquals(1, modern.modern().recoveries);
        // classic (NewReno): one hole per partial ACK, so four round trips for four holes
        Path classic = new Path(q -> q == 0 || q == 2 || q == 4 || q == 6).start(100 * 1400, window20(Recovery.CLASSIC));
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
        Path p = new Path(net, q -> q == 0);
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

}
