package org.aspen.vnet.packet;

import java.util.Arrays;

/**
 * Validates received frames. Stateless; malformed input yields a {@link DropReason}, never an
 * exception.
 *
 * <pre>{@code
 * DropReason why = PacketCodec.validate(bytes, 0, n, maxFrame);
 * if (why != null) counters.drop(why); else node.receive(Packet.wrapValidated(Arrays.copyOf(bytes, n)));
 * }</pre>
 */
public final class PacketCodec {
    private PacketCodec() {
    }

    /**
     * Checks a frame in {@code buf[off, off+len)}: size limits, version, AA spec bounds, that the
     * payload length matches the frame exactly, and the checksum. Returns null when it is sound.
     */
    public static DropReason validate(byte[] buf, int off, int len, int maxFrame) {
        if (len > maxFrame || len > Packet.MAX_FRAME) {
            return DropReason.OVERSIZED;
        }
        if (len < Packet.HEADER_LENGTH) {
            return DropReason.TRUNCATED;
        }
        if ((buf[off + Packet.VERSION_OFFSET] & 0xff) != Packet.VERSION) {
            return DropReason.BAD_VERSION;
        }
        int headerEnd = Packet.HEADER_LENGTH;
        if ((buf[off + Packet.FLAGS_OFFSET] & Packet.FLAG_AA_SPEC) != 0) {
            if (len < headerEnd + 1) {
                return DropReason.TRUNCATED;
            }
            int n = buf[off + headerEnd] & 0xff;
            if (n < 1 || n > AaSpec.MAX_NAME) {
                return DropReason.BAD_AA_SPEC;
            }
            if (len < headerEnd + 1 + n + 1) {
                return DropReason.TRUNCATED;
            }
            int v = buf[off + headerEnd + 1 + n] & 0xff;
            if (v < 1 || v > AaSpec.MAX_VERSION) {
                return DropReason.BAD_AA_SPEC;
            }
            headerEnd += 2 + n + v + AaSpec.DIGEST_LENGTH;
            if (len < headerEnd) {
                return DropReason.TRUNCATED;
            }
        }
        int payloadLen = ((buf[off + Packet.PAYLOAD_LENGTH_OFFSET] & 0xff) << 8) | (buf[off + Packet.PAYLOAD_LENGTH_OFFSET + 1] & 0xff);
        if (headerEnd + payloadLen > len) {
            return DropReason.TRUNCATED;
        }
        if (headerEnd + payloadLen != len) {
            return DropReason.BAD_LENGTH;
        }
        int stored = Packet.getInt(buf, off + Packet.CHECKSUM_OFFSET);
        if (stored != Packet.computeChecksum(buf, off, len)) {
            return DropReason.BAD_CHECKSUM;
        }
        return null;
    }

    /** Validates and, when sound, returns a packet over a private copy; otherwise null. */
    public static Packet decode(byte[] buf, int off, int len, int maxFrame, DropReason[] why) {
        DropReason r = validate(buf, off, len, maxFrame);
        if (r != null) {
            if (why != null) {
                why[0] = r;
            }
            return null;
        }
        return Packet.wrapValidated(Arrays.copyOfRange(buf, off, off + len));
    }
}
