package org.aspen.vnet.frag;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * Network-layer fragmentation (used by ACC-ABCD's step 3, see docs/abcd.md): a router splits a packet
 * larger than a link's fragment size into fragments no larger than that size; the destination node
 * reassembles them ({@link Reassembler}) before the original protocol's handler sees the packet, so
 * transports (RDP) still number whole segments. A fragment is a VNet packet of protocol
 * {@link Protocol#FRAGMENT} with the original header's addresses, TTL, flags and priority, whose
 * payload starts with an 8-byte fragment header (docs/wire-format.md, "Fragments"):
 *
 * <pre>
 *  0        1        2-3              4-7
 * +--------+--------+----------------+--------------------------------+-------------------+
 * | proto  | flags  | offset (bytes) | id                             | piece of payload  |
 * +--------+--------+----------------+--------------------------------+-------------------+
 * </pre>
 *
 * proto: the original protocol; flags bit 0: more fragments follow (other bits 0); offset: where this
 * piece starts in the original payload; id: chosen by the fragmenting router, the same in every
 * fragment of one packet.
 *
 * <pre>{@code
 * Packet[] pieces = Fragments.split(p, 600, 7);   // a 1000-byte frame: frames of 600 and 436 bytes
 * Fragments.Header h = Fragments.header(pieces[1]);  // offset 572, more = false
 * }</pre>
 */
public final class Fragments {
    /** Bytes of the fragment header at the start of a fragment's payload. */
    public static final int HEADER_LENGTH = 8;
    public static final int FLAG_MORE = 1;
    /** Smallest fragment size (whole frame) a link accepts: header + fragment header + 8 data bytes. */
    public static final int MIN_FRAGMENT_SIZE = Packet.HEADER_LENGTH + HEADER_LENGTH + 8;

    private Fragments() {
    }

    /** A parsed fragment header plus where the piece lies in the fragment's payload. */
    public record Header(int protocol, boolean more, int offset, long id, int pieceLength) {
        /** One past the last original-payload byte this piece carries. */
        public int end() {
            return offset + pieceLength;
        }
    }

    /**
     * True when {@code p} may be split: not control, not already a fragment, no AA spec and no
     * authentication trailer (they cover the whole packet), not link-local broadcast.
     */
    public static boolean splittable(Packet p) {
        return p.protocol() != Protocol.CONTROL && p.protocol() != Protocol.FRAGMENT && !p.hasAaSpec()
                && !p.hasAuthTrailer() && !p.destination().isBroadcast();
    }

    /** Number of fragments {@code split} makes of a payload of {@code payloadLength} at frames of {@code maxFrame}. */
    public static int count(int payloadLength, int maxFrame) {
        int room = room(maxFrame);
        return Math.max(1, (payloadLength + room - 1) / room);
    }

    private static int room(int maxFrame) {
        if (maxFrame < MIN_FRAGMENT_SIZE) {
            throw new IllegalArgumentException("fragment size must be at least " + MIN_FRAGMENT_SIZE + " bytes: " + maxFrame);
        }
        return maxFrame - Packet.HEADER_LENGTH - HEADER_LENGTH;
    }

    /**
     * Splits {@code p} into frames of at most {@code maxFrame} bytes, each carrying the next
     * {@code maxFrame - 28} bytes of its payload (the last one the rest). Returns {@code p} alone when
     * it already fits or is not {@link #splittable}.
     */
    public static Packet[] split(Packet p, int maxFrame, long id) {
        if (p.length() <= maxFrame || !splittable(p)) {
            return new Packet[] {p};
        }
        int room = room(maxFrame);
        byte[] payload = p.payload();
        int n = count(payload.length, maxFrame);
        Packet[] out = new Packet[n];
        for (int i = 0; i < n; i++) {
            int off = i * room;
            int len = Math.min(room, payload.length - off);
            byte[] f = new byte[HEADER_LENGTH + len];
            f[0] = (byte) p.protocol();
            f[1] = (byte) (i < n - 1 ? FLAG_MORE : 0);
            f[2] = (byte) (off >>> 8);
            f[3] = (byte) off;
            f[4] = (byte) (id >>> 24);
            f[5] = (byte) (id >>> 16);
            f[6] = (byte) (id >>> 8);
            f[7] = (byte) id;
            System.arraycopy(payload, off, f, HEADER_LENGTH, len);
            out[i] = p.toBuilder().protocol(Protocol.FRAGMENT).payload(f).build();
        }
        return out;
    }

    /**
     * The fragment header of {@code p} (protocol {@link Protocol#FRAGMENT}), or null when it is
     * malformed: payload shorter than the header or without a piece, unknown flag bits, an original
     * protocol that is control or itself a fragment, or a piece ending past 65,535.
     */
    public static Header header(Packet p) {
        byte[] b = p.array();
        int o = p.payloadOffset();
        int len = p.payloadLength() - HEADER_LENGTH;
        if (p.protocol() != Protocol.FRAGMENT || len <= 0) {
            return null;
        }
        int proto = b[o] & 0xff;
        int flags = b[o + 1] & 0xff;
        int offset = ((b[o + 2] & 0xff) << 8) | (b[o + 3] & 0xff);
        long id = ((long) (b[o + 4] & 0xff) << 24) | ((b[o + 5] & 0xff) << 16) | ((b[o + 6] & 0xff) << 8) | (b[o + 7] & 0xff);
        if ((flags & ~FLAG_MORE) != 0 || proto == Protocol.CONTROL || proto == Protocol.FRAGMENT
                || offset + len > 0xffff) {
            return null;
        }
        return new Header(proto, (flags & FLAG_MORE) != 0, offset, id, len);
    }

    /** Key of one original packet being reassembled. */
    record Key(VAddr source, VAddr destination, int protocol, long id) {
    }
}
