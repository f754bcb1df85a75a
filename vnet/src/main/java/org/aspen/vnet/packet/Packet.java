package org.aspen.vnet.packet;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.aspen.vnet.VAddr;

/**
 * A VNet packet: a flyweight over the exact bytes of one frame, so forwarding never re-encodes.
 *
 * <pre>{@code
 * Packet p = Packet.builder().source(a).destination(b).protocol(Protocol.RAW).payload(bytes).build();
 * p.decrementTtl();            // header edits write into the frame and mark the checksum stale
 * byte[] wire = p.frame();     // seals (recomputes the checksum) before handing out the bytes
 * }</pre>
 *
 * Layout (big-endian; see {@code docs/wire-format.md}):
 * <pre>
 *  0 u8  version (1)          1 u8  flags: ECN[7:6] AECN[5] ACNS[4:3] AASPEC[2] AUTH[1] spare[0]
 *  2 u8  TTL                  3 u8  protocol
 *  4 u32 source               8 u32 destination
 * 12 u8  priority (6 bits)   13 u8  AECN-SYN TTL
 * 14 u16 payload length      16 u32 CRC32C of the whole frame with this field zero
 * 20 [AA spec: u8 n, name, u8 v, version, 32-byte SHA-256]  then the payload
 *    [AUTH: a 32-byte authentication trailer after the payload, see org.aspen.vnet.auth.AuthTrailer]
 * </pre>
 * Instances are not thread-safe; a packet belongs to one node's loop at a time.
 *
 * <p>One piece, over the ~400-line guideline, on purpose: the accessors, the in-place setters and
 * the {@link Builder} are the read, edit and write sides of the one layout above, each spelling the
 * same offsets, flag bits and masks, so a change to the wire format (docs/wire-format.md) is a change
 * to this file alone; the builder also hands the packet its decoded {@link AaSpec} through the
 * private constructor, with no setter for anyone else. Checking received frames is apart, in
 * {@link PacketCodec}.
 */
public final class Packet {
    public static final int VERSION = 1;
    public static final int VERSION_OFFSET = 0;
    public static final int FLAGS_OFFSET = 1;
    public static final int TTL_OFFSET = 2;
    public static final int PROTOCOL_OFFSET = 3;
    public static final int SOURCE_OFFSET = 4;
    public static final int DESTINATION_OFFSET = 8;
    public static final int PRIORITY_OFFSET = 12;
    public static final int AECN_TTL_OFFSET = 13;
    public static final int PAYLOAD_LENGTH_OFFSET = 14;
    public static final int CHECKSUM_OFFSET = 16;
    public static final int HEADER_LENGTH = 20;
    /** Largest frame that fits one UDP datagram over IPv4. */
    public static final int MAX_FRAME = 65_507;
    public static final int DEFAULT_TTL = 64;

    public static final int FLAG_ECN_SHIFT = 6;
    public static final int FLAG_AECN = 1 << 5;
    public static final int FLAG_ACNS_SHIFT = 3;
    /** ACNS bits the sender sets on the last segment of a window: routers to set a command ({@link #acnsCommand}). */
    public static final int ACNS_REQUEST = 3;
    public static final int FLAG_AA_SPEC = 1 << 2;
    /** An authentication trailer of {@link #AUTH_TRAILER_LENGTH} bytes follows the payload. */
    public static final int FLAG_AUTH = 1 << 1;
    public static final int AUTH_TRAILER_LENGTH = 32;

    private final byte[] buf;
    private final int payloadOffset;
    private boolean dirty;
    private AaSpec spec;
    /** {@link #POOLED}, {@link #PINNED}, {@link #CONSUMED}: who may hold the frame (see {@link #pooled}). */
    private byte ownership;
    private static final byte POOLED = 1;
    private static final byte PINNED = 2;
    private static final byte CONSUMED = 4;

    private Packet(byte[] buf, int payloadOffset) {
        this.buf = buf;
        this.payloadOffset = payloadOffset;
    }

