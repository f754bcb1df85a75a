package org.aspen.ee.mgmt;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.aspen.ee.AaCode;
import org.aspen.ee.AaException;
import org.aspen.ee.AaInstance;
import org.aspen.ee.ExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The EE's management commands, behind {@code aspen aa list|start|stop}, {@code aspen deploy JAR}
 * and {@code aspen stats}.
 *
 * <pre>{@code
 * EeCommands.register(ee, controlServer::register);
 * // {"jar": "<base64>", "signature": "<base64, optional>", "allow": false, "start": true, "upgrade": false, "params": {"k": "v"}}
 * handler("deploy").handle(args).thenAccept(answer -> print(answer));
 * }</pre>
 *
 * <ul>
 * <li>{@code aa.list} {} -> {@code aas}: one row per AA (id, name, version, digest, state, stopReason, counters)</li>
 * <li>{@code aa.start} {@code {digest, params?}} -> {@code id}: starts cached code; {@code digest} may
 * also be a prefix only one cached jar has, or {@code name@version}</li>
 * <li>{@code aa.stop} {@code {id}} (name@version) or {@code {name}} (every running version; when no
 * running AA has that name, a prefix only one running AA's digest has) -> {@code stopped}: ids</li>
 * <li>{@code deploy} {@code {jar, signature?, allow?, start?, upgrade?, params?}} -> {@code digest}, {@code id} when
 * started. {@code allow} puts the jar's digest on the node's allow-list first: the operator, who
 * reached the authenticated control endpoint, vouches for the code (logged).</li>
 * <li>{@code stats} {} -> the node's, the EE's, every AA's and every link's counters</li>
 * <li>{@code aa.logs} {@code {aa, after?}} ({@code aa}: name@version, or a name for its newest instance)
 * -> {@code id}, {@code lines} (the instance's kept log lines numbered after {@code after}: seq, atNanos,
 * level, line) and {@code last}: what {@code aspen aa logs NAME --follow} polls</li>
 * </ul>
 * Each runs on the node's loop; refusals come back as {@code ok=false} with the reason.
 */
public final class EeCommands {
    private static final Logger log = LoggerFactory.getLogger(EeCommands.class);
    public static final String AA_LIST = "aa.list";
    public static final String AA_START = "aa.start";
    public static final String AA_STOP = "aa.stop";
    public static final String DEPLOY = "deploy";
    public static final String STATS = "stats";
    public static final String AA_LOGS = "aa.logs";

    private final ExecutionEnvironment ee;

    private EeCommands(ExecutionEnvironment ee) {
        this.ee = ee;
    }

    /** Registers the six commands of {@code ee} with {@code registry}. */
    public static void register(ExecutionEnvironment ee, CommandRegistry registry) {
        EeCommands c = new EeCommands(ee);
        registry.register(AA_LIST, c.onLoop(c::list));
        registry.register(AA_START, c.onLoop(c::start));
        registry.register(AA_STOP, c.onLoop(c::stop));
        registry.register(DEPLOY, c.onLoop(c::deploy));
        registry.register(STATS, c.onLoop(a -> ok(Map.of("stats", ee.stats()))));
        registry.register(AA_LOGS, c.onLoop(c::logs));
    }

    private EeCommandHandler onLoop(Function<Map<String, Object>, Map<String, Object>> body) {
        return args -> {
            CompletableFuture<Map<String, Object>> f = new CompletableFuture<>();
            ee.node().scheduler().execute(() -> {
                try {
                    f.complete(body.apply(args == null ? Map.of() : args));
                } catch (AaException | IllegalArgumentException e) {
                    f.complete(error(e.getMessage()));
                } catch (RuntimeException e) {
                    f.complete(error("internal error: " + e));
                }
            });
            return (CompletionStage<Map<String, Object>>) f;
        };
    }

    private static Map<String, Object> ok(Map<String, Object> fields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", true);
        m.putAll(fields);
        return m;
    }

    private static Map<String, Object> error(String why) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", false);
        m.put("error", why);
        return m;
    }

    private Map<String, Object> list(Map<String, Object> args) {
        List<Object> rows = new ArrayList<>();
        for (AaInstance i : ee.instances()) {
            rows.add(i.describe());
        }
        return ok(Map.of("aas", rows));
    }

    private Map<String, Object> logs(Map<String, Object> args) {
        String aa = string(args, "aa", true);
        Object after = args.getOrDefault("after", 0);
        if (!(after instanceof Number n)) {
            throw new IllegalArgumentException("argument 'after' must be a number");
        }
        AaInstance found = null;
        for (AaInstance i : ee.instances()) {
            if (aa.contains("@") ? i.id().equals(aa) : i.name().equals(aa)) {
                found = i;   // the newest of that name
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no AA " + aa + " on this node");
        }
        List<Map<String, Object>> lines = found.logLines(n.longValue());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", found.id());
        out.put("state", found.state().name().toLowerCase(java.util.Locale.ROOT));
        out.put("lines", lines);
        out.put("last", lines.isEmpty() ? n.longValue() : lines.get(lines.size() - 1).get("seq"));
        return ok(out);
    }

    private Map<String, Object> start(Map<String, Object> args) {
        AaInstance i = ee.startAa(string(args, "digest", true), params(args));
        return ok(Map.of("id", i.id()));
    }

    private Map<String, Object> stop(Map<String, Object> args) {
        List<String> stopped = new ArrayList<>();
        String id = string(args, "id", false);
        String name = string(args, "name", false);
        if (id == null && name == null) {
            throw new IllegalArgumentException("aa.stop needs 'id' (name@version) or 'name'");
        }
        for (AaInstance i : ee.instances()) {
            if (i.isRunning() && (i.id().equals(id) || i.name().equals(name))) {
                ee.stopAa(i.id(), "stopped by management command");
                stopped.add(i.id());
            }
        }
        if (stopped.isEmpty() && name != null && name.matches("[0-9a-fA-F]+")) {
            List<AaInstance> byDigest = new ArrayList<>();
            for (AaInstance i : ee.instances()) {
                if (i.isRunning() && i.code().digestHex().startsWith(name.toLowerCase(java.util.Locale.ROOT))) {
                    byDigest.add(i);
                }
            }
            if (byDigest.size() > 1) {
                throw new IllegalArgumentException("digest prefix " + name + " matches " + byDigest.size()
                        + " running AAs; give more digits");
            }
            for (AaInstance i : byDigest) {
                ee.stopAa(i.id(), "stopped by management command");
                stopped.add(i.id());
            }
        }
        if (stopped.isEmpty()) {
            throw new IllegalArgumentException("no running AA " + (id != null ? id : name));
        }
        return ok(Map.of("stopped", stopped));
    }

    private Map<String, Object> deploy(Map<String, Object> args) {
        byte[] jar = base64(args, "jar", true);
        byte[] sig = base64(args, "signature", false);
        if (Boolean.TRUE.equals(args.get("allow"))) {
            ee.read(jar, sig);   // a jar that cannot run is refused here, before its digest is allowed
            ee.trust().allowJar(jar);
            log.info("{}: operator allowed code {} by management command", ee.node().name(), AaCode.hex(AaCode.sha256(jar)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if (Boolean.TRUE.equals(args.get("upgrade"))) {
            Map<String, String> given = params(args);
            AaInstance i = ee.upgrade(jar, sig, given);
            out.put("digest", i.code().digestHex());
            out.put("id", i.id());
            out.put("params", new java.util.TreeMap<>(i.params()));
            out.put("paramsKept", given.isEmpty() && !i.params().isEmpty());
            return ok(out);
        }
        AaCode code = ee.deploy(jar, sig);
        out.put("digest", code.digestHex());
        if (Boolean.TRUE.equals(args.get("start"))) {
            out.put("id", ee.start(code, params(args)).id());
        }
        return ok(out);
    }

    private static String string(Map<String, Object> args, String key, boolean required) {
        Object v = args.get(key);
        if (v == null && required) {
            throw new IllegalArgumentException("missing argument '" + key + "'");
        }
        if (v != null && !(v instanceof String)) {
            throw new IllegalArgumentException("argument '" + key + "' must be a string");
        }
        return (String) v;
    }

    private static byte[] base64(Map<String, Object> args, String key, boolean required) {
        String s = string(args, key, required);
        try {
            return s == null ? null : Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("argument '" + key + "' is not base64: " + e.getMessage());
        }
    }

    private static Map<String, String> params(Map<String, Object> args) {
        Object p = args.get("params");
        if (p == null) {
            return Map.of();
        }
        if (!(p instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("argument 'params' must be an object of strings");
        }
        Map<String, String> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        return out;
    }
}
