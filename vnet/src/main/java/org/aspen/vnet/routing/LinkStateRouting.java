package org.aspen.vnet.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlMessage;
import org.aspen.vnet.control.ControlMessage.Lsa;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Link-state routing over VNet control packets, in the manner of OSPF on point-to-point links.
 *
 * <pre>{@code
 * ControlPlane.install(node, true);   // creates one, registers it and feeds it control messages
 * }</pre>
 *
 * <ul>
 * <li>Hellos on every up link every {@link NodeConfig#helloNanos()} (+-10% seeded jitter) list the
 *     neighbour heard on that link; the adjacency is two-way once the neighbour lists us. Silence
 *     for {@link NodeConfig#deadNanos()} ends it. Hellos also teach the link its peer's address.</li>
 * <li>Each node originates an LSA with its two-way adjacencies on every change and every
 *     {@link NodeConfig#lsaRefreshNanos()}; LSAs live for three refresh intervals.</li>
 * <li>Flooding is reliable: every LSA sent to a neighbour stays on that neighbour's retransmit list
 *     until acknowledged (or superseded); a new adjacency gets the whole database.</li>
 * <li>Newer wins by serial-number order of the sequence. A node that receives its own LSA with a
 *     higher sequence (left over from before a restart) jumps past it and re-originates.</li>
 * <li>Dijkstra runs once per burst of changes, 5 ms (at most a tenth of the hello interval) after
 *     the first. It uses an edge only when both ends list each other; equal-cost ties go to the
 *     lower first-hop address, then the cheaper, lower-index link. The result replaces the table's
 *     dynamic routes; static routes keep precedence there.</li>
 * </ul>
 * This class keeps the hellos, the adjacencies and the timers, and applies the routes; the
 * database with its flooding is {@link LinkStateDatabase}, Dijkstra is {@link ShortestPaths}.
 * Runs entirely on the node's loop.
 */
public final class LinkStateRouting implements RoutingProtocol {
    private static final Logger log = LoggerFactory.getLogger(LinkStateRouting.class);
    private static final long SPF_DELAY_NANOS = 5_000_000L;

    private final Node node;
    private final Scheduler scheduler;
    private final SplittableRandom random;
    private final NodeConfig config;
    private final VAddr self;
    /** One per link, indexed like the node's links. */
    private final List<Neighbour> neighbours = new ArrayList<>();
    private final List<Runnable> routeListeners = new ArrayList<>();
    private final Deferred spfSoon;
    private final LinkStateDatabase db;
    private final ShortestPaths spf;
    private final Deferred originateSoon;
    private Map<VAddr, Route> current = Map.of();
    private Cancellable tick = Cancellable.NONE;
    private boolean running;

    // counters, for reports and tests (the database keeps the flooding's)
    private long hellosSent;
    private long spfRuns;
    private long routeChanges;

    public LinkStateRouting(Node node, SplittableRandom random) {
        this.node = node;
        this.scheduler = node.scheduler();
        this.random = random;
        this.config = node.config();
        this.self = node.address();
        // a short hold-down lets a burst of LSAs (start-up, a flood after a failure) cost one SPF run
        this.spfSoon = new Deferred(this::computeRoutes, Math.min(SPF_DELAY_NANOS, config.helloNanos() / 10));
        this.db = new LinkStateDatabase(node, neighbours, spfSoon::request);
        this.spf = new ShortestPaths(self, db, neighbours);
        this.originateSoon = new Deferred(db::originate, 0);
    }

    /** Called (on the node loop) after the dynamic routes changed. */
    public void addRouteChangeListener(Runnable r) {
        routeListeners.add(r);
    }

    @Override
    public void start() {
        if (running) {
            return;
        }
        running = true;
        for (Link l : node.links()) {
            neighbour(l);
        }
        db.originate();
        // jitter the first round so nodes started together do not send in lock-step
        tick = scheduler.schedule(random.nextLong(config.helloNanos() / 4 + 1), this::onTick);
    }

    @Override
    public void stop() {
        running = false;
        tick.cancel();
        for (Neighbour n : neighbours) {
            n.pending.clear();
        }
    }

    @Override
    public void linkAdded(Link link) {
        if (running) {
            sendHello(neighbour(link));
        }
    }

    @Override
    public void linkStateChanged(Link link) {
        if (!running) {
            return;
        }
        Neighbour n = neighbour(link);
        if (!link.isUp()) {
            if (n.alive) {
                neighbourDown(n, "link down");
            }
        } else {
            sendHello(n);
        }
    }

    // ---- input from the control plane ----

    /** Handles a HELLO, LSA or LSA_ACK that arrived on {@code in}; other messages are ignored. */
    public void handle(ControlMessage m, Packet p, Link in) {
        if (!running || in == null || !in.isUp()) {
            return;
        }
        if (m instanceof ControlMessage.Hello h) {
            onHello(h, p.source(), neighbour(in));
        } else if (m instanceof Lsa l) {
            db.onLsa(l, neighbour(in));
        } else if (m instanceof ControlMessage.LsaAck a) {
            db.onAck(a, neighbour(in));
        }
    }

    private void onHello(ControlMessage.Hello h, VAddr from, Neighbour n) {
        boolean changed = false;
        if (n.alive && !n.addr.equals(from)) {
            neighbourDown(n, "new address " + from);
        }
        if (!n.alive) {
            n.alive = true;
            n.addr = from;
            n.link.setPeer(from);
            changed = true;
            log.debug("{}: heard {} on {}", node.name(), from, n.link.name());
            n.upSince = scheduler.nanos();
            sendHello(n); // answer at once so the neighbour sees two-way without waiting a full interval
        }
        n.lastHeard = scheduler.nanos();
        n.heardOnce = true;
        boolean twoWay = h.heard().contains(self);
        if (twoWay != n.twoWay) {
            n.twoWay = twoWay;
            changed = true;
            if (twoWay) {
                // INFO: what an operator watches for (docs/deploying.md, "Watching a deployment")
                log.info("{}: neighbour {} on {} up (two-way)", node.name(), from, n.link.name());
                db.sendAll(n);
            } else {
                n.pending.clear();
            }
        }
        if (changed) {
            originateSoon.request();
        }
    }

    private void sendHello(Neighbour n) {
        if (!n.link.isUp()) {
            return;
        }
        hellosSent++;
        List<VAddr> heard = n.alive ? List.of(n.addr) : List.of();
        n.send(ControlCodec.encode(new ControlMessage.Hello(heard)));
    }

    private void neighbourDown(Neighbour n, String why) {
        if (n.twoWay) {
            log.info("{}: neighbour {} on {} down: {} (last heard {} ms ago)", node.name(), n.addr, n.link.name(), why,
                    (scheduler.nanos() - n.lastHeard) / 1_000_000L);
        } else {
            log.debug("{}: neighbour {} on {} down: {}", node.name(), n.addr, n.link.name(), why);
        }
        n.alive = false;
        n.twoWay = false;
        n.pending.clear();
        originateSoon.request();
    }

    private Neighbour neighbour(Link l) {
        // links are numbered densely in the order the node added them
        while (neighbours.size() <= l.index()) {
            neighbours.add(new Neighbour(node, node.links().get(neighbours.size())));
        }
        return neighbours.get(l.index());
    }

    // ---- timers ----

    private void onTick() {
        if (!running) {
            return;
        }
        long now = scheduler.nanos();
        for (Neighbour n : neighbours) {
            if (!n.link.isUp()) {
                continue;
            }
            if (n.alive && now - n.lastHeard >= config.deadNanos()) {
                neighbourDown(n, "dead interval expired");
            }
            sendHello(n);
            db.retransmit(n, now);
        }
        db.ageOut(now);
        if (now - db.lastOriginated() >= config.lsaRefreshNanos()) {
            db.originate();
        }
        long h = config.helloNanos();
        tick = scheduler.schedule(h - h / 10 + random.nextLong(h / 5 + 1), this::onTick);
    }

    /** Runs an action once, {@code delay} after the first request, however often it was requested meanwhile. */
    private final class Deferred {
        private final Runnable action;
        private final long delay;
        private boolean pending;

        Deferred(Runnable action, long delay) {
            this.action = action;
            this.delay = delay;
        }

        void request() {
            if (!pending) {
                pending = true;
                scheduler.schedule(delay, () -> {
                    pending = false;
                    if (running) {
                        action.run();
                    }
                });
            }
        }
    }

    // ---- shortest paths ----

    private void computeRoutes() {
        spfRuns++;
        Map<VAddr, Route> routes = spf.compute();
        if (!routes.equals(current)) {
            if (log.isInfoEnabled()) {
                log.info("{}: routes changed ({} dynamic): {}", node.name(), routes.size(), describeChanges(current, routes));
            }
            current = routes;
            routeChanges++;
            node.routes().replaceDynamic(routes);
            for (Runnable r : List.copyOf(routeListeners)) {
                r.run();
            }
        }
    }

    /** What changed between two route sets, one entry per destination: {@code 10.0.0.3 via 10.0.0.2 (a-b) cost 2 -> unreachable}. */
    static String describeChanges(Map<VAddr, Route> before, Map<VAddr, Route> after) {
        java.util.TreeSet<VAddr> dests = new java.util.TreeSet<>(before.keySet());
        dests.addAll(after.keySet());
        List<String> out = new ArrayList<>();
        for (VAddr d : dests) {
            Route b = before.get(d);
            Route a = after.get(d);
            if (b == null ? a == null : b.equals(a)) {
                continue;
            }
            out.add(d + " " + (b == null ? "unreachable" : hop(b)) + " -> " + (a == null ? "unreachable" : hop(a)));
        }
        return String.join("; ", out);
    }

    private static String hop(Route r) {
        return "via " + r.nextHop() + " (" + r.link().name() + ") cost " + r.metric();
    }

    /**
     * One neighbour as routing sees it: its link, its address (unspecified until heard), whether it
     * is alive (heard within the dead interval) and two-way, and when it was last heard and came up
     * (node time, nanoseconds; -1 when never).
     */
    public record NeighbourState(String link, VAddr address, boolean alive, boolean twoWay, long lastHeardNanos, long upSinceNanos) {
    }

    /** Every link's neighbour, in link order. Call on the node's loop. */
    public List<NeighbourState> neighbours() {
        List<NeighbourState> out = new ArrayList<>();
        for (Neighbour n : neighbours) {
            out.add(new NeighbourState(n.link.name(), n.addr, n.alive, n.twoWay, n.heardOnce ? n.lastHeard : -1,
                    n.alive ? n.upSince : -1));
        }
        return out;
    }

    // ---- inspection ----

    /** The link-state database: origin -> its latest LSA. */
    public Map<VAddr, Lsa> database() {
        return db.snapshot();
    }

    /** Addresses of the neighbours with a two-way adjacency on an up link, in address order. */
    public List<VAddr> adjacencies() {
        return neighbours.stream().filter(n -> n.twoWay && n.link.isUp()).map(n -> n.addr)
                .distinct().sorted().toList();
    }

    /** The dynamic routes last computed. */
    public Map<VAddr, Route> routes() {
        return current;
    }

    /** The counters now ({@code control.routing} in {@code stats}). */
    public RoutingCounts counters() {
        return new RoutingCounts(hellosSent, db.lsasSent(), db.lsaRetransmits(), db.acksSent(), spfRuns, routeChanges,
                db.ownSequence(), db.size());
    }

    public long lsaRetransmits() {
        return db.lsaRetransmits();
    }

    public int ownSequence() {
        return db.ownSequence();
    }
}
