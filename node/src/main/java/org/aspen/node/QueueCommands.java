package org.aspen.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.lab.scenario.QueueSpecs;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.node.Node;

/**
 * A node's queue-discipline commands, used by {@code aspen qdisc}:
 * {@code qdisc.set {link, kind, params, buffer}} replaces a link's discipline at run time (queued
 * packets move over; counters stay), and {@code qdisc.show {link}} describes one link's or every
 * link's discipline with its live state.
 */
final class QueueCommands {
    private static final ObjectMapper JSON = new ObjectMapper();

    private QueueCommands() {
    }

    static void register(ControlServer control, Node node) {
        control.register("qdisc.set", (args, reply) -> {
            Link l = link(node, args.path("link").asText(null));
            QueueLimit limit = args.hasNonNull("buffer") ? QueueSpecs.bufferLimit(value(args.get("buffer")))
                    : l.config().limit();
            Map<String, Object> q = new LinkedHashMap<>();
            if (args.has("params") && args.get("params").isObject()) {
                q.putAll(JSON.convertValue(args.get("params"), Map.class));
            }
            q.put("kind", args.path("kind").asText(""));
            QueueDiscipline d = QueueSpecs.discipline(q, limit);
            l.setDiscipline(d);
            reply.done(Map.of("link", l.name(), "discipline", d.describe()));
        });
        control.register("qdisc.show", (args, reply) -> {
            Map<String, Object> out = new LinkedHashMap<>();
            String name = args.path("link").asText(null);
            for (Link l : node.links()) {
                if (name == null || l.name().equals(name)) {
                    Map<String, Object> m = new LinkedHashMap<>(l.discipline().describe());
                    m.put("packets", l.discipline().packets());
                    m.put("bytes", l.discipline().bytes());
                    m.put("counters", l.counters().counts(node.scheduler().nanos()));
                    out.put(l.name(), m);
                }
            }
            if (out.isEmpty()) {
                link(node, name);
            }
            reply.done(out);
        });
    }

    private static Object value(JsonNode n) {
        return n.isNumber() ? (Object) n.asLong() : n.asText();
    }

    private static Link link(Node node, String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("missing 'link'");
        }
        Link l = node.link(name);
        if (l == null) {
            throw new IllegalArgumentException("node " + node.name() + " has no link '" + name + "' (links: "
                    + String.join(", ", node.links().stream().map(Link::name).toList()) + ")");
        }
        return l;
    }
}
