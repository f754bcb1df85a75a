package org.aspen.vnet.routing;

import java.util.Map;
import java.util.TreeMap;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * Link-state routing's view of the neighbour on one of the node's links: what its hellos told us
 * (address, alive, two-way) and the LSAs sent to it that it has not acknowledged yet.
 *
 * <pre>{@code
 * Neighbour n = new Neighbour(node, link);
 * n.send(ControlCodec.encode(new ControlMessage.Hello(List.of())));   // link-local, on n.link only
 * }</pre>
 *
 * Plain state, written by {@link LinkStateRouting} (hellos) and {@link LinkStateDatabase} (flooding)
 * on the node's loop.
 */
final class Neighbour {
    private final Node node;
    final Link link;
    /** LSAs sent on this link and not yet acknowledged, by origin; resent until acked or superseded. */
    final Map<VAddr, Pending> pending = new TreeMap<>();
    VAddr addr = VAddr.UNSPECIFIED;
    boolean alive;
    boolean twoWay;
    long lastHeard;
    /** Whether a hello was ever heard on this link ({@link #lastHeard} means something). */
    boolean heardOnce;
    /** When the neighbour was last heard after being silent (it came up then). */
    long upSince;

    /** The sequence number of the LSA sent, and when it was (last) sent. */
    record Pending(int seq, long sentAt) {
    }

    Neighbour(Node node, Link link) {
        this.node = node;
        this.link = link;
    }

    /** Sends a control message on this neighbour's link only: broadcast destination, TTL 1. */
    void send(byte[] message) {
        node.sendOn(link, Packet.builder().source(node.address()).destination(VAddr.BROADCAST).protocol(Protocol.CONTROL)
                .ttl(1).payload(message).build());
    }
}
