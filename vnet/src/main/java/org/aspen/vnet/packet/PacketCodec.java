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
        // an authentication trailer (flags bit 1) is part of the frame, after the payload
        int trailer = (buf[off + Packet.FLAGS_OFFSET] & Packet.FLAG_AUTH) != 0 ? Packet.AUTH_TRAILER_LENGTH : 0;
        if (headerEnd + payloadLen + trailer > len) {
            return DropReason.TRUNCATED;
        }
        if (headerEnd + payloadLen + trailer != len) {
            return DropReason.BAD_LENGTH;
        }
        int stored = Packet.getInt(buf, off + Packet.CHECKSUM_OFFSET);
        if (stored != Packet.computeChecksum(buf, off, len)) {
            return DropReason.BAD_CHECKSUM;
        }
        // The AA name and version must be well-formed UTF-8, or the spec would decode to another one
        // (with U+FFFD in it) that may not even fit the limits (found by fuzzing). Checked after the
        // checksum, so a bit flipped on the way is still counted as a checksum error.
        if (headerEnd > Packet.HEADER_LENGTH) {
            int n = buf[off + Packet.HEADER_LENGTH] & 0xff;
            int name = off + Packet.HEADER_LENGTH + 1;
            if (!isUtf8(buf, name, n) || !isUtf8(buf, name + n + 1, buf[name + n] & 0xff)) {
                return DropReason.BAD_AA_SPEC;
            }
        }
        return null;
    }

    /**
     * True when {@code b[off, off+len)} is well-formed UTF-8 (RFC 3629: no overlong forms, no
     * surrogates, nothing above U+10FFFF), exactly what decodes without replacement characters.
     */
    static boolean isUtf8(byte[] b, int off, int len) {
        int i = off;
        int end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
            }
            int more;
            int min;
            if (c >= 0xc2 && c <= 0xdf) {
                more = 1;
                min = 0x80;
            } else if (c >= 0xe0 && c <= 0xef) {
                more = 2;
                min = 0x800;
            } else if (c >= 0xf0 && c <= 0xf4) {
                more = 3;
                min = 0x10000;
            } else {
                return false;
            }
            if (i + more >= end) {
                return false;
            }
            int cp = c & (0x3f >> more);
            for (int k = 1; k <= more; k++) {
                int x = b[i + k] & 0xff;
                if ((x & 0xc0) != 0x80) {
                    return false;
                }
                cp = (cp << 6) | (x & 0x3f);
            }
            if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
                return false;
            }
            i += more + 1;
        }
        return true;
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
