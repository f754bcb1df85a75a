package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The few lines {@code aspen stats} prints above its full dump: which node and build, how long it
 * has run, its neighbours and routes, its packets and drops, each link, and the AAs, from the
 * node's {@code stats} reply. A section the reply lacks (an older node, static routing) is left out.
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
        JsonNode c = s.path("counters");
        Map<String, Long> drops = new TreeMap<>();
        c.path("drops").fields().forEachRemaining(e -> drops.put(e.getKey(), e.getValue().asLong()));
        long dropped = drops.values().stream().mapToLong(Long::longValue).sum();
        out.add("packets: " + c.path("received").asLong() + " received, " + c.path("forwarded").asLong() + " forwarded, "
                + c.path("delivered").asLong() + " delivered, " + c.path("originated").asLong() + " originated; "
                + dropped + " dropped" + (drops.isEmpty() ? "" : " " + drops));
        for (JsonNode l : s.path("links")) {
            JsonNode lc = l.path("counters");
            long linkDrops = 0;
            for (JsonNode d : lc.path("drops")) {
                linkDrops += d.asLong();
            }
            long bps = l.path("config").path("bandwidthBps").asLong();
            out.add("link " + l.path("name").asText() + " -> " + l.path("peer").asText("?") + ": " + (l.path("up").asBoolean() ? "up" : "DOWN")
                    + ", " + (bps == 0 ? "unlimited" : rate(bps)) + ", sent " + lc.path("sentPackets").asLong() + ", received "
                    + lc.path("receivedPackets").asLong() + " packets, queue " + l.path("discipline").path("queuedPackets").asLong()
                    + " (peak " + lc.path("peakQueue").asLong() + "), " + linkDrops + " dropped");
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
