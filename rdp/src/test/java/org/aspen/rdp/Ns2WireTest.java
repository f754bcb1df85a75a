package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.aspen.rdp.ns2.Ns2NewReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.aspen.rdp.ns2.Ns2Sack1;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * What an ns-2 agent's connection puts on the wire, against ns-2.35's packets: TCPSink's bare
 * cumulative ACKs (no EACK list for Reno and NewReno), and a transfer whose data segments are all
 * full size (the transfer header rides at the front of the first).
 */
class Ns2WireTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));
    /** VNet header 20 + RDP fixed header 24: ns-2's Agent/TCPSink packetSize_ 44 in the validation cases. */
    static final int BARE_ACK = 44;

    @Test
    void renoAndNewRenoPeersAcknowledgeWithBareCumulativeAcksAfterLosses() {
        for (Supplier<CongestionControl> cc : List.<Supplier<CongestionControl>>of(() -> new Ns2Reno(P),
                () -> new Ns2NewReno(P))) {
            Ns2Path path = new Ns2Path(73, cc, 200, s -> s == 60 || s == 65 || s == 70);
            List<Integer> ackSizes = acks(path);
            path.run(20_000_000_000L);
            assertEquals(200 * 1000, path.stats().bytesAcked());
            // three holes, so RDP's receiver holds segments out of order for several round trips
            assertTrue(path.receiver[0].stats().outOfOrder() > 0);
            assertEquals(0, path.receiver[0].stats().eacksSent());
            // every ACK 44 bytes, as ns-2's TCPSink sends them
            assertTrue(ackSizes.size() >= 200);
            assertEquals(List.of(BARE_ACK), ackSizes.stream().distinct().toList());
        }
    }

    @Test
    void aSack1PeerStillListsTheSackBlocks() {
        Ns2Path path = new Ns2Path(73, () -> new Ns2Sack1(P), 200, s -> s == 60 || s == 65 || s == 70);
        List<Integer> ackSizes = acks(path);
        path.run(20_000_000_000L);
        assertTrue(path.receiver[0].stats().eacksSent() > 0);
        assertTrue(ackSizes.stream().anyMatch(n -> n > BARE_ACK));
    }

    @Test
    void anNs2AgentsTransferSendsOnlyFullSegmentsAndArrivesWhole() {
        // 4988 bytes + the 12-byte header = 5 segments of 1000 bytes; RDP's transport sends 6 (12, then 5 x 1000 - 12)
        Transfer ns2 = transfer(RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(P)), 4988);
        assertEquals(List.of(1000, 1000, 1000, 1000, 1000), ns2.dataLengths);
        assertTrue(ns2.received.complete());
        assertEquals(4988, ns2.received.bytes());
        assertEquals(4988, ns2.received.expected());
        assertEquals(ns2.sent.sha256(), ns2.received.sha256());
        assertEquals(4988, ns2.sent.bytes());

        Transfer rdp = transfer(RdpOptions.defaults(), 4988);
        assertEquals(List.of(12, 1000, 1000, 1000, 1000, 988), rdp.dataLengths);
        assertEquals(rdp.sent.sha256(), rdp.received.sha256());
        assertEquals(4988, rdp.received.bytes());
    }

    @Test
    void anEmptyTransferOfAnNs2AgentIsTheHeaderAlone() {
        Transfer t = transfer(RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(P)), 0);
        assertEquals(List.of(12), t.dataLengths);
        assertTrue(t.received.complete());
        assertEquals(0, t.received.expected());
        assertEquals(t.sent.sha256(), t.received.sha256());
    }

    /** Frame sizes of the receiver's pure ACKs (no SYN, no data) on the way back. */
    private static List<Integer> acks(Ns2Path path) {
        List<Integer> sizes = new ArrayList<>();
        path.net.backward.get(0).dropFrame = f -> {
            Segment seg = segment(f);
            if (seg != null && seg.dataLength == 0 && seg.has(Segment.ACK) && !seg.has(Segment.SYN)
                    && !seg.has(Segment.RST) && !seg.has(Segment.NUL)) {
                sizes.add(f.length);
            }
            return false;
        };
        return sizes;
    }

    private static Segment segment(byte[] frame) {
        Packet p = Packet.wrapValidated(frame);
        Segment seg = new Segment();
        byte[] pl = p.payload();
        return p.protocol() != Protocol.RDP || SegmentCodec.decode(pl, 0, pl.length, seg) != null ? null : seg;
    }

    private record Transfer(List<Integer> dataLengths, TransferSummary sent, TransferSummary received) {
    }

    /** One transfer of {@code size} seeded bytes over a 10 ms, lossless path with 1000-byte segments. */
    private static Transfer transfer(RdpOptions base, long size) {
        TestNet net = new TestNet(5, 2, new LinkConfig(0, 10_000_000L, QueueLimit.packets(1000), 1));
        RdpOptions o = base.withMaxSegment(1000);
        List<Integer> lengths = new ArrayList<>();
        net.forward.get(0).dropFrame = f -> {
            Segment seg = segment(f);
            if (seg != null && seg.dataLength > 0) {
                lengths.add(seg.dataLength);
            }
            return false;
        };
        List<TransferSummary> done = new ArrayList<>();
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, done::add, (b, t, n, r) -> { }, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, size), o,
                    (b, t, n, r) -> { }, 0);
        });
        net.run(10_000_000_000L);
        return new Transfer(lengths, s[0].result().join(), done.get(0));
    }
}
