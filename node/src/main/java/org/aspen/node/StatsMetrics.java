package org.aspen.node;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpDrop;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.packet.DropReason;

/**
 * Turns a node's {@code stats} map (the control endpoint's reply, docs/real-runtime.md; its {@code counters} a
 * {@link NodeCounts}, its {@code links} {@link LinkReport}s, read by their accessors) into
 * Prometheus metric families at scrape time. Names follow Prometheus' conventions: an {@code aspen_}
 * prefix, counters end in {@code _total}, times in seconds, sizes in bytes, rates in bytes per
 * second; what a counter counts is in its name ({@code _packets}, {@code _datagrams}, ...), and
 * causes and states are labels ({@code reason}, {@code state}). docs/deploying.md lists them.
 *
 * <pre>{@code
 * registry.register(new StatsMetrics(() -> controlServer.stats()));   // the supplier runs at each scrape
 * }</pre>
 */
final class StatsMetrics implements MultiCollector {
    private final Supplier<Map<String, Object>> stats;

    StatsMetrics(Supplier<Map<String, Object>> stats) {
        this.stats = stats;
    }

    @Override
    public MetricSnapshots collect() {
        Families f = new Families();
        Map<String, Object> s = stats.get();
        Map<String, Object> build = s.containsKey("build") ? map(s.get("build")) : BuildInfo.current().toMap();
        f.gauge("aspen_build_info", "The Aspen version and git commit this node runs (always 1).",
                Labels.of("version", str(build.get("version")), "commit", str(build.get("commit"))), 1);
        f.gauge("aspen_node_info", "The node's name and VNet address (always 1).",
                Labels.of("node", str(s.get("node")), "address", str(s.get("address"))), 1);
        f.gauge("aspen_node_uptime_seconds", "Network time since the node's runtime started.", Labels.EMPTY,
                num(s.get("nowNanos")) / 1e9);
        if (s.get("counters") instanceof NodeCounts c) {
            node(f, c);
        }
        Map<String, Boolean> neighbourUp = new LinkedHashMap<>();
        for (Object o : list(s.get("neighbours"))) {
            Map<String, Object> n = map(o);
            neighbourUp.put(str(n.get("link")), "up".equals(n.get("state")));
        }
        for (Object o : list(s.get("links"))) {
            if (o instanceof LinkReport l) {
                link(f, l, neighbourUp);
            }
        }
        control(f, map(s.get("control")));
        f.gauge("aspen_routing_table_routes", "Routes in the node's forwarding table now (static, connected and dynamic).",
                Labels.EMPTY, num(map(s.get("routeTable")).get("size")));
        udp(f, map(s.get("udp")));
        auth(f, map(s.get("auth")));
        ee(f, map(s.get("ee")));
        rdp(f, map(s.get("rdp")));
        return f.snapshots();
    }

    private static void node(Families f, NodeCounts c) {
        f.counter("aspen_node_received_packets", "Packets the node received.", Labels.EMPTY, c.received());
        f.counter("aspen_node_forwarded_packets", "Packets the node forwarded.", Labels.EMPTY, c.forwarded());
        f.counter("aspen_node_delivered_packets", "Packets the node delivered.", Labels.EMPTY, c.delivered());
        f.counter("aspen_node_originated_packets", "Packets the node originated.", Labels.EMPTY, c.originated());
        f.counter("aspen_node_intercepted_packets", "Packets the node intercepted.", Labels.EMPTY, c.intercepted());
        f.counter("aspen_node_reinjected_packets", "Packets the node reinjected.", Labels.EMPTY, c.reinjected());
        for (DropReason r : DropReason.values()) {   // every reason from the start, 0 until it happens
            f.counter("aspen_node_dropped_packets", "Packets the node dropped, by reason (docs/wire-format.md).",
                    Labels.of("reason", r.label), c.drops().getOrDefault(r.label, 0L));
        }
    }

    /** The reasons a link counts its drops under (its queue's and its wire's), each shown from the start. */
    static final List<String> LINK_DROP_REASONS = List.of(DropReason.QUEUE_OVERFLOW.label, DropReason.QUEUE_EARLY.label,
            DropReason.QUEUE_FORCED.label, DropReason.LINK_DOWN.label, DropReason.LINK_CUT.label, DropReason.HANDLER_ERROR.label);

