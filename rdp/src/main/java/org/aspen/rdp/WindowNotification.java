package org.aspen.rdp;

/**
 * A window-setting notification from a network AA (ACC): "I dropped your segment {@code seq};
 * use window {@code cwnd} and threshold {@code ssthresh}; I will delete up to {@code deleteCount}
 * more of your segments". Built into a forged RDP control packet with {@link RdpPackets#notification}.
 *
 * @param seq         a sequence number inside the sender's send window (the dropped segment's)
 * @param cwnd        the window the sender should adopt, in packets
 * @param ssthresh    the slow-start threshold it should adopt, in packets
 * @param deleteCount how many segments after {@code seq} the filter will delete at most; the sender
 *                    treats {@code seq} and these as lost and resends them (skipping EACKed ones)
 */
public record WindowNotification(int seq, double cwnd, double ssthresh, int deleteCount) {
    public WindowNotification {
        if (!(cwnd >= 1) || !(ssthresh >= 1)) {
            throw new IllegalArgumentException("notified window and threshold must be at least 1 packet");
        }
        if (deleteCount < 0 || deleteCount > 0xffff) {
            throw new IllegalArgumentException("delete count must be 0-65535");
        }
    }
}
