package org.aspen.rdp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.aspen.vnet.packet.RdpHeader;

/**
 * Encodes and decodes RDP segments (the payload of a VNet packet with protocol {@code RDP}).
 * Stateless; malformed input yields an {@link RdpDrop}, never an exception.
 *
 * <pre>{@code
 * byte[] wire = SegmentCodec.encode(segment, true);
 * Segment s = new Segment();
 * RdpDrop why = SegmentCodec.decode(packet.array(), packet.payloadOffset(), packet.payloadLength(), s);
 * }</pre>
 *
 * Layout (big-endian, documented field by field in {@code docs/rdp.md}):
 * <pre>
 *  0 u8  version (2)          1 u8  flags SYN ACK EAK RST NUL NTF CWR ECE
 *  2 u16 header length        4 u16 source port        6 u16 destination port
 *  8 u16 data length         10 u8  parts: STATE(1) CHECKSUM(2)     11 u8 AECN: ECHO(1) PATH(2), ACNS echo(bits 3-2)
 * 12 u32 sequence number     16 u32 acknowledgement number
 * 20 u32 CRC32C of header and data with this field zero (0 when the CHECKSUM part bit is clear)
 * 24 variable part, in this order when present:
 *    SYN    u16 max outstanding, u16 max segment, u8 options (SDM 1, ECN 2, AECN 4, ACNS 8), 3 reserved (8)
 *    STATE  u32 cwnd 16.16, u32 ssthresh 16.16, u8 phase, 3 reserved, u32 srtt us        (16)
 *    NTF    u32 named seq, u32 cwnd 16.16, u32 ssthresh 16.16, u16 delete count, u8 notification flags
 *           (WINDOW_ONLY 1; other bits ignored), 1 reserved (16)
 *    ADVICE u32 seq, u16 segment size, u16 lifetime ms, u32 pace bytes/s, u32 available bits/s (16)
 *    EAK    u32 sequence numbers to the end of the header
 * then the data
 * </pre>
 */
public final class SegmentCodec {
    // The fields vnet's queue disciplines and the flakeway read in place come from vnet's RdpHeader
    // (vnet sits below rdp), so both sides use one set of offsets; RdpHeaderAgreementTest checks them.
    public static final int VERSION = RdpHeader.VERSION;
    public static final int VERSION_OFFSET = RdpHeader.VERSION_OFFSET;
    public static final int FLAGS_OFFSET = RdpHeader.FLAGS_OFFSET;
    public static final int HEADER_LENGTH_OFFSET = 2;
    public static final int SOURCE_PORT_OFFSET = RdpHeader.SOURCE_PORT_OFFSET;
    public static final int DESTINATION_PORT_OFFSET = RdpHeader.DESTINATION_PORT_OFFSET;
    public static final int DATA_LENGTH_OFFSET = RdpHeader.DATA_LENGTH_OFFSET;
    public static final int PARTS_OFFSET = 10;
    /** AntiECN bits (formerly reserved, so older peers send zero): see {@link Segment#aecnEcho}. */
    public static final int AECN_OFFSET = 11;
    public static final int AECN_ECHO = 0x01;
    public static final int AECN_PATH = 0x02;
    /** ACNS: the receiver's echo of the router command (0 none, 1 normal, 2 freeze, 3 fallback) in bits 3-2 of byte 11. */
    public static final int ACNS_ECHO_SHIFT = 2;
    public static final int SEQ_OFFSET = 12;
    public static final int ACK_OFFSET = 16;
    public static final int CHECKSUM_OFFSET = 20;
    public static final int FIXED_LENGTH = 24;
    public static final int SYN_LENGTH = 8;
    public static final int STATE_LENGTH = 16;
    public static final int NTF_LENGTH = 16;
    public static final int PART_STATE = 0x01;
    public static final int PART_CHECKSUM = 0x02;
    /** ACC-ABCD's segment-size and pacing advice ({@link RateAdvice}); the high bit, to leave low bits to other parts. */
    public static final int PART_ADVICE = 0x80;
    public static final int ADVICE_LENGTH = 16;

