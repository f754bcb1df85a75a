package org.aspen.vnet.auth;

import org.aspen.vnet.packet.Packet;

/**
 * The authentication trailer: 32 bytes after a packet's payload, present when flags bit 1
 * ({@link Packet#FLAG_AUTH}) is set. Stateless codec; big-endian; documented in
 * {@code docs/wire-format.md}.
 *
 * <pre>{@code
 * AuthTrailer t = AuthTrailer.parse(p.array(), p.trailerOffset());   // null when malformed
 * if (t != null && t.keyId() == 7) ...
 * }</pre>
 *
 * <pre>
 *  0 u8  version (1)          1 u8  MAC length (16)       2 u16 key id
 *  4 u32 signer (VNet address of the node that signed; not necessarily the packet's source)
 *  8 u64 counter (strictly increasing per signer; the receiver's replay window)
 * 16 16 bytes MAC: HMAC-SHA256 truncated to 128 bits over {@link #macInput}
 * </pre>
 *
 * @param keyId   which key of the receiver's keyring checks the MAC (1-65535)
 * @param signer  the signing node's address bits
 * @param counter the signer's message counter
 * @param mac     the 16-byte MAC (a copy)
 */
public record AuthTrailer(int keyId, int signer, long counter, byte[] mac) {
    public static final int VERSION = 1;
    public static final int LENGTH = Packet.AUTH_TRAILER_LENGTH;
    public static final int VERSION_OFFSET = 0;
    public static final int MAC_LENGTH_OFFSET = 1;
    public static final int KEY_ID_OFFSET = 2;
    public static final int SIGNER_OFFSET = 4;
    public static final int COUNTER_OFFSET = 8;
    public static final int MAC_OFFSET = 16;
    public static final int MAC_LENGTH = 16;

    /** The trailer at {@code buf[off, off+32)}, or null when it is cut short or not a sound version-1 trailer. */
    public static AuthTrailer parse(byte[] buf, int off) {
        if (off < 0 || off > buf.length - LENGTH) {
            return null;
        }
        if ((buf[off + VERSION_OFFSET] & 0xff) != VERSION || (buf[off + MAC_LENGTH_OFFSET] & 0xff) != MAC_LENGTH) {
            return null;
        }
        int keyId = ((buf[off + KEY_ID_OFFSET] & 0xff) << 8) | (buf[off + KEY_ID_OFFSET + 1] & 0xff);
        if (keyId == 0) {
            return null;
        }
        byte[] mac = new byte[MAC_LENGTH];
        System.arraycopy(buf, off + MAC_OFFSET, mac, 0, MAC_LENGTH);
        return new AuthTrailer(keyId, getInt(buf, off + SIGNER_OFFSET), getLong(buf, off + COUNTER_OFFSET), mac);
    }

    /** Writes the trailer's fixed part (everything but the MAC) at {@code buf[off]}. */
    public static void writeHead(byte[] buf, int off, int keyId, int signer, long counter) {
        buf[off + VERSION_OFFSET] = VERSION;
        buf[off + MAC_LENGTH_OFFSET] = MAC_LENGTH;
        buf[off + KEY_ID_OFFSET] = (byte) (keyId >>> 8);
        buf[off + KEY_ID_OFFSET + 1] = (byte) keyId;
        for (int i = 0; i < 4; i++) {
            buf[off + SIGNER_OFFSET + i] = (byte) (signer >>> (24 - 8 * i));
        }
        for (int i = 0; i < 8; i++) {
            buf[off + COUNTER_OFFSET + i] = (byte) (counter >>> (56 - 8 * i));
        }
    }

    /**
     * Feeds the MAC'd bytes of the signed frame {@code f} (flag set, trailer at {@code trailerOff})
     * to {@code sink}: version, protocol, source, destination, payload length, then everything from
     * the AA spec (or payload) up to and including the trailer's first 16 bytes. Left out are the
     * fields routers change on the way: flags (ECN, AECN, ACNS), TTL, priority, AECN-SYN TTL, and the
     * checksum. The AA-spec flag is covered by the spec bytes and the payload offset they imply.
     */
    public static void macInput(byte[] f, int trailerOff, MacSink sink) {
        sink.update(f, Packet.VERSION_OFFSET, 1);
        sink.update(f, Packet.PROTOCOL_OFFSET, 1);
        sink.update(f, Packet.SOURCE_OFFSET, 8);   // source and destination
        sink.update(f, Packet.PAYLOAD_LENGTH_OFFSET, 2);
        sink.update(new byte[] {(byte) ((f[Packet.FLAGS_OFFSET] & Packet.FLAG_AA_SPEC) != 0 ? 1 : 0)}, 0, 1);
        sink.update(f, Packet.HEADER_LENGTH, trailerOff + MAC_OFFSET - Packet.HEADER_LENGTH);
    }

    /** Where {@link #macInput} writes: an {@code javax.crypto.Mac} in practice. */
    @FunctionalInterface
    public interface MacSink {
        void update(byte[] b, int off, int len);
    }

    static int getInt(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    static long getLong(byte[] b, int off) {
        return ((long) getInt(b, off) << 32) | (getInt(b, off + 4) & 0xffffffffL);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AuthTrailer t && t.keyId == keyId && t.signer == signer && t.counter == counter
                && java.util.Arrays.equals(t.mac, mac);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(keyId, signer, counter, java.util.Arrays.hashCode(mac));
    }

    @Override
    public String toString() {
        return "AuthTrailer[key " + keyId + ", signer " + org.aspen.vnet.VAddr.of(signer) + ", counter " + Long.toUnsignedString(counter) + "]";
    }
}
