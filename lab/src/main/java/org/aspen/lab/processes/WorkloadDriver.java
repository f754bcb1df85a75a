package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.transfer.TransferProgress;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.time.Seeds;

/**
 * Drives a {@link ProcessLab} run's workload and timed events through the node processes' control
 * endpoints, at their scenario times, keeping every reply in {@link Replies}:
 * {@code ping} and {@code trace} on the {@code from} node; {@code rdp.recv} on {@code to} from time
 * zero and {@code rdp.send} (with {@code details: true}) on {@code from} at {@code start}; a link's
 * {@code down}/{@code up} as {@code link.set} on both ends; {@code flakeway.set|clear}; {@code qdisc.set}.
 *
 * <pre>{@code
 * WorkloadDriver d = new WorkloadDriver(scenario, seed, duration, baseDir, nodes, time, replies);
 * d.start();                 // schedules everything from time zero
 * ... wait for the end ...
 * d.awaitStreams();          // pings and traces still answering get a bounded grace
 * }</pre>
 */
final class WorkloadDriver {
    private static final Duration STREAM_GRACE = Duration.ofSeconds(15);
    private final Scenario s;
    private final long seed;
    private final long duration;
    private final Path baseDir;
    private final Map<String, NodeProcess> nodes;
    private final Timeline time;
    private final Replies replies;
    /** Ping and trace requests still streaming; the run waits a little for them at the end. */
    private final Phaser pending = new Phaser(1);

    WorkloadDriver(Scenario s, long seed, long duration, Path baseDir, Map<String, NodeProcess> nodes, Timeline time,
                   Replies replies) {
        this.s = s;
        this.seed = seed;
        this.duration = duration;
        this.baseDir = baseDir;
        this.nodes = nodes;
        this.time = time;
        this.replies = replies;
    }

    void start() {
        pingsAndTraces();
        transfers();
        events();
    }

    private void pingsAndTraces() {
        List<Scenario.PingSpec> pings = s.workload().pings();
        for (int i = 0; i < pings.size(); i++) {
            Scenario.PingSpec p = pings.get(i);
            List<JsonNode> lines = replies.pings(i);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("target", address(p.to()));
            args.put("count", p.probes());
            args.put("intervalMs", p.intervalNanos() / 1_000_000L);
            args.put("timeoutMs", p.timeoutNanos() / 1_000_000L);
            pending.register();
            time.at(p.startNanos(), () -> {
                try {
                    stream(p.from(), "ping", args, d -> {
                        if (d.has("seq")) {
                            lines.add(d);
                        }
                    }, "ping " + p.from() + " -> " + p.to());
                } finally {
                    pending.arriveAndDeregister();
                }
            });
        }
        List<Scenario.TraceSpec> traces = s.workload().traces();
        for (int i = 0; i < traces.size(); i++) {
            Scenario.TraceSpec t = traces.get(i);
            List<JsonNode> hops = replies.traces(i);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("target", address(t.to()));
            args.put("maxHops", t.hopLimit());
            pending.register();
            time.at(t.atNanos(), () -> {
                try {
                    stream(t.from(), "trace", args, d -> {
                        if (d.has("ttl")) {
                            hops.add(d);
                        }
                    }, "trace " + t.from() + " -> " + t.to());
                } finally {
                    pending.arriveAndDeregister();
                }
            });
        }
    }

