package org.aspen.vnet.node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.FramePool;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.routing.RouteTable;
import org.aspen.vnet.routing.RoutingProtocol;
import org.aspen.vnet.time.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A VNet node: links, a forwarding table, per-protocol handlers for local delivery, and diversion
 * points for AAs. The same class runs in the real runtime (Netty loop, UDP links) and in the
 * simulation (virtual time, in-memory links); it only knows its {@link Scheduler}, its seeded random
 * source and its links.
 *
 * <pre>{@code
 * Node n = new Node("a", VAddr.parse("10.0.0.1"), scheduler, Seeds.stream(seed, "node", "a"), NodeConfig.DEFAULT);
 * Link l = n.addLink("a-b", LinkConfig.DEFAULT, transport);
 * n.registerHandler(Protocol.RAW, (p, in) -> ...);
 * n.start();
 * n.send(Packet.builder().source(n.address()).destination(dest).payload(bytes).build());
 * }</pre>
 *
 * A packet's way: link (validate) -> {@link #receive} -> interceptors -> local delivery by protocol,
 * or TTL check -> route lookup -> output link's queue. Every method must run on the node's loop.
 */
public final class Node implements Link.Receiver {
    private static final Logger log = LoggerFactory.getLogger(Node.class);

    private final String name;
    private final VAddr address;
    private final Scheduler scheduler;
    private final SplittableRandom random;
    private final NodeConfig config;
    private final List<Link> links = new ArrayList<>();
    private final PacketHandler[] handlers = new PacketHandler[256];
    private final List<PacketInterceptor> interceptors = new ArrayList<>();
    private final RouteTable routes = new RouteTable();
    private final NodeCounters counters = new NodeCounters();
    private RoutingProtocol routing;
    private ErrorReporter errors = ErrorReporter.NONE;
    private TraceSink trace = TraceSink.NONE;
    /** Frames this node reuses (the UDP runtime sets one); null: every packet gets a new array. */
    private FramePool framePool;
    private PacketAuth auth;
    private boolean started;
    private boolean congestionDetection;
    private boolean stopped;

    public Node(String name, VAddr address, Scheduler scheduler, SplittableRandom random, NodeConfig config) {
        this.name = name;
        this.address = address;
        this.scheduler = scheduler;
        this.random = random;
        this.config = config;
    }

    public String name() {
        return name;
    }

