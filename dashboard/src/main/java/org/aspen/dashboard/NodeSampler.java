package org.aspen.dashboard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.aspen.ee.AaInstance;
import org.aspen.ee.EeCounts;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.rdp.ConnectionState;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkCounters;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.time.Cancellable;

/**
 * Samples one node for the dashboard, on the node's own loop: each link's queue, utilisation,
 * drops and marks; each RDP connection it sends on (cwnd, goodput); its AAs and their counters, with
 * the ACC filters active now; and turns changes (AAs started or stopped, notifications, filters,
 * next hops) into event-log lines.
 *
 * <pre>{@code
 * NodeSampler s = new NodeSampler(node, () -> ee, () -> rdpStack, conn -> null, names, true, server::publish);
 * net.onLoop(node.name(), () -> s.start(100_000_000L));   // a sample every 100 ms of the node's clock
 * }</pre>
 *
 * It only reads counters and hands a fresh map to {@code out}; nothing here blocks, so it is safe
 * on a Netty loop and in the simulation, where it adds timer events but no packets (the trace hash of
 * a run is unchanged by watching it).
 */
public final class NodeSampler {
    /** AA counters whose increments are worth a line in the event log (the rest are in the AA table). */
    static final Set<String> LOGGED_COUNTERS = Set.of("notificationsSent", "filterRequestsSent", "filtersStarted",
            "localFilters", "filtersEndedByCount", "filtersEndedByReaction", "filtersEndedByTimeout");
    private static final List<String> FILTER_ENDS = List.of("filtersEndedByCount", "filtersEndedByReaction",
            "filtersEndedByTimeout");

    private final Node node;
    private final java.util.function.Supplier<ExecutionEnvironment> ee;
    private final java.util.function.Supplier<RdpStack> rdp;
    private final Function<RdpConnection, String> flowName;
    private final Map<VAddr, String> names;
    private final boolean watchRoutes;
    private final BiConsumer<String, Object> out;

    private final TrafficMix mix = new TrafficMix();
    private final Map<String, Long> lastSent = new HashMap<>();
    private final Map<RdpConnection, Long> lastAcked = new HashMap<>();
    private final Map<String, Long> lastCounters = new HashMap<>();
    private final Map<String, String> lastAas = new HashMap<>();
    private final Map<String, String> lastHops = new HashMap<>();
    private final Map<String, String> lastNeighbours = new HashMap<>();
    private java.util.function.Supplier<List<NeighbourReport>> neighbours;
    private long lastAt = -1;
    private long period;
    private Cancellable timer;
    private boolean stopped;

    /**
     * @param ee          the node's EE (the supplier may give null: no AAs)
     * @param rdp         the node's RDP stack (may give null)
     * @param flowName    the name of a sending connection, or null for "port -> address:port"
     * @param names       node names by address, for links' peers and next hops
     * @param watchRoutes log next-hop changes toward every named node (off when the lab logs them itself)
     * @param out         receives ("sample", map) and ("log", map); called on the node's loop
     */
    public NodeSampler(Node node, java.util.function.Supplier<ExecutionEnvironment> ee,
                       java.util.function.Supplier<RdpStack> rdp, Function<RdpConnection, String> flowName,
                       Map<VAddr, String> names, boolean watchRoutes, BiConsumer<String, Object> out) {
        this.node = node;
        this.ee = ee;
        this.rdp = rdp;
        this.flowName = flowName;
        this.names = names;
        this.watchRoutes = watchRoutes;
        this.out = out;
    }

    /**
     * Also follows the node's neighbours as its routing sees them ({@code NodeHost.neighbours()}: the
     * records {@link NeighbourReport}, as the node's {@code stats} has them): each sample carries them
     * ({@code neighbours}) and each change of state is a log line ({@code neighbour b on a-b down}).
     * Call before {@link #start}; a node process's dashboard does, a simulated lab's does not.
     */
    public void watchNeighbours(java.util.function.Supplier<List<NeighbourReport>> source) {
        this.neighbours = source;
    }

    /** Samples now and then every {@code periodNanos}; call on the node's loop. */
    public void start(long periodNanos) {
        this.period = periodNanos;
        node.links().forEach(mix::watch);
        tick();
    }

