package org.aspen.flakeway;

import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Packet;

/**
 * {@link PacketAccess} for a node's own {@link Packet}s: corruption may hit any bit of the frame.
 *
 * <pre>{@code
 * new FlakewayEngine<>(timing, seed, NodePackets.INSTANCE, sink);
 * }</pre>
 */
public final class NodePackets implements PacketAccess<Packet> {
    public static final NodePackets INSTANCE = new NodePackets();

    private NodePackets() {
    }

    @Override
    public int source(Packet p) {
        return p.sourceBits();
    }

    @Override
    public int destination(Packet p) {
        return p.destinationBits();
    }

    @Override
    public int protocol(Packet p) {
        return p.protocol();
    }

    @Override
    public String aaName(Packet p) {
        AaSpec s = p.hasAaSpec() ? p.aaSpec() : null;
        return s == null ? null : s.name();
    }

    @Override
    public int length(Packet p) {
        return p.length();
    }

    @Override
    public int corruptibleBytes(Packet p) {
        return p.length();
    }

    @Override
    public int payloadLength(Packet p) {
        return p.payloadLength();
    }

    @Override
    public int payloadByte(Packet p, int offset) {
        return p.array()[p.payloadOffset() + offset] & 0xff;
    }

    @Override
    public Packet copy(Packet p) {
        return p.copy();
    }
}