    private static void link(Families f, LinkReport l, Map<String, Boolean> neighbourUp) {
        String peer = l.peer() == null ? "" : l.peer();
        Labels id = Labels.of("link", l.name(), "peer", peer);
        LinkReport.Config cfg = l.config();
        Map<String, Object> q = l.discipline();
        LinkCounts c = l.counters();
        f.gauge("aspen_link_up", "1 while the link is up (not cut and not administratively down).", id, l.up() ? 1 : 0);
        f.gauge("aspen_link_neighbour_up", "1 while the neighbour on the link answers (link-state routing: hellos heard both ways"
                + " within the dead interval; static routing: the link is up).", id,
                neighbourUp.getOrDefault(l.name(), l.up()) && l.up() ? 1 : 0);
        f.gauge("aspen_link_bandwidth_bytes_per_second", "The link's configured rate (0: unlimited).", id,
                cfg.bandwidthBps() / 8.0);
        f.gauge("aspen_link_delay_seconds", "The link's configured propagation delay.", id, cfg.delayNanos() / 1e9);
        f.gauge("aspen_link_queue_info", "The output queue's discipline (always 1).",
                Labels.of("link", l.name(), "peer", peer, "kind", str(q.get("kind"))), 1);
        double[] limit = queueLimit(str(q.get("limit")));
        f.gauge("aspen_link_queue_limit_packets", "The output queue's limit in packets (+Inf: none).", id, limit[0]);
        f.gauge("aspen_link_queue_limit_bytes", "The output queue's limit in bytes (+Inf: none).", id, limit[1]);
        f.gauge("aspen_link_queue_packets", "Packets in the output queue now.", id, num(q.get("queuedPackets")));
        f.gauge("aspen_link_queue_bytes", "Bytes in the output queue now.", id, num(q.get("queuedBytes")));
        f.gauge("aspen_link_queue_peak_packets", "The longest the output queue has been.", id, c.peakQueue());
        f.gauge("aspen_link_queue_average_packets", "Time-averaged output queue length since the start.", id, c.averageQueue());
        f.gauge("aspen_link_utilisation_ratio", "Share of time the link transmitted since the start (0-1).", id, c.utilisation());
        f.counter("aspen_link_enqueued_packets", "Packets accepted into the output queue.", id, c.enqueued());
        f.counter("aspen_link_sent_packets", "Frames put on the wire.", id, c.sentPackets());
        f.counter("aspen_link_sent_bytes", "Frame bytes put on the wire.", id, c.sentBytes());
        f.counter("aspen_link_received_packets", "Frames taken off the wire.", id, c.receivedPackets());
        f.counter("aspen_link_received_bytes", "Frame bytes taken off the wire.", id, c.receivedBytes());
        f.counter("aspen_link_ecn_marked_packets", "Packets the queue marked ECN CE.", id, c.marked());
        Map<String, Long> drops = new LinkedHashMap<>();
        LINK_DROP_REASONS.forEach(r -> drops.put(r, 0L));
        drops.putAll(c.drops());
        drops.forEach((reason, n) -> f.counter("aspen_link_dropped_packets",
                "Packets the link dropped, by reason (queue: overflow, early, forced; link-down, link-cut, ...).",
                Labels.of("link", l.name(), "peer", peer, "reason", reason), n));
    }

    /**
     * A queue limit as {@code QueueLimit.toString()} writes it ({@code 100 packets}, {@code 64000 bytes},
     * {@code 100 packets / 64000 bytes}, {@code unlimited}): {packets, bytes}, +Inf where there is none.
     */
    static double[] queueLimit(String text) {
        double[] out = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        for (String part : text.split("/")) {
            String[] w = part.trim().split(" ");
            if (w.length == 2 && w[0].matches("\\d+")) {
                out[w[1].startsWith("packet") ? 0 : 1] = Double.parseDouble(w[0]);
            }
        }
        return out;
    }