    /**
     * The largest data length whose segment still fits a VNet frame of {@code frameBytes} with every
     * optional part a data segment may carry: VNet header and authentication trailer, RDP's fixed
     * header, state and notification parts (108 bytes in all). Negative when nothing fits.
     */
    public static int largestData(int frameBytes) {
        return frameBytes - org.aspen.vnet.packet.Packet.HEADER_LENGTH - org.aspen.vnet.packet.Packet.AUTH_TRAILER_LENGTH
                - FIXED_LENGTH - STATE_LENGTH - NTF_LENGTH;
    }
    /** Largest number of EACKs one segment carries (keeps ACKs small). */
    public static final int MAX_EACKS = 64;

    private SegmentCodec() {
    }

    /** Header length of {@code s} as it will be encoded. */
    public static int headerLength(Segment s) {
        int n = FIXED_LENGTH;
        if (s.has(Segment.SYN)) {
            n += SYN_LENGTH;
        }
        if (s.state != null) {
            n += STATE_LENGTH;
        }
        if (s.has(Segment.NTF)) {
            n += NTF_LENGTH;
        }
        if (s.advice != null) {
            n += ADVICE_LENGTH;
        }
        if (s.has(Segment.EAK)) {
            n += 4 * s.eacks.length;
        }
        return n;
    }

    public static byte[] encode(Segment s, boolean checksum) {
        byte[] b = new byte[encodedLength(s)];
        encodeInto(s, b, 0, checksum);
        return b;
    }

    /** Bytes {@code s} takes on the wire: header and data. */
    public static int encodedLength(Segment s) {
        return headerLength(s) + s.dataLength;
    }

    /**
     * Encodes {@code s} into {@code b[o, o + encodedLength(s))}, in place (the payload of a packet being
     * built, so a segment is written once, straight into its frame). Returns the length written.
     */
    public static int encodeInto(Segment s, byte[] b, int o, boolean checksum) {
        int hl = headerLength(s);
        int len = hl + s.dataLength;
        if (o < 0 || o + len > b.length) {
            throw new IndexOutOfBoundsException("segment of " + len + " bytes at " + o + " outside " + b.length);
        }
        b[o + VERSION_OFFSET] = VERSION;
        b[o + FLAGS_OFFSET] = (byte) s.flags;
        putShort(b, o + HEADER_LENGTH_OFFSET, hl);
        putShort(b, o + SOURCE_PORT_OFFSET, s.sourcePort);
        putShort(b, o + DESTINATION_PORT_OFFSET, s.destinationPort);
        putShort(b, o + DATA_LENGTH_OFFSET, s.dataLength);
        b[o + PARTS_OFFSET] = (byte) ((s.state != null ? PART_STATE : 0) | (checksum ? PART_CHECKSUM : 0)
                | (s.advice != null ? PART_ADVICE : 0));
        b[o + AECN_OFFSET] = (byte) ((s.aecnEcho ? AECN_ECHO : 0) | (s.aecnPath ? AECN_PATH : 0)
                | ((s.acnsEcho & 0b11) << ACNS_ECHO_SHIFT));
        putInt(b, o + SEQ_OFFSET, s.seq);
        putInt(b, o + ACK_OFFSET, s.ack);
        putInt(b, o + CHECKSUM_OFFSET, 0);
        int off = o + FIXED_LENGTH;
        if (s.has(Segment.SYN)) {
            putShort(b, off, s.syn.maxOutstanding());
            putShort(b, off + 2, s.syn.maxSegment());
            b[off + 4] = (byte) s.syn.bits();
            b[off + 5] = 0;
            b[off + 6] = 0;
            b[off + 7] = 0;
            off += SYN_LENGTH;
        }
        if (s.state != null) {
            putInt(b, off, fixed(s.state.cwnd()));
            putInt(b, off + 4, fixed(s.state.ssthresh()));
            putInt(b, off + 8, (s.state.phase() & 0xff) << 24);   // phase, then 3 reserved bytes
            putInt(b, off + 12, (int) Math.min(0xffffffffL, s.state.srttMicros()));
            off += STATE_LENGTH;
        }
        if (s.has(Segment.NTF)) {
            WindowNotification n = s.notification;
            putInt(b, off, n.seq());
            putInt(b, off + 4, fixed(n.cwnd()));
            putInt(b, off + 8, fixed(n.ssthresh()));
            putShort(b, off + 12, n.deleteCount());
            b[off + 14] = (byte) n.flags();   // 0 unless window-only, so flag-less notifications keep their bytes
            b[off + 15] = 0;
            off += NTF_LENGTH;
        }
        if (s.advice != null) {
            RateAdvice a = s.advice;
            putInt(b, off, a.seq());
            putShort(b, off + 4, a.segmentSize());
            putShort(b, off + 6, a.lifetimeMs());
            putInt(b, off + 8, (int) a.paceBytesPerSecond());
            putInt(b, off + 12, (int) a.availableBps());
            off += ADVICE_LENGTH;
        }
        if (s.has(Segment.EAK)) {
            for (int e : s.eacks) {
                putInt(b, off, e);
                off += 4;
            }
        }
        System.arraycopy(s.data, s.dataOffset, b, off, s.dataLength);
        if (checksum) {
            putInt(b, o + CHECKSUM_OFFSET, crc(b, o, len));
        }
        return len;
    }

