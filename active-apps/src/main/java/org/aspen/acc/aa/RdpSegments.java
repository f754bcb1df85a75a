package org.aspen.acc.aa;

import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.Protocols;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.WindowNotification;

/**
 * Reads RDP segments from the packets an AA sees and forges the window-setting notification, with
 * the node's own RDP codec (shared with AA class loaders).
 *
 * <pre>{@code
 * Segment s = RdpSegments.decode(packet);          // null: not a sound RDP segment
 * if (s != null && s.state != null) ... s.state.cwnd() ...
 * }</pre>
 */
public final class RdpSegments {
    private RdpSegments() {
    }

    /** The decoded segment of an RDP packet, or null when it is not RDP or not sound. */
    public static Segment decode(AaPacket p) {
        if (p.protocol() != Protocols.RDP) {
            return null;
        }
        byte[] b = p.payload();
        Segment s = new Segment();
        return SegmentCodec.decode(b, 0, b.length, s) == null ? s : null;
    }

    public static ConnKey key(AaPacket p, Segment s) {
        return new ConnKey(p.source(), s.sourcePort, p.destination(), s.destinationPort);
    }

    /**
     * The payload of a notification for the data sender of {@code conn}: it travels from the
     * receiver's address and port to the sender's, so the sender matches it to its connection.
     */
    public static byte[] notification(ConnKey conn, int seq, double cwnd, double ssthresh, int deleteCount) {
        return notification(conn, new WindowNotification(seq, cwnd, ssthresh, deleteCount));
    }

    /** The same for any notification, e.g. a window-only one ({@link WindowNotification#windowOnly()}). */
    public static byte[] notification(ConnKey conn, WindowNotification n) {
        Segment s = Segment.control(Segment.NTF, conn.destinationPort(), conn.sourcePort(), n.seq(), 0);
        s.notification = n;
        return SegmentCodec.encode(s, true);
    }
}