    public VAddr address() {
        return address;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /** The node's seeded random source. Components that draw often should {@code split()} their own. */
    public SplittableRandom random() {
        return random;
    }

    public NodeConfig config() {
        return config;
    }

    public RouteTable routes() {
        return routes;
    }

    public NodeCounters counters() {
        return counters;
    }

    public List<Link> links() {
        return Collections.unmodifiableList(links);
    }

    public Link link(String linkName) {
        for (Link l : links) {
            if (l.name().equals(linkName)) {
                return l;
            }
        }
        return null;
    }

    /** The link whose peer is {@code neighbour}, or null. */
    public Link linkTo(VAddr neighbour) {
        for (Link l : links) {
            if (l.peer().equals(neighbour)) {
                return l;
            }
        }
        return null;
    }

    public Link addLink(String linkName, LinkConfig linkConfig, LinkTransport transport) {
        if (link(linkName) != null) {
            throw new IllegalArgumentException("node " + name + " already has a link named " + linkName);
        }
        Link l = new Link(linkName, links.size(), scheduler, random.split(), this, transport, linkConfig, config.maxFrame());
        l.setCongestionDetection(congestionDetection);
        links.add(l);
        if (started && routing != null) {
            routing.linkAdded(l);
        }
        return l;
    }

    /**
     * Turns congestion detection on or off for every link of this node, present and future. Off by
     * default, as in ASP: queue drops are then only counted; when on, each link's drop listeners
     * (the ACC monitor) hear about every queue drop first, with the queue's state.
     */
    public void setCongestionDetection(boolean on) {
        congestionDetection = on;
        for (Link l : links) {
            l.setCongestionDetection(on);
        }
    }

    public boolean congestionDetection() {
        return congestionDetection;
    }

    /** Takes a link down or brings it up, and tells the routing protocol. */
    public void setLinkUp(Link l, boolean up) {
        if (l.isUp() == up) {
            return;
        }
        l.setUp(up);
        log.info("{}: link {} {}", name, l.name(), up ? "up" : "down");
        if (routing != null) {
            routing.linkStateChanged(l);
        }
    }

    public void setRouting(RoutingProtocol routing) {
        this.routing = routing;
    }

    public RoutingProtocol routing() {
        return routing;
    }

    public void setErrorReporter(ErrorReporter errors) {
        this.errors = errors;
    }

    public void setTrace(TraceSink trace) {
        this.trace = trace == null ? TraceSink.NONE : trace;
    }

    public TraceSink trace() {
        return trace;
    }

    /**
     * Authenticated control (org.aspen.vnet.auth.NodeAuth): signs protected packets this node
     * originates and drops protected packets it receives unsigned, forged or replayed, before any
     * interceptor sees them. Null (the default) turns it off.
     */
    public void setAuth(PacketAuth auth) {
        this.auth = auth;
    }

    public PacketAuth auth() {
        return auth;
    }

    /**
     * The pool this node's packet builders take frames from, or null (the default, and always in the
     * simulation): see {@link FramePool} and {@link Packet#pooled}.
     */
    public FramePool framePool() {
        return framePool;
    }

    /** Sets the node's frame pool (the UDP runtime does, before the node starts). */
    public void useFramePool(FramePool pool) {
        this.framePool = pool;
    }

    /** Installs the local-delivery handler for {@code protocol}, replacing any previous one. */
    public void registerHandler(int protocol, PacketHandler h) {
        handlers[protocol & 0xff] = h;
    }

    public PacketHandler handler(int protocol) {
        return handlers[protocol & 0xff];
    }

    public void addInterceptor(PacketInterceptor i) {
        interceptors.add(i);
    }

    public void removeInterceptor(PacketInterceptor i) {
        interceptors.remove(i);
    }

    public void start() {
        if (started) {
            return;
        }
        started = true;
        if (routing != null) {
            routing.start();
        }
    }

    /** Stops routing and transmitters; later packets are dropped as {@code node-stopped}. */
    public void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (routing != null) {
            routing.stop();
        }
        for (Link l : links) {
            l.close();
        }
    }

    public boolean isStarted() {
        return started;
    }

    public boolean isStopped() {
        return stopped;
    }

    /**
     * Originates a packet from this node: delivered locally when addressed to this node, otherwise
     * routed. Returns false when it was dropped (no route, queue full; counted).
     */
    public boolean send(Packet p) {
        if (stopped) {
            drop(p, null, DropReason.NODE_STOPPED);
            return false;
        }
        if (auth != null) {
            p = auth.outgoing(p, null);
        }
        counters.originated++;
        record(TraceSink.Event.ORIGINATE, null, p, null);
        if (p.destinationBits() == address.value()) {
            deliver(p, null);
            return true;
        }
        return route(p, null, false);
    }

    /** Sends link-local control traffic (hellos, adverts) out of {@code link}, ahead of its queue discipline. */
    public boolean sendOn(Link link, Packet p) {
        if (stopped) {
            drop(p, link, DropReason.NODE_STOPPED);
            return false;
        }
        if (auth != null) {
            p = auth.outgoing(p, link);
        }
        record(TraceSink.Event.FORWARD, link, p, null);
        return link.sendControl(p);
    }

    @Override
    public void receive(Packet p, Link from) {
        if (stopped) {
            drop(p, from, DropReason.NODE_STOPPED);
            return;
        }
        counters.received++;
        record(TraceSink.Event.RECV, from, p, null);
        if (auth != null) {
            DropReason bad = auth.incoming(p, from);
            if (bad != null) {
                drop(p, from, bad);
                return;
            }
        }
        dispatch(p, from, 0);
    }

    /**
     * Hands back a packet an interceptor took; processing resumes with the interceptors after
     * {@code after} (so it is not diverted to the same channel again).
     */
    public void reinject(Packet p, Link in, PacketInterceptor after) {
        counters.reinjected++;
        int next = 0;
        int n = interceptors.size();
        while (next < n && interceptors.get(next) != after) {   // by identity: no equals call per packet
            next++;
        }
        dispatch(p, in, next < n ? next + 1 : 0);
    }

    /**
     * Counts the drop of a packet an interceptor took and tells the trace who discarded it (an AA
     * that filtered it, or its full queue).
     */
    public void discardTaken(Packet p, Link in, String by, DropReason reason) {
        counters.countDrop(reason);
        if (trace != TraceSink.NONE) {
            trace.discarded(scheduler.nanos(), this, in, p, by, reason);
        }
    }

