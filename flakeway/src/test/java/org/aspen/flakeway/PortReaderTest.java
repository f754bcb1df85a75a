package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.aspen.rdp.SegmentCodec;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

class PortReaderTest {
    @Test
    void rdpPortsAreWhereTheRdpCodecPutsThem() {
        assertEquals(SegmentCodec.SOURCE_PORT_OFFSET, PortReader.RDP.sourceOffset());
        assertEquals(SegmentCodec.DESTINATION_PORT_OFFSET, PortReader.RDP.destinationOffset());
        assertEquals(org.aspen.vnet.packet.RdpHeader.SOURCE_PORT_OFFSET, PortReader.RDP.sourceOffset());
        assertEquals(org.aspen.vnet.packet.RdpHeader.DESTINATION_PORT_OFFSET, PortReader.RDP.destinationOffset());
    }

    @Test
    void portsArePackedSourceHighAndShortPayloadsHaveNone() {
        byte[] payload = {0, 0, 0, 0, 0x12, 0x34, 0, 80};
        Packet p = Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2"))
                .protocol(Protocol.RDP).payload(payload).build();
        assertEquals((0x1234L << 16) | 80, PortReader.RDP.ports(NodePackets.INSTANCE, p));
        assertEquals(0, PortReader.LEADING_PAIR.ports(NodePackets.INSTANCE, p));
        Packet shortOne = Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2"))
                .payload(new byte[7]).build();
        assertEquals(-1, PortReader.RDP.ports(NodePackets.INSTANCE, shortOne));
    }
}
