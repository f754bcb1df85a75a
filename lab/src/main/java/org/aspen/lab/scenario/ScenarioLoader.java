package org.aspen.lab.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.aspen.lab.build.BundledAas;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.build.NodeAcc;
import org.aspen.lab.build.NodeAuthSetup;
import org.aspen.lab.run.LabCapture;
import org.aspen.lab.run.TransferRun;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.QueueLimit;

/**
 * Reads scenario files (YAML, or JSON by extension) with one strict mapper: unknown fields,
 * duplicate keys, trailing content and wrong types are errors, reported in one line that names the
 * file, the field path and the problem. Then checks meaning: unique names and addresses, links and
 * routes that name existing nodes, units that parse, expectations that refer to real things.
 *
 * <pre>{@code
 * Scenario s = ScenarioLoader.load(Path.of("examples/scenarios/line3.yaml"));
 * }</pre>
 */
public final class ScenarioLoader {
    private ScenarioLoader() {
    }

    public static ObjectMapper strictMapper(boolean yaml) {
        ObjectMapper m = yaml ? new ObjectMapper(new YAMLFactory()) : new ObjectMapper();
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        m.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        m.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        m.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        m.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        return m;
    }

    public static Scenario load(Path file) {
        String label = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, label, !label.endsWith(".json"));
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such file");
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
    }

    /** Parses and validates; {@code label} names the source in error messages. */
    public static Scenario parse(InputStream in, String label, boolean yaml) {
        Scenario s;
        try {
            byte[] bytes = in.readAllBytes();
            if (new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
                throw new ConfigException(label + ": the file is empty");
            }
            s = strictMapper(yaml).readValue(bytes, Scenario.class);
        } catch (JsonProcessingException e) {
            throw new ConfigException(label + ": " + describe(e));
        } catch (IOException e) {
            throw new ConfigException(label + ": cannot read: " + e.getMessage());
        }
        if (s == null) {
            throw new ConfigException(label + ": the file is empty");
        }
        new Checker(label, s).check();
        return s;
    }

    public static String describe(JsonProcessingException e) {
        String path = e instanceof JsonMappingException jm ? path(jm.getPath()) : "";
        String where = path.isEmpty() ? "" : path + ": ";
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : " (known: " + u.getKnownPropertyIds().stream()
                    .map(Object::toString).sorted().collect(Collectors.joining(", ")) + ")";
            return where + "unknown field '" + u.getPropertyName() + "'" + known;
        }
        if (e instanceof InvalidTypeIdException t) {
            return where + "unknown type '" + t.getTypeId() + "' (known: pings, route, reachable, trace, counter, transfer, flow, rtt, loss, stat)";
        }
        if (e instanceof MismatchedInputException mi && mi.getTargetType() != null) {
            return where + "expected " + typeName(mi.getTargetType()) + firstLine(e.getOriginalMessage(), " (", ")");
        }
        String loc = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
        return where + firstLine(e.getOriginalMessage(), "", "") + loc;
    }

    private static String typeName(Class<?> c) {
        if (List.class.isAssignableFrom(c)) {
            return "a list";
        }
        if (c == String.class) {
            return "a text value";
        }
        if (c == Integer.class || c == Long.class || c == int.class || c == long.class) {
            return "a whole number";
        }
        if (c.isRecord() || c.isInterface()) {
            return "a mapping (key: value)";
        }
        return c.getSimpleName();
    }

    private static String firstLine(String msg, String pre, String post) {
        if (msg == null || msg.isBlank()) {
            return "";
        }
        String l = msg.lines().findFirst().orElse("").trim();
        return pre + l + post;
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            } else if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            }
        }
        return sb.toString();
    }

    /** Semantic checks, each failure one {@link ConfigException} naming the field path. */
    private static final class Checker {
        private final String label;
        private final Scenario s;
        private final Set<String> nodeNames = new HashSet<>();
        private final Set<String> linkNames = new HashSet<>();
        private final Set<String> transferNames = new HashSet<>();
        private final Set<String> transferEndpoints = new HashSet<>();

        Checker(String label, Scenario s) {
            this.label = label;
            this.s = s;
        }

        private ConfigException fail(String path, String what) {
            return new ConfigException(label + ": " + path + ": " + what);
        }

        private void unit(String path, String value, Consumer<String> parser) {
            if (value == null) {
                return;
            }
            try {
                parser.accept(value);
            } catch (IllegalArgumentException e) {
                throw fail(path, e.getMessage());
            }
        }

        private void nodeRef(String path, String name) {
            if (name == null) {
                throw fail(path, "missing (name a node)");
            }
            if (!nodeNames.contains(name)) {
                throw fail(path, "no node named '" + name + "' (nodes: " + String.join(", ", sortedNodes()) + ")");
            }
        }

        /** An rtt or loss expectation: known nodes, a ping workload to judge, at least one bound that parses. */
        private void pingBounds(String p, String from, String to, String min, String max, Consumer<String> parser) {
            nodeRef(p + ".from", from);
            nodeRef(p + ".to", to);
            if (min == null && max == null) {
                throw fail(p, "give min, max or both");
            }
            unit(p + ".min", min, parser);
            unit(p + ".max", max, parser);
            if (s.workload().pings().stream().noneMatch(g -> g.from().equals(from) && g.to().equals(to))) {
                throw fail(p, "no ping workload from '" + from + "' to '" + to + "' to judge");
            }
        }

        private List<String> sortedNodes() {
            return s.nodes().stream().map(Scenario.NodeSpec::name).toList();
        }

        void check() {
            if (s.name() == null || s.name().isBlank()) {
                throw fail("name", "missing (give the scenario a name)");
            }
            unit("duration", s.duration(), Values::durationNanos);
            if (s.duration() != null && s.durationNanos() <= 0) {
                throw fail("duration", "must be positive");
            }
            if (!s.routing().equals("auto") && !s.routing().equals("static")) {
                throw fail("routing", "'" + s.routing() + "' is not 'auto' or 'static'");
            }
            unit("timers.hello", s.timers().hello(), Values::durationNanos);
            unit("timers.dead", s.timers().dead(), Values::durationNanos);
            unit("timers.lsaRefresh", s.timers().lsaRefresh(), Values::durationNanos);
            if (s.timers().hello() != null && s.timers().dead() != null
                    && Values.durationNanos(s.timers().dead()) <= Values.durationNanos(s.timers().hello())) {
                throw fail("timers.dead", "must be longer than timers.hello");
            }
            checkNodes();
            checkLinks();
            checkRoutes();
            checkWorkload();
            checkTransfers();
            checkFlows();
            checkCross();
            checkEvents();
            checkExpectations();
            checkAuth();
            try {
                LabCapture.check(s);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(label + ": " + e.getMessage());
            }
        }

        private void checkNodes() {
            if (s.nodes() == null || s.nodes().isEmpty()) {
                throw fail("nodes", "missing (a scenario needs at least one node)");
            }
            Map<VAddr, String> addrs = new HashMap<>();
            Set<String> udps = new HashSet<>();
            for (int i = 0; i < s.nodes().size(); i++) {
                Scenario.NodeSpec n = s.nodes().get(i);
                String p = "nodes[" + i + "]";
                if (n == null) {
                    throw fail(p, "empty entry");
                }
                if (n.name() == null || !n.name().matches("[A-Za-z0-9_.-]{1,32}")) {
                    throw fail(p + ".name", n.name() == null ? "missing" : "'" + n.name()
                            + "' must be 1-32 letters, digits, '_', '.', '-'");
                }
                if (!nodeNames.add(n.name())) {
                    throw fail(p + ".name", "duplicate node name '" + n.name() + "'");
                }
                if (n.address() == null) {
                    throw fail(p + ".address", "missing (a VNet address like 10.0.0.1)");
                }
                VAddr a;
                try {
                    a = VAddr.parse(n.address());
                } catch (IllegalArgumentException e) {
                    throw fail(p + ".address", e.getMessage());
                }
                if (a.isUnspecified() || a.isBroadcast()) {
                    throw fail(p + ".address", n.address() + " is reserved");
                }
                String other = addrs.put(a, n.name());
                if (other != null) {
                    throw fail(p + ".address", n.address() + " is already node '" + other + "'");
                }
                if (n.udp() != null) {
                    unit(p + ".udp", n.udp(), HostPort::parse);
                    if (!udps.add(n.udp())) {
                        throw fail(p + ".udp", n.udp() + " is used by another node");
                    }
                }
                unit(p + ".control", n.control(), HostPort::parse);
                checkRules(p + ".flakeway", n.flakeway());
                try {
                    NodeAcc.parse(n.acc());
                } catch (IllegalArgumentException e) {
                    throw fail(p + ".acc", e.getMessage());
                }
                for (int k = 0; k < n.aas().size(); k++) {
                    Scenario.AaEntry aa = n.aas().get(k);
                    String ap = p + ".aas[" + k + "]";
                    if (aa == null || (aa.name() == null) == (aa.jar() == null)) {
                        throw fail(ap, "give exactly one of 'name' (a bundled AA: " + String.join(", ", BundledAas.all().keySet())
                                + ") or 'jar' (a file)");
                    }
                    if (aa.name() != null && !BundledAas.all().containsKey(aa.name())) {
                        throw fail(ap + ".name", "no bundled AA named '" + aa.name() + "' (bundled: "
                                + String.join(", ", BundledAas.all().keySet()) + ")");
                    }
                }
            }
        }

        private void checkAuth() {
            if (s.auth() == null) {
                return;
            }
            try {
                NodeAuthSetup.check(s);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(label + ": auth." + e.getMessage());   // the message starts with the field
            }
        }

        private void checkLinks() {
            for (int i = 0; i < s.links().size(); i++) {
                Scenario.LinkSpec l = s.links().get(i);
                String p = "links[" + i + "]";
                if (l == null) {
                    throw fail(p, "empty entry");
                }
                if (l.between() == null || l.between().size() != 2) {
                    throw fail(p + ".between", "must name exactly two nodes, like [a, b]");
                }
                nodeRef(p + ".between[0]", l.between().get(0));
                nodeRef(p + ".between[1]", l.between().get(1));
                if (l.between().get(0).equals(l.between().get(1))) {
                    throw fail(p + ".between", "a link joins two different nodes");
                }
                if (!linkNames.add(l.linkName())) {
                    throw fail(p + (l.name() == null ? ".between" : ".name"), "duplicate link '" + l.linkName() + "'");
                }
                unit(p + ".bandwidth", l.bandwidth(), Values::rateBps);
                unit(p + ".delay", l.delay(), Values::durationNanos);
                try {
                    LabBuilder.bufferLimit(l.buffer());
                } catch (IllegalArgumentException e) {
                    throw fail(p + ".buffer", e.getMessage());
                }
                try {
                    LabBuilder.discipline(l.queue(), QueueLimit.packets(100));
                } catch (IllegalArgumentException e) {
                    throw fail(p + ".queue", e.getMessage());
                }
                if (l.cost() != null && (l.cost() < 1 || l.cost() > 65535)) {
                    throw fail(p + ".cost", "must be 1-65535");
                }
            }
        }

        private void checkRoutes() {
            for (int i = 0; i < s.routes().size(); i++) {
                Scenario.RouteSpec r = s.routes().get(i);
                String p = "routes[" + i + "]";
                nodeRef(p + ".node", r.node());
                nodeRef(p + ".via", r.via());
                if (r.to() == null) {
                    throw fail(p + ".to", "missing (a node name, address or prefix like 10.0.0.0/24)");
                }
                try {
                    LabBuilder.destination(s, r.to());
                } catch (IllegalArgumentException e) {
                    throw fail(p + ".to", e.getMessage());
                }
                if (LabBuilder.linkBetween(s, r.node(), r.via()) == null) {
                    throw fail(p + ".via", "'" + r.via() + "' is not a neighbour of '" + r.node() + "'");
                }
            }
        }

        private void checkWorkload() {
            List<Scenario.PingSpec> pings = s.workload().pings();
            for (int i = 0; i < pings.size(); i++) {
                Scenario.PingSpec g = pings.get(i);
                String p = "workload.pings[" + i + "]";
                nodeRef(p + ".from", g.from());
                nodeRef(p + ".to", g.to());
                if (g.count() != null && (g.count() < 1 || g.count() > 1_000_000)) {
                    throw fail(p + ".count", "must be 1-1000000");
                }
                unit(p + ".interval", g.interval(), Values::durationNanos);
                unit(p + ".start", g.start(), Values::durationNanos);
                unit(p + ".timeout", g.timeout(), Values::durationNanos);
                if (g.size() != null && (g.size() < 0 || g.size() > 8000)) {
                    throw fail(p + ".size", "must be 0-8000 bytes");
                }
            }
            List<Scenario.TraceSpec> traces = s.workload().traces();
            for (int i = 0; i < traces.size(); i++) {
                Scenario.TraceSpec t = traces.get(i);
                String p = "workload.traces[" + i + "]";
                nodeRef(p + ".from", t.from());
                nodeRef(p + ".to", t.to());
                unit(p + ".at", t.at(), Values::durationNanos);
                if (t.maxHops() != null && (t.maxHops() < 1 || t.maxHops() > 64)) {
                    throw fail(p + ".maxHops", "must be 1-64");
                }
            }
        }

        private void checkTransfers() {
            List<Scenario.TransferSpec> ts = s.workload().transfers();
            Set<String> names = transferNames;
            Set<String> endpoints = transferEndpoints;
            for (int i = 0; i < ts.size(); i++) {
                Scenario.TransferSpec t = ts.get(i);
                String p = "workload.transfers[" + i + "]";
                nodeRef(p + ".from", t.from());
                nodeRef(p + ".to", t.to());
                if (t.from().equals(t.to())) {
                    throw fail(p + ".to", "a transfer goes to another node");
                }
                if (!names.add(TransferRun.nameOf(t, i))) {
                    throw fail(p + ".name", "duplicate transfer name '" + TransferRun.nameOf(t, i) + "'");
                }
                int port = TransferRun.portOf(t, i);
                if (port < 1 || port > 65535) {
                    throw fail(p + ".port", "must be 1-65535");
                }
                if (!endpoints.add(t.to() + ":" + port)) {
                    throw fail(p + ".port", "port " + port + " on '" + t.to() + "' is used by another transfer");
                }
                if ((t.size() == null) == (t.file() == null)) {
                    throw fail(p, "give exactly one of 'size' (seeded bytes, e.g. 2MB) or 'file'");
                }
                unit(p + ".size", t.size(), Values::sizeBytes);
                unit(p + ".start", t.start(), Values::durationNanos);
                if (t.window() != null && (t.window() < 1 || t.window() > 65535)) {
                    throw fail(p + ".window", "must be 1-65535 segments");
                }
                if (t.segment() != null && (t.segment() < 64 || t.segment() > 8192)) {
                    throw fail(p + ".segment", "must be 64-8192 bytes");
                }
                checkPriority(p, t.priority());
            }
        }

        private void checkRules(String path, List<Map<String, Object>> rules) {
            Set<String> names = new HashSet<>();
            for (int k = 0; k < rules.size(); k++) {
                org.aspen.flakeway.RuleSpec r;
                try {
                    r = org.aspen.flakeway.RuleSpecs.fromMap(rules.get(k));
                } catch (IllegalArgumentException | ClassCastException e) {
                    throw fail(path + "[" + k + "]", e.getMessage());
                }
                if (!names.add(r.name())) {
                    throw fail(path + "[" + k + "].name", "duplicate rule name '" + r.name() + "'");
                }
            }
        }

        private void checkCross() {
            List<Scenario.CrossSpec> cs = s.workload().cross();
            java.util.Set<String> pairs = new java.util.HashSet<>();
            for (int i = 0; i < cs.size(); i++) {
                Scenario.CrossSpec c = cs.get(i);
                String p = "workload.cross[" + i + "]";
                nodeRef(p + ".from", c.from());
                nodeRef(p + ".to", c.to());
                if (c.from().equals(c.to())) {
                    throw fail(p + ".to", "cross traffic goes to another node");
                }
                if (!pairs.add(c.from() + ">" + c.to())) {
                    // the destination counts arrivals by source address
                    throw fail(p, "another cross source already sends from '" + c.from() + "' to '" + c.to() + "'");
                }
                unit(p + ".rate", c.rate(), Values::rateBps);
                if (c.rate() != null && Values.rateBps(c.rate()) <= 0) {
                    throw fail(p + ".rate", "must be positive");
                }
                unit(p + ".on", c.on(), Values::durationNanos);
                unit(p + ".off", c.off(), Values::durationNanos);
                if ((c.on() != null && Values.durationNanos(c.on()) <= 0) || (c.off() != null && Values.durationNanos(c.off()) < 0)) {
                    throw fail(p + (c.on() != null && Values.durationNanos(c.on()) <= 0 ? ".on" : ".off"), "must be positive");
                }
                if (c.size() != null && (c.size() <= org.aspen.vnet.packet.Packet.HEADER_LENGTH || c.size() > 65_000)) {
                    throw fail(p + ".size", "must be 21-65000 bytes (the whole VNet packet)");
                }
                unit(p + ".start", c.start(), Values::durationNanos);
                unit(p + ".stop", c.stop(), Values::durationNanos);
                if (c.durations() != null && !c.durations().equals("exponential") && !c.durations().equals("fixed")) {
                    throw fail(p + ".durations", "'" + c.durations() + "' is not 'exponential' or 'fixed'");
                }
            }
        }

        private void checkFlows() {
            List<Scenario.FlowSpec> fs = s.workload().flows();
            for (int i = 0; i < fs.size(); i++) {
                Scenario.FlowSpec f = fs.get(i);
                String p = "workload.flows[" + i + "]";
                nodeRef(p + ".from", f.from());
                nodeRef(p + ".to", f.to());
                if (f.from().equals(f.to())) {
                    throw fail(p + ".to", "a flow goes to another node");
                }
                String name = TransferRun.flowName(f, i);
                if (!transferNames.add(name)) {
                    throw fail(p + ".name", "duplicate transfer or flow name '" + name + "'");
                }
                int port = TransferRun.flowPort(f, i);
                if (port < 1 || port > 65535) {
                    throw fail(p + ".port", "must be 1-65535");
                }
                if (!transferEndpoints.add(f.to() + ":" + port)) {
                    throw fail(p + ".port", "port " + port + " on '" + f.to() + "' is used by another transfer or flow");
                }
                unit(p + ".start", f.start(), Values::durationNanos);
                unit(p + ".stop", f.stop(), Values::durationNanos);
                if (f.start() != null && f.stop() != null && Values.durationNanos(f.stop()) <= Values.durationNanos(f.start())) {
                    throw fail(p + ".stop", "must be later than 'start'");
                }
                if (f.window() != null && (f.window() < 1 || f.window() > 65535)) {
                    throw fail(p + ".window", "must be 1-65535 segments");
                }
                if (f.segment() != null && (f.segment() < 64 || f.segment() > 8192)) {
                    throw fail(p + ".segment", "must be 64-8192 bytes");
                }
                checkPriority(p, f.priority());
            }
        }

        private void checkPriority(String p, Integer priority) {
            if (priority != null && (priority < 0 || priority > 63)) {
                throw fail(p + ".priority", "must be 0-63");
            }
        }

        private void checkEvents() {
            for (int i = 0; i < s.events().size(); i++) {
                Scenario.EventSpec e = s.events().get(i);
                String p = "events[" + i + "]";
                if (e.at() == null) {
                    throw fail(p + ".at", "missing (when, e.g. 5s)");
                }
                unit(p + ".at", e.at(), Values::durationNanos);
                int actions = (e.down() == null ? 0 : 1) + (e.up() == null ? 0 : 1) + (e.flakeway() == null ? 0 : 1)
                        + (e.queue() == null ? 0 : 1);
                if (actions != 1) {
                    throw fail(p, "give exactly one of 'down: LINK', 'up: LINK', 'flakeway: {node, set|clear}'"
                            + " or 'queue: {link, set}'");
                }
                if (e.queue() != null) {
                    Scenario.QueueChange q = e.queue();
                    Scenario.LinkSpec l = q.link() == null ? null : s.link(q.link());
                    if (l == null) {
                        throw fail(p + ".queue.link", q.link() == null ? "missing" : "no link named '" + q.link() + "'");
                    }
                    if (q.node() != null && !l.between().contains(q.node())) {
                        throw fail(p + ".queue.node", "'" + q.node() + "' is not an end of link " + q.link());
                    }
                    if (q.set() == null) {
                        throw fail(p + ".queue.set", "missing (a discipline, e.g. red or {kind: red, min_th: 5})");
                    }
                    try {
                        LabBuilder.discipline(q.set(), LabBuilder.bufferLimit(l.buffer()));
                    } catch (IllegalArgumentException ex) {
                        throw fail(p + ".queue.set", ex.getMessage());
                    }
                    continue;
                }
                if (e.flakeway() != null) {
                    Scenario.FlakewayChange fc = e.flakeway();
                    nodeRef(p + ".flakeway.node", fc.node());
                    if ((fc.set() == null) == (fc.clear() == null)) {
                        throw fail(p + ".flakeway", "give exactly one of 'set: [rules]' or 'clear: NAME|all'");
                    }
                    if (fc.set() != null) {
                        checkRules(p + ".flakeway.set", fc.set());
                    }
                    continue;
                }
                String link = e.down() != null ? e.down() : e.up();
                if (!linkNames.contains(link)) {
                    throw fail(p + (e.down() != null ? ".down" : ".up"), "no link named '" + link + "' (links: "
                            + String.join(", ", s.links().stream().map(Scenario.LinkSpec::linkName).toList()) + ")");
                }
            }
        }

        private void checkExpectations() {
            for (int i = 0; i < s.expect().size(); i++) {
                Scenario.Expectation x = s.expect().get(i);
                String p = "expect[" + i + "]";
                if (x == null) {
                    throw fail(p, "empty entry");
                }
                if (x instanceof Scenario.PingsAnswered a) {
                    nodeRef(p + ".from", a.from());
                    nodeRef(p + ".to", a.to());
                    if (a.atLeast() == null) {
                        throw fail(p + ".atLeast", "missing (e.g. 100% or 0.9)");
                    }
                    unit(p + ".atLeast", a.atLeast(), Values::ratio);
                    unit(p + ".after", a.after(), Values::durationNanos);
                    boolean hasPings = s.workload().pings().stream()
                            .anyMatch(g -> g.from().equals(a.from()) && g.to().equals(a.to()));
                    if (!hasPings) {
                        throw fail(p, "no ping workload from '" + a.from() + "' to '" + a.to() + "' to judge");
                    }
                } else if (x instanceof Scenario.RouteAvoids r) {
                    nodeRef(p + ".from", r.from());
                    nodeRef(p + ".to", r.to());
                    if (r.avoids() != null && !linkNames.contains(r.avoids())) {
                        throw fail(p + ".avoids", "no link named '" + r.avoids() + "'");
                    }
                    if (r.via() != null) {
                        for (int k = 0; k < r.via().size(); k++) {
                            nodeRef(p + ".via[" + k + "]", r.via().get(k));
                        }
                    }
                    unit(p + ".after", r.after(), Values::durationNanos);
                    unit(p + ".until", r.until(), Values::durationNanos);
                    unit(p + ".every", r.every(), Values::durationNanos);
                    if (r.after() != null && r.until() != null
                            && Values.durationNanos(r.until()) <= Values.durationNanos(r.after())) {
                        throw fail(p + ".until", "must be later than 'after'");
                    }
                } else if (x instanceof Scenario.Reachable r) {
                    unit(p + ".at", r.at(), Values::durationNanos);
                } else if (x instanceof Scenario.TracePath t) {
                    nodeRef(p + ".from", t.from());
                    nodeRef(p + ".to", t.to());
                    if (t.hops() == null || t.hops().isEmpty()) {
                        throw fail(p + ".hops", "missing (the nodes the trace must see, in order)");
                    }
                    for (int k = 0; k < t.hops().size(); k++) {
                        nodeRef(p + ".hops[" + k + "]", t.hops().get(k));
                    }
                    unit(p + ".at", t.at(), Values::durationNanos);
                    boolean hasTrace = s.workload().traces().stream()
                            .anyMatch(g -> g.from().equals(t.from()) && g.to().equals(t.to())
                                    && (t.at() == null || (g.at() != null
                                    && Values.durationNanos(g.at()) == Values.durationNanos(t.at()))));
                    if (!hasTrace) {
                        throw fail(p, "no trace workload from '" + t.from() + "' to '" + t.to() + "'"
                                + (t.at() == null ? "" : " at " + t.at()) + " to judge");
                    }
                } else if (x instanceof Scenario.TransferDone t) {
                    List<Scenario.TransferSpec> ts = s.workload().transfers();
                    boolean known = false;
                    for (int k = 0; k < ts.size(); k++) {
                        known |= TransferRun.nameOf(ts.get(k), k).equals(t.transfer());
                    }
                    if (!known) {
                        throw fail(p + ".transfer", t.transfer() == null ? "missing (a transfer's name)"
                                : "no transfer named '" + t.transfer() + "'");
                    }
                    unit(p + ".minGoodput", t.minGoodput(), Values::rateBps);
                } else if (x instanceof Scenario.FlowGoodput f) {
                    List<Scenario.FlowSpec> fs = s.workload().flows();
                    boolean known = false;
                    for (int k = 0; k < fs.size(); k++) {
                        known |= TransferRun.flowName(fs.get(k), k).equals(f.flow());
                    }
                    if (!known) {
                        throw fail(p + ".flow", f.flow() == null ? "missing (a flow's name)" : "no flow named '" + f.flow() + "'");
                    }
                    if (f.minGoodput() == null && f.maxGoodput() == null) {
                        throw fail(p, "give minGoodput, maxGoodput or both");
                    }
                    unit(p + ".minGoodput", f.minGoodput(), Values::rateBps);
                    unit(p + ".maxGoodput", f.maxGoodput(), Values::rateBps);
                } else if (x instanceof Scenario.PingRtt r) {
                    pingBounds(p, r.from(), r.to(), r.min(), r.max(), Values::durationNanos);
                } else if (x instanceof Scenario.PingLoss l) {
                    pingBounds(p, l.from(), l.to(), l.min(), l.max(), Values::ratio);
                } else if (x instanceof Scenario.TransferStat t) {
                    List<String> names = new java.util.ArrayList<>();
                    for (int k = 0; k < s.workload().transfers().size(); k++) {
                        names.add(TransferRun.nameOf(s.workload().transfers().get(k), k));
                    }
                    for (int k = 0; k < s.workload().flows().size(); k++) {
                        names.add(TransferRun.flowName(s.workload().flows().get(k), k));
                    }
                    if (t.transfer() == null || !names.contains(t.transfer())) {
                        throw fail(p + ".transfer", t.transfer() == null ? "missing (a transfer's or flow's name)"
                                : "no transfer or flow named '" + t.transfer() + "' (known: " + String.join(", ", names) + ")");
                    }
                    if (t.stat() == null) {
                        throw fail(p + ".stat", "missing (e.g. retransmissions, closesByCause.ECN, aecnEchoes)");
                    }
                    if (t.atLeast() == null && t.atMost() == null) {
                        throw fail(p, "give atLeast, atMost or both");
                    }
                } else if (x instanceof Scenario.CounterBound c) {
                    nodeRef(p + ".node", c.node());
                    if (c.counter() == null) {
                        throw fail(p + ".counter", "missing (e.g. drops.no-route or link.a-b.sentPackets)");
                    }
                    if (c.atLeast() == null && c.atMost() == null) {
                        throw fail(p, "give atLeast, atMost or both");
                    }
                }
            }
        }
    }

    /** host:port parsing for udp/control fields. */
    public static final class HostPort {
        private HostPort() {
        }

        public static InetSocketAddress parse(String text) {
            int i = text.lastIndexOf(':');
            if (i <= 0 || i == text.length() - 1) {
                throw new IllegalArgumentException("'" + text + "' is not host:port");
            }
            String host = text.substring(0, i);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            int port;
            try {
                port = Integer.parseInt(text.substring(i + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "': port is not a number");
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("'" + text + "': port must be 0-65535");
            }
            return InetSocketAddress.createUnresolved(host, port);
        }
    }
}
