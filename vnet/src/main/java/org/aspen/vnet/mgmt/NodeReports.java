package org.aspen.vnet.mgmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;

/**
 * Plain-map views of a node for the control endpoint and for reports (JSON-ready, stable key order).
 * Call on the node's loop.
 *
 * <pre>{@code
 * Map<String, Object> s = NodeReports.stats(node, Map.of());
 * List<Map<String, Object>> r = NodeReports.routes(node);
 * }</pre>
 */
public final class NodeReports {
    private NodeReports() {
    }

    /** Node counters, every link ({@link LinkReport}) and any extra sections. */
    public static Map<String, Object> stats(Node node, Map<String, Supplier<?>> sections) {
        long now = node.scheduler().nanos();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("node", node.name());
        m.put("address", node.address().toString());
        m.put("nowNanos", now);
        m.put("counters", node.counters().counts());
        new TreeMap<>(sections).forEach((k, v) -> m.put(k, v.get()));
        List<LinkReport> links = new ArrayList<>();
        for (Link l : node.links()) {
            links.add(LinkReport.of(l, now));
        }
        m.put("links", links);
        return m;
    }

    /** The forwarding table in its stable order. */
    public static List<Map<String, Object>> routes(Node node) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Route r : node.routes().all()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("destination", r.prefix() + "/" + r.length());
            m.put("nextHop", r.nextHop().toString());
            m.put("link", r.link().name());
            m.put("metric", r.metric());
            m.put("origin", r.origin().name().toLowerCase());
            m.put("linkUp", r.link().isUp());
            out.add(m);
        }
        return out;
    }
}
