package org.aspen.flakeway;

/**
 * Where a transport keeps its 16-bit, big-endian source and destination ports in the payload, for
 * rules that match on ports. The engine keeps one per protocol: RAW's ({@link #LEADING_PAIR}) and
 * RDP's ({@link #RDP}) are built in; other transports register theirs.
 *
 * <pre>{@code
 * engine.setPortReader(Protocol.RAW, PortReader.LEADING_PAIR);
 * long pair = PortReader.RDP.ports(access, packet);    // (src << 16) | dst, or -1
 * }</pre>
 */
public record PortReader(int sourceOffset, int destinationOffset) {
    /** A source port then a destination port at payload offset 0 (RAW). */
    public static final PortReader LEADING_PAIR = new PortReader(0, 2);
    /**
     * RDP's header: source port at 4, destination port at 6 (vnet's {@code packet.RdpHeader}, which rdp's
     * codec also uses). Written as numbers so that the flakeway AA's jar stays free of vnet's packet
     * classes; {@code PortReaderTest} checks them against {@code RdpHeader}.
     */
    public static final PortReader RDP = new PortReader(4, 6);

    public PortReader {
        if (sourceOffset < 0 || destinationOffset < 0) {
            throw new IllegalArgumentException("port offsets must not be negative");
        }
    }

    /** Ports packed as {@code (source << 16) | destination}, or -1 when the payload is too short. */
    public <P> long ports(PacketAccess<P> a, P p) {
        int end = Math.max(sourceOffset, destinationOffset) + 2;
        if (a.payloadLength(p) < end) {
            return -1;
        }
        long src = a.payloadByte(p, sourceOffset) << 8 | a.payloadByte(p, sourceOffset + 1);
        long dst = a.payloadByte(p, destinationOffset) << 8 | a.payloadByte(p, destinationOffset + 1);
        return src << 16 | dst;
    }
}
