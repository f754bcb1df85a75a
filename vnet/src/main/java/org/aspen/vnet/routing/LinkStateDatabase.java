package org.aspen.vnet.routing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlMessage;
import org.aspen.vnet.control.ControlMessage.Adjacency;
import org.aspen.vnet.control.ControlMessage.Lsa;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.time.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Link-state routing's database and its reliable flooding: this node's own LSA (originated from the
 * two-way adjacencies), the newest LSA of every other origin until it ages out, and, per neighbour,
 * the LSAs sent and not yet acknowledged.
 *
 * <pre>{@code
 * LinkStateDatabase db = new LinkStateDatabase(node, neighbours, spfSoon::request);
 * db.originate();                 // on start, on an adjacency change, every refresh interval
 * db.onLsa(lsa, neighbour);       // acknowledge, keep if newer, flood on to the other neighbours
 * db.retransmit(neighbour, now);  // every tick: unacknowledged LSAs older than half a hello interval
 * }</pre>
 *
 * Newer wins by serial-number order of the sequence ({@link #newer}); an LSA lives for three refresh
 * intervals, and a copy is forwarded with what is left of its lifetime. {@code topologyChanged} runs
 * whenever the set of adjacencies in the database changed (an SPF run is due). Runs on the node's loop.
 */
final class LinkStateDatabase {
    /** The routing protocol's logger: these lines are its account of the flooding. */
    private static final Logger log = LoggerFactory.getLogger(LinkStateRouting.class);
    private static final int LIFETIME_REFRESHES = 3;

    private final Node node;
    private final Scheduler scheduler;
    private final NodeConfig config;
    private final VAddr self;
    private final List<Neighbour> neighbours;
    private final Runnable topologyChanged;
    private final Map<VAddr, Entry> db = new TreeMap<>();
    private int ownSeq;
    private long lastOriginated;
    private long lsasSent;
    private long lsaRetransmits;
    private long acksSent;

    private record Entry(Lsa lsa, long expiresAt) {
    }

    /** @param neighbours the routing protocol's neighbour list, indexed by link (read, never changed here) */
    LinkStateDatabase(Node node, List<Neighbour> neighbours, Runnable topologyChanged) {
        this.node = node;
        this.scheduler = node.scheduler();
        this.config = node.config();
        this.self = node.address();
        this.neighbours = neighbours;
        this.topologyChanged = topologyChanged;
    }

    /** Serial-number order (RFC 1982 style): true when {@code a} is after {@code b}. */
    static boolean newer(int a, int b) {
        return a - b > 0;
    }

    /** A new LSA of our own, from the two-way adjacencies on up links, sent to each of those neighbours. */
    void originate() {
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
            topologyChanged.run();
        }
    }

    void onLsa(Lsa l, Neighbour from) {
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
            Neighbour.Pending pe = from.pending.get(l.origin());
            if (pe != null && !newer(pe.seq(), l.seq())) {
                from.pending.remove(l.origin());
            }
            for (Neighbour n : neighbours) {
                if (n != from && n.twoWay && n.link.isUp()) {
                    sendLsa(n, fresh);
                }
            }
            if (e == null || !e.lsa.links().equals(l.links())) {
                topologyChanged.run();
            }
        } else if (l.seq() == e.lsa.seq()) {
            Neighbour.Pending pe = from.pending.get(l.origin());
            if (pe != null && pe.seq() == l.seq()) {
                from.pending.remove(l.origin()); // the neighbour has it: an implicit ack
            }
        } else {
            sendLsa(from, e); // the neighbour is behind: bring it up to date
        }
    }

    void onAck(ControlMessage.LsaAck a, Neighbour from) {
        Neighbour.Pending pe = from.pending.get(a.origin());
        if (pe != null && !newer(pe.seq(), a.seq())) {
            from.pending.remove(a.origin());
        }
    }

    /** A new two-way adjacency gets the whole database. */
    void sendAll(Neighbour n) {
        for (Entry e : db.values()) {
            sendLsa(n, e);
        }
    }

    /** Resends what {@code n} has not acknowledged for half a hello interval; forgets superseded LSAs. */
    void retransmit(Neighbour n, long now) {
        if (n.pending.isEmpty()) {
            return;
        }
        List<VAddr> origins = new ArrayList<>(n.pending.keySet());
        for (VAddr o : origins) {
            Neighbour.Pending pe = n.pending.get(o);
            Entry e = db.get(o);
            if (e == null || e.lsa.seq() != pe.seq()) {
                n.pending.remove(o);
            } else if (now - pe.sentAt() >= config.helloNanos() / 2) {
                lsaRetransmits++;
                sendLsa(n, e);
            }
        }
    }

    /** Drops other origins' LSAs whose lifetime ran out. */
    void ageOut(long now) {
        boolean removed = db.entrySet().removeIf(en -> !en.getKey().equals(self) && en.getValue().expiresAt <= now);
        if (removed) {
            topologyChanged.run();
        }
    }

    private void sendLsa(Neighbour n, Entry e) {
        long now = scheduler.nanos();
        Lsa l = e.lsa;
        if (e.expiresAt != Long.MAX_VALUE) {
            // forward what is left of the lifetime, so a copy never outlives the original
            long left = Math.max(0, (e.expiresAt - now) / 1_000_000L);
            l = new Lsa(l.origin(), l.seq(), left, l.links());
        }
        n.pending.put(l.origin(), new Neighbour.Pending(l.seq(), now));
        lsasSent++;
        n.send(ControlCodec.encode(l));
    }

    private void sendAck(Neighbour n, Lsa l) {
        acksSent++;
        n.send(ControlCodec.encode(new ControlMessage.LsaAck(l.origin(), l.seq())));
    }

    // ---- reading ----

    /** The latest LSA from {@code origin}, or null. */
    Lsa lsa(VAddr origin) {
        Entry e = db.get(origin);
        return e == null ? null : e.lsa;
    }

    /** Origin -> its latest LSA, in address order. */
    Map<VAddr, Lsa> snapshot() {
        Map<VAddr, Lsa> m = new TreeMap<>();
        db.forEach((k, v) -> m.put(k, v.lsa));
        return Collections.unmodifiableMap(m);
    }

    int size() {
        return db.size();
    }

    long lastOriginated() {
        return lastOriginated;
    }

    int ownSequence() {
        return ownSeq;
    }

    long lsasSent() {
        return lsasSent;
    }

    long lsaRetransmits() {
        return lsaRetransmits;
    }

    long acksSent() {
        return acksSent;
    }
}
