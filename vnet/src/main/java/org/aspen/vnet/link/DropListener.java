package org.aspen.vnet.link;

import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Told about a packet a link is about to drop, with the queue's state, on the node's loop. This is
 * the congestion-detection hook that ACC's monitor uses. Listeners must not keep {@code packet}
 * beyond the call without {@link Packet#copy()}.
 */
@FunctionalInterface
public interface DropListener {
    void aboutToDrop(Link link, Packet packet, DropReason reason);
}
