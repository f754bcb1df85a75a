package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real multi-host run: three Linux network namespaces a - b - c, joined by veth pairs, each with
 * its own addresses, one {@code aspen node} process per namespace, and every client command run
 * inside the node's namespace ({@code ip netns exec NS java ... Aspen ping ... --node 127.0.0.1:7100}),
 * exactly as an operator would on three hosts.
 *
 * <p>Addressing: a node binds one UDP socket and knows a link peer by its exact UDP address, so b,
 * which sits on two subnets, needs one address both neighbours can reach and that is also the
 * source of everything it sends. b's {@code udp} is 10.231.0.2 on its loopback interface (like a
 * router's loopback address), and a and c each get a host route to it through their veth. Because b
 * binds that address (not the wildcard), the kernel uses it as the source of b's datagrams, so a and
 * c see exactly the peer address in the topology file.
 *
 * <pre>
 *   ns a: veth-ab 10.231.1.1/30 ----- veth-ba 10.231.1.2/30  ns b  veth-bc 10.231.2.1/30 ----- veth-cb 10.231.2.2/30 :ns c
 *         route 10.231.0.2 via 10.231.1.2       lo 10.231.0.2/32 (b's udp)        route 10.231.0.2 via 10.231.2.1
 * </pre>
 *
 * <p>Runs only as root with a working {@code ip netns}; otherwise it is skipped with the reason
 * printed. Namespaces are named {@code aspen-t-<pid>-<random>}; leftovers of earlier runs whose test
 * process is gone are removed first, and this run's namespaces and processes are removed in a
 * finally block.
 */
class NetnsSystemTest {
    static final String PREFIX = "aspen-t-";
    static final int UDP_PORT = 7000;
    static final String CONTROL = "127.0.0.1:7100";
    /** How long a polled condition (routes converged, route gone) may take on a slow machine. */
    static final long POLL_LIMIT_MS = 30_000;

    record Run(int code, String out) {
    }

    private final List<String> namespaces = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();
    /** Every node process's output (name -> lines), printed when the test fails. */
    private final java.util.Map<String, ConcurrentLinkedQueue<String>> nodeLogs = new java.util.LinkedHashMap<>();
    private final ObjectMapper json = new ObjectMapper();
    private String javaCmd;
    private String classpath;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)   // every wait is bounded; this is the last resort (finally still cleans up)
    void threeNamespacesPingTransferAndRecoverFromAKilledNode(@TempDir Path dir) throws Exception {
        inThreeNamespaces((a, b, c, t0) -> {
            Path cfg = dir.resolve("netns3.yaml");
            Files.writeString(cfg, """
                    name: netns3
                    description: three nodes in three network namespaces (NetnsSystemTest)
                    routing: auto
                    timers: {hello: 100ms, dead: 1s}
                    nodes:
                      - {name: a, address: 10.0.0.1, udp: 10.231.1.1:%1$d, control: %2$s}
                      - {name: b, address: 10.0.0.2, udp: 10.231.0.2:%1$d, control: %2$s}
                      - {name: c, address: 10.0.0.3, udp: 10.231.2.2:%1$d, control: %2$s}
                    links:
                      - {between: [a, b]}
                      - {between: [b, c]}
                    """.formatted(UDP_PORT, CONTROL));
            Process[] nodes = new Process[3];
            List<CompletableFuture<String>> ups = new ArrayList<>();
            String[] names = {"a", "b", "c"};
            String[] spaces = {a, b, c};
            for (int i = 0; i < 3; i++) {
                nodes[i] = startNode(spaces[i], cfg, names[i]);
                ups.add(upLine(nodes[i], names[i]));
            }
            for (CompletableFuture<String> up : ups) {
                up.get(60, TimeUnit.SECONDS);
            }

            // 1. routing converges across the three namespaces: a pings c through b
            Run ping = pollUntil(a, r -> r.code() == 0, "ping", "10.0.0.3", "-c", "1", "-W", "1s");
            assertTrue(ping.out().contains("reply from 10.0.0.3"), ping.out());
            Run trace = cli(a, 30, "trace", "10.0.0.3");
            assertEquals(0, trace.code(), trace.out());
            List<String> hops = trace.out().lines().filter(l -> l.matches("\\s*\\d+\\s+10\\..*")).toList();
            assertEquals(2, hops.size(), trace.out());
            assertTrue(hops.get(0).contains("10.0.0.2") && hops.get(1).contains("10.0.0.3"), "path a -> b -> c: " + trace.out());

            phase("converged", t0);
            // 2. a verified RDP transfer a -> c
            transfer(dir, a, c, 5000);
            JsonNode aBefore = stats(a);
            JsonNode bBefore = stats(b);
            long changesBefore = routeChanges(aBefore);
            long bSeqBefore = bBefore.path("control").path("routing").path("ownSeq").asLong(-1);
            assertTrue(changesBefore >= 1, "a learned its routes: " + aBefore.path("control"));

            phase("first transfer", t0);
            // 3. kill b's process (SIGKILL: a crash, not a clean stop); a's route to c must go
            nodes[1].destroyForcibly();
            assertTrue(nodes[1].waitFor(30, TimeUnit.SECONDS), "node b did not die");
            Run gone = pollUntil(a, r -> r.code() != 0 && r.out().contains("unreachable"),
                    "ping", "10.0.0.3", "-c", "1", "-W", "500ms");
            assertTrue(gone.out().contains("unreachable"), gone.out());
            JsonNode aOutage = stats(a);
            assertTrue(routeChanges(aOutage) > changesBefore, "a's routes changed when b died: " + aOutage.path("control"));
            assertTrue(aOutage.path("counters").path("drops").path("no-route").asLong() > 0,
                    "a counted the pings it could not route: " + aOutage.path("counters"));

            phase("route gone", t0);
            // 4. restart b: routes converge again and a new transfer succeeds
            Process b2 = startNode(b, cfg, "b");
            upLine(b2, "b (restarted)").get(60, TimeUnit.SECONDS);
            pollUntil(a, r -> r.code() == 0, "ping", "10.0.0.3", "-c", "1", "-W", "1s");
            transfer(dir, a, c, 5001);
            phase("recovered, second transfer", t0);
            JsonNode aAfter = stats(a);
            JsonNode bAfter = stats(b);
            assertTrue(routeChanges(aAfter) > routeChanges(aOutage),
                    "a's routes changed again when b returned: " + aAfter.path("control"));
            // the restarted b is a fresh process (younger clock than a's) that picked up its old LSA sequence
            assertTrue(bAfter.path("nowNanos").asLong() < aAfter.path("nowNanos").asLong(), "b restarted: " + bAfter);
            long bSeqAfter = bAfter.path("control").path("routing").path("ownSeq").asLong(-1);
            assertTrue(bSeqAfter > bSeqBefore, "b's restarted LSA sequence " + bSeqAfter + " continues past " + bSeqBefore);
            System.out.printf("NetnsSystemTest: a's routeChanges %d -> %d (outage) -> %d (recovered); b's ownSeq %d -> %d; %.1f s%n",
                    changesBefore, routeChanges(aOutage), routeChanges(aAfter), bSeqBefore, bSeqAfter,
                    (System.nanoTime() - t0) / 1e9);
        });
    }

    /**
     * ACC across the namespaces with authenticated control: s and a share namespace a (two processes,
     * two UDP ports), b and c have their own. s sends to c; b's link to c is the bottleneck, so b's
     * ACC monitor notifies s and asks a (upstream, a router) to start a filter. Every node has a node
     * key from a key file, and s - a a link key; all four message kinds are signed and verified.
     *
     * <pre>
     *   ns a: s (udp :7001, control :7101) -- a (udp :7000, acc: filter) ----- ns b: b (acc monitor) --2 Mb/s-- ns c: c
     * </pre>
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)   // bounded waits inside; finally still cleans up
    void accActsAcrossNamespacesWithAuthenticatedControl(@TempDir Path dir) throws Exception {
        inThreeNamespaces((a, b, c, t0) -> {
            String sControl = "127.0.0.1:7101";
            Files.createDirectories(dir.resolve("keys"));
            Random keys = new Random(42);
            for (String k : List.of("s", "a", "b", "c", "s-a")) {
                byte[] secret = new byte[32];
                keys.nextBytes(secret);
                Files.writeString(dir.resolve("keys/" + k + ".key"), HexFormat.of().formatHex(secret) + "\n");
            }
            Path cfg = dir.resolve("netns-acc.yaml");
            Files.writeString(cfg, """
                    name: netns-acc
                    description: ACC with authenticated control across namespaces (NetnsSystemTest)
                    routing: auto
                    timers: {hello: 100ms, dead: 1s}
                    nodes:
                      - {name: s, address: 10.0.0.9, udp: 10.231.1.1:%1$d, control: %3$s}
                      - {name: a, address: 10.0.0.1, udp: 10.231.1.1:%2$d, control: %4$s, acc: filter}
                      - {name: b, address: 10.0.0.2, udp: 10.231.0.2:%2$d, control: %4$s, acc: {monitor: true, minRtt: 0ms}}
                      - {name: c, address: 10.0.0.3, udp: 10.231.2.2:%2$d, control: %4$s}
                    links:
                      - {between: [s, a], bandwidth: 20Mbps, delay: 5ms}
                      - {between: [a, b], bandwidth: 20Mbps, delay: 5ms}
                      - {between: [b, c], bandwidth: 2Mbps, delay: 20ms, buffer: 8}
                    auth:
                      keys:
                        - {id: 1, secret: "file:keys/s.key", nodes: [s]}
                        - {id: 2, secret: "file:keys/a.key", nodes: [a]}
                        - {id: 3, secret: "file:keys/b.key", nodes: [b]}
                        - {id: 4, secret: "file:keys/c.key", nodes: [c]}
                        - {id: 10, secret: "file:keys/s-a.key", links: [s-a]}
                    """.formatted(UDP_PORT + 1, UDP_PORT, sControl, CONTROL));
            String[] names = {"s", "a", "b", "c"};
            String[] spaces = {a, a, b, c};
            List<CompletableFuture<String>> ups = new ArrayList<>();
            for (int i = 0; i < names.length; i++) {
                ups.add(upLine(startNode(spaces[i], cfg, names[i]), names[i]));
            }
            for (CompletableFuture<String> up : ups) {
                up.get(60, TimeUnit.SECONDS);
            }
            phase("acc: nodes up", t0);
            // authenticated routing converges: s has a route to c (over a and b); the transfer then proves the path
            long deadline = System.nanoTime() + POLL_LIMIT_MS * 1_000_000L;
            while (!request(a, sControl, "routes").toString().contains("10.0.0.3/32")) {
                assertTrue(System.nanoTime() < deadline, "s never learned a route to c: " + request(a, sControl, "routes"));
                Thread.sleep(200);   // polling a separate process's state, not synchronising threads
            }
            phase("acc: converged", t0);
            transfer(dir, a, sControl, c, 5000, 400_000);
            phase("acc: transfer through the bottleneck", t0);

            JsonNode sStats = request(a, sControl, "stats");
            JsonNode aStats = request(a, CONTROL, "stats");
            JsonNode bStats = request(b, CONTROL, "stats");
            assertTrue(aaMetric(bStats, "acc-monitor", "notificationsSent") > 0, "b's monitor notified s: " + bStats.path("ee"));
            assertTrue(aaMetric(bStats, "acc-monitor", "filterRequestsSent") > 0, "b asked a for a filter: " + bStats.path("ee"));
            assertTrue(aaMetric(aStats, "acc-filter", "filtersStarted") > 0, "a started a filter: " + aStats.path("ee"));
            assertTrue(sStats.path("auth").path("rdp-notify").path("verified").asLong() > 0, "s verified notifications: " + sStats.path("auth"));
            assertTrue(aStats.path("auth").path("aa-request").path("verified").asLong() > 0, "a verified requests: " + aStats.path("auth"));
            assertTrue(aStats.path("auth").path("routing").path("verified").asLong() > 0, "a verified routing: " + aStats.path("auth"));
            for (JsonNode st : List.of(sStats, aStats, bStats)) {
                JsonNode drops = st.path("counters").path("drops");
                assertEquals(0, drops.path("auth-forged").asLong() + drops.path("auth-unsigned").asLong(),
                        st.path("node").asText() + " dropped authentic control: " + drops);
            }
            System.out.printf("NetnsSystemTest: ACC across namespaces: b sent %d notifications, %d filter requests; a started %d filters;"
                            + " s verified %d notifications; %.1f s%n",
                    aaMetric(bStats, "acc-monitor", "notificationsSent"), aaMetric(bStats, "acc-monitor", "filterRequestsSent"),
                    aaMetric(aStats, "acc-filter", "filtersStarted"), sStats.path("auth").path("rdp-notify").path("verified").asLong(),
                    (System.nanoTime() - t0) / 1e9);
        });
    }

    /**
     * One control request without starting a JVM (quick on a busy machine): bash's /dev/tcp inside
     * the namespace sends the JSON line and reads the one reply line; returns its {@code data}.
     */
    private JsonNode request(String ns, String control, String cmd) throws Exception {
        String[] hp = control.split(":");
        String script = "exec 3<>/dev/tcp/" + hp[0] + "/" + hp[1] + " && echo '{\"id\":1,\"cmd\":\"" + cmd
                + "\",\"args\":{}}' >&3 && head -n 1 <&3";
        Run r = exec(List.of("ip", "netns", "exec", ns, "bash", "-c", script), 20);
        assertEquals(0, r.code(), cmd + " at " + control + " in " + ns + ": " + r.out());
        JsonNode reply = json.readTree(r.out());
        assertTrue(reply.has("data"), reply.toString());
        return reply.get("data");
    }

    /** Sum of metric {@code metric} over the AAs named {@code aa} in a node's stats. */
    private static long aaMetric(JsonNode stats, String aa, String metric) {
        long n = 0;
        for (JsonNode i : stats.path("ee").path("aas")) {
            if (i.path("name").asText().equals(aa)) {
                n += i.path("metrics").path(metric).asLong();
            }
        }
        return n;
    }

    /** A test body over three namespaces with the network built (named {@code <tag>-a}, {@code -b}, {@code -c}). */
    interface NamespaceBody {
        void run(String a, String b, String c, long t0) throws Exception;
    }

    /** Builds the three namespaces, runs {@code body}, and always cleans up (node output printed on failure). */
    private void inThreeNamespaces(NamespaceBody body) throws Exception {
        String tag = prepare();
        long t0 = System.nanoTime();
        boolean passed = false;
        try {
            buildNetwork(tag + "-a", tag + "-b", tag + "-c");
            body.run(tag + "-a", tag + "-b", tag + "-c", t0);
            passed = true;
        } finally {
            cleanUp();
            if (!passed) {
                nodeLogs.forEach((name, lines) -> System.out.println("---- node " + name + " output:\n" + String.join("\n", lines)));
            }
        }
    }

    /** Skips the test unless namespaces work here; removes leftovers; returns this run's namespace prefix. */
    private String prepare() throws Exception {
        String why = unsupportedReason();
        if (why != null) {
            System.out.println("NetnsSystemTest skipped: " + why);
            Assumptions.abort(why);
        }
        javaCmd = ProcessHandle.current().info().command().orElse("java");
        classpath = System.getProperty("java.class.path");
        removeLeftovers();
        return PREFIX + ProcessHandle.current().pid() + "-" + Integer.toHexString(new Random().nextInt(1 << 20));
    }

    private static void phase(String what, long t0) {
        System.out.printf("NetnsSystemTest: %-28s at %5.1f s%n", what, (System.nanoTime() - t0) / 1e9);
    }

    // ----- the network -----------------------------------------------------------------------

    private void buildNetwork(String a, String b, String c) throws Exception {
        for (String ns : List.of(a, b, c)) {
            sh("ip", "netns", "add", ns);
            namespaces.add(ns);
            sh("ip", "-n", ns, "link", "set", "lo", "up");
        }
        // veth ends are created directly inside the namespaces: no interface ever exists in the host's namespace
        sh("ip", "-n", a, "link", "add", "veth-ab", "type", "veth", "peer", "name", "veth-ba", "netns", b);
        sh("ip", "-n", b, "link", "add", "veth-bc", "type", "veth", "peer", "name", "veth-cb", "netns", c);
        sh("ip", "-n", a, "addr", "add", "10.231.1.1/30", "dev", "veth-ab");
        sh("ip", "-n", b, "addr", "add", "10.231.1.2/30", "dev", "veth-ba");
        sh("ip", "-n", b, "addr", "add", "10.231.2.1/30", "dev", "veth-bc");
        sh("ip", "-n", c, "addr", "add", "10.231.2.2/30", "dev", "veth-cb");
        sh("ip", "-n", b, "addr", "add", "10.231.0.2/32", "dev", "lo");
        sh("ip", "-n", a, "link", "set", "veth-ab", "up");
        sh("ip", "-n", b, "link", "set", "veth-ba", "up");
        sh("ip", "-n", b, "link", "set", "veth-bc", "up");
        sh("ip", "-n", c, "link", "set", "veth-cb", "up");
        sh("ip", "-n", a, "route", "add", "10.231.0.2/32", "via", "10.231.1.2");
        sh("ip", "-n", c, "route", "add", "10.231.0.2/32", "via", "10.231.2.1");
    }

    /** Null when namespaces can be used here, else why not. */
    static String unsupportedReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return "not Linux";
        }
        try {
            Run id = exec(List.of("id", "-u"), 10);
            if (id.code() != 0 || !id.out().trim().equals("0")) {
                return "not running as root (uid " + id.out().trim() + "); network namespaces need root";
            }
            String probe = PREFIX + ProcessHandle.current().pid() + "-probe";
            Run add = exec(List.of("ip", "netns", "add", probe), 10);
            if (add.code() != 0) {
                return "'ip netns add' does not work here: " + add.out().trim();
            }
            Run veth = exec(List.of("ip", "-n", probe, "link", "add", "p0", "type", "veth", "peer", "name", "p1"), 10);
            exec(List.of("ip", "netns", "del", probe), 10);
            if (veth.code() != 0) {
                return "cannot create veth pairs here: " + veth.out().trim();
            }
            return null;
        } catch (IOException e) {
            return "cannot run 'id' or 'ip': " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Removes namespaces (and the processes in them) left by earlier runs whose test JVM is gone. */
    private static void removeLeftovers() throws Exception {
        Run list = exec(List.of("ip", "netns", "list"), 10);
        Pattern p = Pattern.compile("^(" + Pattern.quote(PREFIX) + "(\\d+)-\\S+)");
        for (String line : list.out().split("\n")) {
            Matcher m = p.matcher(line.trim());
            if (m.find() && ProcessHandle.of(Long.parseLong(m.group(2))).map(ProcessHandle::isAlive).orElse(false) == Boolean.FALSE) {
                System.out.println("NetnsSystemTest: removing leftover namespace " + m.group(1));
                deleteNamespace(m.group(1));
            }
        }
    }

    private static void deleteNamespace(String ns) throws Exception {
        Run pids = exec(List.of("ip", "netns", "pids", ns), 10);
        for (String pid : pids.out().split("\\s+")) {
            if (pid.matches("\\d+")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        exec(List.of("ip", "netns", "del", ns), 10);
    }

    private void cleanUp() {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        for (String ns : namespaces) {
            try {
                deleteNamespace(ns);
            } catch (Exception e) {
                System.out.println("NetnsSystemTest: could not delete namespace " + ns + ": " + e);
            }
        }
    }

    // ----- processes ---------------------------------------------------------------------------

    private List<String> inNamespace(String ns, String... aspenArgs) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns, javaCmd,
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classpath, Aspen.class.getName()));
        cmd.addAll(List.of(aspenArgs));
        return cmd;
    }

    private Process startNode(String ns, Path cfg, String name) throws IOException {
        // --duration: a safety net so a node never outlives a killed test JVM for long (the next run also removes leftovers)
        ProcessBuilder pb = new ProcessBuilder(inNamespace(ns, "node", "--config", cfg.toString(), "--name", name,
                "--duration", "300s"));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    /** An aspen client command inside {@code ns}, talking to the node's control endpoint on that namespace's loopback. */
    private Process startClient(String ns, String... args) throws IOException {
        return startClientAt(ns, CONTROL, args);
    }

    /** As {@link #startClient}, for the node whose control endpoint is {@code control} (two nodes share a namespace). */
    private Process startClientAt(String ns, String control, String... args) throws IOException {
        List<String> cmd = inNamespace(ns, args);
        cmd.addAll(List.of("--node", control));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    /** Runs an aspen client command inside {@code ns}, waiting at most {@code seconds}. */
    private Run cli(String ns, int seconds, String... args) throws Exception {
        return cliAt(ns, CONTROL, seconds, args);
    }

    private Run cliAt(String ns, String control, int seconds, String... args) throws Exception {
        Process p = startClientAt(ns, control, args);
        CompletableFuture<String> out = readAll(p.getInputStream());
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("aspen " + String.join(" ", args) + " in " + ns + " did not finish in " + seconds + " s");
        }
        processes.remove(p);
        return new Run(p.exitValue(), out.get(10, TimeUnit.SECONDS));
    }

    /** Repeats a client command until its result satisfies {@code done}; fails after the poll limit. */
    private Run pollUntil(String ns, Predicate<Run> done, String... args) throws Exception {
        long deadline = System.nanoTime() + POLL_LIMIT_MS * 1_000_000L;
        Run last = null;
        while (System.nanoTime() < deadline) {
            last = cli(ns, 30, args);
            if (done.test(last)) {
                return last;
            }
        }
        fail("aspen " + String.join(" ", args) + " in " + ns + " never gave the expected result in "
                + POLL_LIMIT_MS + " ms; last:\n" + (last == null ? "(none)" : last.code() + "\n" + last.out()));
        return last;
    }

    /** Sends a 1 MB file from node {@code from} to {@code to}'s RDP port; checks both digests and the bytes. */
    private void transfer(Path dir, String from, String to, int port) throws Exception {
        transfer(dir, from, CONTROL, to, port, 1 << 20);
    }

    /** As above, from the node at {@code fromControl} in namespace {@code from}, with {@code size} bytes. */
    private void transfer(Path dir, String from, String fromControl, String to, int port, int size) throws Exception {
        byte[] data = new byte[size];
        new Random(port).nextBytes(data);
        Path src = dir.resolve("src-" + port + ".bin");
        Path dst = dir.resolve("dst-" + port + ".bin");
        Files.write(src, data);
        Process recv = startClient(to, "recv", "--port", String.valueOf(port), "--out", dst.toString(), "--wait", "30s");
        ConcurrentLinkedQueue<String> recvLines = new ConcurrentLinkedQueue<>();
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(recv.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    recvLines.add(line);
                    if (line.contains("listening on RDP port")) {
                        listening.complete(null);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            listening.completeExceptionally(new IllegalStateException("recv ended before listening:\n" + String.join("\n", recvLines)));
        }, "netns-recv-reader");
        reader.setDaemon(true);
        reader.start();
        listening.get(60, TimeUnit.SECONDS);
        Run send = cliAt(from, fromControl, 60, "send", "10.0.0.3:" + port, src.toString());
        assertEquals(0, send.code(), "send: " + send.out());
        if (!recv.waitFor(60, TimeUnit.SECONDS)) {
            recv.destroyForcibly();
            fail("recv did not finish: " + String.join("\n", recvLines));
        }
        reader.join(10_000);
        processes.remove(recv);
        String recvOut = String.join("\n", recvLines);
        assertEquals(0, recv.exitValue(), "recv: " + recvOut);
        String sent = sha256Line(send.out());
        String received = sha256Line(recvOut);
        assertNotNull(sent, send.out());
        assertEquals(sent, received, "digests: send\n" + send.out() + "\nrecv\n" + recvOut);
        String expected = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(data));
        assertEquals(expected, sent.toLowerCase(), "the digest is the file's SHA-256");
        assertArrayEquals(data, Files.readAllBytes(dst), "received file differs");
        // both ends sized segments from their first link, a veth: its MTU less IP and UDP headers, less
        // 108 bytes of VNet and RDP headers (1364 for the veth default of 1500), not loopback's 16276
        int expectedSegment = Math.min(vethMtu(from) - 28, 16_384) - 108;
        assertEquals(expectedSegment, segmentOf(send.out()), "send: " + send.out());
        assertEquals(Math.min(vethMtu(to) - 28, 16_384) - 108, segmentOf(recvOut), "recv: " + recvOut);
    }

    /** The MTU of the namespace's (first) veth interface. */
    private static int vethMtu(String ns) throws Exception {
        Run r = exec(List.of("ip", "-n", ns, "-o", "link", "show", "type", "veth"), 20);
        Matcher m = Pattern.compile(" mtu (\\d+)").matcher(r.out());
        assertTrue(r.code() == 0 && m.find(), "ip link show: " + r.out());
        return Integer.parseInt(m.group(1));
    }

    /** The segment size a transfer summary printed ("segments of up to N bytes"), or -1. */
    private static int segmentOf(String out) {
        Matcher m = Pattern.compile("segments of up to (\\d+) bytes").matcher(out);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static String sha256Line(String out) {
        Matcher m = Pattern.compile("sha256 ([0-9a-fA-F:]+)").matcher(out);
        return m.find() ? m.group(1) : null;
    }

    private JsonNode stats(String ns) throws Exception {
        Run r = cli(ns, 30, "stats", "--json");
        assertEquals(0, r.code(), r.out());
        int brace = r.out().indexOf('{');
        assertTrue(brace >= 0, r.out());
        return json.readTree(r.out().substring(brace));
    }

    private static long routeChanges(JsonNode stats) {
        JsonNode n = stats.path("control").path("routing").path("routeChanges");
        assertTrue(n.isNumber(), "stats has control.routing.routeChanges: " + stats.path("control"));
        return n.asLong();
    }

    /** Completes with the node's "up" line; keeps reading (and keeping) its output until it exits. */
    private CompletableFuture<String> upLine(Process p, String name) {
        ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
        nodeLogs.put(name, lines);
        CompletableFuture<String> up = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (lines.size() < 2000) {
                        lines.add(line);
                    }
                    if (line.contains(" up: ")) {
                        up.complete(line);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            up.completeExceptionally(new IllegalStateException("node " + name + " exited before it was up:\n" + String.join("\n", lines)));
        }, "netns-node-" + name);
        t.setDaemon(true);
        t.start();
        return up;
    }

    /** Reads a process's whole output on its own daemon thread (never on the common pool: the reads block). */
    private static CompletableFuture<String> readAll(InputStream in) {
        CompletableFuture<String> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                ByteArrayOutputStream bos = new ByteArrayOutputStream();
                in.transferTo(bos);
                f.complete(bos.toString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                f.complete("(output unreadable: " + e + ")");
            }
        }, "netns-output-reader");
        t.setDaemon(true);
        t.start();
        return f;
    }

    private static void sh(String... cmd) throws Exception {
        Run r = exec(List.of(cmd), 20);
        if (r.code() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (" + r.code() + "): " + r.out());
        }
    }

    static Run exec(List<String> cmd, int seconds) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        CompletableFuture<String> out = readAll(p.getInputStream());
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + " did not finish in " + seconds + " s");
        }
        try {
            return new Run(p.exitValue(), out.get(seconds, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            throw new IOException(e);
        }
    }
}