    /** Stops sampling; call on the node's loop. */
    public void stop() {
        stopped = true;
        mix.unwatchAll();
        if (timer != null) {
            timer.cancel();
        }
    }

    private void tick() {
        if (stopped) {
            return;
        }
        out.accept("sample", sample());
        timer = node.scheduler().schedule(period, this::tick);
    }

    /** One sample (and the log lines for what changed since the previous one). */
    Map<String, Object> sample() {
        long now = node.scheduler().nanos();
        double dt = lastAt < 0 ? 0 : (now - lastAt) / 1e9;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", seconds(now));
        m.put("node", node.name());
        m.put("links", links(now));
        m.put("flows", flows(dt));
        aas(now, m);
        if (neighbours != null) {
            m.put("neighbours", neighbours(now));
        }
        if (watchRoutes) {
            routes(now);
        }
        lastAt = now;
        return m;
    }

    private List<Object> links(long now) {
        List<Object> list = new ArrayList<>();
        for (Link l : node.links()) {
            LinkCounters c = l.counters();
            String id = l.name() + "@" + node.name();
            Long before = lastSent.put(id, c.sentBytes);
            long bw = l.config().bandwidthBps();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", id);
            m.put("link", l.name());
            m.put("peer", l.peer() == null ? null : names.getOrDefault(l.peer(), l.peer().toString()));
            var q = l.queueState();
            m.put("queue", q.packets());
            m.put("queueBytes", q.bytes());
            m.put("limit", q.limit().toString());
            m.put("queueKind", q.kind());
            // over the last interval, from the bytes sent (the counters' own figure is since the start)
            m.put("utilisation", before == null || now <= lastAt || bw <= 0 ? 0.0
                    : round(Math.min(1, (c.sentBytes - before) * 8e9 / ((double) bw * (now - lastAt))), 1e4));
            m.put("drops", c.totalDrops());
            m.put("marked", c.marked);
            m.put("sentPackets", c.sentPackets);
            m.put("sentBytes", c.sentBytes);
            m.put("up", l.isUp() && !l.isCut());
            m.put("carries", mix.take(l));   // frames by kind since the last sample, routing left out
            list.add(m);
        }
        return list;
    }