    private static void control(Families f, Map<String, Object> c) {
        if (c.isEmpty()) {
            return;
        }
        f.counter("aspen_control_echo_replies_sent", "Echo replies this node sent.", Labels.EMPTY, num(c.get("echoRepliesSent")));
        f.counter("aspen_control_errors_sent", "Unreachable and TTL-exceeded messages sent.", Labels.EMPTY, num(c.get("errorsSent")));
        f.counter("aspen_control_errors_suppressed", "Error messages not sent (rate limit).", Labels.EMPTY,
                num(c.get("errorsSuppressed")));
        f.gauge("aspen_control_echoes_pending", "Echo requests of this node still waiting for an answer.", Labels.EMPTY,
                num(c.get("echoesPending")));
        Map<String, Object> r = map(c.get("routing"));
        {   // with static routing too, at 0: a dashboard's query finds the family either way
            f.counter("aspen_routing_hellos_sent", "Link-state hellos sent.", Labels.EMPTY, num(r.get("hellosSent")));
            f.counter("aspen_routing_lsas_sent", "Link-state adverts sent (flooded).", Labels.EMPTY, num(r.get("lsasSent")));
            f.counter("aspen_routing_lsa_retransmits", "Link-state adverts sent again for want of an ack.", Labels.EMPTY,
                    num(r.get("lsaRetransmits")));
            f.counter("aspen_routing_acks_sent", "Link-state acks sent.", Labels.EMPTY, num(r.get("acksSent")));
            f.counter("aspen_routing_spf_runs", "Shortest-path computations.", Labels.EMPTY, num(r.get("spfRuns")));
            f.counter("aspen_routing_route_changes", "Routes that changed after a computation.", Labels.EMPTY,
                    num(r.get("routeChanges")));
            f.gauge("aspen_routing_own_sequence", "Sequence number of this node's own advert.", Labels.EMPTY, num(r.get("ownSeq")));
            f.gauge("aspen_routing_database_adverts", "Adverts in the link-state database.", Labels.EMPTY,
                    num(r.get("databaseSize")));
        }
    }

    private static void udp(Families f, Map<String, Object> u) {
        if (u.isEmpty()) {
            return;
        }
        f.counter("aspen_udp_received_datagrams", "Datagrams the node's socket received.", Labels.EMPTY, num(u.get("datagramsIn")));
        f.counter("aspen_udp_received_bytes", "Bytes the node's socket received.", Labels.EMPTY, num(u.get("bytesIn")));
        f.counter("aspen_udp_sent_datagrams", "Datagrams the node's socket sent.", Labels.EMPTY, num(u.get("datagramsOut")));
        f.counter("aspen_udp_sent_bytes", "Bytes the node's socket sent.", Labels.EMPTY, num(u.get("bytesOut")));
        f.counter("aspen_udp_unknown_peer_datagrams", "Datagrams from an address that is no link's peer.", Labels.EMPTY,
                num(u.get("unknownPeer")));
        f.counter("aspen_udp_send_backlog_dropped_datagrams", "Frames dropped because the socket's send backlog was full.",
                Labels.EMPTY, num(u.get("sendBacklogDrops")));
        f.counter("aspen_udp_socket_errors", "Errors the socket reported.", Labels.EMPTY, num(u.get("socketErrors")));
    }

    private static void auth(Families f, Map<String, Object> a) {
        a.forEach((kind, v) -> {
            if (v instanceof Map<?, ?>) {
                map(v).forEach((outcome, n) -> f.counter("aspen_auth_messages",
                        "Protected control messages by kind and outcome (signed, unsignable, verified, unsigned, forged, replayed).",
                        Labels.of("kind", kind, "outcome", outcome), num(n)));
            }
        });
    }

