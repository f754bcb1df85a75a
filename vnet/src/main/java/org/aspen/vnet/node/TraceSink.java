package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Receives every packet event of a node: arrival, forwarding, local delivery, origination and
 * drop. Used for the determinism check (a running hash) and for human-readable traces.
 */
public interface TraceSink {
    enum Event { RECV, FORWARD, DELIVER, ORIGINATE, DROP }

    /**
     * @param link   the link involved (arrival or output), or null
     * @param reason for {@link Event#DROP}, else null
     */
    void record(long nanos, Node node, Event event, Link link, Packet p, DropReason reason);

    /**
     * An interceptor (diversion point) took {@code p}, which arrived on {@code in}; the node forgets
     * it until it is re-injected. {@code by} describes the taker ({@code toString()}). Called right
     * after the interceptor returned; default: ignored (the determinism hash does not include it).
     */
    default void diverted(long nanos, Node node, Link in, Packet p, PacketInterceptor by) {
    }

    /**
     * A packet an interceptor took (see {@link #diverted}) was discarded by it: {@code by} names the
     * discarder (an AA), {@code reason} is usually {@link DropReason#FILTERED}. Default: ignored.
     */
    default void discarded(long nanos, Node node, Link in, Packet p, String by, DropReason reason) {
    }

    TraceSink NONE = (nanos, node, event, link, p, reason) -> { };
}