    private void transfers() {
        List<Scenario.TransferSpec> transfers = s.workload().transfers();
        for (int i = 0; i < transfers.size(); i++) {
            Scenario.TransferSpec t = transfers.get(i);
            String name = t.nameAt(i);
            int port = t.portAt(i);
            Map<String, Object> opts = new LinkedHashMap<>();
            putIfSet(opts, "window", t.window());
            // a scenario's segment size is the same in both runtimes: without one, the simulation's default
            // (the node would otherwise size segments from the path, 16 KB over loopback)
            opts.put("segment", t.segment() != null ? t.segment() : RdpOptions.defaults().maxSegment());
            putIfSet(opts, "ecn", t.ecn());
            putIfSet(opts, "aecn", t.aecn());
            // and so is its recovery: the scenario's, else the lab's default (classic), not the node's (modern)
            opts.put("recovery", t.recovery() != null ? t.recovery() : "classic");
            Map<String, Object> recv = new LinkedHashMap<>(opts);
            recv.put("port", port);
            Map<String, Object> send = new LinkedHashMap<>(opts);
            send.put("target", address(t.to()));
            send.put("port", port);
            send.put("details", true);   // counters and window-close figures, for stat expectations
            if (t.file() != null) {
                Path f = baseDir == null ? Path.of(t.file()) : baseDir.resolve(t.file());
                send.put("file", f.toAbsolutePath().toString());
            } else {
                send.put("size", Units.bytes(t.size()));
                send.put("seed", Seeds.derive(seed, "transfer", name));
            }
            // the receiver listens from the start, the sender starts at its time
            // progress lines ({bytes, total, ...}) keep what an unfinished transfer had moved when the run ended
            time.now(() -> stream(t.to(), "rdp.recv", recv, d -> {
                if (d.path("summary").asBoolean(false)) {
                    replies.received().put(name, d);
                } else if (d.has("bytes")) {
                    replies.receivedSoFar().put(name, progress(d).bytes());
                }
            }, "transfer " + name + " receiver"));
            time.at(t.startNanos(), () -> stream(t.from(), "rdp.send", send, d -> {
                if (d.path("summary").asBoolean(false)) {
                    replies.sent().put(name, d);
                } else if (d.has("bytes")) {
                    replies.sentSoFar().put(name, progress(d).bytes());
                }
            }, "transfer " + name + " sender"));
        }
    }

    private static void putIfSet(Map<String, Object> m, String k, Object v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    private void stream(String node, String cmd, Map<String, Object> args, Consumer<JsonNode> onData, String what) {
        try {
            nodes.get(node).stream(cmd, args, onData, Duration.ofNanos(duration + NodeProcess.CALL_TIMEOUT.toNanos()));
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            replies.failures().put(what, why);
            time.note(what + " failed: " + why);
        }
    }

    private void events() {
        for (Scenario.EventSpec e : s.events()) {
            if (e.queue() != null) {
                Scenario.QueueChange q = e.queue();
                Map<String, Object> params = new LinkedHashMap<>(Scenario.queueParams(q.set()));
                Object kind = q.set() instanceof String str ? str : params.remove("kind");
                for (String end : s.link(q.link()).between()) {
                    if (q.node() == null || q.node().equals(end)) {
                        time.at(e.at(), () -> command(end, "qdisc.set",
                                Map.of("link", q.link(), "kind", String.valueOf(kind), "params", params),
                                "queue on " + q.link() + " now " + q.set()));
                    }
                }
            } else if (e.flakeway() != null) {
                Scenario.FlakewayChange fc = e.flakeway();
                if (fc.set() != null) {
                    for (Map<String, Object> rule : fc.set()) {
                        time.at(e.at(), () -> command(fc.node(), "flakeway.set", Map.of("rule", rule),
                                "flakeway rule '" + rule.get("name") + "' set"));
                    }
                } else {
                    Map<String, Object> args = fc.clear().equals("all") ? Map.of() : Map.of("name", fc.clear());
                    time.at(e.at(), () -> command(fc.node(), "flakeway.clear", args, "flakeway rules cleared: " + fc.clear()));
                }
            } else {
                boolean up = e.up() != null;
                Scenario.LinkSpec l = s.link(up ? e.up() : e.down());
                for (String end : l.between()) {
                    time.at(e.at(), () -> command(end, "link.set", Map.of("link", l.linkName(), "cut", !up),
                            "link " + l.linkName() + (up ? " mended" : " cut") + " at " + end));
                }
            }
        }
    }

    private void command(String node, String cmd, Map<String, Object> args, String what) {
        try {
            nodes.get(node).call(cmd, args);
            time.note(node + ": " + what);
        } catch (IOException | RuntimeException e) {
            replies.failures().put(node + " " + cmd, String.valueOf(e.getMessage()));
            time.note(node + ": " + what + " FAILED: " + e.getMessage());
        }
    }

    /** Pings and traces that outlast the run (their last timeouts) get a bounded grace to report. */
    void awaitStreams() throws InterruptedException {
        try {
            pending.awaitAdvanceInterruptibly(pending.arrive(), STREAM_GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            time.note("some pings or traces had not finished " + STREAM_GRACE.toSeconds() + " s after the end");
        }
    }

    private String address(String node) {
        return s.node(node).address();
    }

    /** A transfer's progress line ({@code {"bytes":..,"total":..,"seconds":..,"rateBps":..}}) as its record. */
    private static TransferProgress progress(JsonNode line) {
        try {
            return ReportJson.MAPPER.treeToValue(line, TransferProgress.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the node sent a progress line that is not a TransferProgress: " + line, e);
        }
    }
}
