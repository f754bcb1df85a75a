package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.Packet;

/**
 * Receives packets addressed to this node for one protocol (control, RDP, raw, AA messages).
 * Runs on the node's loop; must not block.
 */
@FunctionalInterface
public interface PacketHandler {
    /** @param in the link it arrived on, or null when it was sent by this node to itself */
    void handle(Packet p, Link in);
}
