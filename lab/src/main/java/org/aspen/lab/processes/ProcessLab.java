package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleConsumer;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.judge.Expectations;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.run.PathSampler;
import org.aspen.lab.run.TransferRun;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.Values;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.time.Seeds;

/**
 * {@code aspen lab FILE --processes}: runs a scenario as one {@code aspen node} process per node on
 * this machine (loopback UDP between them), and drives the workload, timed events and observations
 * through each node's control endpoint, exactly as an operator's clients would on a multi-host
 * overlay. The report has the same expectations, judged the same way as {@link LabRunner}'s.
 *
 * <pre>{@code
 * ProcessLab.Result r = ProcessLab.run(scenario, file, new ProcessLab.Options(null, null, baseDir, f -> {}));
 * System.out.print(r.summary());
 * }</pre>
 *
 * Time zero is the moment every node process has reported it is up; scenario times are wall-clock
 * offsets from it. Each node's log goes to {@code NODE.log} in a scratch directory, kept (and named in
 * the error) when a node fails to start or dies. Not supported here (a one-line error says so):
 * bulk {@code flows}, {@code cross} traffic and {@code capture:} (run those in one process).
 */
public final class ProcessLab {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final long DEFAULT_SAMPLE_EVERY = 100_000_000L;
    private static final Duration STREAM_GRACE = Duration.ofSeconds(15);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param seed          overrides the scenario's seed when not null (used for transfer contents)
     * @param durationNanos overrides the scenario's duration when not null
     * @param baseDir       where the scenario's relative paths are resolved
     * @param progress      told the fraction done (0..1)
     */
    public record Options(Long seed, Long durationNanos, Path baseDir, DoubleConsumer progress) {
    }

    /** The judged run: expectations, what each node's {@code stats} said at the end, the event log. */
    public record Result(Scenario scenario, long seed, long durationNanos, List<ExpectationResult> expectations,
                         Map<String, JsonNode> stats, List<String> events, Map<String, Object> workload) {
        public boolean passed() {
            return expectations.stream().allMatch(ExpectationResult::passed);
        }

        public String summary() {
            StringBuilder b = new StringBuilder();
            b.append("scenario ").append(scenario.name()).append(": ").append(stats.size())
                    .append(" node processes on loopback UDP, ").append(Values.formatDuration(durationNanos)).append('\n');
            events.forEach(e -> b.append("  ").append(e).append('\n'));
            b.append("expectations:\n");
            for (ExpectationResult x : expectations) {
                b.append(x.passed() ? "  ok    " : "  FAIL  ").append(x.description())
                        .append(": expected ").append(x.expected()).append(", measured ").append(x.measured()).append('\n');
            }
            long ok = expectations.stream().filter(ExpectationResult::passed).count();
            b.append("result: ").append(passed() ? "PASS" : "FAIL").append(" (").append(ok).append('/')
                    .append(expectations.size()).append(" expectations held)\n");
            return b.toString();
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", scenario.name());
            m.put("runtime", "processes");
            m.put("seed", seed);
            m.put("durationNanos", durationNanos);
            m.put("passed", passed());
            m.put("expectations", expectations.stream().map(ExpectationResult::toMap).toList());
            m.put("workload", workload);
            m.put("events", events);
            m.put("nodes", stats);
            return m;
        }
    }

    private final Scenario s;
    private final Options o;
    private final long seed;
    private final long duration;
    private final Path work;
    private final Map<String, NodeProcess> nodes = new LinkedHashMap<>();
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final Map<Scenario.PingSpec, List<JsonNode>> pingReplies = new ConcurrentHashMap<>();
    private final Map<Scenario.TraceSpec, List<JsonNode>> traceHops = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> sendSummaries = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> recvSummaries = new ConcurrentHashMap<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    /** Ping and trace requests still streaming; the run waits a little for them at the end. */
    private final java.util.concurrent.Phaser pending = new java.util.concurrent.Phaser(1);
    private final Map<Scenario.Expectation, PathSampler> samplers = new LinkedHashMap<>();
    private final Map<Scenario.Expectation, List<String>> unreachable = new LinkedHashMap<>();
    private long t0;