    /**
     * Decodes {@code buf[off, off+len)} into {@code out} (data is referenced, not copied).
     * Returns null when sound, otherwise why it must be dropped.
     */
    public static RdpDrop decode(byte[] buf, int off, int len, Segment out) {
        if (len < FIXED_LENGTH) {
            return RdpDrop.TRUNCATED;
        }
        if ((buf[off + VERSION_OFFSET] & 0xff) != VERSION) {
            return RdpDrop.BAD_VERSION;
        }
        int flags = buf[off + FLAGS_OFFSET] & 0xff;
        int hl = getShort(buf, off + HEADER_LENGTH_OFFSET);
        int dl = getShort(buf, off + DATA_LENGTH_OFFSET);
        int parts = buf[off + PARTS_OFFSET] & 0xff;
        if (hl < FIXED_LENGTH || hl + dl != len) {
            return RdpDrop.BAD_LENGTH;
        }
        if ((parts & PART_CHECKSUM) != 0 && getInt(buf, off + CHECKSUM_OFFSET) != crc(buf, off, len)) {
            return RdpDrop.BAD_CHECKSUM;
        }
        int fixedParts = FIXED_LENGTH + ((flags & Segment.SYN) != 0 ? SYN_LENGTH : 0)
                + ((parts & PART_STATE) != 0 ? STATE_LENGTH : 0) + ((flags & Segment.NTF) != 0 ? NTF_LENGTH : 0)
                + ((parts & PART_ADVICE) != 0 ? ADVICE_LENGTH : 0);
        int eackBytes = hl - fixedParts;
        if (eackBytes < 0 || eackBytes % 4 != 0 || ((flags & Segment.EAK) == 0 && eackBytes != 0)) {
            return RdpDrop.BAD_LENGTH;
        }
        out.flags = flags;
        out.sourcePort = getShort(buf, off + SOURCE_PORT_OFFSET);
        out.destinationPort = getShort(buf, off + DESTINATION_PORT_OFFSET);
        out.seq = getInt(buf, off + SEQ_OFFSET);
        out.ack = getInt(buf, off + ACK_OFFSET);
        int aecn = buf[off + AECN_OFFSET] & 0xff;
        out.aecnEcho = (aecn & AECN_ECHO) != 0;
        out.aecnPath = (aecn & AECN_PATH) != 0;
        out.acnsEcho = (aecn >>> ACNS_ECHO_SHIFT) & 0b11;
        int p = off + FIXED_LENGTH;
        out.syn = null;
        if ((flags & Segment.SYN) != 0) {
            int maxOut = getShort(buf, p);
            int maxSeg = getShort(buf, p + 2);
            if (maxOut < 1 || maxSeg < 1) {
                return RdpDrop.BAD_OPTION;
            }
            int bits = buf[p + 4] & 0xff;
            out.syn = new SynOptions(maxOut, maxSeg, (bits & SynOptions.OPT_SEQUENCED) != 0,
                    (bits & SynOptions.OPT_ECN) != 0, (bits & SynOptions.OPT_AECN) != 0, (bits & SynOptions.OPT_ACNS) != 0);
            p += SYN_LENGTH;
        }
        out.state = null;
        if ((parts & PART_STATE) != 0) {
            out.state = new SenderState(unfixed(getInt(buf, p)), unfixed(getInt(buf, p + 4)), buf[p + 8] & 0xff,
                    getInt(buf, p + 12) & 0xffffffffL);
            p += STATE_LENGTH;
        }
        out.notification = null;
        if ((flags & Segment.NTF) != 0) {
            double cwnd = unfixed(getInt(buf, p + 4));
            double ssthresh = unfixed(getInt(buf, p + 8));
            int deleteCount = getShort(buf, p + 12);
            // unknown flag bits and the last reserved byte are ignored, as the other parts' reserved bytes and
            // unknown option bits are; a window-only notice that also names deletions contradicts itself
            boolean windowOnly = (buf[p + 14] & WindowNotification.WINDOW_ONLY) != 0;
            if (!(cwnd >= 1) || !(ssthresh >= 1) || windowOnly && deleteCount != 0) {
                return RdpDrop.BAD_OPTION;
            }
            out.notification = new WindowNotification(getInt(buf, p), cwnd, ssthresh, deleteCount, windowOnly);
            p += NTF_LENGTH;
        }
        out.advice = null;
        if ((parts & PART_ADVICE) != 0) {
            int lifetime = getShort(buf, p + 6);
            // advice is a control segment of its own: never on a SYN or with data
            if (lifetime == 0 || dl != 0 || (flags & Segment.SYN) != 0) {
                return RdpDrop.BAD_OPTION;
            }
            out.advice = new RateAdvice(getInt(buf, p), getShort(buf, p + 4), getInt(buf, p + 8) & 0xffffffffL,
                    lifetime, getInt(buf, p + 12) & 0xffffffffL);
            p += ADVICE_LENGTH;
        }
        int n = eackBytes / 4;
        out.eacks = n == 0 ? Segment.NO_EACKS : new int[n];
        for (int i = 0; i < n; i++) {
            out.eacks[i] = getInt(buf, p);
            p += 4;
        }
        out.data = buf;
        out.dataOffset = off + hl;
        out.dataLength = dl;
        return null;
    }

    /** CRC32C over {@code b[off, off+len)} with the checksum field counted as zero. */
    static int crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, CHECKSUM_OFFSET);
        c.update(ZERO4, 0, 4);
        c.update(b, off + FIXED_LENGTH, len - FIXED_LENGTH);
        return (int) c.getValue();
    }

    private static final byte[] ZERO4 = new byte[4];

    static int fixed(double packets) {
        return (int) Math.min(0xffffffffL, Math.round(Math.max(0, packets) * 65536.0));
    }

    static double unfixed(int v) {
        return (v & 0xffffffffL) / 65536.0;
    }

    private static final VarHandle U16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle U32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    static int getShort(byte[] b, int off) {
        return (short) U16.get(b, off) & 0xffff;
    }

    static void putShort(byte[] b, int off, int v) {
        U16.set(b, off, (short) v);
    }

    static int getInt(byte[] b, int off) {
        return (int) U32.get(b, off);
    }

    static void putInt(byte[] b, int off, int v) {
        U32.set(b, off, v);
    }
}
