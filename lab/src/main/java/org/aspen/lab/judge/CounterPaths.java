package org.aspen.lab.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;

/**
 * A node's counters flattened to the paths {@code counter} expectations name (docs/scenarios.md):
 * {@code received}, {@code drops.no-route}, {@code link.a-b.sentPackets},
 * {@code link.a-b.discipline.aecn_cleared}, {@code auth.routing.verified}, {@code aa.NAME.packets},
 * {@code aa.NAME.metrics.METRIC}; from a live node in one process, or from a node process's
 * {@code stats} reply (which adds {@code control.*} and {@code udp.*}).
 *
 * <pre>{@code
 * Map<String, Object> flat = CounterPaths.of(statsReply);
 * flat.get("link.a-b.drops.overflow");
 * }</pre>
 */
public final class CounterPaths {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CounterPaths() {
    }

    /** A node of this process at {@code nowNanos}, with its execution environment (null: none). */
    public static Map<String, Object> of(Node n, long nowNanos, ExecutionEnvironment ee) {
        Map<String, Object> flat = new LinkedHashMap<>();
        flatten("", (JsonNode) JSON.valueToTree(n.counters().counts()), flat);
        for (Link l : n.links()) {
            flatten("link." + l.name() + ".", (JsonNode) JSON.valueToTree(l.counters().counts(nowNanos)), flat);
            // the discipline's own state and counters (docs/queues.md), e.g. link.r-b.discipline.aecn_cleared
            flatten("link." + l.name() + ".discipline.", l.discipline().describe(), flat);
        }
        if (n.auth() instanceof NodeAuth auth) {
            flatten("auth.", (JsonNode) JSON.valueToTree(auth.counts()), flat);   // auth.<kind>.verified|unsigned|forged|replayed|...
        }
        if (ee != null) {
            for (var aa : ee.instances()) {
                // the newest instance of a name wins, so 'aa.<name>.' means the version running last
                flatten("aa." + aa.name() + ".", (JsonNode) JSON.valueToTree(aa.counters().counts()), flat);
                flatten("aa." + aa.name() + ".metrics.", new LinkedHashMap<>(aa.metrics()), flat);
            }
        }
        return flat;
    }

    /** A node process's {@code stats} reply (null: an empty map). */
    public static Map<String, Object> of(JsonNode stats) {
        Map<String, Object> flat = new LinkedHashMap<>();
        if (stats == null) {
            return flat;
        }
        flatten("", stats.path("counters"), flat);
        flatten("auth.", stats.path("auth"), flat);
        flatten("control.", stats.path("control"), flat);
        flatten("udp.", stats.path("udp"), flat);
        for (JsonNode l : stats.path("links")) {
            flatten("link." + l.path("name").asText() + ".", l.path("counters"), flat);
            flatten("link." + l.path("name").asText() + ".discipline.", l.path("discipline"), flat);
        }
        for (JsonNode aa : stats.path("ee").path("aas")) {
            String name = aa.path("name").asText();
            flatten("aa." + name + ".", aa.path("counters"), flat);
            flatten("aa." + name + ".metrics.", aa.path("metrics"), flat);
        }
        return flat;
    }

    /** Nested maps to dotted keys under {@code prefix}. */
    @SuppressWarnings("unchecked")
    public static void flatten(String prefix, Map<String, Object> m, Map<String, Object> out) {
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> sub) {
                flatten(prefix + e.getKey() + ".", (Map<String, Object>) sub, out);
            } else {
                out.put(prefix + e.getKey(), e.getValue());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, JsonNode n, Map<String, Object> out) {
        if (n.isObject()) {
            flatten(prefix, JSON.convertValue(n, Map.class), out);
        }
    }
}