    /**
     * As {@link #wrapValidated(byte[])}, for a frame taken from the node's {@link FramePool}: the packet
     * is {@link #pooled} (until something outside the node's path is given it).
     */
    public static Packet wrapValidated(byte[] frame, boolean fromPool) {
        Packet p = wrapValidated(frame);
        if (fromPool) {
            p.ownership = POOLED;
        }
        return p;
    }

    /** Wraps a frame that {@link PacketCodec#validate} accepted. The array is taken over, not copied. */
    public static Packet wrapValidated(byte[] frame) {
        int off = HEADER_LENGTH;
        if ((frame[FLAGS_OFFSET] & FLAG_AA_SPEC) != 0) {
            int n = frame[off] & 0xff;
            int v = frame[off + 1 + n] & 0xff;
            off += 2 + n + v + AaSpec.DIGEST_LENGTH;
        }
        return new Packet(frame, off);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder preset with this packet's header and payload, for making a modified copy. */
    public Builder toBuilder() {
        return builder().source(source()).destination(destination()).protocol(protocol()).ttl(ttl())
                .ecn(ecn()).aecn(aecn()).acnsCommand(acnsCommand()).priority(priority()).aecnTtl(aecnTtl())
                .aaSpec(aaSpec()).payload(payload());
    }

    public int version() {
        return buf[VERSION_OFFSET] & 0xff;
    }

    public int flags() {
        return buf[FLAGS_OFFSET] & 0xff;
    }

    public int ttl() {
        return buf[TTL_OFFSET] & 0xff;
    }

    public int protocol() {
        return buf[PROTOCOL_OFFSET] & 0xff;
    }

    public VAddr source() {
        return VAddr.of(getInt(SOURCE_OFFSET));
    }

    public VAddr destination() {
        return VAddr.of(getInt(DESTINATION_OFFSET));
    }

    public int sourceBits() {
        return getInt(SOURCE_OFFSET);
    }

    public int destinationBits() {
        return getInt(DESTINATION_OFFSET);
    }

    public int priority() {
        return buf[PRIORITY_OFFSET] & 0x3f;
    }

    public int aecnTtl() {
        return buf[AECN_TTL_OFFSET] & 0xff;
    }

    public Ecn ecn() {
        return Ecn.of((buf[FLAGS_OFFSET] & 0xff) >>> FLAG_ECN_SHIFT);
    }

    public boolean aecn() {
        return (buf[FLAGS_OFFSET] & FLAG_AECN) != 0;
    }

    /**
     * ACNS bits: 0 no command asked (the ACNS paper's Table 1 messages 2/3), 3 {@link #ACNS_REQUEST}
     * (routers to set a command, messages 4/5; reaches the receiver as "normal" when no router wrote one),
     * 1 freeze (message 6), 2 fallback (message 7). docs/acns.md.
     */
    public int acnsCommand() {
        return ((buf[FLAGS_OFFSET] & 0xff) >>> FLAG_ACNS_SHIFT) & 0b11;
    }

    /** The command the ACNS bits stand for: 0 none asked, 1 normal (the request), 2 freeze, 3 fallback. */
    public int acnsOmega() {
        return switch (acnsCommand()) {
            case ACNS_REQUEST -> 1;
            case 1 -> 2;
            case 2 -> 3;
            default -> 0;
        };
    }

    public boolean hasAaSpec() {
        return (buf[FLAGS_OFFSET] & FLAG_AA_SPEC) != 0;
    }

    /** The AA spec, decoded on first use; null when the packet carries none. */
    public AaSpec aaSpec() {
        if (spec == null && hasAaSpec()) {
            int off = HEADER_LENGTH;
            int n = buf[off] & 0xff;
            String name = new String(buf, off + 1, n, StandardCharsets.UTF_8);
            int v = buf[off + 1 + n] & 0xff;
            String version = new String(buf, off + 2 + n, v, StandardCharsets.UTF_8);
            byte[] digest = Arrays.copyOfRange(buf, off + 2 + n + v, off + 2 + n + v + AaSpec.DIGEST_LENGTH);
            spec = new AaSpec(name, version, digest);
        }
        return spec;
    }

    /** True when an authentication trailer follows the payload (flags bit 1). */
    public boolean hasAuthTrailer() {
        return (buf[FLAGS_OFFSET] & FLAG_AUTH) != 0;
    }

    /** Offset of the authentication trailer inside {@link #array()} (meaningful only if {@link #hasAuthTrailer()}). */
    public int trailerOffset() {
        return payloadOffset + payloadLength();
    }

    public int payloadLength() {
        return ((buf[PAYLOAD_LENGTH_OFFSET] & 0xff) << 8) | (buf[PAYLOAD_LENGTH_OFFSET + 1] & 0xff);
    }

    /** Offset of the payload inside {@link #array()}. */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** The backing frame; read-only for callers (use the setters to edit the header). */
    public byte[] array() {
        return buf;
    }

    /** A copy of the payload. */
    public byte[] payload() {
        return Arrays.copyOfRange(buf, payloadOffset, payloadOffset + payloadLength());
    }

    public int length() {
        return buf.length;
    }

    public int checksum() {
        return getInt(CHECKSUM_OFFSET);
    }

    // ---- header edits (mark the checksum stale) ----

    public void setTtl(int ttl) {
        buf[TTL_OFFSET] = (byte) ttl;
        dirty = true;
    }

    /** Decrements the TTL and returns the new value. */
    public int decrementTtl() {
        int t = ttl() - 1;
        setTtl(Math.max(0, t));
        return t;
    }

    public void setEcn(Ecn ecn) {
        buf[FLAGS_OFFSET] = (byte) ((buf[FLAGS_OFFSET] & ~(0b11 << FLAG_ECN_SHIFT)) | (ecn.bits << FLAG_ECN_SHIFT));
        dirty = true;
    }

    public void setAecn(boolean on) {
        buf[FLAGS_OFFSET] = (byte) (on ? (buf[FLAGS_OFFSET] | FLAG_AECN) : (buf[FLAGS_OFFSET] & ~FLAG_AECN));
        dirty = true;
    }

    public void setAcnsCommand(int cmd) {
        buf[FLAGS_OFFSET] = (byte) ((buf[FLAGS_OFFSET] & ~(0b11 << FLAG_ACNS_SHIFT)) | ((cmd & 0b11) << FLAG_ACNS_SHIFT));
        dirty = true;
    }

    public void setPriority(int priority) {
        buf[PRIORITY_OFFSET] = (byte) (priority & 0x3f);
        dirty = true;
    }

    public void setAecnTtl(int ttl) {
        buf[AECN_TTL_OFFSET] = (byte) ttl;
        dirty = true;
    }

    /**
     * Writes into the payload in place (for AAs that rewrite a transport header they own).
     * Marks the checksum stale.
     */
    public void writePayload(int payloadIndex, byte[] src, int srcOff, int len) {
        if (payloadIndex < 0 || len < 0 || payloadIndex + len > payloadLength()) {
            throw new IndexOutOfBoundsException("payload write " + payloadIndex + "+" + len + " outside " + payloadLength());
        }
        System.arraycopy(src, srcOff, buf, payloadOffset + payloadIndex, len);
        dirty = true;
    }

    /** Recomputes the checksum if a header or payload edit made it stale. */
    public Packet seal() {
        if (dirty) {
            putInt(buf, CHECKSUM_OFFSET, computeChecksum(buf, 0, buf.length));
            dirty = false;
        }
        return this;
    }

    /**
     * True when the frame came from the node's {@link FramePool} and no one outside the node's own path
     * has been given this packet, so the path's last step may give the frame back to the pool: the
     * socket once it has copied a transmitted frame out, or the node once the local consumer has
     * {@link #consumed} a received one. Anything that may keep the packet or its frame beyond its turn
     * on the path (an interceptor that takes it, a trace sink) {@link #pin}s it first.
     */
    public boolean pooled() {
        return (ownership & (POOLED | PINNED)) == POOLED;
    }

    /** Someone outside the node's path may keep this packet or its frame: it never goes back to a pool. */
    public void pin() {
        ownership |= PINNED;
    }

    /**
     * Said by the local protocol that took this packet: it has read it and keeps no reference to its
     * frame (or to any part of it) after the call that delivered it returns.
     */
    public void consumed() {
        ownership |= CONSUMED;
    }

    /** {@link #pooled} and {@link #consumed}: the receiving node may reuse the frame now. */
    public boolean reusableAfterDelivery() {
        return pooled() && (ownership & CONSUMED) != 0;
    }

    /** The sealed frame, ready for the wire. The array is shared, not copied. */
    public byte[] frame() {
        seal();
        return buf;
    }

    /** A deep copy (for duplication or for keeping a packet after handing the original on). */
    public Packet copy() {
        seal();
        Packet p = new Packet(buf.clone(), payloadOffset);
        p.spec = spec;
        return p;
    }

    /** CRC32C over {@code frame[off, off+len)} with the checksum field counted as zero. */
    public static int computeChecksum(byte[] frame, int off, int len) {
        CRC32C crc = new CRC32C();
        crc.update(frame, off, CHECKSUM_OFFSET);
        crc.update(ZERO4, 0, 4);
        crc.update(frame, off + HEADER_LENGTH, len - HEADER_LENGTH);
        return (int) crc.getValue();
    }

    private static final byte[] ZERO4 = new byte[4];

    private int getInt(int off) {
        return getInt(buf, off);
    }

    static int getInt(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(source()).append(" > ").append(destination()).append(' ').append(Protocol.name(protocol()))
                .append(" ttl=").append(ttl()).append(" len=").append(payloadLength());
        if (ecn() != Ecn.NOT_ECT) {
            sb.append(" ecn=").append(ecn());
        }
        if (hasAaSpec()) {
            sb.append(" aa=").append(aaSpec());
        }
        if (hasAuthTrailer()) {
            sb.append(" auth");
        }
        return sb.toString();
    }

    /** Builds a new packet; unset fields default to TTL 64, no ECN, priority 0, empty payload. */
    public static final class Builder {
        private VAddr source = VAddr.UNSPECIFIED;
        private VAddr destination = VAddr.UNSPECIFIED;
        private int protocol = Protocol.RAW;
        private int ttl = DEFAULT_TTL;
        private Ecn ecn = Ecn.NOT_ECT;
        private boolean aecn;
        private int acns;
        private int priority;
        private int aecnTtl;
        private AaSpec aaSpec;
        private byte[] payload = new byte[0];
        private int payloadOff;
        private int payloadLen;

        public Builder source(VAddr v) {
            source = v;
            return this;
        }

        public Builder destination(VAddr v) {
            destination = v;
            return this;
        }

        public Builder protocol(int p) {
            if (p < 0 || p > 255) {
                throw new IllegalArgumentException("protocol must be 0-255: " + p);
            }
            protocol = p;
            return this;
        }

        public Builder ttl(int t) {
            if (t < 0 || t > 255) {
                throw new IllegalArgumentException("TTL must be 0-255: " + t);
            }
            ttl = t;
            return this;
        }

        public Builder ecn(Ecn e) {
            ecn = e;
            return this;
        }

        public Builder aecn(boolean on) {
            aecn = on;
            return this;
        }

        public Builder acnsCommand(int cmd) {
            acns = cmd & 0b11;
            return this;
        }

        public Builder priority(int p) {
            if (p < 0 || p > 63) {
                throw new IllegalArgumentException("priority must be 0-63: " + p);
            }
            priority = p;
            return this;
        }

        public Builder aecnTtl(int t) {
            aecnTtl = t & 0xff;
            return this;
        }

        public Builder aaSpec(AaSpec s) {
            aaSpec = s;
            return this;
        }

        public Builder payload(byte[] p) {
            return payload(p, 0, p.length);
        }

        public Builder payload(byte[] p, int off, int len) {
            payload = p;
            payloadOff = off;
            payloadLen = len;
            return this;
        }

        public Packet build() {
            Packet p = frame(payloadLen, null);
            System.arraycopy(payload, payloadOff, p.buf, p.payloadOffset, payloadLen);
            putInt(p.buf, CHECKSUM_OFFSET, computeChecksum(p.buf, 0, p.buf.length));
            return p;
        }

        /**
         * Builds the packet with {@code payloadLength} payload bytes left zero for the caller to fill in
         * place ({@link #array()} from {@link #payloadOffset()}), so a transport writes its segment once,
         * straight into the frame; any payload set on this builder is ignored. The checksum is computed
         * when the packet is sealed ({@link #seal()}, {@link #frame()}).
         */
        public Packet buildInPlace(int payloadLength) {
            return buildInPlace(payloadLength, null);
        }

        /**
         * As {@link #buildInPlace(int)}, with the frame from {@code pool} when there is one (null: a new
         * array). A pooled frame is not zeroed: the caller writes every payload byte. The packet is
         * {@link #pooled} until something pins it.
         */
        public Packet buildInPlace(int payloadLength, FramePool pool) {
            Packet p = frame(payloadLength, pool);
            p.dirty = true;
            if (pool != null) {
                p.ownership = POOLED;
            }
            return p;
        }

        private Packet frame(int payloadLen, FramePool pool) {
            int specLen = aaSpec == null ? 0 : aaSpec.encodedLength();
            int total = HEADER_LENGTH + specLen + payloadLen;
            if (payloadLen < 0 || payloadLen > 0xffff || total > MAX_FRAME) {
                throw new IllegalArgumentException("packet too large: " + total + " bytes (max " + MAX_FRAME + ")");
            }
            byte[] b = pool == null ? new byte[total] : pool.take(total);
            b[VERSION_OFFSET] = VERSION;
            int flags = (ecn.bits << FLAG_ECN_SHIFT) | (aecn ? FLAG_AECN : 0) | (acns << FLAG_ACNS_SHIFT)
                    | (aaSpec != null ? FLAG_AA_SPEC : 0);
            b[FLAGS_OFFSET] = (byte) flags;
            b[TTL_OFFSET] = (byte) ttl;
            b[PROTOCOL_OFFSET] = (byte) protocol;
            putInt(b, SOURCE_OFFSET, source.value());
            putInt(b, DESTINATION_OFFSET, destination.value());
            b[PRIORITY_OFFSET] = (byte) priority;
            b[AECN_TTL_OFFSET] = (byte) aecnTtl;
            b[PAYLOAD_LENGTH_OFFSET] = (byte) (payloadLen >>> 8);
            b[PAYLOAD_LENGTH_OFFSET + 1] = (byte) payloadLen;
            int off = HEADER_LENGTH;
            if (aaSpec != null) {
                byte[] n = aaSpec.name().getBytes(StandardCharsets.UTF_8);
                byte[] v = aaSpec.version().getBytes(StandardCharsets.UTF_8);
                b[off++] = (byte) n.length;
                System.arraycopy(n, 0, b, off, n.length);
                off += n.length;
                b[off++] = (byte) v.length;
                System.arraycopy(v, 0, b, off, v.length);
                off += v.length;
                System.arraycopy(aaSpec.digest(), 0, b, off, AaSpec.DIGEST_LENGTH);
                off += AaSpec.DIGEST_LENGTH;
            }
            Packet p = new Packet(b, off);
            p.spec = aaSpec;
            return p;
        }
    }
}
