package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.Packet;

/**
 * A diversion point: sees every packet that arrives from a link, before local delivery or
 * forwarding. Returning true takes the packet (the node forgets it); the taker may later hand it
 * back with {@link Node#reinject(Packet, Link, PacketInterceptor)}, which resumes after the taker.
 * A taken packet is {@link Packet#pin pinned}, so its frame is never reused for another packet. An
 * interceptor that returns false keeps no reference to the packet or its frame: the node may reuse
 * that frame once the packet has gone its way (docs/architecture.md, "Frame reuse").
 *
 * <pre>{@code
 * node.addInterceptor((p, in) -> p.protocol() == Protocol.RDP && myChannel.offer(p, in));
 * }</pre>
 */
@FunctionalInterface
public interface PacketInterceptor {
    boolean intercept(Packet p, Link in);
}
