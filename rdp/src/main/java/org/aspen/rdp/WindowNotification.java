package org.aspen.rdp;

/**
 * A window-setting notification from a network AA (ACC): "I dropped your segment {@code seq};
 * use window {@code cwnd} and threshold {@code ssthresh}; I will delete up to {@code deleteCount}
 * more of your segments". Built into a forged RDP control packet with {@link RdpPackets#notification}.
 *
 * <pre>{@code
 * new WindowNotification(dropped, 6, 6, 0);          // set the window to 6 and resend 'dropped' now
 * new WindowNotification(dropped, 6, 6, 0, true);    // set the window only: TCP's own recovery repairs 'dropped'
 * }</pre>
 *
 * @param seq         a sequence number inside the sender's send window (the dropped segment's)
 * @param cwnd        the window the sender should adopt, in packets
 * @param ssthresh    the slow-start threshold it should adopt, in packets
 * @param deleteCount how many segments after {@code seq} the filter will delete at most; the sender
 *                    treats {@code seq} and these as lost and resends them (skipping EACKed ones)
 * @param windowOnly  the notification flag {@code WINDOW_ONLY}: {@code seq} is the dropped segment, named only
 *                    as the window's reference; the sender sets the window but resends nothing because of
 *                    this notification (the paper's reading: "forwards a packet with the new window size to
 *                    the endpoint", the drop repaired by TCP's fast retransmit or timer). Needs
 *                    {@code deleteCount} 0
 */
public record WindowNotification(int seq, double cwnd, double ssthresh, int deleteCount, boolean windowOnly) {
    /** Bit of the notification flags byte: {@link #windowOnly()}. */
    public static final int WINDOW_ONLY = 0x01;

    /** A notification that names {@code seq} and the {@code deleteCount} after it for a resend (flags 0). */
    public WindowNotification(int seq, double cwnd, double ssthresh, int deleteCount) {
        this(seq, cwnd, ssthresh, deleteCount, false);
    }

    public WindowNotification {
        if (!(cwnd >= 1) || !(ssthresh >= 1)) {
            throw new IllegalArgumentException("notified window and threshold must be at least 1 packet");
        }
        if (deleteCount < 0 || deleteCount > 0xffff) {
            throw new IllegalArgumentException("delete count must be 0-65535");
        }
        if (windowOnly && deleteCount != 0) {
            throw new IllegalArgumentException("a window-only notification names nothing for a resend: delete count must be 0, not "
                    + deleteCount);
        }
    }

    /** The notification flags byte: {@link #WINDOW_ONLY} or 0. */
    public int flags() {
        return windowOnly ? WINDOW_ONLY : 0;
    }
}
