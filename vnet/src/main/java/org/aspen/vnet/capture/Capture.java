package org.aspen.vnet.capture;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkObserver;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.node.TraceSink;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * A packet capture over any nodes of a network, into one pcapng file: every frame a captured
 * link end sends or receives, with what the node did with it, as the packet's comment
 * ({@code node=b link=a-b dir=in action=forwarded to=b-c}; the fields are listed in
 * docs/capture.md). Each (node, link) is one pcapng interface of link type
 * {@link PcapngWriter#LINKTYPE_VNET}; drops of packets that are on no link go to the node's
 * {@code local} interface.
 *
 * <pre>{@code
 * Capture cap = new Capture(new PcapngWriter(out, "aspen lab"), 0);   // simulation: time from 0
 * net.at(0, "b", () -> cap.attach(net.node("b"), link -> link.equals("a-b")));
 * ... run ...
 * cap.flush();
 * }</pre>
 *
 * Sources: a {@link LinkObserver} on each captured link (the exact bytes on the wire, outbound
 * after the frame tap, inbound before validation, so malformed frames are recorded too), and a
 * {@link TraceSink} placed in front of the node's existing one (forwarding to it) for the node's
 * decision about each received packet. Timestamps are {@code epochNanos} + the node's clock.
 * {@code attach}/{@code detach} run on the node's loop; the writer is shared and locked.
 */
public final class Capture {
    private final PcapngWriter writer;
    private volatile long epochNanos;
    private final Map<Node, NodeTap> taps = new IdentityHashMap<>();
    private final Map<String, Integer> ifaces = new HashMap<>();
    private long packets;
    private long skipped;
    private boolean paused;
    private Predicate<String> actions = a -> true;

    /** @param epochNanos added to the node clock: 0 in the simulation, wall-clock epoch minus clock in the real runtime */
    public Capture(PcapngWriter writer, long epochNanos) {
        this.writer = writer;
        this.epochNanos = epochNanos;
    }

    /** Moves the time base (real runtime: set once the clock runs, to wall-clock epoch minus the node clock). */
    public void setEpochNanos(long epochNanos) {
        this.epochNanos = epochNanos;
    }

    /** Starts capturing at {@code node} on the links {@code links} accepts by name (null: all). */
    public synchronized void attach(Node node, Predicate<String> links) {
        if (taps.containsKey(node)) {
            throw new IllegalStateException("already capturing at node " + node.name());
        }
        NodeTap t = new NodeTap(node, links == null ? l -> true : links, node.trace());
        taps.put(node, t);
        node.setTrace(t);
        for (Link l : node.links()) {
            if (t.links.test(l.name())) {
                l.addObserver(t);
            }
        }
    }

    /** Stops capturing at {@code node}. The node's trace goes back to what it was, unless it was replaced since. */
    public synchronized void detach(Node node) {
        NodeTap t = taps.remove(node);
        if (t == null) {
            return;
        }
        t.active = false;
        for (Link l : node.links()) {
            l.removeObserver(t);
        }
        if (node.trace() == t) {
            node.setTrace(t.next);
        }
    }

    /**
     * Keeps only records whose action text ({@code diverted by=aa:flakeway@1.0}, {@code sent}, ...)
     * the filter accepts: e.g. one AA's diversion channel. Default: every record.
     */
    public synchronized void setActionFilter(Predicate<String> filter) {
        this.actions = filter == null ? a -> true : filter;
    }

    /** Records written so far. */
    public synchronized long packets() {
        return packets;
    }

    /**
     * While paused, records are counted ({@link #skipped}) but not written: what a reader of the
     * file that cannot keep up (a slow client of a node's capture) does instead of holding them.
     */
    public synchronized void setPaused(boolean paused) {
        this.paused = paused;
    }

    /** Records not written because the capture was paused. */
    public synchronized long skipped() {
        return skipped;
    }

    public synchronized void flush() {
        writer.flush();
    }

    private synchronized void emit(Node node, String link, long nanos, byte[] b, int off, int len, int dir, String action) {
        if (!actions.test(action)) {
            return;
        }
        if (paused) {
            skipped++;
            return;
        }
        String key = node.name() + ":" + link;
        Integer iface = ifaces.get(key);
        if (iface == null) {
            iface = writer.addInterface(PcapngWriter.LINKTYPE_VNET, key,
                    "aspen node " + node.name() + " (" + node.address() + ") " + (link.equals(LOCAL) ? "local" : "link " + link));
            ifaces.put(key, iface);
        }
        String d = dir == PcapngWriter.INBOUND ? "in" : dir == PcapngWriter.OUTBOUND ? "out" : "-";
        writer.writePacket(iface, epochNanos + nanos, b, off, len, dir,
                "node=" + node.name() + " link=" + link + " dir=" + d + " action=" + action);
        packets++;
    }

    static final String LOCAL = "local";

    /** Per node: the link observer and the trace sink in front of the node's previous one. */
    private final class NodeTap implements LinkObserver, TraceSink {
        final Node node;
        final Predicate<String> links;
        final TraceSink next;
        volatile boolean active = true;
        /** The received frame whose fate the node has not decided yet (decisions are synchronous). */
        private Link pendingLink;
        private byte[] pendingFrame;
        private long pendingAt;
        private Packet pendingPacket;

        NodeTap(Node node, Predicate<String> links, TraceSink next) {
            this.node = node;
            this.links = links;
            this.next = next;
        }

        private long now() {
            return node.scheduler().nanos();
        }

        @Override
        public void transmitted(Link link, byte[] frame) {
            if (active) {
                emit(node, link.name(), now(), frame, 0, frame.length, PcapngWriter.OUTBOUND, "sent");
            }
        }

        @Override
        public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
            pendingLink = null;
            pendingPacket = null;
            if (!active) {
                return;
            }
            if (rejected != null) {
                emit(node, link.name(), now(), buf, off, len, PcapngWriter.INBOUND, "dropped by=link reason=" + rejected.label);
                return;
            }
            pendingLink = link;
            pendingFrame = java.util.Arrays.copyOfRange(buf, off, off + len);
            pendingAt = now();
        }

        @Override
        public void record(long nanos, Node n, Event event, Link link, Packet p, DropReason reason) {
            next.record(nanos, n, event, link, p, reason);
            if (!active) {
                return;
            }
            switch (event) {
                case RECV -> {
                    if (pendingLink == link && pendingPacket == null && pendingFrame != null) {
                        pendingPacket = p;
                    }
                }
                case DELIVER -> decided(p, "delivered proto=" + p.protocol());
                case FORWARD -> decided(p, "forwarded to=" + (link == null ? "-" : link.name()));
                case DROP -> {
                    if (!decided(p, "dropped by=node reason=" + reason.label)) {
                        dropElsewhere(nanos, link, p, reason);
                    }
                }
                default -> { }
            }
        }

        @Override
        public void diverted(long nanos, Node n, Link in, Packet p, PacketInterceptor by) {
            next.diverted(nanos, n, in, p, by);
            if (active) {
                decided(p, "diverted by=" + describe(by));
            }
        }

        @Override
        public void discarded(long nanos, Node n, Link in, Packet p, String by, DropReason reason) {
            next.discarded(nanos, n, in, p, by, reason);
            if (!active) {
                return;
            }
            String action = "dropped by=" + by.replace(' ', '_') + " reason=" + reason.label;
            // taken and discarded at once (a full AA queue) or later by the AA itself
            if (!decided(p, action) && (in == null || links.test(in.name()))) {
                byte[] f = p.frame();
                emit(node, in == null ? LOCAL : in.name(), nanos, f, 0, f.length, 0, action);
            }
        }

        /** Writes the pending inbound record when {@code p} is the packet it waits for. */
        private boolean decided(Packet p, String action) {
            if (pendingPacket != p || p == null) {
                return false;
            }
            emit(node, pendingLink.name(), pendingAt, pendingFrame, 0, pendingFrame.length, PcapngWriter.INBOUND, action);
            pendingLink = null;
            pendingPacket = null;
            pendingFrame = null;
            return true;
        }

        /** A drop of a packet not just received: in an output queue, or of one originated or re-injected here. */
        private void dropElsewhere(long nanos, Link link, Packet p, DropReason reason) {
            boolean queue = reason == DropReason.QUEUE_OVERFLOW || reason == DropReason.QUEUE_EARLY
                    || reason == DropReason.QUEUE_FORCED || reason == DropReason.LINK_DOWN;
            if (link != null && !links.test(link.name())) {
                return;
            }
            byte[] f = p.frame();
            emit(node, link == null ? LOCAL : link.name(), nanos, f, 0, f.length, queue ? PcapngWriter.OUTBOUND : 0,
                    "dropped by=" + (queue && link != null ? "queue:" + link.discipline().kind() : "node") + " reason=" + reason.label);
        }
    }

    /** A taker's own description, or its class's simple name for lambdas and method references. */
    static String describe(Object by) {
        String s = String.valueOf(by);
        if (s.contains("$$Lambda") || s.contains("$Lambda")) {
            String cls = by.getClass().getName();
            int cut = cls.indexOf("$$");
            cls = cut > 0 ? cls.substring(0, cut) : cls;
            s = cls.substring(cls.lastIndexOf('.') + 1);
        }
        return s.replace(' ', '_');
    }
}
