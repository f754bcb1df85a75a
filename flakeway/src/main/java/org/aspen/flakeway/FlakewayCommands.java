package org.aspen.flakeway;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.node.Node;

/**
 * The flakeway's control commands on a node's control endpoint, behind {@code aspen flakeway
 * set|clear|show}. The node's flakeway is created by the first {@code set}.
 *
 * <pre>{@code
 * FlakewayCommands.register(server, ee);      // the flakeway AA in the node's EE
 * FlakewayCommands.register(server, node);    // or the node-level interceptor, on a node without an EE
 * // {"cmd":"flakeway.set","args":{"rule":"name wan; match dst=10.0.0.3; delay 20ms"}}  -> {"name":"wan","spec":"..."}
 * // {"cmd":"flakeway.set","args":{"rule":{"name":"wan","delay":"20ms"}}}                 (the scenario map form)
 * // {"cmd":"flakeway.clear","args":{"name":"wan"}} or {} for every rule                 -> {"cleared":1}
 * // {"cmd":"flakeway.show"}                                                              -> {"via":"aa","rules":{...}}
 * }</pre>
 *
 * A bad rule, or clearing a rule that does not exist, is a one-line error reply.
 */
public final class FlakewayCommands {
    public static final String SET = "flakeway.set";
    public static final String CLEAR = "flakeway.clear";
    public static final String SHOW = "flakeway.show";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Supplier<FlakewayControl> existing;
    private final Supplier<FlakewayControl> create;
    private final String via;

    private FlakewayCommands(Supplier<FlakewayControl> existing, Supplier<FlakewayControl> create, String via) {
        this.existing = existing;
        this.create = create;
        this.via = via;
    }

    /** Commands driving the flakeway AA on {@code ee} (started by the first {@code set}). */
    public static void register(ControlServer server, ExecutionEnvironment ee) {
        of(ee).registerWith(server);
    }

    static FlakewayCommands of(ExecutionEnvironment ee) {
        return new FlakewayCommands(() -> FlakewayAas.find(ee), () -> FlakewayAas.start(ee, java.util.List.of()), "aa");
    }

    /** Commands driving a {@link FlakewayInterceptor} on {@code node} (installed by the first {@code set}). */
    public static void register(ControlServer server, Node node) {
        FlakewayInterceptor[] installed = new FlakewayInterceptor[1];
        new FlakewayCommands(() -> installed[0], () -> installed[0] = FlakewayInterceptor.install(node), "node")
                .registerWith(server);
    }

    private void registerWith(ControlServer server) {
        server.register(SET, (args, reply) -> reply.done(set(args)));
        server.register(CLEAR, (args, reply) -> reply.done(clear(args)));
        server.register(SHOW, (args, reply) -> reply.done(show()));
    }

    Map<String, Object> set(JsonNode args) {
        JsonNode rule = args.path("rule");
        RuleSpec r;
        if (rule.isTextual()) {
            r = RuleSpecs.parse(rule.asText());
        } else if (rule.isObject()) {
            r = RuleSpecs.fromMap(JSON.convertValue(rule, new TypeReference<Map<String, Object>>() { }));
        } else {
            throw new IllegalArgumentException(SET + " needs \"rule\": the compact text (\"name wan; delay 20ms\") or an object");
        }
        FlakewayControl fw = existing.get();
        (fw != null ? fw : create.get()).set(r);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("spec", r.toString());
        m.put("via", via);
        return m;
    }

    Map<String, Object> clear(JsonNode args) {
        FlakewayControl fw = existing.get();
        JsonNode name = args.path("name");
        int cleared;
        if (name.isTextual() && !name.asText().isBlank()) {
            if (fw == null || !fw.clear(name.asText().trim())) {
                throw new IllegalArgumentException("no flakeway rule named '" + name.asText().trim() + "' on this node");
            }
            cleared = 1;
        } else if (name.isMissingNode() || name.isNull() || name.isTextual()) {
            cleared = fw == null ? 0 : fw.clearAll();
        } else {
            throw new IllegalArgumentException(CLEAR + ": \"name\" must be a string (or absent, for every rule)");
        }
        return Map.of("cleared", cleared);
    }

    Map<String, Object> show() {
        FlakewayControl fw = existing.get();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("via", via);
        m.put("rules", fw == null ? Map.of() : fw.show());
        return m;
    }
}
