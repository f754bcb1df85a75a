package org.aspen.rdp.transfer;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The start of a transfer: magic "ASPX" and the total size (u64, -1 unknown), so the receiver can tell
 * complete from cut short. RDP's transport sends it as the first segment alone; an ns-2 agent's
 * transfer as the first 12 bytes of its first, full-size data segment.
 */
final class TransferHeader {
    static final int MAGIC = 0x41535058;
    static final int LENGTH = 12;

    private TransferHeader() {
    }

    static byte[] encode(long size) {
        return ByteBuffer.allocate(LENGTH).putInt(MAGIC).putLong(size).array();
    }

    /** The announced size, or null when {@code b} is not a transfer header. */
    static Long decode(byte[] b) {
        return decode(b, 0, b.length);
    }

    /** As {@link #decode(byte[])}, for the header at {@code b[off, off+len)}. */
    static Long decode(byte[] b, int off, int len) {
        if (len != LENGTH || ByteBuffer.wrap(b, off, LENGTH).getInt() != MAGIC) {
            return null;
        }
        return ByteBuffer.wrap(b, off + 4, 8).getLong();
    }

    /**
     * The announced size when {@code b[off, off+len)} starts with a transfer header (an ns-2 agent's first
     * segment carries data after it, {@link TransferSender}), or null.
     */
    static Long decodePrefix(byte[] b, int off, int len) {
        return len < LENGTH ? null : decode(b, off, LENGTH);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from this JVM", e);
        }
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
