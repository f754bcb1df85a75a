package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * ACC-ABCD's segment-size and pacing advice: its codec, and a sender's reaction to each kind of advice
 * (shrink and pace, resume, lapse without renewal, stale and out-of-window advice) in a scripted run.
 */
class RateAdviceTest {
    static final long MS = 1_000_000L;

    @Test
    void adviceRoundTrips() {
        Segment s = Segment.control(0, 1, 2, 77, 0);
        s.advice = new RateAdvice(77, 400, 0xfffffff0L, 2000, 300_000);
        byte[] wire = SegmentCodec.encode(s, true);
        assertEquals(SegmentCodec.FIXED_LENGTH + SegmentCodec.ADVICE_LENGTH, wire.length);
        Segment d = new Segment();
        assertNull(SegmentCodec.decode(wire, 0, wire.length, d));
        assertEquals(s.advice, d.advice);
        assertNull(d.notification);
        // both network parts in one segment decode side by side
        s.flags = Segment.NTF;
        s.notification = new WindowNotification(77, 4, 4, 0);
        wire = SegmentCodec.encode(s, true);
        assertNull(SegmentCodec.decode(wire, 0, wire.length, d));
        assertEquals(s.advice, d.advice);
        assertEquals(s.notification, d.notification);
        assertTrue(RateAdvice.resume(5, 1).isResume());
    }

