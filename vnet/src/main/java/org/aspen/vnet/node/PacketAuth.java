package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * A node's authentication hook (org.aspen.vnet.auth.NodeAuth is the implementation): signs what
 * the node originates and checks what it receives, before diversion and dispatch.
 *
 * <pre>{@code
 * node.setAuth(nodeAuth);   // null (the default): nothing is signed or checked
 * }</pre>
 */
public interface PacketAuth {
    /**
     * The packet to send in place of {@code p}: a signed copy when {@code p} is of a protected kind,
     * else {@code p} itself.
     *
     * @param on the link for link-local sends ({@link Node#sendOn}), null for routed ones
     */
    Packet outgoing(Packet p, Link on);

    /** Null when {@code p} may go on; otherwise why it is dropped (unsigned, forged or replayed). */
    DropReason incoming(Packet p, Link from);
}
