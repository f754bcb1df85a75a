package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.ee.AaReport;
import org.aspen.lab.report.NodeStats;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.routing.RoutingCounts;

/**
 * The few lines {@code aspen stats} prints above its full dump: which node and build, how long it
 * has run, its neighbours and routes, its packets and drops, each link, and the AAs, from the
 * node's {@code stats} reply read as the records the node wrote ({@link NodeStats}: its counters a
 * {@link NodeCounts}, its links {@link LinkReport}s, each section its producer's record). A section
 * the reply lacks (an older node, static routing) is left out.
 *
 * <pre>{@code
 * StatsSummary.lines(control.call("stats", Map.of(), timeout)).forEach(out::println);
 * }</pre>
 */
final class StatsSummary {
    private StatsSummary() {
    }

    static List<String> lines(JsonNode reply) {
        NodeStats s = NodeStats.of(reply);
        List<String> out = new ArrayList<>();
        NodeStats.Build build = s.build();
        out.add("node " + text(s.node()) + " (" + text(s.address()) + ")"
                + (build != null ? ", aspen " + text(build.version()) + " (commit " + text(build.commit()) + ")" : "")
                + ", up " + seconds(s.nowNanos() / 1e9));
        List<NeighbourReport> ns = s.neighbours();
        if (ns != null) {
            int up = 0;
            List<String> each = new ArrayList<>();
            for (NeighbourReport n : ns) {
                up += n.isUp() ? 1 : 0;
                String who = n.who() != null ? n.who() : "?";
                each.add(text(n.link()) + " " + who + " " + text(n.state())
                        + (n.lastHelloSecondsAgo() != null ? " (hello " + seconds(n.lastHelloSecondsAgo()) + " ago)" : ""));
            }
            out.add("neighbours: " + up + " of " + ns.size() + " up" + (each.isEmpty() ? "" : ": " + String.join(", ", each)));
        }
        RoutingCounts routing = s.control() == null ? null : s.control().routing();
        if (s.routeTable() != null || routing != null) {
            out.add("routes: " + (s.routeTable() == null ? 0 : s.routeTable().size()) + " in the table"
                    + (routing != null ? ", " + routing.routeChanges() + " changes since start" : ""));
        }
        NodeCounts c = s.counters() != null ? s.counters() : new NodeCounts(0, 0, 0, 0, 0, 0, Map.of());
        Map<String, Long> drops = new TreeMap<>(c.drops());
        long dropped = drops.values().stream().mapToLong(Long::longValue).sum();
        out.add("packets: " + c.received() + " received, " + c.forwarded() + " forwarded, "
                + c.delivered() + " delivered, " + c.originated() + " originated; "
                + dropped + " dropped" + (drops.isEmpty() ? "" : " " + drops));
        for (LinkReport l : s.links()) {
            LinkCounts lc = l.counters() == null ? new LinkCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of()) : l.counters();
            long linkDrops = lc.drops().values().stream().mapToLong(Long::longValue).sum();
            long bps = l.config() == null ? 0 : l.config().bandwidthBps();
            out.add("link " + l.name() + " -> " + (l.peer() == null ? "?" : l.peer()) + ": " + (l.up() ? "up" : "DOWN")
                    + ", " + (bps == 0 ? "unlimited" : rate(bps)) + ", sent " + lc.sentPackets() + ", received "
                    + lc.receivedPackets() + " packets, queue " + l.queuedPackets()
                    + " (peak " + lc.peakQueue() + "), " + linkDrops + " dropped");
        }
        if (s.ee() != null) {
            List<AaReport> aas = s.ee().aas();
            Map<String, Integer> byState = new TreeMap<>();
            List<String> names = new ArrayList<>();
            for (AaReport a : aas) {
                byState.merge(text(a.state()), 1, Integer::sum);
                names.add(text(a.name()));
            }
            out.add("AAs: " + (aas.isEmpty() ? "none" : aas.size() + " " + byState + " (" + String.join(", ", names) + ")"));
        }
        return out;
    }

    /** A text field as the summary shows it: empty when the reply lacks it. */
    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String seconds(double s) {
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%.1f h", s / 3600);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%.1f min", s / 60);
        }
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    private static String rate(long bps) {
        if (bps % 1_000_000_000L == 0) {
            return bps / 1_000_000_000L + " Gbit/s";
        }
        if (bps % 1_000_000L == 0) {
            return bps / 1_000_000L + " Mbit/s";
        }
        return bps % 1000 == 0 ? bps / 1000 + " kbit/s" : bps + " bit/s";
    }
}