    private ProcessLab(Scenario s, Options o, Path work) {
        this.s = s;
        this.o = o;
        this.seed = o.seed() != null ? o.seed() : (s.seed() != null ? s.seed() : 1L);
        this.duration = o.durationNanos() != null ? o.durationNanos() : s.durationNanos();
        this.work = work;
    }

    /** Runs {@code s} (read from {@code file}) as one process per node; see the class comment. */
    public static Result run(Scenario s, Path file, Options o) throws IOException, InterruptedException {
        refuseUnsupported(s);
        Path work = Files.createTempDirectory("aspen-processes-");
        ProcessLab lab = new ProcessLab(s, o, work);
        boolean clean = false;
        try {
            Result r = lab.execute(file);
            clean = r.passed();
            if (!clean) {
                r.events().add("node logs and the generated configuration kept in " + work);
            }
            return r;
        } finally {
            lab.stopAll();
            if (clean) {
                deleteTree(work);
            }
        }
    }

    public static void refuseUnsupported(Scenario s) {
        List<String> no = new ArrayList<>();
        if (!s.workload().flows().isEmpty()) {
            no.add("workload.flows");
        }
        if (!s.workload().cross().isEmpty()) {
            no.add("workload.cross");
        }
        if (s.capture() != null) {
            no.add("capture");
        }
        if (s.expect().stream().anyMatch(x -> x instanceof Scenario.FlowGoodput)) {
            no.add("expect type 'flow'");
        }
        if (!no.isEmpty()) {
            throw new ConfigException(s.name() + ": --processes does not run " + String.join(", ", no)
                    + " yet; run this scenario without --processes (one process)");
        }
    }

