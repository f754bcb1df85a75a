package org.aspen.vnet.control;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;

/**
 * Encodes and decodes VNet control messages (payloads of protocol-0 packets). Stateless; all
 * integers big-endian. A malformed payload decodes to null, which the caller counts as
 * {@code DropReason.BAD_CONTROL}; nothing here throws on input bytes.
 *
 * <pre>{@code
 * byte[] payload = ControlCodec.encode(new ControlMessage.LsaAck(origin, 7));
 * ControlMessage m = ControlCodec.decode(p.array(), p.payloadOffset(), p.payloadLength());
 * }</pre>
 *
 * Every message starts with {@code u8 type, u8 code}; see {@code docs/wire-format.md} for the rest.
 */
public final class ControlCodec {
    public static final int HELLO = 1;
    public static final int LSA = 2;
    public static final int LSA_ACK = 3;
    public static final int ECHO_REQUEST = 4;
    public static final int ECHO_REPLY = 5;
    public static final int DEST_UNREACHABLE = 6;
    public static final int TTL_EXCEEDED = 7;

    /** DEST_UNREACHABLE code: no route toward the destination (or its link is down). */
    public static final int CODE_NO_ROUTE = 0;

    public static final int TYPE_OFFSET = 0;
    public static final int CODE_OFFSET = 1;

    // HELLO: u16 count, then count x u32 neighbour heard
    public static final int HELLO_COUNT_OFFSET = 2;
    public static final int HELLO_NEIGHBOURS_OFFSET = 4;

    // LSA: u16 count, u32 origin, u32 seq, u32 lifetime ms, then count x (u32 neighbour, u32 cost)
    public static final int LSA_COUNT_OFFSET = 2;
    public static final int LSA_ORIGIN_OFFSET = 4;
    public static final int LSA_SEQ_OFFSET = 8;
    public static final int LSA_LIFETIME_OFFSET = 12;
    public static final int LSA_LINKS_OFFSET = 16;
    public static final int LSA_LINK_LENGTH = 8;

    // LSA_ACK: u16 zero, u32 origin, u32 seq
    public static final int ACK_ORIGIN_OFFSET = 4;
    public static final int ACK_SEQ_OFFSET = 8;
    public static final int ACK_LENGTH = 12;

    // ECHO_REQUEST / ECHO_REPLY: u16 id, u32 seq, u64 origin timestamp (ns, sender's clock), padding
    public static final int ECHO_ID_OFFSET = 2;
    public static final int ECHO_SEQ_OFFSET = 4;
    public static final int ECHO_TIMESTAMP_OFFSET = 8;
    public static final int ECHO_LENGTH = 16;

    // DEST_UNREACHABLE / TTL_EXCEEDED: u16 quote length, then the quote (fixed header + <= 8 payload bytes)
    public static final int ERROR_QUOTE_LENGTH_OFFSET = 2;
    public static final int ERROR_QUOTE_OFFSET = 4;
    public static final int QUOTED_PAYLOAD_MAX = 8;

    /** Most neighbours one HELLO or LSA may list. */
    public static final int MAX_ENTRIES = 1024;

    private ControlCodec() {
    }

    /** The type byte of a control payload, or -1 when it is empty. */
    public static int peekType(byte[] buf, int off, int len) {
        return len < 1 ? -1 : buf[off + TYPE_OFFSET] & 0xff;
    }

    /** Decodes {@code buf[off, off+len)}; null when the payload is malformed. */
    public static ControlMessage decode(byte[] buf, int off, int len) {
        if (len < 2 || off < 0 || off + len > buf.length) {
            return null;
        }
        int type = buf[off + TYPE_OFFSET] & 0xff;
        return switch (type) {
            case HELLO -> decodeHello(buf, off, len);
            case LSA -> decodeLsa(buf, off, len);
            case LSA_ACK -> len != ACK_LENGTH ? null
                    : new ControlMessage.LsaAck(VAddr.of(getInt(buf, off + ACK_ORIGIN_OFFSET)), getInt(buf, off + ACK_SEQ_OFFSET));
            case ECHO_REQUEST, ECHO_REPLY -> len < ECHO_LENGTH ? null
                    : new ControlMessage.Echo(type == ECHO_REPLY, getU16(buf, off + ECHO_ID_OFFSET),
                            getInt(buf, off + ECHO_SEQ_OFFSET), getLong(buf, off + ECHO_TIMESTAMP_OFFSET), len - ECHO_LENGTH);
            case DEST_UNREACHABLE, TTL_EXCEEDED -> decodeError(buf, off, len, type);
            default -> null;
        };
    }

