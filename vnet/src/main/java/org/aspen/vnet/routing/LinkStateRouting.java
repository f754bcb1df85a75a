package org.aspen.vnet.routing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlMessage;
import org.aspen.vnet.control.ControlMessage.Adjacency;
import org.aspen.vnet.control.ControlMessage.Lsa;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
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
 * Runs entirely on the node's loop.
 */
public final class LinkStateRouting implements RoutingProtocol {
    private static final Logger log = LoggerFactory.getLogger(LinkStateRouting.class);
    private static final int LIFETIME_REFRESHES = 3;
    private static final long SPF_DELAY_NANOS = 5_000_000L;

    private final Node node;
    private final Scheduler scheduler;
    private final SplittableRandom random;
    private final NodeConfig config;
    private final VAddr self;
    private final List<Neighbour> neighbours = new ArrayList<>();
    private final Map<VAddr, Entry> db = new TreeMap<>();
    private final List<Runnable> routeListeners = new ArrayList<>();
    private Map<VAddr, Route> current = Map.of();
    private int ownSeq;
    private long lastOriginated;
    private Cancellable tick = Cancellable.NONE;
    private boolean running;
    private final Deferred originateSoon = new Deferred(this::originate, 0);
    private final Deferred spfSoon;

    // counters, for reports and tests
    private long hellosSent;
    private long lsasSent;
    private long lsaRetransmits;
    private long acksSent;
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
        originate();
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
            onLsa(l, neighbour(in));
        } else if (m instanceof ControlMessage.LsaAck a) {
            Neighbour n = neighbour(in);
            Pending pe = n.pending.get(a.origin());
            if (pe != null && !newer(pe.seq, a.seq())) {
                n.pending.remove(a.origin());
            }
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
            sendHello(n); // answer at once so the neighbour sees two-way without waiting a full interval
        }
        n.lastHeard = scheduler.nanos();
        boolean twoWay = h.heard().contains(self);
        if (twoWay != n.twoWay) {
            n.twoWay = twoWay;
            changed = true;
            if (twoWay) {
                log.debug("{}: adjacency with {} on {} is two-way", node.name(), from, n.link.name());
                for (Entry e : db.values()) {
                    sendLsa(n, e);
                }
            } else {
                n.pending.clear();
            }
        }
        if (changed) {
            scheduleOriginate();
        }
    }

    private void onLsa(Lsa l, Neighbour from) {
        if (!from.alive) {
            return; // not a neighbour yet: it will retransmit after our hellos
        }
        sendAck(from, l);
        if (l.origin().equals(self)) {
            if (newer(l.seq(), ownSeq)) {
                // a copy from a previous life of this node: continue numbering after it
                log.debug("{}: own LSA seq {} seen, jumping past it", node.name(), l.seq());
                ownSeq = l.seq();
                originate();
            } else if (newer(ownSeq, l.seq())) {
                sendLsa(from, db.get(self));
            }
            return;
        }
        Entry e = db.get(l.origin());
        if (e == null || newer(l.seq(), e.lsa.seq())) {
            Entry fresh = new Entry(l, scheduler.nanos() + l.lifetimeMillis() * 1_000_000L);
            db.put(l.origin(), fresh);
            Pending pe = from.pending.get(l.origin());
            if (pe != null && !newer(pe.seq, l.seq())) {
                from.pending.remove(l.origin());
            }
            for (Neighbour n : neighbours) {
                if (n != from && n.twoWay && n.link.isUp()) {
                    sendLsa(n, fresh);
                }
            }
            if (e == null || !e.lsa.links().equals(l.links())) {
                scheduleSpf();
            }
        } else if (l.seq() == e.lsa.seq()) {
            Pending pe = from.pending.get(l.origin());
            if (pe != null && pe.seq == l.seq()) {
                from.pending.remove(l.origin()); // the neighbour has it: an implicit ack
            }
        } else {
            sendLsa(from, e); // the neighbour is behind: bring it up to date
        }
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
            retransmit(n, now);
        }
        ageOut(now);
        if (now - lastOriginated >= config.lsaRefreshNanos()) {
            originate();
        }
        long h = config.helloNanos();
        tick = scheduler.schedule(h - h / 10 + random.nextLong(h / 5 + 1), this::onTick);
    }

    private void retransmit(Neighbour n, long now) {
        if (n.pending.isEmpty()) {
            return;
        }
        List<VAddr> origins = new ArrayList<>(n.pending.keySet());
        for (VAddr o : origins) {
            Pending pe = n.pending.get(o);
            Entry e = db.get(o);
            if (e == null || e.lsa.seq() != pe.seq) {
                n.pending.remove(o);
            } else if (now - pe.sentAt >= config.helloNanos() / 2) {
                lsaRetransmits++;
                sendLsa(n, e);
            }
        }
    }

    private void ageOut(long now) {
        boolean removed = db.entrySet().removeIf(en -> !en.getKey().equals(self) && en.getValue().expiresAt <= now);
        if (removed) {
            scheduleSpf();
        }
    }

    private void neighbourDown(Neighbour n, String why) {
        log.debug("{}: neighbour {} on {} down: {}", node.name(), n.addr, n.link.name(), why);
        n.alive = false;
        n.twoWay = false;
        n.pending.clear();
        scheduleOriginate();
    }

    private void scheduleOriginate() {
        originateSoon.request();
    }

    private void scheduleSpf() {
        spfSoon.request();
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

    // ---- origination and sending ----

    private void originate() {
        Map<VAddr, Integer> adj = new TreeMap<>();
        for (Neighbour n : neighbours) {
            if (n.twoWay && n.link.isUp()) {
                adj.merge(n.addr, n.link.config().cost(), Math::min);
            }
        }
        List<Adjacency> links = new ArrayList<>();
        adj.forEach((a, c) -> links.add(new Adjacency(a, c)));
        ownSeq++;
        long lifetimeMillis = Math.min(0xffff_ffffL, LIFETIME_REFRESHES * config.lsaRefreshNanos() / 1_000_000L);
        Lsa lsa = new Lsa(self, ownSeq, lifetimeMillis, links);
        Entry old = db.get(self);
        Entry e = new Entry(lsa, Long.MAX_VALUE);
        db.put(self, e);
        lastOriginated = scheduler.nanos();
        for (Neighbour n : neighbours) {
            if (n.twoWay && n.link.isUp()) {
                sendLsa(n, e);
            }
        }
        if (old == null || !old.lsa.links().equals(links)) {
            scheduleSpf();
        }
    }

    private void sendHello(Neighbour n) {
        if (!n.link.isUp()) {
            return;
        }
        hellosSent++;
        List<VAddr> heard = n.alive ? List.of(n.addr) : List.of();
        node.sendOn(n.link, linkLocal(ControlCodec.encode(new ControlMessage.Hello(heard))));
    }

    private void sendLsa(Neighbour n, Entry e) {
        long now = scheduler.nanos();
        Lsa l = e.lsa;
        if (e.expiresAt != Long.MAX_VALUE) {
            // forward what is left of the lifetime, so a copy never outlives the original
            long left = Math.max(0, (e.expiresAt - now) / 1_000_000L);
            l = new Lsa(l.origin(), l.seq(), left, l.links());
        }
        n.pending.put(l.origin(), new Pending(l.seq(), now));
        lsasSent++;
        node.sendOn(n.link, linkLocal(ControlCodec.encode(l)));
    }

    private void sendAck(Neighbour n, Lsa l) {
        acksSent++;
        node.sendOn(n.link, linkLocal(ControlCodec.encode(new ControlMessage.LsaAck(l.origin(), l.seq()))));
    }

    private Packet linkLocal(byte[] payload) {
        return Packet.builder().source(self).destination(VAddr.BROADCAST).protocol(Protocol.CONTROL).ttl(1)
                .payload(payload).build();
    }

    // ---- shortest paths ----

    private void computeRoutes() {
        spfRuns++;
        Map<VAddr, Long> dist = new HashMap<>();
        Map<VAddr, VAddr> firstHop = new HashMap<>();
        PriorityQueue<long[]> queue = new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
                : Integer.compareUnsigned((int) x[1], (int) y[1]));
        dist.put(self, 0L);
        queue.add(new long[] {0, self.value()});
        java.util.Set<VAddr> done = new java.util.HashSet<>();
        while (!queue.isEmpty()) {
            long[] top = queue.poll();
            VAddr u = VAddr.of((int) top[1]);
            if (!done.add(u)) {
                continue;
            }
            Entry eu = db.get(u);
            if (eu == null) {
                continue;
            }
            for (Adjacency a : eu.lsa.links()) {
                VAddr v = a.neighbour();
                if (!u.equals(self) && !listsBack(v, u)) {
                    continue; // one-way: the far end does not confirm this adjacency
                }
                long d = top[0] + a.cost();
                VAddr hop = u.equals(self) ? v : firstHop.get(u);
                Long dv = dist.get(v);
                if (dv == null || d < dv || (d == dv && hop.compareTo(firstHop.get(v)) < 0)) {
                    dist.put(v, d);
                    firstHop.put(v, hop);
                    queue.add(new long[] {d, v.value()});
                }
            }
        }
        Map<VAddr, Route> routes = new TreeMap<>();
        for (Map.Entry<VAddr, VAddr> en : firstHop.entrySet()) {
            Link l = bestLinkTo(en.getValue());
            if (l != null && !en.getKey().equals(self)) {
                routes.put(en.getKey(), Route.host(en.getKey(), l, en.getValue(), dist.get(en.getKey()).intValue(), Route.Origin.DYNAMIC));
            }
        }
        if (!routes.equals(current)) {
            current = routes;
            routeChanges++;
            node.routes().replaceDynamic(routes);
            log.debug("{}: {} dynamic routes", node.name(), routes.size());
            for (Runnable r : List.copyOf(routeListeners)) {
                r.run();
            }
        }
    }

    private boolean listsBack(VAddr v, VAddr u) {
        Entry ev = db.get(v);
        if (ev == null) {
            return false;
        }
        for (Adjacency b : ev.lsa.links()) {
            if (b.neighbour().equals(u)) {
                return true;
            }
        }
        return false;
    }

    private Link bestLinkTo(VAddr addr) {
        Link best = null;
        for (Neighbour n : neighbours) {
            if (n.twoWay && n.link.isUp() && n.addr.equals(addr)
                    && (best == null || n.link.config().cost() < best.config().cost())) {
                best = n.link;
            }
        }
        return best;
    }

    private Neighbour neighbour(Link l) {
        // links are numbered densely in the order the node added them
        while (neighbours.size() <= l.index()) {
            neighbours.add(new Neighbour(node.links().get(neighbours.size())));
        }
        return neighbours.get(l.index());
    }

    /** Serial-number order (RFC 1982 style): true when {@code a} is after {@code b}. */
    static boolean newer(int a, int b) {
        return a - b > 0;
    }

    // ---- inspection ----

    /** The link-state database: origin -> its latest LSA. */
    public Map<VAddr, Lsa> database() {
        Map<VAddr, Lsa> m = new TreeMap<>();
        db.forEach((k, v) -> m.put(k, v.lsa));
        return Collections.unmodifiableMap(m);
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

    public Map<String, Object> counters() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("hellosSent", hellosSent);
        m.put("lsasSent", lsasSent);
        m.put("lsaRetransmits", lsaRetransmits);
        m.put("acksSent", acksSent);
        m.put("spfRuns", spfRuns);
        m.put("routeChanges", routeChanges);
        m.put("ownSeq", ownSeq);
        m.put("databaseSize", db.size());
        return m;
    }

    public long lsaRetransmits() {
        return lsaRetransmits;
    }

    public int ownSequence() {
        return ownSeq;
    }

    private static final class Neighbour {
        final Link link;
        final Map<VAddr, Pending> pending = new TreeMap<>();
        VAddr addr = VAddr.UNSPECIFIED;
        boolean alive;
        boolean twoWay;
        long lastHeard;

        Neighbour(Link link) {
            this.link = link;
        }
    }

    private record Entry(Lsa lsa, long expiresAt) {
    }

    private record Pending(int seq, long sentAt) {
    }
}