    private void dispatch(Packet p, Link in, int firstInterceptor) {
        for (int i = firstInterceptor; i < interceptors.size(); i++) {
            boolean taken;
            PacketInterceptor taker = interceptors.get(i);
            try {
                taken = taker.intercept(p, in);
            } catch (RuntimeException e) {
                log.warn("{}: interceptor failed on {}: {}", name, p, e.toString());
                counters.countDrop(DropReason.HANDLER_ERROR);
                p.pin();   // it may have kept the packet before failing
                taken = false;
            }
            if (taken) {
                p.pin();   // the taker keeps it for as long as it likes: its frame is never reused
                counters.intercepted++;
                if (trace != TraceSink.NONE) {
                    trace.diverted(scheduler.nanos(), this, in, p, taker);
                }
                return;
            }
        }
        if (p.destinationBits() == address.value() || p.destination().isBroadcast()) {
            deliver(p, in);
        } else {
            route(p, in, true);
        }
    }

    private void deliver(Packet p, Link in) {
        if (p.protocol() == org.aspen.vnet.packet.Protocol.FRAGMENT && handlers[p.protocol()] == null) {
            p = reassembler().accept(p);   // rebuilt before the original protocol's handler sees it
            if (p == null) {
                return;
            }
        }
        PacketHandler h = handlers[p.protocol()];
        if (h == null) {
            drop(p, in, DropReason.NO_HANDLER);
            return;
        }
        counters.delivered++;
        record(TraceSink.Event.DELIVER, in, p, null);
        try {
            h.handle(p, in);
        } catch (RuntimeException e) {
            log.warn("{}: handler for protocol {} failed on {}: {}", name, p.protocol(), p, e.toString());
            counters.countDrop(DropReason.HANDLER_ERROR);
        }
    }

    /** Reassembly of fragments addressed to this node (made on first use; docs/wire-format.md "Fragments"). */
    public org.aspen.vnet.frag.Reassembler reassembler() {
        if (reassembler == null) {
            reassembler = new org.aspen.vnet.frag.Reassembler(scheduler, org.aspen.vnet.frag.Reassembler.DEFAULT_TIMEOUT_NANOS,
                    org.aspen.vnet.frag.Reassembler.DEFAULT_MAX_BYTES, counters::countDrop);
        }
        return reassembler;
    }

    private org.aspen.vnet.frag.Reassembler reassembler;

    private boolean route(Packet p, Link in, boolean transit) {
        if (transit) {
            if (p.decrementTtl() <= 0) {
                drop(p, in, DropReason.TTL_EXCEEDED);
                errors.ttlExceeded(p, in);
                return false;
            }
        }
        Route r = routes.lookup(p.destinationBits());
        if (r == null || !r.link().isUp()) {
            drop(p, in, DropReason.NO_ROUTE);
            errors.unreachable(p, in);
            return false;
        }
        if (transit) {
            counters.forwarded++;
            if (p.aecnTtl() > 0 && r.link().discipline().aecnCapable()) {
                p.setAecnTtl(p.aecnTtl() - 1);   // AntiECN capability check: only AECN-capable hops count down
            }
        }
        record(TraceSink.Event.FORWARD, r.link(), p, null);
        return r.link().send(p);
    }

    private void drop(Packet p, Link at, DropReason reason) {
        counters.countDrop(reason);
        record(TraceSink.Event.DROP, at, p, reason);
    }

    @Override
    public void dropped(Packet p, Link at, DropReason reason) {
        record(TraceSink.Event.DROP, at, p, reason);
    }

    @Override
    public void malformed(Link at, DropReason reason) {
        counters.countDrop(reason);
    }

    /**
     * Tells the trace, if one listens: without one the clock is not read (in the real runtime a
     * reading is a call to the host's monotonic clock, several per forwarded packet).
     */
    private void record(TraceSink.Event event, Link link, Packet p, DropReason reason) {
        if (trace != TraceSink.NONE) {
            p.pin();   // a trace sink may keep the packet (a capture does until the node decides)
            trace.record(scheduler.nanos(), this, event, link, p, reason);
        }
    }

    @Override
    public String toString() {
        return name + "(" + address + ")";
    }
}
