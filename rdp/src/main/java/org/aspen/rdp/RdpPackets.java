package org.aspen.rdp;

import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * What network AAs (ACC monitor and filter, PURPLE, ...) may read from an RDP packet and the one
 * packet they may forge: the window-setting notification. Stateless; bad input gives null.
 *
 * <pre>{@code
 * SenderState st = RdpPackets.senderState(dropped);
 * if (st != null) {
 *     ConnectionId id = RdpPackets.connectionId(dropped);
 *     Packet n = RdpPackets.notification(id, RdpPackets.sequence(dropped), st.cwnd() / 2, st.cwnd() / 2, 8);
 *     node.send(n);
 * }
 * }</pre>
 */
public final class RdpPackets {
    /**
     * Bytes a data segment's frame carries besides its data: the VNet header, RDP's fixed header and
     * the sender-state part every data segment has (docs/wire-format.md). A frame of {@code n} bytes on
     * the wire holds {@code n - DATA_FRAME_OVERHEAD} data bytes (without authentication trailer).
     */
    public static final int DATA_FRAME_OVERHEAD = Packet.HEADER_LENGTH + SegmentCodec.FIXED_LENGTH + SegmentCodec.STATE_LENGTH;

    private RdpPackets() {
    }

    /** True for a VNet packet carrying RDP whose segment header is sound. */
    public static boolean isRdp(Packet p) {
        return decode(p) != null;
    }

    /** The carried sender state of a data segment, or null. */
    public static SenderState senderState(Packet p) {
        Segment s = decode(p);
        return s == null ? null : s.state;
    }

    /** The segment's sequence number, or -1 if not an RDP segment (use {@link #isRdp} when -1 is a valid value). */
    public static int sequence(Packet p) {
        Segment s = decode(p);
        return s == null ? -1 : s.seq;
    }

    /** Addresses and ports in the packet's direction, or null. */
    public static ConnectionId connectionId(Packet p) {
        Segment s = decode(p);
        return s == null ? null : new ConnectionId(p.source(), s.sourcePort, p.destination(), s.destinationPort);
    }

    /** The RDP flags byte ({@link Segment#CWR}, {@link Segment#SYN}, ...), or -1. */
    public static int flags(Packet p) {
        Segment s = decode(p);
        return s == null ? -1 : s.flags;
    }

    /** Data length of the segment, or -1. */
    public static int dataLength(Packet p) {
        Segment s = decode(p);
        return s == null ? -1 : s.dataLength;
    }

    /** The whole decoded segment (data referenced, not copied), or null. */
    public static Segment decode(Packet p) {
        if (p.protocol() != Protocol.RDP) {
            return null;
        }
        Segment s = new Segment();
        return SegmentCodec.decode(p.array(), p.payloadOffset(), p.payloadLength(), s) == null ? s : null;
    }

    /**
     * Forges the window-setting notification for the data sender of {@code dataDirection}: it travels
     * from that connection's receiver address and port to the sender, so the sender matches it to the
     * connection. No retransmission: a lost notification only delays what Reno would do anyway.
     *
     * @param seq         a sequence number inside the sender's window (the dropped segment's)
     * @param cwnd        window to adopt, packets
     * @param ssthresh    threshold to adopt, packets
     * @param deleteCount segments after {@code seq} the filter will delete at most (the sender resends them)
     */
    public static Packet notification(ConnectionId dataDirection, int seq, double cwnd, double ssthresh, int deleteCount) {
        return notification(dataDirection, new WindowNotification(seq, cwnd, ssthresh, deleteCount));
    }

    /**
     * The same for any notification, e.g. a window-only one ({@link WindowNotification#windowOnly()}: the
     * sender sets the window and resends nothing because of it):
     * {@code RdpPackets.notification(id, new WindowNotification(dropped, 6, 6, 0, true))}.
     */
    public static Packet notification(ConnectionId dataDirection, WindowNotification n) {
        int seq = n.seq();
        Segment s = Segment.control(Segment.NTF, dataDirection.destinationPort(), dataDirection.sourcePort(), seq, 0);
        s.notification = n;
        return Packet.builder().source(dataDirection.destination()).destination(dataDirection.source())
                .protocol(Protocol.RDP).payload(SegmentCodec.encode(s, true)).build();
    }

    /**
     * Forges ACC-ABCD's segment-size and pacing advice for the data sender of {@code dataDirection}
     * (from that connection's receiver address and port, like {@link #notification}).
     */
    public static Packet advice(ConnectionId dataDirection, RateAdvice advice) {
        Segment s = Segment.control(0, dataDirection.destinationPort(), dataDirection.sourcePort(), advice.seq(), 0);
        s.advice = advice;
        return Packet.builder().source(dataDirection.destination()).destination(dataDirection.source())
                .protocol(Protocol.RDP).payload(SegmentCodec.encode(s, true)).build();
    }
}
