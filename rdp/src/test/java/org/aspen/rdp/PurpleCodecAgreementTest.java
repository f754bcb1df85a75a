package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.qdisc.Purple;
import org.junit.jupiter.api.Test;

/** PURPLE (in vnet, below rdp) reads RDP header bits in place: its offsets must be the codec's. */
class PurpleCodecAgreementTest {
    @Test
    void purplesRdpConstantsAreTheCodecs() {
        assertEquals(SegmentCodec.VERSION, Purple.RDP_VERSION);
        assertEquals(SegmentCodec.FLAGS_OFFSET, Purple.RDP_FLAGS_OFFSET);
        assertEquals(SegmentCodec.SOURCE_PORT_OFFSET, Purple.RDP_SOURCE_PORT_OFFSET);
        assertEquals(SegmentCodec.DESTINATION_PORT_OFFSET, Purple.RDP_DESTINATION_PORT_OFFSET);
        assertEquals(Segment.CWR, Purple.RDP_CWR);
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