    private List<Object> flows(double dt) {
        List<Object> list = new ArrayList<>();
        RdpStack stack = rdp.get();
        if (stack == null) {
            return list;
        }
        for (RdpConnection c : stack.connections()) {
            if (c.stats().dataSegmentsSent() == 0) {
                continue;   // a receiver: its sender reports the flow
            }
            ConnectionState cs = c.congestionState();
            long acked = c.stats().bytesAcked();
            Long before = lastAcked.put(c, acked);
            String name = flowName.apply(c);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name != null ? name : node.name() + ":" + c.localPort() + "->" + c.remoteAddress() + ":" + c.remotePort());
            m.put("from", node.name());
            m.put("to", names.getOrDefault(c.remoteAddress(), c.remoteAddress().toString()));
            m.put("cwnd", round(cs.cwnd(), 100));
            m.put("ssthresh", round(Math.min(cs.ssthresh(), 1e9), 100));
            m.put("srttMs", round(cs.rtt().srttNanos() / 1e6, 100));
            m.put("goodputBps", before == null || dt <= 0 ? 0 : Math.round((acked - before) * 8 / dt));
            m.put("bytesAcked", acked);
            m.put("retransmissions", c.stats().retransmissions());
            m.put("windowCloses", c.stats().windowCloses());
            list.add(m);
        }
        lastAcked.keySet().retainAll(stack.connections());
        return list;
    }

    private void aas(long now, Map<String, Object> m) {
        ExecutionEnvironment e = ee.get();
        List<Object> list = new ArrayList<>();
        long activeFilters = 0;
        Set<String> seen = new HashSet<>();
        if (e != null) {
            for (AaInstance a : e.instances()) {
                Map<String, Long> metrics = a.metrics();
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("name", a.name());
                r.put("version", a.version());
                r.put("state", a.state().name().toLowerCase());
                r.put("packets", a.counters().packets);
                r.put("metrics", metrics);
                long active = metrics.getOrDefault("filtersStarted", 0L) + metrics.getOrDefault("localFilters", 0L)
                        - FILTER_ENDS.stream().mapToLong(k -> metrics.getOrDefault(k, 0L)).sum();
                if (metrics.containsKey("filtersStarted") || metrics.containsKey("localFilters")) {
                    r.put("activeFilters", Math.max(0, active));
                    activeFilters += Math.max(0, active);
                }
                list.add(r);
                seen.add(a.id());
                logAa(now, a, metrics);
            }
        }
        for (String gone : new ArrayList<>(lastAas.keySet())) {
            if (!seen.contains(gone)) {
                log(now, "AA " + lastAas.remove(gone).split(" ")[0] + " removed");
            }
        }
        m.put("aas", list);
        m.put("activeFilters", activeFilters);
        if (e != null) {
            EeCounts c = e.counters().counts();
            m.put("ee", c);
            // code fetched or refused, packets lost: worth a log line when they grow
            logIncrease(now, "ee/fetches", "EE: fetches", c.fetches());
            logIncrease(now, "ee/fetchFailures", "EE: fetchFailures", c.fetchFailures());
            logIncrease(now, "ee/refused", "EE: refused", c.refused());
            logIncrease(now, "ee/digestMismatches", "EE: digestMismatches", c.digestMismatches());
            logIncrease(now, "ee/remoteRefusals", "EE: remoteRefusals", c.remoteRefusals());
            logIncrease(now, "ee/pendingDrops", "EE: pendingDrops", c.pendingDrops());
        }
    }

    private void logAa(long now, AaInstance a, Map<String, Long> metrics) {
        String state = a.name() + " " + a.state().name().toLowerCase();
        String before = lastAas.put(a.id(), state);
        if (!state.equals(before)) {
            log(now, "AA " + a.name() + " " + a.state().name().toLowerCase()
                    + (a.stopReason() != null && !a.isRunning() ? " (" + a.stopReason() + ")" : ""));
        }
        for (String k : LOGGED_COUNTERS) {
            Long v = metrics.get(k);
            if (v != null) {
                logIncrease(now, a.id() + "/" + k, a.name() + ": " + k, v);
            }
        }
        // the EE's own counters for this AA: handler failures and packets its full queue lost
        logIncrease(now, a.id() + "/errors", a.name() + ": handler errors", a.counters().errors);
        logIncrease(now, a.id() + "/queueDrops", a.name() + ": queue drops", a.counters().queueDrops);
    }

    private void logIncrease(long now, String key, String label, long v) {
        Long was = lastCounters.put(key, v);
        long delta = v - (was == null ? 0 : was);
        if (delta > 0) {
            log(now, label + (delta > 1 ? " +" + delta : "") + " (total " + v + ")");
        }
    }

    private List<NeighbourReport> neighbours(long now) {
        List<NeighbourReport> list = neighbours.get();
        for (NeighbourReport n : list) {
            String link = String.valueOf(n.link());
            String state = String.valueOf(n.state());
            String was = lastNeighbours.put(link, state);
            if (!state.equals(was) && (was != null || state.equals("up"))) {
                log(now, "neighbour " + (n.who() == null ? "?" : n.who()) + " on " + link + " " + state);
            }
        }
        return list;
    }

    private void routes(long now) {
        for (Map.Entry<VAddr, String> e : names.entrySet()) {
            if (e.getKey().equals(node.address())) {
                continue;
            }
            Route r = node.routes().lookup(e.getKey());
            String via = r == null ? null : names.getOrDefault(r.nextHop(), String.valueOf(r.nextHop()));
            String before = lastHops.get(e.getValue());
            boolean known = lastHops.containsKey(e.getValue());
            if (!known || (via == null ? before != null : !via.equals(before))) {
                lastHops.put(e.getValue(), via);
                if (known || via != null) {
                    log(now, via == null ? "no route to " + e.getValue()
                            : "route to " + e.getValue() + " via " + via + (before == null ? "" : " (was " + before + ")"));
                }
            }
        }
    }

    private void log(long now, String what) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", seconds(now));
        m.put("node", node.name());
        m.put("event", what);
        out.accept("log", m);
    }

    static double seconds(long nanos) {
        return round(nanos / 1e9, 1e6);
    }

    private static double round(double v, double scale) {
        return Math.round(v * scale) / scale;
    }
}