    @Test
    void malformedAdviceIsADropReason() {
        Segment s = Segment.control(0, 1, 2, 77, 0);
        s.advice = new RateAdvice(77, 400, 1000, 2000, 0);
        byte[] wire = SegmentCodec.encode(s, false);
        int off = SegmentCodec.FIXED_LENGTH;
        Segment d = new Segment();
        byte[] bad = wire.clone();
        SegmentCodec.putShort(bad, off + 6, 0);                                   // lifetime 0
        assertEquals(RdpDrop.BAD_OPTION, SegmentCodec.decode(bad, 0, bad.length, d));
        bad = wire.clone();
        bad[SegmentCodec.FLAGS_OFFSET] = (byte) Segment.SYN;                      // advice on a SYN
        assertEquals(RdpDrop.BAD_LENGTH, SegmentCodec.decode(bad, 0, bad.length, d));
        bad = wire.clone();
        SegmentCodec.putShort(bad, SegmentCodec.HEADER_LENGTH_OFFSET, off + 8);  // part cut short
        assertEquals(RdpDrop.BAD_LENGTH, SegmentCodec.decode(bad, 0, bad.length, d));
        // advice with data
        Segment withData = Segment.data(1, 2, 3, 4, new byte[5]);
        withData.advice = s.advice;
        byte[] wd = SegmentCodec.encode(withData, true);
        assertEquals(RdpDrop.BAD_OPTION, SegmentCodec.decode(wd, 0, wd.length, d));
        // a part bit set on a header too short for it
        byte[] plain = SegmentCodec.encode(Segment.control(Segment.ACK, 1, 2, 3, 4), false);
        plain[SegmentCodec.PARTS_OFFSET] = (byte) SegmentCodec.PART_ADVICE;
        assertEquals(RdpDrop.BAD_LENGTH, SegmentCodec.decode(plain, 0, plain.length, d));
        assertThrows(IllegalArgumentException.class, () -> new RateAdvice(1, 70_000, 0, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateAdvice(1, 100, 0, 0, 0));
    }

    /** One observed data segment of the sender at the router: when and how long. */
    record Seen(long at, int length, int seq) {
    }

    /**
     * A range the sender is told to resend (an ACC filter's follow-up NACKs) goes out at the advised
     * pace too: the resends arrive spaced by their size over the rate, at their original size.
     */
    @Test
    void resendsOfANackedRangeArePacedByTheAdvice() {
        TestNet net = new TestNet(22, 3, new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(50), 1));
        Node router = net.node(1);
        List<Seen> resent = new ArrayList<>();
        java.util.Set<Integer> firstSent = new java.util.HashSet<>();
        int[] lastSeq = new int[1];
        ConnectionId[] id = new ConnectionId[1];
        router.addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && p.sourceBits() == net.node(0).address().value()
                    && RdpPackets.dataLength(p) > 0) {
                int seq = RdpPackets.sequence(p);
                if (!firstSent.add(seq)) {
                    resent.add(new Seen(net.sim.nanos(), RdpPackets.dataLength(p), seq));
                }
                lastSeq[0] = seq;
                id[0] = RdpPackets.connectionId(p);
            }
            return false;
        });
        TransferSender[] sender = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, RdpOptions.defaults(), ByteSink::discard, s -> { }, ProgressListener.NONE, 0);
            sender[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(5, 4 << 20),
                    RdpOptions.defaults().withSendBuffer(4), ProgressListener.NONE, 0);
        });
        // pace at 140 kB/s (1400-byte segments: 10 ms apart), then NACK 8 segments still in flight
        net.at(500 * MS, () -> router.send(RdpPackets.advice(id[0], new RateAdvice(lastSeq[0], 1400, 140_000, 60_000, 1))));
        int[] named = new int[1];
        net.at(800 * MS, () -> {
            named[0] = sender[0].connection().congestionState().sndUna();
            ConnectionState v = sender[0].connection().congestionState();
            router.send(RdpPackets.notification(id[0], named[0], v.cwnd(), v.cwnd(), 7));
        });
        net.run(1200 * MS);
        List<Seen> range = resent.stream().filter(r -> r.seq - named[0] >= 0 && r.seq - named[0] < 8).toList();
        assertTrue(range.size() >= 3, "the named range was resent (those not EACKed meanwhile): " + range);
        assertTrue(range.stream().allMatch(r -> r.length == 1400), "resends keep their size");
        double spacing = (range.get(range.size() - 1).at - range.get(0).at) / (double) (range.size() - 1);
        assertTrue(spacing >= 9 * MS, "resends paced about 10 ms apart, not back to back: " + spacing / MS + " ms");
    }

    @Test
    void senderShrinksPacesResumesAndLapses() {
        TestNet net = new TestNet(21, 3, new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(20), 1));
        Node router = net.node(1);
        List<Seen> seen = new ArrayList<>();
        List<Seen> all = new ArrayList<>();
        int[] lastSeq = new int[1];
        java.util.Set<Integer> firstSent = new java.util.HashSet<>();
        ConnectionId[] id = new ConnectionId[1];
        router.addInterceptor((p, in) -> {
            if (p.protocol() == Protocol.RDP && p.sourceBits() == net.node(0).address().value()
                    && RdpPackets.dataLength(p) > 0) {
                int seq = RdpPackets.sequence(p);
                if (firstSent.add(seq)) {   // new data only: retransmissions keep their size
                    seen.add(new Seen(net.sim.nanos(), RdpPackets.dataLength(p), seq));
                }
                all.add(new Seen(net.sim.nanos(), RdpPackets.dataLength(p), seq));
                lastSeq[0] = seq;
                id[0] = RdpPackets.connectionId(p);
            }
            return false;
        });
        List<TransferSummary> got = new ArrayList<>();
        TransferSender[] sender = new TransferSender[1];
        RdpOptions opts = RdpOptions.defaults().withSendBuffer(4);
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(2), 7000, RdpOptions.defaults(), ByteSink::discard, got::add,
                    ProgressListener.NONE, 0);
            sender[0] = TransferSender.start(net.rdp(0), net.node(2).address(), 7000, ByteSource.seeded(4, 2 << 20),
                    opts, ProgressListener.NONE, 0);
        });
        // shrink to 300 bytes paced at 50 kB/s, then stale and future advice, then resume, then advice that lapses
        int[] firstAdvice = new int[1];
        net.at(500 * MS, () -> {
            firstAdvice[0] = lastSeq[0];
            router.send(RdpPackets.advice(id[0], new RateAdvice(lastSeq[0], 300, 50_000, 60_000, 1)));
        });
        net.at(600 * MS, () -> {
            router.send(RdpPackets.advice(id[0], new RateAdvice(firstAdvice[0] - 1, 100, 1000, 60_000, 1)));
            router.send(RdpPackets.advice(id[0], new RateAdvice(lastSeq[0] + 1_000_000, 100, 1000, 60_000, 1)));
        });
        int[] nextAtAdvice = new int[1];
        net.at(510 * MS, () -> nextAtAdvice[0] = sender[0].connection().congestionState().sndNxt());
        net.at(1500 * MS, () -> router.send(RdpPackets.advice(id[0], RateAdvice.resume(lastSeq[0], 5_000_000))));
        net.at(2000 * MS, () -> router.send(RdpPackets.advice(id[0], new RateAdvice(lastSeq[0], 500, 0, 300, 1))));
        net.run(30_000 * MS);

        SenderAdvice adv = sender[0].connection().senderAdvice();
        assertEquals(3, adv.accepted());
        assertEquals(1, adv.resumes());
        assertEquals(1, adv.stale());
        assertEquals(1, adv.outOfWindow());
        assertEquals(1, adv.expired());
        assertEquals(2, net.rdp(0).counters().drops(RdpDrop.NOTIFICATION_REJECTED));
        // before: full-size segments; then (once the sender's link queue, 20 packets, has drained what was
        // sent before the advice) small ones, paced 300 B / 50 kB/s = 6 ms apart
        assertTrue(between(seen, 0, 500).stream().skip(1).allMatch(s -> s.length == 1400));   // after the transfer header
        // every segment cut after the advice (beyond the 4 queued and 1 pending when it came) is small
        int firstSmall = nextAtAdvice[0] + 5;
        assertTrue(between(seen, 0, 1500).stream().filter(s -> s.seq - firstSmall >= 0).allMatch(s -> s.length <= 300));
        List<Seen> shrunk = between(seen, 700, 1500).stream().filter(s -> s.seq - firstSmall >= 0).toList();
        assertTrue(!shrunk.isEmpty());
        // paced at 50 kB/s, resends (at their original size) included: at most 40 kB in those 800 ms (plus the
        // segment in progress), and still sending (more than half of that)
        long pacedBytes = between(all, 700, 1500).stream().mapToLong(Seen::length).sum();
        assertTrue(pacedBytes <= 40_000 + 1400 && pacedBytes > 20_000, pacedBytes + " bytes in 800 ms at 50 kB/s");
        assertTrue(sender[0].connection().pacingWaits() > shrunk.size() / 2, "most paced segments waited for their turn");
        // resumed: full size and fast again
        List<Seen> resumed = between(seen, 1600, 2000);
        assertTrue(resumed.stream().anyMatch(s -> s.length == 1400));
        long resumedBytes = resumed.stream().mapToLong(Seen::length).sum();
        assertTrue(resumedBytes > 5 * 50_000 * 0.4, resumedBytes + " bytes in 400 ms: not paced at 50 kB/s any more");
        // size-only advice for 300 ms, then it lapses and full-size segments return
        assertTrue(between(seen, 2050, 2300).stream().allMatch(s -> s.length <= 500));
        assertTrue(between(seen, 2400, 30_000).stream().anyMatch(s -> s.length == 1400));
        // the transfer is exact
        assertEquals(1, got.size());
        assertTrue(got.get(0).complete());
        assertEquals(sender[0].result().join().sha256(), got.get(0).sha256());
        assertTrue(!adv.active());
    }

    private static List<Seen> between(List<Seen> seen, long fromMs, long toMs) {
        return seen.stream().filter(s -> s.at >= fromMs * MS && s.at < toMs * MS).toList();
    }
}