    private Result execute(Path file) throws IOException, InterruptedException {
        Path config = writeConfig(file);
        for (Scenario.NodeSpec n : s.nodes()) {
            nodes.put(n.name(), NodeProcess.start(n.name(), config, o.baseDir(), work));
        }
        for (NodeProcess p : nodes.values()) {
            p.awaitUp(START_TIMEOUT);
        }
        ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, daemon("aspen-processes-timer"));
        ExecutorService streams = Executors.newCachedThreadPool(daemon("aspen-processes-call"));
        try {
            t0 = System.nanoTime();
            events.add("0s: " + nodes.size() + " node processes up");
            scheduleWorkload(timer, streams);
            scheduleEvents(timer, streams);
            scheduleObservations(timer, streams);
            waitWithProgress();
            awaitStreams();
            Map<String, JsonNode> stats = new LinkedHashMap<>();
            for (NodeProcess p : nodes.values()) {
                p.checkAlive();
                stats.put(p.name, p.call("stats", Map.of()));
            }
            timer.shutdownNow();
            streams.shutdownNow();
            return new Result(s, seed, duration, judge(stats), stats, new ArrayList<>(events), workloadReport());
        } finally {
            timer.shutdownNow();
            streams.shutdownNow();
        }
    }

    // ---- configuration: the scenario with every node's udp and control address filled in ----

    private Path writeConfig(Path file) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        boolean json = file.getFileName().toString().toLowerCase().endsWith(".json");
        JsonNode tree = (json ? JSON : yaml).readTree(file.toFile());
        ArrayNode list = (ArrayNode) tree.get("nodes");
        for (JsonNode n : list) {
            ObjectNode node = (ObjectNode) n;
            if (!node.hasNonNull("udp")) {
                node.put("udp", "127.0.0.1:" + freePort(true));
            }
            if (!node.hasNonNull("control")) {
                node.put("control", "127.0.0.1:" + freePort(false));
            }
        }
        Path out = work.resolve("scenario.json");
        JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), tree);
        return out;
    }

    private final java.util.Set<Integer> taken = new java.util.HashSet<>();

    private int freePort(boolean udp) throws IOException {
        // a port free in both protocols, so the node's UDP socket and control endpoint never collide
        while (true) {
            int port;
            if (udp) {
                try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                    port = d.getLocalPort();
                }
            } else {
                try (ServerSocket t = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                    port = t.getLocalPort();
                }
            }
            try (DatagramSocket d = new DatagramSocket(port, InetAddress.getLoopbackAddress());
                 ServerSocket t = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                if (taken.add(port)) {
                    return port;
                }
            } catch (IOException taken) {
                // try another
            }
        }
    }

    // ---- workload ----

    private void scheduleWorkload(ScheduledExecutorService timer, ExecutorService streams) {
        for (Scenario.PingSpec p : s.workload().pings()) {
            List<JsonNode> replies = Collections.synchronizedList(new ArrayList<>());
            pingReplies.put(p, replies);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("target", address(p.to()));
            args.put("count", p.count() == null ? 4 : p.count());
            args.put("intervalMs", millis(p.interval(), 1000));
            args.put("timeoutMs", millis(p.timeout(), 1000));
            pending.register();
            at(timer, p.start(), () -> streams.execute(() -> {
                try {
                    stream(p.from(), "ping", args, d -> {
                        if (d.has("seq")) {
                            replies.add(d);
                        }
                    }, "ping " + p.from() + " -> " + p.to());
                } finally {
                    pending.arriveAndDeregister();
                }
            }));
        }
        for (Scenario.TraceSpec t : s.workload().traces()) {
            List<JsonNode> hops = Collections.synchronizedList(new ArrayList<>());
            traceHops.put(t, hops);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("target", address(t.to()));
            args.put("maxHops", t.maxHops() == null ? 16 : t.maxHops());
            pending.register();
            at(timer, t.at(), () -> streams.execute(() -> {
                try {
                    stream(t.from(), "trace", args, d -> {
                        if (d.has("ttl")) {
                            hops.add(d);
                        }
                    }, "trace " + t.from() + " -> " + t.to());
                } finally {
                    pending.arriveAndDeregister();
                }
            }));
        }
        List<Scenario.TransferSpec> transfers = s.workload().transfers();
        for (int i = 0; i < transfers.size(); i++) {
            Scenario.TransferSpec t = transfers.get(i);
            String name = t.name() != null ? t.name() : "transfer" + (i + 1);
            int port = TransferRun.portOf(t, i);
            Map<String, Object> opts = new LinkedHashMap<>();
            putIfSet(opts, "window", t.window());
            putIfSet(opts, "segment", t.segment());
            putIfSet(opts, "ecn", t.ecn());
            putIfSet(opts, "aecn", t.aecn());
            Map<String, Object> recv = new LinkedHashMap<>(opts);
            recv.put("port", port);
            Map<String, Object> send = new LinkedHashMap<>(opts);
            send.put("target", address(t.to()));
            send.put("port", port);
            if (t.file() != null) {
                Path f = o.baseDir() == null ? Path.of(t.file()) : o.baseDir().resolve(t.file());
                send.put("file", f.toAbsolutePath().toString());
            } else {
                send.put("size", Values.sizeBytes(t.size()));
                send.put("seed", Seeds.derive(seed, "transfer", name));
            }
            // the receiver listens from the start, the sender starts at its time
            streams.execute(() -> stream(t.to(), "rdp.recv", recv, d -> {
                if (d.path("summary").asBoolean(false)) {
                    recvSummaries.put(name, d);
                }
            }, "transfer " + name + " receiver"));
            at(timer, t.start(), () -> streams.execute(() -> stream(t.from(), "rdp.send", send, d -> {
                if (d.path("summary").asBoolean(false)) {
                    sendSummaries.put(name, d);
                }
            }, "transfer " + name + " sender")));
        }
    }

    private static void putIfSet(Map<String, Object> m, String k, Object v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    private void stream(String node, String cmd, Map<String, Object> args, java.util.function.Consumer<JsonNode> onData,
                        String what) {
        NodeProcess p = nodes.get(node);
        try (ControlClient c = ControlClient.connect(p.control, null, Duration.ofNanos(duration + CALL_TIMEOUT.toNanos()))) {
            c.stream(cmd, args, onData);
        } catch (IOException | RuntimeException e) {
            failures.put(what, e.getMessage() == null ? e.toString() : e.getMessage());
            events.add(elapsed() + ": " + what + " failed: " + failures.get(what));
        }
    }

    // ---- timed events ----

    private void scheduleEvents(ScheduledExecutorService timer, ExecutorService calls) {
        for (Scenario.EventSpec e : s.events()) {
            if (e.queue() != null) {
                Scenario.QueueChange q = e.queue();
                Map<String, Object> params = new LinkedHashMap<>(Scenario.queueParams(q.set()));
                Object kind = q.set() instanceof String str ? str : params.remove("kind");
                for (String end : s.link(q.link()).between()) {
                    if (q.node() == null || q.node().equals(end)) {
                        at(timer, e.at(), () -> calls.execute(() -> command(end, "qdisc.set",
                                Map.of("link", q.link(), "kind", String.valueOf(kind), "params", params),
                                "queue on " + q.link() + " now " + q.set())));
                    }
                }
            } else if (e.flakeway() != null) {
                Scenario.FlakewayChange fc = e.flakeway();
                if (fc.set() != null) {
                    for (Map<String, Object> rule : fc.set()) {
                        at(timer, e.at(), () -> calls.execute(() -> command(fc.node(), "flakeway.set", Map.of("rule", rule),
                                "flakeway rule '" + rule.get("name") + "' set")));
                    }
                } else {
                    Map<String, Object> args = fc.clear().equals("all") ? Map.of() : Map.of("name", fc.clear());
                    at(timer, e.at(), () -> calls.execute(() -> command(fc.node(), "flakeway.clear", args,
                            "flakeway rules cleared: " + fc.clear())));
                }
            } else {
                boolean up = e.up() != null;
                Scenario.LinkSpec l = s.link(up ? e.up() : e.down());
                for (String end : l.between()) {
                    at(timer, e.at(), () -> calls.execute(() -> command(end, "link.set", Map.of("link", l.linkName(), "cut", !up),
                            "link " + l.linkName() + (up ? " mended" : " cut") + " at " + end)));
                }
            }
        }
    }

    private void command(String node, String cmd, Map<String, Object> args, String what) {
        try {
            nodes.get(node).call(cmd, args);
            events.add(elapsed() + ": " + node + ": " + what);
        } catch (IOException | RuntimeException e) {
            failures.put(node + " " + cmd, String.valueOf(e.getMessage()));
            events.add(elapsed() + ": " + node + ": " + what + " FAILED: " + e.getMessage());
        }
    }

    // ---- observations: route samples and reachability, through each node's 'routes' ----

    private void scheduleObservations(ScheduledExecutorService timer, ExecutorService calls) {
        for (Scenario.Expectation x : s.expect()) {
            if (x instanceof Scenario.RouteAvoids r) {
                PathSampler ps = new PathSampler(r.from(), r.to());
                samplers.put(x, ps);
                long after = r.after() == null ? 0 : Values.durationNanos(r.after());
                long every = r.every() == null ? DEFAULT_SAMPLE_EVERY : Values.durationNanos(r.every());
                long end = r.until() != null ? Values.durationNanos(r.until()) : duration - Math.min(every, duration / 20);
                for (long t = after; t <= Math.max(after, end); t += every) {
                    long at = t;
                    at(timer, at, () -> calls.execute(() -> ps.record(walk(r.from(), r.to(), at))));
                }
            } else if (x instanceof Scenario.Reachable r) {
                List<String> missing = Collections.synchronizedList(new ArrayList<>());
                unreachable.put(x, missing);
                long at = r.at() == null ? duration - Math.min(100_000_000L, duration / 20) : Values.durationNanos(r.at());
                at(timer, at, () -> calls.execute(() -> {
                    for (Scenario.NodeSpec n : s.nodes()) {
                        List<Route> table = routes(n.name());
                        for (Scenario.NodeSpec other : s.nodes()) {
                            if (other != n && lookup(table, other.address()) == null) {
                                missing.add(n.name() + "->" + other.name());
                            }
                        }
                    }
                }));
            }
        }
    }

    private record Route(long prefix, int length, String nextHop, String link, boolean up) {
    }

    private List<Route> routes(String node) {
        List<Route> out = new ArrayList<>();
        try {
            for (JsonNode r : nodes.get(node).call("routes", Map.of())) {
                String[] d = r.path("destination").asText().split("/");
                out.add(new Route(addr(d[0]), Integer.parseInt(d[1]), r.path("nextHop").asText(), r.path("link").asText(),
                        r.path("linkUp").asBoolean(true)));
            }
        } catch (IOException | RuntimeException e) {
            // a node that does not answer has no usable routes at this instant
        }
        return out;
    }

    private static Route lookup(List<Route> table, String address) {
        long a = addr(address);
        Route best = null;
        for (Route r : table) {
            long mask = r.length == 0 ? 0 : (0xFFFFFFFFL << (32 - r.length)) & 0xFFFFFFFFL;
            if ((a & mask) == (r.prefix & mask) && r.up && (best == null || r.length > best.length)) {
                best = r;
            }
        }
        return best;
    }

    private PathSampler.Sample walk(String from, String to, long at) {
        String dest = address(to);
        List<String> hops = new ArrayList<>();
        List<String> links = new ArrayList<>();
        String here = from;
        while (true) {
            hops.add(here);
            if (here.equals(to)) {
                return new PathSampler.Sample(at, hops, links, null);
            }
            if (hops.size() > s.nodes().size()) {
                return new PathSampler.Sample(at, hops, links, "loop");
            }
            Route r = lookup(routes(here), dest);
            if (r == null) {
                return new PathSampler.Sample(at, hops, links, "no route at " + here);
            }
            links.add(r.link());
            String next = nameOf(r.nextHop());
            if (next == null) {
                return new PathSampler.Sample(at, hops, links, "next hop " + r.nextHop() + " is not in the lab");
            }
            here = next;
        }
    }

    // ---- judging ----

    private List<ExpectationResult> judge(Map<String, JsonNode> stats) {
        List<ExpectationResult> out = new ArrayList<>();
        for (Scenario.Expectation x : s.expect()) {
            if (x instanceof Scenario.PingsAnswered p) {
                out.add(pings(p));
            } else if (x instanceof Scenario.RouteAvoids r) {
                out.add(Expectations.route(r, samplers.get(x)));
            } else if (x instanceof Scenario.Reachable r) {
                out.add(Expectations.reachable(r, unreachable.get(x)));
            } else if (x instanceof Scenario.TracePath t) {
                out.add(trace(t));
            } else if (x instanceof Scenario.CounterBound c) {
                out.add(Expectations.counter(c, flatStats(stats.get(c.node()))));
            } else if (x instanceof Scenario.TransferDone t) {
                out.add(transfer(t));
            }
        }
        return out;
    }

    private ExpectationResult pings(Scenario.PingsAnswered p) {
        long after = p.after() == null ? 0 : Values.durationNanos(p.after());
        long ok = 0;
        long all = 0;
        for (Map.Entry<Scenario.PingSpec, List<JsonNode>> e : pingReplies.entrySet()) {
            Scenario.PingSpec spec = e.getKey();
            if (!spec.from().equals(p.from()) || !spec.to().equals(p.to())) {
                continue;
            }
            long start = spec.start() == null ? 0 : Values.durationNanos(spec.start());
            long interval = millis(spec.interval(), 1000) * 1_000_000L;
            int count = spec.count() == null ? 4 : spec.count();
            Map<Long, Boolean> answered = new LinkedHashMap<>();
            synchronized (e.getValue()) {
                for (JsonNode r : e.getValue()) {
                    answered.put(r.path("seq").asLong(), "reply".equals(r.path("status").asText()));
                }
            }
            // a ping's echo sequence numbers are 0, 1, 2, ...; number i left at start + i * interval
            long first = 0;
            for (int i = 0; i < count; i++) {
                if (start + i * interval >= after) {
                    all++;
                    if (Boolean.TRUE.equals(answered.get(first + i))) {
                        ok++;
                    }
                }
            }
        }
        return Expectations.pingsResult(p, ok, all);
    }

    private ExpectationResult trace(Scenario.TracePath t) {
        List<String> seen = new ArrayList<>();
        for (Map.Entry<Scenario.TraceSpec, List<JsonNode>> e : traceHops.entrySet()) {
            Scenario.TraceSpec spec = e.getKey();
            if (spec.from().equals(t.from()) && spec.to().equals(t.to())
                    && (t.at() == null || Values.durationNanos(spec.at()) == Values.durationNanos(t.at()))) {
                seen.clear();
                synchronized (e.getValue()) {
                    for (JsonNode h : e.getValue()) {
                        String from = h.path("from").asText(null);
                        String n = from == null ? null : nameOf(from);
                        seen.add(n != null ? n : "*");
                    }
                }
            }
        }
        return new ExpectationResult("trace", "trace " + t.from() + " -> " + t.to()
                + (t.at() == null ? "" : " at " + t.at()) + " sees " + String.join(" ", t.hops()),
                seen.equals(t.hops()), String.join(" ", t.hops()), String.join(" ", seen));
    }

    private ExpectationResult transfer(Scenario.TransferDone t) {
        JsonNode sent = sendSummaries.get(t.transfer());
        JsonNode got = recvSummaries.get(t.transfer());
        boolean match = sent != null && got != null && sent.path("complete").asBoolean() && got.path("complete").asBoolean()
                && sent.path("sha256").asText("").equals(got.path("sha256").asText("-"));
        Scenario.TransferSpec spec = s.workload().transfers().stream()
                .filter(x -> t.transfer().equals(x.name())).findFirst().orElse(null);
        String ends = spec == null ? "" : " (" + spec.from() + " -> " + spec.to() + ")";
        if (sent == null) {
            String failure = failures.get("transfer " + t.transfer() + " sender");
            return Expectations.transferResult(t, ends, false, -1, 0, 0,
                    (got == null ? "nothing received" : got.path("bytes").asLong() + " bytes received")
                            + (failure == null ? "" : "; " + failure));
        }
        return Expectations.transferResult(t, ends, match, sent.path("bytes").asLong(),
                sent.path("retransmissions").asLong(), sent.path("goodputBps").asDouble(), null);
    }

    /** A node's {@code stats} reply in the counter paths lab expectations use (docs/scenarios.md). */
    public static Map<String, Object> flatStats(JsonNode stats) {
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

    /** The lab's own flattening (Expectations), over the JSON the node's {@code stats} returned. */
    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, JsonNode n, Map<String, Object> out) {
        if (n.isObject()) {
            Expectations.flatten(prefix, JSON.convertValue(n, Map.class), out);
        }
    }

    private Map<String, Object> workloadReport() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> transfers = new LinkedHashMap<>();
        java.util.Set<String> names = new java.util.TreeSet<>(sendSummaries.keySet());
        names.addAll(recvSummaries.keySet());
        for (String k : names) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("sender", sendSummaries.get(k));
            t.put("receiver", recvSummaries.get(k));
            transfers.put(k, t);
        }
        m.put("transfers", transfers);
        List<Object> pings = new ArrayList<>();
        pingReplies.forEach((k, v) -> pings.add(Map.of("from", k.from(), "to", k.to(), "replies", List.copyOf(v))));
        m.put("pings", pings);
        m.put("failures", Map.copyOf(failures));
        return m;
    }

    // ---- helpers ----

    private void at(ScheduledExecutorService timer, String when, Runnable task) {
        at(timer, when == null ? 0 : Values.durationNanos(when), task);
    }

    private void at(ScheduledExecutorService timer, long t, Runnable task) {
        timer.schedule(task, Math.max(0, t0 + t - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void waitWithProgress() throws InterruptedException {
        int steps = 50;
        for (int i = 1; i <= steps; i++) {
            long target = t0 + duration * i / steps;
            long left = target - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.sleep(left);
            }
            for (NodeProcess p : nodes.values()) {
                p.checkAlive();
            }
            if (o.progress() != null) {
                o.progress().accept(i / (double) steps);
            }
        }
    }

    /** Pings and traces that outlast the run (their last timeouts) get a bounded grace to report. */
    private void awaitStreams() throws InterruptedException {
        try {
            pending.awaitAdvanceInterruptibly(pending.arrive(), STREAM_GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            events.add(elapsed() + ": some pings or traces had not finished " + STREAM_GRACE.toSeconds() + " s after the end");
        }
    }

    private String elapsed() {
        return Values.formatDuration(Math.max(0, System.nanoTime() - t0));
    }

    private String address(String node) {
        return s.node(node).address();
    }

    private String nameOf(String address) {
        for (Scenario.NodeSpec n : s.nodes()) {
            if (n.address().equals(address)) {
                return n.name();
            }
        }
        return null;
    }

    private static long addr(String dotted) {
        return org.aspen.vnet.VAddr.parse(dotted).value() & 0xFFFFFFFFL;
    }

    private static long millis(String duration, long dflt) {
        return duration == null ? dflt : Values.durationNanos(duration) / 1_000_000L;
    }

    private void stopAll() {
        for (NodeProcess p : nodes.values()) {
            p.stop();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One {@code aspen node} child process, its log file and its control endpoint. */
    static final class NodeProcess {
        final String name;
        final Process process;
        final Path log;
        InetSocketAddress control;

        private NodeProcess(String name, Process process, Path log) {
            this.name = name;
            this.process = process;
            this.log = log;
        }

        static NodeProcess start(String name, Path config, Path baseDir, Path work) throws IOException {
            String java = ProcessHandle.current().info().command().orElse("java");
            List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                    "-XX:+UseSerialGC",
                    "org.aspen.cli.Aspen", "node", "--config", config.toString(), "--name", name, "--log-level", "warn"));
            if (baseDir != null) {
                cmd.addAll(List.of("--base-dir", baseDir.toString()));
            }
            Path log = work.resolve(name + ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new NodeProcess(name, p, log);
        }

        void awaitUp(Duration timeout) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            java.util.regex.Pattern up = java.util.regex.Pattern.compile("up: udp \\S+, control /?([0-9.]+):([0-9]+)");
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new ConfigException("node " + name + " exited with code " + process.exitValue()
                            + " before it was up: " + lastLines());
                }
                for (String line : Files.readAllLines(log)) {
                    var m = up.matcher(line);
                    if (m.find()) {
                        control = new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2)));
                        return;
                    }
                }
                TimeUnit.MILLISECONDS.sleep(50);
            }
            throw new ConfigException("node " + name + " was not up after " + timeout.toSeconds() + " s; its log: " + log);
        }

        void checkAlive() {
            if (!process.isAlive()) {
                throw new ConfigException("node " + name + " died during the run (exit code " + process.exitValue() + "): "
                        + lastLines());
            }
        }

        /** One request on its own connection, so route samples, events and stats never wait for each other. */
        JsonNode call(String cmd, Map<String, ?> args) throws IOException {
            try (ControlClient c = ControlClient.connect(control, null, CALL_TIMEOUT)) {
                return c.call(cmd, args);
            }
        }

        private String lastLines() {
            try {
                List<String> lines = Files.readAllLines(log);
                return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())) + " (log: " + log + ")";
            } catch (IOException e) {
                return "(log: " + log + ")";
            }
        }

        void stop() {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
