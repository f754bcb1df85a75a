package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.node.NodeCounts;

/**
 * The few lines {@code aspen stats} prints above its full dump: which node and build, how long it
 * has run, its neighbours and routes, its packets and drops, each link, and the AAs, from the
 * node's {@code stats} reply, its counters and links read as the records the node wrote
 * ({@link NodeCounts}, {@link LinkReport}). A section the reply lacks (an older node, static
 * routing) is left out.
 *
 * <pre>{@code
 * StatsSummary.lines(control.call("stats", Map.of(), timeout)).forEach(out::println);
 * }</pre>
 */
final class StatsSummary {
    private StatsSummary() {
    }

    static List<String> lines(JsonNode s) {
        List<String> out = new ArrayList<>();
        JsonNode build = s.path("build");
        out.add("node " + s.path("node").asText() + " (" + s.path("address").asText() + ")"
                + (build.isObject() ? ", aspen " + build.path("version").asText() + " (commit " + build.path("commit").asText() + ")" : "")
                + ", up " + seconds(s.path("nowNanos").asLong() / 1e9));
        JsonNode ns = s.path("neighbours");
        if (ns.isArray()) {
            int up = 0;
            List<String> each = new ArrayList<>();
            for (JsonNode n : ns) {
                up += n.path("state").asText().equals("up") ? 1 : 0;
                String who = n.path("name").isTextual() ? n.path("name").asText() : n.path("address").asText("?");
                each.add(n.path("link").asText() + " " + who + " " + n.path("state").asText()
                        + (n.path("lastHelloSecondsAgo").isNumber() ? " (hello " + seconds(n.path("lastHelloSecondsAgo").asDouble()) + " ago)" : ""));
            }
            out.add("neighbours: " + up + " of " + ns.size() + " up" + (each.isEmpty() ? "" : ": " + String.join(", ", each)));
        }
        JsonNode routing = s.path("control").path("routing");
        if (s.path("routeTable").isObject() || routing.isObject()) {
            out.add("routes: " + s.path("routeTable").path("size").asInt() + " in the table"
                    + (routing.isObject() ? ", " + routing.path("routeChanges").asLong() + " changes since start" : ""));
        }
        NodeCounts c = s.path("counters").isObject() ? read(s.path("counters"), NodeCounts.class)
                : new NodeCounts(0, 0, 0, 0, 0, 0, Map.of());
        Map<String, Long> drops = new TreeMap<>(c.drops());
        long dropped = drops.values().stream().mapToLong(Long::longValue).sum();
        out.add("packets: " + c.received() + " received, " + c.forwarded() + " forwarded, "
                + c.delivered() + " delivered, " + c.originated() + " originated; "
                + dropped + " dropped" + (drops.isEmpty() ? "" : " " + drops));
        for (JsonNode node : s.path("links")) {
            LinkReport l = read(node, LinkReport.class);
            LinkCounts lc = l.counters() == null ? new LinkCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of()) : l.counters();
            long linkDrops = lc.drops().values().stream().mapToLong(Long::longValue).sum();
            long bps = l.config() == null ? 0 : l.config().bandwidthBps();
            out.add("link " + l.name() + " -> " + (l.peer() == null ? "?" : l.peer()) + ": " + (l.up() ? "up" : "DOWN")
                    + ", " + (bps == 0 ? "unlimited" : rate(bps)) + ", sent " + lc.sentPackets() + ", received "
                    + lc.receivedPackets() + " packets, queue " + queued(l.discipline().get("queuedPackets"))
                    + " (peak " + lc.peakQueue() + "), " + linkDrops + " dropped");
        }
        JsonNode aas = s.path("ee").path("aas");
        if (aas.isArray()) {
            Map<String, Integer> byState = new TreeMap<>();
            List<String> names = new ArrayList<>();
            for (JsonNode a : aas) {
                byState.merge(a.path("state").asText(), 1, Integer::sum);
                names.add(a.path("name").asText());
            }
            out.add("AAs: " + (aas.isEmpty() ? "none" : aas.size() + " " + byState + " (" + String.join(", ", names) + ")"));
        }
        return out;
    }

    private static <T> T read(JsonNode n, Class<T> type) {
        try {
            return ReportJson.MAPPER.treeToValue(n, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("the node's stats reply has a malformed " + type.getSimpleName() + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    private static long queued(Object n) {
        return n instanceof Number x ? x.longValue() : 0;
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