    private static void ee(Families f, Map<String, Object> e) {
        map(e.get("ee")).forEach((k, v) -> f.counter("aspen_ee_" + snake(k),
                "Execution environment counter '" + k + "' (docs/ee.md).", Labels.EMPTY, num(v)));
        for (Object o : list(e.get("aas"))) {
            Map<String, Object> a = map(o);
            Labels aa = Labels.of("aa", str(a.get("name")), "instance", str(a.get("id")));
            f.gauge("aspen_aa_info", "An AA instance on this node, its version and state (always 1).",
                    Labels.of("aa", str(a.get("name")), "instance", str(a.get("id")), "version", str(a.get("version")),
                            "state", str(a.get("state"))), 1);
            f.gauge("aspen_aa_queued_items", "Inbound items waiting in the AA's queue.", aa, num(a.get("queued")));
            map(a.get("counters")).forEach((k, v) -> {
                switch (k) {
                    case "handlerNanos" -> f.counter("aspen_aa_handler_seconds", "Time the AA's handlers ran.", aa, num(v) / 1e9);
                    case "maxHandlerNanos" -> f.gauge("aspen_aa_handler_max_seconds",
                            "The AA's longest handler run; on a node (watchdog on), its longest turn of up to 64 queued calls.",
                            aa, num(v) / 1e9);
                    default -> f.counter("aspen_aa_" + snake(k), "AA counter '" + k + "' kept by the EE (docs/ee.md).", aa, num(v));
                }
            });
            map(a.get("metrics")).forEach((k, v) -> f.counter("aspen_aa_counter",
                    "A counter the AA keeps itself (AaCounter), by name.",
                    Labels.of("aa", str(a.get("name")), "instance", str(a.get("id")), "counter", k), num(v)));
        }
    }

    private static void rdp(Families f, Map<String, Object> r) {
        if (r.isEmpty()) {
            return;
        }
        f.counter("aspen_rdp_received_segments", "RDP segments received.", Labels.EMPTY, num(r.get("segmentsIn")));
        f.counter("aspen_rdp_sent_segments", "RDP segments sent.", Labels.EMPTY, num(r.get("segmentsOut")));
        f.counter("aspen_rdp_resets_sent", "RDP resets sent.", Labels.EMPTY, num(r.get("resetsSent")));
        f.counter("aspen_rdp_connections_opened", "RDP connections opened.", Labels.EMPTY, num(r.get("connectionsOpened")));
        f.counter("aspen_rdp_connections_refused", "RDP connection attempts refused.", Labels.EMPTY,
                num(r.get("connectionsRefused")));
        Map<String, Object> drops = new LinkedHashMap<>();
        for (RdpDrop d : RdpDrop.values()) {
            drops.put(d.name().toLowerCase().replace('_', '-'), 0L);
        }
        drops.putAll(map(r.get("drops")));
        drops.forEach((reason, n) -> f.counter("aspen_rdp_dropped_segments", "RDP segments dropped, by reason.",
                Labels.of("reason", reason), num(n)));
        Map<String, Object> states = new java.util.TreeMap<>();
        for (RdpConnection.State st : RdpConnection.State.values()) {
            states.put(st.name().toLowerCase().replace('_', '-'), 0);
        }
        states.putAll(map(r.get("connections")));
        states.forEach((state, n) -> f.gauge("aspen_rdp_connections", "RDP connections now, by state.",
                Labels.of("state", state), num(n)));
    }

    /** {@code sentPackets} -> {@code sent_packets}. */
    static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
    }

    private static double num(Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    /** Data points gathered per family name, in first-seen order. */
    private static final class Families {
        private record Point(Labels labels, double value) {
        }

        private record Family(boolean counter, String help, List<Point> points) {
        }

        private final Map<String, Family> families = new LinkedHashMap<>();

        void counter(String name, String help, Labels labels, double value) {
            add(name, true, help, labels, Math.max(0, value));
        }

        void gauge(String name, String help, Labels labels, double value) {
            add(name, false, help, labels, value);
        }

        private void add(String name, boolean counter, String help, Labels labels, double value) {
            families.computeIfAbsent(name, k -> new Family(counter, help, new ArrayList<>())).points().add(new Point(labels, value));
        }

        MetricSnapshots snapshots() {
            List<MetricSnapshot> out = new ArrayList<>();
            families.forEach((name, fam) -> {
                if (fam.counter()) {
                    CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(fam.help());
                    fam.points().forEach(p -> b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                            .labels(p.labels()).value(p.value()).build()));
                    out.add(b.build());
                } else {
                    GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(fam.help());
                    fam.points().forEach(p -> b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                            .labels(p.labels()).value(p.value()).build()));
                    out.add(b.build());
                }
            });
            return new MetricSnapshots(out);
        }
    }
}
