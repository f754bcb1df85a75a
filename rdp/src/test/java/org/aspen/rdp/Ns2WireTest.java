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
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * What an ns-2 agent's connection puts on the wire, against ns-2.35's packets: TCPSink's bare
 * cumulative ACKs (no EACK list for Reno and NewReno).
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
}
