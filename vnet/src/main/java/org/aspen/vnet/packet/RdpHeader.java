package org.aspen.vnet.packet;

/**
 * The RDP header fields that code below the rdp module reads in place: the queue disciplines (ACNS
 * reads the ports and data length, PURPLE the version, flags and ports) and the flakeway's port
 * reader. vnet cannot depend on rdp, so the offsets live here and rdp's {@code SegmentCodec} and
 * {@code Segment} take theirs from this class; rdp's {@code RdpHeaderAgreementTest} encodes segments
 * with the codec and reads them back through this view. Layout in {@code docs/rdp.md}.
 *
 * <pre>{@code
 * if (p.protocol() == Protocol.RDP && p.payloadLength() >= RdpHeader.PORTS_END) {
 *     int sourcePort = RdpHeader.sourcePort(p);
 * }
 * }</pre>
 *
 * The readers do not check the protocol or the length: the caller does, as each discipline has
 * always done with its own minimum ({@link #PORTS_END} or {@link #DATA_LENGTH_END}).
 */
public final class RdpHeader {
    /** The version byte RDP v2 writes at {@link #VERSION_OFFSET}. */
    public static final int VERSION = 2;
    public static final int VERSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int SOURCE_PORT_OFFSET = 4;
    public static final int DESTINATION_PORT_OFFSET = 6;
    public static final int DATA_LENGTH_OFFSET = 8;
    /** Payload bytes needed to read the version, flags and both ports. */
    public static final int PORTS_END = DESTINATION_PORT_OFFSET + 2;
    /** Payload bytes needed to read the data length as well. */
    public static final int DATA_LENGTH_END = DATA_LENGTH_OFFSET + 2;
    /** The flags bit a sender sets in the segment after it reduced its window (congestion window reduced). */
    public static final int CWR = 0x02;

    private RdpHeader() {
    }

    /** The version byte of the segment {@code p} carries. */
    public static int version(Packet p) {
        return p.array()[p.payloadOffset() + VERSION_OFFSET] & 0xff;
    }

    /** The flags byte of the segment {@code p} carries. */
    public static int flags(Packet p) {
        return p.array()[p.payloadOffset() + FLAGS_OFFSET] & 0xff;
    }

    public static int sourcePort(Packet p) {
        return u16(p, SOURCE_PORT_OFFSET);
    }

    public static int destinationPort(Packet p) {
        return u16(p, DESTINATION_PORT_OFFSET);
    }

    /** The segment's data length: 0 for control segments (SYN, ACK, NUL, RST without data). */
    public static int dataLength(Packet p) {
        return u16(p, DATA_LENGTH_OFFSET);
    }

    private static int u16(Packet p, int offset) {
        byte[] b = p.array();
        int o = p.payloadOffset() + offset;
        return ((b[o] & 0xff) << 8) | (b[o + 1] & 0xff);
    }
}
