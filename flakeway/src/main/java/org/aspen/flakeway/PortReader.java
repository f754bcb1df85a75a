package org.aspen.flakeway;

import org.aspen.vnet.packet.Packet;

/**
 * Finds a transport's port pair in a packet's first payload bytes, for rules that match on ports.
 * The engine keeps one reader per protocol; RAW's (a u16 source and u16 destination port at the
 * start of the payload) is built in, RDP's is registered by whoever owns the RDP header.
 *
 * <pre>{@code
 * engine.setPortReader(Protocol.RDP, p -> RdpHeader.ports(p));   // (src << 16) | dst, or -1
 * }</pre>
 */
@FunctionalInterface
public interface PortReader {
    /** Ports packed as {@code (source << 16) | destination}, or -1 when the packet carries none. */
    long ports(Packet p);

    /** A 16-bit source port then a 16-bit destination port, big-endian, at payload offset 0. */
    PortReader LEADING_PAIR = p -> {
        if (p.payloadLength() < 4) {
            return -1;
        }
        byte[] b = p.array();
        int o = p.payloadOffset();
        return ((long) (b[o] & 0xff) << 24) | ((b[o + 1] & 0xff) << 16) | ((b[o + 2] & 0xff) << 8) | (b[o + 3] & 0xff);
    };
}
