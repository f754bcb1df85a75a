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
import org.aspen.ee.AaCounts;
import org.aspen.ee.AaReport;
import org.aspen.ee.EeCounts;
import org.aspen.ee.EeReport;
import org.aspen.lab.report.NodeStats;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpDrop;
import org.aspen.rdp.RdpStackReport;
import org.aspen.vnet.auth.AuthCounts;
import org.aspen.vnet.control.ControlCounts;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.routing.RoutingCounts;
import org.aspen.vnet.udp.UdpCounts;

/**
 * Turns a node's {@code stats} map (the control endpoint's reply, docs/real-runtime.md), read as the record
 * {@link NodeStats} (its {@code counters} a {@link NodeCounts}, its {@code links} {@link LinkReport}s, each
 * section its producer's record, read by their accessors), into
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
        NodeStats s = NodeStats.of(stats.get());
        BuildInfo here = BuildInfo.current();
        NodeStats.Build build = s.build() != null ? s.build() : new NodeStats.Build(here.version(), here.commit());
        f.gauge("aspen_build_info", "The Aspen version and git commit this node runs (always 1).",
                Labels.of("version", str(build.version()), "commit", str(build.commit())), 1);
        f.gauge("aspen_node_info", "The node's name and VNet address (always 1).",
                Labels.of("node", str(s.node()), "address", str(s.address())), 1);
        f.gauge("aspen_node_uptime_seconds", "Network time since the node's runtime started.", Labels.EMPTY,
                s.nowNanos() / 1e9);
        if (s.counters() != null) {
            node(f, s.counters());
        }
        Map<String, Boolean> neighbourUp = new LinkedHashMap<>();
        for (NeighbourReport n : s.neighbours() == null ? List.<NeighbourReport>of() : s.neighbours()) {
            neighbourUp.put(str(n.link()), n.isUp());
        }
        for (LinkReport l : s.links()) {
            link(f, l, neighbourUp);
        }
        control(f, s.control());
        f.gauge("aspen_routing_table_routes", "Routes in the node's forwarding table now (static, connected and dynamic).",
                Labels.EMPTY, s.routeTable() == null ? 0 : s.routeTable().size());
        udp(f, s.udp());
        auth(f, s.auth());
        ee(f, s.ee());
        rdp(f, s.rdp());
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
        LinkCounts c = l.counters();
        f.gauge("aspen_link_up", "1 while the link is up (not cut and not administratively down).", id, l.up() ? 1 : 0);
        f.gauge("aspen_link_neighbour_up", "1 while the neighbour on the link answers (link-state routing: hellos heard both ways"
                + " within the dead interval; static routing: the link is up).", id,
                neighbourUp.getOrDefault(l.name(), l.up()) && l.up() ? 1 : 0);
        f.gauge("aspen_link_bandwidth_bytes_per_second", "The link's configured rate (0: unlimited).", id,
                cfg.bandwidthBps() / 8.0);
        f.gauge("aspen_link_delay_seconds", "The link's configured propagation delay.", id, cfg.delayNanos() / 1e9);
        f.gauge("aspen_link_queue_info", "The output queue's discipline (always 1).",
                Labels.of("link", l.name(), "peer", peer, "kind", str(l.queueKind())), 1);
        double[] limit = queueLimit(str(l.queueLimit()));
        f.gauge("aspen_link_queue_limit_packets", "The output queue's limit in packets (+Inf: none).", id, limit[0]);
        f.gauge("aspen_link_queue_limit_bytes", "The output queue's limit in bytes (+Inf: none).", id, limit[1]);
        f.gauge("aspen_link_queue_packets", "Packets in the output queue now.", id, l.queuedPackets());
        f.gauge("aspen_link_queue_bytes", "Bytes in the output queue now.", id, l.queuedBytes());
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

    private static void control(Families f, ControlCounts c) {
        if (c == null) {
            return;
        }
        f.counter("aspen_control_echo_replies_sent", "Echo replies this node sent.", Labels.EMPTY, c.echoRepliesSent());
        f.counter("aspen_control_errors_sent", "Unreachable and TTL-exceeded messages sent.", Labels.EMPTY, c.errorsSent());
        f.counter("aspen_control_errors_suppressed", "Error messages not sent (rate limit).", Labels.EMPTY,
                c.errorsSuppressed());
        f.gauge("aspen_control_echoes_pending", "Echo requests of this node still waiting for an answer.", Labels.EMPTY,
                c.echoesPending());
        RoutingCounts r = c.routing() != null ? c.routing() : new RoutingCounts(0, 0, 0, 0, 0, 0, 0, 0);
        {   // with static routing too, at 0: a dashboard's query finds the family either way
            f.counter("aspen_routing_hellos_sent", "Link-state hellos sent.", Labels.EMPTY, r.hellosSent());
            f.counter("aspen_routing_lsas_sent", "Link-state adverts sent (flooded).", Labels.EMPTY, r.lsasSent());
            f.counter("aspen_routing_lsa_retransmits", "Link-state adverts sent again for want of an ack.", Labels.EMPTY,
                    r.lsaRetransmits());
            f.counter("aspen_routing_acks_sent", "Link-state acks sent.", Labels.EMPTY, r.acksSent());
            f.counter("aspen_routing_spf_runs", "Shortest-path computations.", Labels.EMPTY, r.spfRuns());
            f.counter("aspen_routing_route_changes", "Routes that changed after a computation.", Labels.EMPTY,
                    r.routeChanges());
            f.gauge("aspen_routing_own_sequence", "Sequence number of this node's own advert.", Labels.EMPTY, r.ownSeq());
            f.gauge("aspen_routing_database_adverts", "Adverts in the link-state database.", Labels.EMPTY,
                    r.databaseSize());
        }
    }

    private static void udp(Families f, UdpCounts u) {
        if (u == null) {
            return;
        }
        f.counter("aspen_udp_received_datagrams", "Datagrams the node's socket received.", Labels.EMPTY, u.datagramsIn());
        f.counter("aspen_udp_received_bytes", "Bytes the node's socket received.", Labels.EMPTY, u.bytesIn());
        f.counter("aspen_udp_sent_datagrams", "Datagrams the node's socket sent.", Labels.EMPTY, u.datagramsOut());
        f.counter("aspen_udp_sent_bytes", "Bytes the node's socket sent.", Labels.EMPTY, u.bytesOut());
        f.counter("aspen_udp_unknown_peer_datagrams", "Datagrams from an address that is no link's peer.", Labels.EMPTY,
                u.unknownPeer());
        f.counter("aspen_udp_send_backlog_dropped_datagrams", "Frames dropped because the socket's send backlog was full.",
                Labels.EMPTY, u.sendBacklogDrops());
        f.counter("aspen_udp_socket_errors", "Errors the socket reported.", Labels.EMPTY, u.socketErrors());
    }

    private static void auth(Families f, AuthCounts a) {
        if (a == null) {
            return;
        }
        a.kinds().forEach((kind, k) -> {
            authCounter(f, kind, "signed", k.signed());
            authCounter(f, kind, "unsignable", k.unsignable());
            authCounter(f, kind, "verified", k.verified());
            authCounter(f, kind, "unsigned", k.unsigned());
            authCounter(f, kind, "forged", k.forged());
            authCounter(f, kind, "replayed", k.replayed());
        });
    }

    private static void authCounter(Families f, String kind, String outcome, long n) {
        f.counter("aspen_auth_messages",
                "Protected control messages by kind and outcome (signed, unsignable, verified, unsigned, forged, replayed).",
                Labels.of("kind", kind, "outcome", outcome), n);
    }

    private static void ee(Families f, EeReport e) {
        if (e == null) {
            return;
        }
        EeCounts c = e.ee();
        if (c != null) {
            eeCounter(f, "started", c.started());
            eeCounter(f, "stopped", c.stopped());
            eeCounter(f, "refused", c.refused());
            eeCounter(f, "fetches", c.fetches());
            eeCounter(f, "fetchFailures", c.fetchFailures());
            eeCounter(f, "digestMismatches", c.digestMismatches());
            eeCounter(f, "pendingDrops", c.pendingDrops());
            eeCounter(f, "undeliverableMessages", c.undeliverableMessages());
            eeCounter(f, "remoteRefusals", c.remoteRefusals());
            eeCounter(f, "overruns", c.overruns());
        }
        for (AaReport a : e.aas()) {
            Labels aa = Labels.of("aa", str(a.name()), "instance", str(a.id()));
            f.gauge("aspen_aa_info", "An AA instance on this node, its version and state (always 1).",
                    Labels.of("aa", str(a.name()), "instance", str(a.id()), "version", str(a.version()),
                            "state", str(a.state())), 1);
            f.gauge("aspen_aa_queued_items", "Inbound items waiting in the AA's queue.", aa, a.queued());
            AaCounts k = a.counters();
            if (k != null) {
                aaCounter(f, aa, "packets", k.packets());
                aaCounter(f, aa, "bytes", k.bytes());
                aaCounter(f, aa, "messages", k.messages());
                aaCounter(f, aa, "congestionEvents", k.congestionEvents());
                aaCounter(f, aa, "timers", k.timers());
                aaCounter(f, aa, "reinjected", k.reinjected());
                aaCounter(f, aa, "dropped", k.dropped());
                aaCounter(f, aa, "released", k.released());
                aaCounter(f, aa, "sent", k.sent());
                aaCounter(f, aa, "errors", k.errors());
                aaCounter(f, aa, "queueDrops", k.queueDrops());
                aaCounter(f, aa, "overruns", k.overruns());
                f.counter("aspen_aa_handler_seconds", "Time the AA's handlers ran.", aa, k.handlerNanos() / 1e9);
                f.gauge("aspen_aa_handler_max_seconds",
                        "The AA's longest handler run; on a node (watchdog on), its longest turn of up to 64 queued calls.",
                        aa, k.maxHandlerNanos() / 1e9);
            }
            a.metrics().forEach((name, v) -> f.counter("aspen_aa_counter",
                    "A counter the AA keeps itself (AaCounter), by name.",
                    Labels.of("aa", str(a.name()), "instance", str(a.id()), "counter", name), v));
        }
    }

    private static void eeCounter(Families f, String name, long n) {
        f.counter("aspen_ee_" + snake(name), "Execution environment counter '" + name + "' (docs/ee.md).", Labels.EMPTY, n);
    }

    private static void aaCounter(Families f, Labels aa, String name, long n) {
        f.counter("aspen_aa_" + snake(name), "AA counter '" + name + "' kept by the EE (docs/ee.md).", aa, n);
    }

    private static void rdp(Families f, RdpStackReport r) {
        if (r == null) {
            return;
        }
        f.counter("aspen_rdp_received_segments", "RDP segments received.", Labels.EMPTY, r.segmentsIn());
        f.counter("aspen_rdp_sent_segments", "RDP segments sent.", Labels.EMPTY, r.segmentsOut());
        f.counter("aspen_rdp_resets_sent", "RDP resets sent.", Labels.EMPTY, r.resetsSent());
        f.counter("aspen_rdp_connections_opened", "RDP connections opened.", Labels.EMPTY, r.connectionsOpened());
        f.counter("aspen_rdp_connections_refused", "RDP connection attempts refused.", Labels.EMPTY,
                r.connectionsRefused());
        Map<String, Long> drops = new LinkedHashMap<>();
        for (RdpDrop d : RdpDrop.values()) {
            drops.put(RdpStackReport.label(d), 0L);
        }
        drops.putAll(r.drops());
        drops.forEach((reason, n) -> f.counter("aspen_rdp_dropped_segments", "RDP segments dropped, by reason.",
                Labels.of("reason", reason), n));
        Map<String, Integer> states = new java.util.TreeMap<>();
        for (RdpConnection.State st : RdpConnection.State.values()) {
            states.put(RdpStackReport.label(st), 0);
        }
        states.putAll(r.connections());
        states.forEach((state, n) -> f.gauge("aspen_rdp_connections", "RDP connections now, by state.",
                Labels.of("state", state), n));
    }

    /** {@code sentPackets} -> {@code sent_packets}. */
    static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
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
