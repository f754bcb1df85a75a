package org.aspen.vnet.link;

/**
 * What a congestion listener sees of a queue at the moment of a drop.
 *
 * <pre>{@code
 * link.addDropListener(new DropListener() {
 *     public void aboutToDrop(Link l, Packet p, DropReason why) { }
 *     public void aboutToDrop(Link l, Packet p, DropReason why, QueueState q) {
 *         if (q.packets() > q.limit().maxPackets() / 2) monitor.onCongestion(p, q);
 *     }
 * });
 * }</pre>
 *
 * @param kind    the discipline's kind ({@code droptail}, {@code red}, ...)
 * @param packets packets waiting now (the one in transmission excluded)
 * @param bytes   bytes waiting now
 * @param limit   the buffer limit
 * @param average the discipline's average queue (RED's EWMA, in packets), or NaN if it keeps none
 */
public record QueueState(String kind, int packets, long bytes, QueueLimit limit, double average) {
    public boolean hasAverage() {
        return !Double.isNaN(average);
    }
}
