package org.aspen.rdp.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.aspen.rdp.RdpDrop;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * Fuzz target for the RDP segment decoder ({@link SegmentCodec#decode} and the {@link RdpPackets}
 * helpers routers and ACC use). Regression corpus: {@code src/test/resources/org/aspen/rdp/fuzz/
 * RdpSegmentFuzzTestInputs/segment/}; fuzzing: docs/fuzzing.md.
 */
class RdpSegmentFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void segment(byte[] input) {
        if (input.length < 1) {
            return;
        }
        boolean fixCrc = (input[0] & 1) != 0;
        byte[] seg = Arrays.copyOfRange(input, 1, input.length);
        if (fixCrc && seg.length >= SegmentCodec.FIXED_LENGTH) {
            // the checksum covers the whole segment with its own field as zero
            byte[] z = seg.clone();
            Arrays.fill(z, SegmentCodec.CHECKSUM_OFFSET, SegmentCodec.CHECKSUM_OFFSET + 4, (byte) 0);
            java.util.zip.CRC32C c = new java.util.zip.CRC32C();
            c.update(z);
            int crc = (int) c.getValue();
            seg[SegmentCodec.CHECKSUM_OFFSET] = (byte) (crc >>> 24);
            seg[SegmentCodec.CHECKSUM_OFFSET + 1] = (byte) (crc >>> 16);
            seg[SegmentCodec.CHECKSUM_OFFSET + 2] = (byte) (crc >>> 8);
            seg[SegmentCodec.CHECKSUM_OFFSET + 3] = (byte) crc;
        }
        checkSegment(seg);
    }

    static void checkSegment(byte[] seg) {
        byte[] original = seg.clone();
        Segment s = new Segment();
        RdpDrop why = SegmentCodec.decode(seg, 0, seg.length, s);
        byte[] padded = new byte[seg.length + 9];
        System.arraycopy(seg, 0, padded, 4, seg.length);
        Segment s2 = new Segment();
        assertEquals(why, SegmentCodec.decode(padded, 4, seg.length, s2));
        assertArrayEquals(original, seg, "decode must not modify its input");

        // the same bytes as a VNet packet's payload, through the helpers routers use
        if (seg.length <= Packet.MAX_FRAME - Packet.HEADER_LENGTH) {
            Packet p = Packet.builder().source(VAddr.of(0x0a000001)).destination(VAddr.of(0x0a000002))
                    .protocol(Protocol.RDP).payload(seg).build();
            assertEquals(why == null, RdpPackets.isRdp(p));
            RdpPackets.senderState(p);
            RdpPackets.sequence(p);
            RdpPackets.connectionId(p);
            RdpPackets.flags(p);
            RdpPackets.dataLength(p);
            Segment viaPacket = RdpPackets.decode(p);
            assertEquals(why == null, viaPacket != null);
        }
        if (why != null) {
            return;
        }
        assertNotNull(s);
        s.toString();
        assertEquals(seg.length - SegmentCodec.headerLength(s), s.dataLength);
        assertArrayEquals(Arrays.copyOfRange(seg, seg.length - s.dataLength, seg.length), s.dataCopy());

        // accepted segments round-trip: re-encoding and decoding again gives the same fields, and the
        // re-encoded bytes are a fixed point
        boolean checksum = (seg[SegmentCodec.PARTS_OFFSET] & SegmentCodec.PART_CHECKSUM) != 0;
        byte[] again = SegmentCodec.encode(s, checksum);
        assertEquals(seg.length, again.length);
        Segment t = new Segment();
        assertNull(SegmentCodec.decode(again, 0, again.length, t));
        assertEquals(s.flags, t.flags);
        assertEquals(s.sourcePort, t.sourcePort);
        assertEquals(s.destinationPort, t.destinationPort);
        assertEquals(s.seq, t.seq);
        assertEquals(s.ack, t.ack);
        assertEquals(s.syn, t.syn);
        assertEquals(s.state, t.state);
        assertEquals(s.notification, t.notification);
        assertArrayEquals(s.eacks, t.eacks);
        assertEquals(s.aecnEcho, t.aecnEcho);
        assertEquals(s.aecnPath, t.aecnPath);
        assertArrayEquals(s.dataCopy(), t.dataCopy());
        assertArrayEquals(again, SegmentCodec.encode(t, checksum));
    }
}