    private static ControlMessage decodeHello(byte[] buf, int off, int len) {
        if (len < HELLO_NEIGHBOURS_OFFSET) {
            return null;
        }
        int n = getU16(buf, off + HELLO_COUNT_OFFSET);
        if (n > MAX_ENTRIES || len != HELLO_NEIGHBOURS_OFFSET + 4 * n) {
            return null;
        }
        List<VAddr> heard = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            heard.add(VAddr.of(getInt(buf, off + HELLO_NEIGHBOURS_OFFSET + 4 * i)));
        }
        return new ControlMessage.Hello(heard);
    }

    private static ControlMessage decodeLsa(byte[] buf, int off, int len) {
        if (len < LSA_LINKS_OFFSET) {
            return null;
        }
        int n = getU16(buf, off + LSA_COUNT_OFFSET);
        if (n > MAX_ENTRIES || len != LSA_LINKS_OFFSET + LSA_LINK_LENGTH * n) {
            return null;
        }
        List<ControlMessage.Adjacency> links = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int at = off + LSA_LINKS_OFFSET + LSA_LINK_LENGTH * i;
            int cost = getInt(buf, at + 4);
            if (cost < 1) {
                return null;
            }
            links.add(new ControlMessage.Adjacency(VAddr.of(getInt(buf, at)), cost));
        }
        return new ControlMessage.Lsa(VAddr.of(getInt(buf, off + LSA_ORIGIN_OFFSET)), getInt(buf, off + LSA_SEQ_OFFSET),
                getInt(buf, off + LSA_LIFETIME_OFFSET) & 0xffff_ffffL, links);
    }

    private static ControlMessage decodeError(byte[] buf, int off, int len, int type) {
        if (len < ERROR_QUOTE_OFFSET) {
            return null;
        }
        int q = getU16(buf, off + ERROR_QUOTE_LENGTH_OFFSET);
        if (q < Packet.HEADER_LENGTH || q > Packet.HEADER_LENGTH + QUOTED_PAYLOAD_MAX || len != ERROR_QUOTE_OFFSET + q) {
            return null;
        }
        int h = off + ERROR_QUOTE_OFFSET;
        byte[] header = java.util.Arrays.copyOfRange(buf, h, h + Packet.HEADER_LENGTH);
        byte[] payload = java.util.Arrays.copyOfRange(buf, h + Packet.HEADER_LENGTH, h + q);
        return new ControlMessage.Error(type, buf[off + CODE_OFFSET] & 0xff, header, payload);
    }

    /** Encodes {@code m} as a control payload. */
    public static byte[] encode(ControlMessage m) {
        if (m instanceof ControlMessage.Hello h) {
            checkCount(h.heard().size());
            byte[] b = start(HELLO, 0, HELLO_NEIGHBOURS_OFFSET + 4 * h.heard().size());
            putU16(b, HELLO_COUNT_OFFSET, h.heard().size());
            for (int i = 0; i < h.heard().size(); i++) {
                putInt(b, HELLO_NEIGHBOURS_OFFSET + 4 * i, h.heard().get(i).value());
            }
            return b;
        }
        if (m instanceof ControlMessage.Lsa l) {
            checkCount(l.links().size());
            byte[] b = start(LSA, 0, LSA_LINKS_OFFSET + LSA_LINK_LENGTH * l.links().size());
            putU16(b, LSA_COUNT_OFFSET, l.links().size());
            putInt(b, LSA_ORIGIN_OFFSET, l.origin().value());
            putInt(b, LSA_SEQ_OFFSET, l.seq());
            putInt(b, LSA_LIFETIME_OFFSET, (int) l.lifetimeMillis());
            for (int i = 0; i < l.links().size(); i++) {
                ControlMessage.Adjacency a = l.links().get(i);
                putInt(b, LSA_LINKS_OFFSET + LSA_LINK_LENGTH * i, a.neighbour().value());
                putInt(b, LSA_LINKS_OFFSET + LSA_LINK_LENGTH * i + 4, a.cost());
            }
            return b;
        }
        if (m instanceof ControlMessage.LsaAck a) {
            byte[] b = start(LSA_ACK, 0, ACK_LENGTH);
            putInt(b, ACK_ORIGIN_OFFSET, a.origin().value());
            putInt(b, ACK_SEQ_OFFSET, a.seq());
            return b;
        }
        if (m instanceof ControlMessage.Echo e) {
            byte[] b = start(e.type(), 0, ECHO_LENGTH + e.padding());
            putU16(b, ECHO_ID_OFFSET, e.id());
            putInt(b, ECHO_SEQ_OFFSET, e.seq());
            putLong(b, ECHO_TIMESTAMP_OFFSET, e.timestamp());
            return b;
        }
        ControlMessage.Error e = (ControlMessage.Error) m;
        byte[] header = e.quotedHeader();
        byte[] payload = e.quotedPayload();
        if (header.length != Packet.HEADER_LENGTH || payload.length > QUOTED_PAYLOAD_MAX) {
            throw new IllegalArgumentException("error quote must be a " + Packet.HEADER_LENGTH + "-byte header and at most "
                    + QUOTED_PAYLOAD_MAX + " payload bytes");
        }
        byte[] b = start(e.type(), e.code(), ERROR_QUOTE_OFFSET + header.length + payload.length);
        putU16(b, ERROR_QUOTE_LENGTH_OFFSET, header.length + payload.length);
        System.arraycopy(header, 0, b, ERROR_QUOTE_OFFSET, header.length);
        System.arraycopy(payload, 0, b, ERROR_QUOTE_OFFSET + header.length, payload.length);
        return b;
    }

    /**
     * Builds the error payload for {@code original}: its fixed header as it is now (TTL already
     * decremented) and its first payload bytes.
     */
    public static byte[] encodeError(int type, int code, Packet original) {
        byte[] frame = original.array();
        int k = Math.min(QUOTED_PAYLOAD_MAX, original.payloadLength());
        byte[] header = java.util.Arrays.copyOf(frame, Packet.HEADER_LENGTH);
        byte[] payload = java.util.Arrays.copyOfRange(frame, original.payloadOffset(), original.payloadOffset() + k);
        return encode(new ControlMessage.Error(type, code, header, payload));
    }

    /** True when {@code p} is itself a control error message (which must never trigger another). */
    public static boolean isError(Packet p) {
        if (p.protocol() != org.aspen.vnet.packet.Protocol.CONTROL || p.payloadLength() < 1) {
            return false;
        }
        int t = p.array()[p.payloadOffset()] & 0xff;
        return t == DEST_UNREACHABLE || t == TTL_EXCEEDED;
    }

    private static void checkCount(int n) {
        if (n > MAX_ENTRIES) {
            throw new IllegalArgumentException("too many entries: " + n + " (max " + MAX_ENTRIES + ")");
        }
    }

    private static byte[] start(int type, int code, int length) {
        byte[] b = new byte[length];
        b[TYPE_OFFSET] = (byte) type;
        b[CODE_OFFSET] = (byte) code;
        return b;
    }

    static int getU16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    static int getInt(byte[] b, int off) {
        return ((b[off] & 0xff) << 24) | ((b[off + 1] & 0xff) << 16) | ((b[off + 2] & 0xff) << 8) | (b[off + 3] & 0xff);
    }

    static long getLong(byte[] b, int off) {
        return ((long) getInt(b, off) << 32) | (getInt(b, off + 4) & 0xffff_ffffL);
    }

    static void putU16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void putLong(byte[] b, int off, long v) {
        putInt(b, off, (int) (v >>> 32));
        putInt(b, off + 4, (int) v);
    }
}
