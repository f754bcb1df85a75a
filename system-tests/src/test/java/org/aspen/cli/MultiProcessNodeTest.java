package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code aspen node} processes on loopback, each its own JVM with its own UDP socket, find
 * each other by routing and answer {@code aspen ping} and {@code aspen trace} through the first
 * node's control endpoint.
 */
class MultiProcessNodeTest {
    private final List<Process> procs = new ArrayList<>();

    @AfterEach
    void killNodes() throws InterruptedException {
        stopAll(procs);
    }

    /** Ends the node processes (TERM, then KILL after 10 s). */
    static void stopAll(List<Process> procs) throws InterruptedException {
        for (Process p : procs) {
            p.destroy();
        }
        for (Process p : procs) {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    Process startNode(Path config, String name) throws IOException {
        return startNode(procs, config, name);
    }

    /** {@code aspen node --config CONFIG --name NAME --duration 60s MORE...} in a JVM of its own, added to {@code procs}. */
    static Process startNode(List<Process> procs, Path config, String name, String... more) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Aspen.class.getName(),
                "node", "--config", config.toString(), "--name", name, "--duration", "60s"));
        cmd.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        procs.add(p);
        return p;
    }

    static CompletableFuture<String> upLine(Process p) {
        return line(p, l -> l.contains(" up: "));
    }

    /** The first line of the node's output that {@code wanted} accepts (then the rest is drained). */
    static CompletableFuture<String> line(Process p, java.util.function.Predicate<String> wanted) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                StringBuilder seen = new StringBuilder();
                String line;
                while ((line = r.readLine()) != null) {
                    seen.append(line).append('\n');
                    if (wanted.test(line)) {
                        // keep draining so the child never blocks on a full pipe
                        Thread drain = new Thread(() -> {
                            try {
                                while (r.readLine() != null) {
                                    // discard
                                }
                            } catch (IOException ignored) {
                                // the process ended
                            }
                        });
                        drain.setDaemon(true);
                        drain.start();
                        return line;
                    }
                }
                throw new IllegalStateException("node exited before the line the test waits for:\n" + seen);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void threeNodeProcessesPingAndTrace(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        int pc = FreePorts.udpAndTcp();
        Path cfg = dir.resolve("hosts.yaml");
        Files.writeString(cfg, """
                name: hosts
                routing: auto
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                  - {name: c, address: 10.0.0.3, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                  - {between: [b, c]}
                """.formatted(pa, pb, pc));
        List<CompletableFuture<String>> ups = new ArrayList<>();
        for (String n : List.of("a", "b", "c")) {
            ups.add(upLine(startNode(cfg, n)));
        }
        for (CompletableFuture<String> up : ups) {
            assertTrue(up.get(60, TimeUnit.SECONDS).contains(" up: "));
        }
        String control = "127.0.0.1:" + pa;
        // routing converges within a few hellos; allow generous time on a loaded machine
        int code = -1;
        Cli.Run ping = null;
        for (int attempt = 0; attempt < 30 && code != 0; attempt++) {
            ping = Cli.run("ping", "10.0.0.3", "--node", control, "-c", "1", "-W", "1s");
            code = ping.code();
        }
        assertEquals(0, code, ping.out() + ping.err());
        Cli.Run three = Cli.run("ping", "10.0.0.3", "--node", control, "-c", "3", "-i", "100ms");
        assertEquals(0, three.code(), three.out() + three.err());
        assertTrue(three.out().contains("reply from 10.0.0.3 (c): "), three.out());
        Cli.Run trace = Cli.run("trace", "10.0.0.3", "--node", control);
        assertEquals(0, trace.code(), trace.out() + trace.err());
        List<String> hops = trace.out().lines().filter(l -> l.matches("\\s*\\d+\\s+10\\..*")).toList();
        assertEquals(2, hops.size(), trace.out());
        // each hop by address and by the node's name in the scenario file
        assertTrue(hops.get(0).contains("10.0.0.2 (b)") && hops.get(1).contains("10.0.0.3 (c)"), trace.out());
        Cli.Run unreachable = Cli.run("ping", "10.0.0.9", "--node", control, "-c", "1");
        assertEquals(Aspen.FAILURE, unreachable.code(), unreachable.out());
        assertTrue(unreachable.out().contains("unreachable"), unreachable.out());
    }

    @Test
    void pingWithoutANodeIsAClearError() throws Exception {
        int port = FreePorts.udpAndTcp();
        Cli.Run r = Cli.run("ping", "10.0.0.3", "--node", "127.0.0.1:" + port, "-c", "1");
        assertEquals(Aspen.FAILURE, r.code());
        assertTrue(r.err().contains("cannot reach the node's control endpoint"), r.err());
        assertEquals(Aspen.USAGE, Cli.run("ping", "10.0.0.300").code());
    }
}
