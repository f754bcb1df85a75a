package org.aspen.vnet.link;

import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Told about a packet a link's queue is about to drop (overflow, early or forced), on the node's
 * loop. This is the congestion-detection hook that ACC's monitor uses; it is called only while
 * congestion detection is on for the link ({@link Link#setCongestionDetection}, off by default as
 * in ASP). Listeners must not keep {@code packet} beyond the call without {@link Packet#copy()}.
 *
 * <pre>{@code
 * node.setCongestionDetection(true);
 * link.addDropListener((l, p, why) -> monitor.onCongestion(p));
 * }</pre>
 */
@FunctionalInterface
public interface DropListener {
    void aboutToDrop(Link link, Packet packet, DropReason reason);

    /**
     * The form the link calls, with the queue's state at the drop. Override it to see the state;
     * the default forwards to the three-argument form.
     */
    default void aboutToDrop(Link link, Packet packet, DropReason reason, QueueState queue) {
        aboutToDrop(link, packet, reason);
    }
}
