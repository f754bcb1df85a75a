package org.aspen.bench.rdp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aspen.lab.processes.NodeLauncher;
import org.aspen.vnet.mgmt.ControlClient;

/**
 * One RDP transfer on the user's path: two {@code aspen node} processes on loopback joined by one
 * link, {@code rdp.recv} on b and {@code rdp.send} of a seeded payload from a, each end's SHA-256
 * compared. Reports the receiver's goodput, each process's CPU seconds over the transfer, and the
 * tail of the gaps between deliveries. Wall time is allowed here (benchmarks only).
 *
 * <pre>{@code
 * NodePairBench.Result r = NodePairBench.run(NodeLauncher.javaMain(cliMain), 200_000_000L, 1000, 1, work);
 * }</pre>
 */
public final class NodePairBench {
    private static final Pattern UP = Pattern.compile("up: udp \\S+, control /?([0-9.]+):([0-9]+)");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private NodePairBench() {
    }

    /**
     * One transfer's outcome.
     *
     * @param goodputBps   receiver's payload bits per second (accept to last byte, as {@code aspen recv} reports)
     * @param bytes        payload bytes delivered
     * @param verified     every byte arrived and both ends' SHA-256 agree
     * @param sendCpuS     sending node process's CPU seconds during the transfer (all threads)
     * @param recvCpuS     receiving node process's CPU seconds during the transfer
     * @param gapP99Us     99th percentile of the gaps between deliveries (upper edge of a power-of-two bucket), us
     * @param gapMaxUs     longest gap between deliveries, us
     * @param retransmissions segments the sender sent again
     */
    public record Result(double goodputBps, long bytes, boolean verified, double sendCpuS, double recvCpuS,
                         long gapP99Us, long gapMaxUs, long retransmissions, int segment) {
        public double sendCpuSPerGB() {
            return sendCpuS / (bytes / 1e9);
        }

        public double recvCpuSPerGB() {
            return recvCpuS / (bytes / 1e9);
        }
    }

    /**
     * Starts the two nodes, runs one transfer of {@code bytes} in segments of {@code segment} (0: sized
     * from the path, as {@code aspen send} and {@code aspen recv} do without {@code --segment}), stops them.
     */
    public static Result run(NodeLauncher launcher, long bytes, int segment, long seed, Path work) throws Exception {
        return run(launcher, bytes, segment, seed, work, true);
    }

    /** As {@link #run(NodeLauncher, long, int, long, Path)}, both nodes with UDP offload on or off ({@code aspen node --offload}). */
    public static Result run(NodeLauncher launcher, long bytes, int segment, long seed, Path work, boolean offload)
            throws Exception {
        Files.createDirectories(work);
        int[] ports = freePorts(4);
        Path config = work.resolve("pair.yaml");
        Files.writeString(config, String.join("\n",
                "name: rdp-bench-pair",
                "routing: auto",
                "nodes:",
                "  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:" + ports[0] + ", control: 127.0.0.1:" + ports[2] + "}",
                "  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:" + ports[1] + ", control: 127.0.0.1:" + ports[3] + "}",
                "links:",
                "  - {between: [a, b]}", ""));
        List<Process> procs = new ArrayList<>();
        try {
            Process a = start(launcher, "a", config, work, offload);
            procs.add(a);
            Process b = start(launcher, "b", config, work, offload);
            procs.add(b);
            InetSocketAddress ca = awaitUp(a, work.resolve("a.log"));
            InetSocketAddress cb = awaitUp(b, work.resolve("b.log"));
            awaitRoute(ca, "10.0.0.2");
            awaitRoute(cb, "10.0.0.1");
            Map<String, Object> opts = segment > 0 ? Map.of("segment", segment) : Map.of();
            CompletableFuture<JsonNode> received = new CompletableFuture<>();
            CompletableFuture<Void> listening = new CompletableFuture<>();
            Thread rx = new Thread(() -> {
                try (ControlClient c = ControlClient.connect(cb, null, TIMEOUT)) {
                    JsonNode[] last = new JsonNode[1];
                    c.stream("rdp.recv", merge(opts, Map.of("port", 9000)), n -> {
                        if (n.has("listening")) {
                            listening.complete(null);
                        }
                        last[0] = n;
                    });
                    received.complete(last[0]);
                } catch (Exception e) {
                    listening.completeExceptionally(e);
                    received.completeExceptionally(e);
                }
            }, "bench-recv");
            rx.setDaemon(true);
            rx.start();
            listening.get(30, TimeUnit.SECONDS);
            double cpuA0 = cpuSeconds(a);
            double cpuB0 = cpuSeconds(b);
            JsonNode sent;
            try (ControlClient c = ControlClient.connect(ca, null, TIMEOUT)) {
                JsonNode[] last = new JsonNode[1];
                c.stream("rdp.send", merge(opts, Map.of("target", "10.0.0.2", "port", 9000, "size", bytes,
                        "seed", seed)), n -> last[0] = n);
                sent = last[0];
            }
            JsonNode got = received.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            double cpuA = cpuSeconds(a) - cpuA0;
            double cpuB = cpuSeconds(b) - cpuB0;
            if (got == null || sent == null || !got.path("summary").asBoolean(false)) {
                throw new IllegalStateException("transfer did not finish: sender said " + sent + ", receiver " + got);
            }
            boolean ok = got.path("complete").asBoolean() && sent.path("complete").asBoolean()
                    && got.path("bytes").asLong() == bytes && got.path("sha256").asText().equals(sent.path("sha256").asText());
            JsonNode st = got.path("stats");
            return new Result(got.path("goodputBps").asDouble(), got.path("bytes").asLong(), ok, cpuA, cpuB,
                    st.path("arrivalGapP99Us").asLong(), st.path("arrivalGapMaxUs").asLong(),
                    sent.path("retransmissions").asLong(), got.path("segment").asInt());
        } finally {
            for (Process p : procs) {
                p.destroy();
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    private static Map<String, Object> merge(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> m = new java.util.LinkedHashMap<>(a);
        m.putAll(b);
        m.put("details", true);
        return m;
    }

    private static Process start(NodeLauncher launcher, String name, Path config, Path work, boolean offload)
            throws IOException {
        List<String> cmd = launcher.command(List.of("node", "--config", config.toString(), "--name", name,
                "--log-level", "warn", "--offload", offload ? "on" : "off"));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve(name + ".log").toFile()).start();
    }

    private static InetSocketAddress awaitUp(Process p, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("node exited with code " + p.exitValue() + "; its log: " + log);
            }
            if (Files.exists(log)) {
                for (String line : Files.readAllLines(log)) {
                    Matcher m = UP.matcher(line);
                    if (m.find()) {
                        return new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2)));
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("node not up after 90 s; its log: " + log);
    }

    /** Waits until link-state routing has a route (hello interval plus an SPF run). */
    private static void awaitRoute(InetSocketAddress control, String target) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (ControlClient c = ControlClient.connect(control, null, Duration.ofSeconds(10))) {
                JsonNode r = c.call("route.lookup", Map.of("targets", List.of(target)));
                if (r.path(0).has("link")) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no route to " + target + " after 60 s");
    }

    private static double cpuSeconds(Process p) {
        return p.info().totalCpuDuration().map(d -> d.toNanos() / 1e9)
                .orElseThrow(() -> new IllegalStateException("this OS does not report a process's CPU time"));
    }

    private static int[] freePorts(int n) throws IOException {
        int[] ports = new int[n];
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                held.add(s);
                ports[i] = s.getLocalPort();
            }
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
        return ports;
    }
}
