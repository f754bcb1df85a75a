package org.aspen.flakeway;

import org.aspen.ee.api.AaPacket;

/**
 * {@link PacketAccess} for the packets an AA's diversion channel hands over. Corruption may hit the
 * payload only: an AA cannot edit the addresses, and the node re-seals the frame after the AA.
 *
 * <pre>{@code
 * new FlakewayEngine<>(timing, seed, AaPackets.INSTANCE, sink);
 * }</pre>
 */
final class AaPackets implements PacketAccess<AaPacket> {
    static final AaPackets INSTANCE = new AaPackets();

    private AaPackets() {
    }

    @Override
    public int source(AaPacket p) {
        return p.source().value();
    }

    @Override
    public int destination(AaPacket p) {
        return p.destination().value();
    }

    @Override
    public int protocol(AaPacket p) {
        return p.protocol();
    }

    @Override
    public String aaName(AaPacket p) {
        AaPacket.Spec s = p.aaSpec();
        return s == null ? null : s.name();
    }

    @Override
    public int length(AaPacket p) {
        return p.length();
    }

    @Override
    public int corruptibleBytes(AaPacket p) {
        return p.payloadLength();
    }

    @Override
    public int payloadLength(AaPacket p) {
        return p.payloadLength();
    }

    @Override
    public int payloadByte(AaPacket p, int offset) {
        return p.readU8(offset);
    }

    @Override
    public AaPacket copy(AaPacket p) {
        return p.copy();
    }

    /** Inverts the chosen bits of the payload (bit 0 is the top bit of payload byte 0). */
    static void corrupt(AaPacket p, BitFlips flips) {
        for (int bit : flips.bits()) {
            int i = bit >>> 3;
            if (i < p.payloadLength()) {
                p.writeU8(i, p.readU8(i) ^ (0x80 >>> (bit & 7)));
            }
        }
    }
}
