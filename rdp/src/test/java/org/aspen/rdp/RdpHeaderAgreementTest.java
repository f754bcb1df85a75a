package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.packet.RdpHeader;
import org.aspen.vnet.qdisc.Purple;
import org.junit.jupiter.api.Test;

/**
 * vnet's queue disciplines (ACNS, PURPLE) and the flakeway read RDP header fields in place through
 * vnet's {@link RdpHeader}, below rdp; here segments encoded by rdp's {@link SegmentCodec} are read
 * back through that view, so the two cannot drift apart.
 */
class RdpHeaderAgreementTest {
    @Test
    void theCodecsConstantsAreTheHeaderViews() {
        assertEquals(RdpHeader.VERSION, SegmentCodec.VERSION);
        assertEquals(RdpHeader.VERSION_OFFSET, SegmentCodec.VERSION_OFFSET);
        assertEquals(RdpHeader.FLAGS_OFFSET, SegmentCodec.FLAGS_OFFSET);
        assertEquals(RdpHeader.SOURCE_PORT_OFFSET, SegmentCodec.SOURCE_PORT_OFFSET);
        assertEquals(RdpHeader.DESTINATION_PORT_OFFSET, SegmentCodec.DESTINATION_PORT_OFFSET);
        assertEquals(RdpHeader.DATA_LENGTH_OFFSET, SegmentCodec.DATA_LENGTH_OFFSET);
        assertEquals(RdpHeader.CWR, Segment.CWR);
    }

    @Test
    void theViewReadsAnEncodedDataSegmentsFields() {
        // Ports above 32767 check the reads are unsigned; 1460 bytes of data: high byte 0x05, low 0xb4.
        Segment s = Segment.data(40000, 80, 17, 3, new byte[1460]);
        s.flags |= Segment.CWR;
        Packet p = wrap(s);
        assertEquals(2, RdpHeader.version(p));
        assertEquals(Segment.ACK | Segment.CWR, RdpHeader.flags(p));
        assertEquals(40000, RdpHeader.sourcePort(p));
        assertEquals(80, RdpHeader.destinationPort(p));
        assertEquals(1460, RdpHeader.dataLength(p));
    }

    @Test
    void theViewReadsAControlSegmentsZeroDataLength() {
        // ACNS skips segments whose data length reads 0 (SYN, ACK, NUL, RST).
        Packet p = wrap(Segment.control(Segment.NUL, 6001, 65535, 1, 0));
        assertEquals(Segment.NUL, RdpHeader.flags(p));
        assertEquals(6001, RdpHeader.sourcePort(p));
        assertEquals(65535, RdpHeader.destinationPort(p));
        assertEquals(0, RdpHeader.dataLength(p));
    }

    @Test
    void purpleSeesTheCwrFlagOfAnEncodedDataSegment() {
        Segment s = Segment.data(6000, 80, 17, 3, new byte[100]);
        Segment plain = Segment.data(6000, 80, 18, 3, new byte[100]);
        s.flags |= Segment.CWR;
        assertEquals(Segment.CWR, Purple.rdpFlags(wrap(s)) & Segment.CWR);
        assertEquals(0, Purple.rdpFlags(wrap(plain)) & Segment.CWR);
    }

    private static Packet wrap(Segment s) {
        return Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2"))
                .protocol(Protocol.RDP).ecn(Ecn.ECT0).payload(SegmentCodec.encode(s, true)).build();
    }
}
