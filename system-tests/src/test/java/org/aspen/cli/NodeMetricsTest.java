package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aspen node --metrics}: two node processes on loopback, node a's endpoint set in the file
 * ({@code metrics:}) and node b's by the option; both are scraped over HTTP while they run. The
 * scrape is Prometheus text, every counter ends in {@code _total}, and it carries the node, link,
 * queue, drops-by-reason, control, routing, UDP, EE, AA, RDP and JVM families with the values the
 * node's own {@code stats} reply gives around it. Bad addresses are one-line usage errors.
 */
class NodeMetricsTest {
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)$");
    private final List<Process> procs = new ArrayList<>();

    @AfterEach
    void killNodes() throws InterruptedException {
        MultiProcessNodeTest.stopAll(procs);
    }

    @Test
    void twoRunningNodesServeTheirCountersToPrometheus(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        int ma = FreePorts.udpAndTcp();
        int mb = FreePorts.udpAndTcp();
        Path cfg = dir.resolve("pair.yaml");
        Files.writeString(cfg, """
                name: metrics-pair
                routing: auto
                timers: {hello: 100ms, dead: 2s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d, metrics: 127.0.0.1:%d, aas: [{name: flow-counter}]}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 10Mbps, delay: 2ms}
                """.formatted(pa, ma, pb));
        CompletableFuture<String> aUp = metricsLine(start(cfg, "a"));
        CompletableFuture<String> bUp = metricsLine(start(cfg, "b", "--metrics", String.valueOf(mb)));
        assertEquals("http://127.0.0.1:" + ma + "/metrics", aUp.get(60, TimeUnit.SECONDS), "a's endpoint from the file");
        assertEquals("http://127.0.0.1:" + mb + "/metrics", bUp.get(60, TimeUnit.SECONDS), "b's from --metrics PORT (loopback)");

        // traffic: pings a -> b once routing is up, and one to an address nobody has (a no-route drop at a)
        Cli.Run ping = null;
        for (int i = 0; i < 40 && (ping == null || ping.code() != 0); i++) {
            ping = Cli.run("ping", "--node", "127.0.0.1:" + pa, "10.0.0.2", "--count", "3", "--interval", "50ms");
        }
        assertEquals(0, ping.code(), ping.out() + ping.err());
        // exit 0 means at least one reply came back; the first pings may race routing coming up at b
        Matcher got = Pattern.compile("(\\d+) received").matcher(ping.out());
        assertTrue(got.find(), ping.out());
        int replies = Integer.parseInt(got.group(1));
        assertTrue(replies >= 1, ping.out());
        Cli.Run lost = Cli.run("ping", "--node", "127.0.0.1:" + pa, "10.9.9.9", "--count", "1", "--timeout", "200ms");
        assertTrue(lost.code() != 0, lost.out() + lost.err());

        Cli.Run before = Cli.run("stats", "--node", "127.0.0.1:" + pa, "--json");
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(aUp.get()))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        Cli.Run after = Cli.run("stats", "--node", "127.0.0.1:" + pa, "--json");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("content-type").orElse("").startsWith("text/plain; version=0.0.4"),
                r.headers().toString());
        Map<String, Double> m = parse(r.body());

        // every counter family is named ..._total; every series is typed
        for (String line : r.body().split("\n")) {
            if (line.startsWith("# TYPE ") && line.endsWith(" counter")) {
                assertTrue(line.split(" ")[2].endsWith("_total"), line);
            }
        }
        assertEquals(1.0, m.get("aspen_node_info{address=\"10.0.0.1\",node=\"a\"}"));
        String ab = "{link=\"a-b\",peer=\"10.0.0.2\"}";
        // the scrape reads the node's own counters: between the stats replies taken before and after it
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var s0 = json.readTree(before.out());
        var s1 = json.readTree(after.out());
        double sent = m.get("aspen_link_sent_packets_total" + ab);
        assertTrue(sent >= s0.path("links").get(0).path("counters").path("sentPackets").asDouble()
                && sent <= s1.path("links").get(0).path("counters").path("sentPackets").asDouble(), before.out() + after.out());
        double received = m.get("aspen_node_received_packets_total");
        assertTrue(received >= s0.path("counters").path("received").asDouble()
                && received <= s1.path("counters").path("received").asDouble());
        assertTrue(m.get("aspen_node_dropped_packets_total{reason=\"no-route\"}") >= 1, "the lost ping");
        assertEquals(1_250_000.0, m.get("aspen_link_bandwidth_bytes_per_second" + ab), "10 Mbit/s in bytes per second");
        assertEquals(0.002, m.get("aspen_link_delay_seconds" + ab), 1e-12);
        assertEquals(1.0, m.get("aspen_link_up" + ab));
        assertEquals(1.0, m.get("aspen_link_neighbour_up" + ab), "b answers a's hellos");
        assertEquals(Double.POSITIVE_INFINITY, m.get("aspen_link_queue_limit_bytes" + ab), "no byte limit");
        assertTrue(m.containsKey("aspen_link_queue_packets" + ab));
        assertTrue(m.get("aspen_routing_hellos_sent_total") > 0);
        // a link counts a packet as sent when it leaves the queue, the socket when the delayed write
        // happens, so the two differ in flight; each lies between the node's own before and after
        double datagrams = m.get("aspen_udp_sent_datagrams_total");
        assertTrue(datagrams >= s0.path("udp").path("datagramsOut").asDouble()
                && datagrams <= s1.path("udp").path("datagramsOut").asDouble(), before.out() + after.out());
        assertEquals(1.0, m.get("aspen_ee_started_total"), "flow-counter, started at boot");
        assertTrue(m.keySet().stream().anyMatch(k -> k.startsWith("aspen_aa_info{aa=\"flow-counter\"") && k.contains("state=\"running\"")),
                m.keySet().toString());
        assertTrue(m.keySet().stream().anyMatch(k -> k.startsWith("aspen_aa_packets_total{aa=\"flow-counter\"")));
        assertTrue(m.containsKey("aspen_rdp_sent_segments_total"));
        assertTrue(m.get("jvm_memory_used_bytes{area=\"heap\"}") > 0);
        assertTrue(m.containsKey("jvm_threads_current"));

        // b: its own endpoint, its own node; it sent (at least) every reply the last ping got
        Map<String, Double> mbScrape = parse(HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(bUp.get())).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals(1.0, mbScrape.get("aspen_node_info{address=\"10.0.0.2\",node=\"b\"}"));
        assertTrue(mbScrape.get("aspen_control_echo_replies_sent_total") >= replies, ping.out() + mbScrape);
    }

    @Test
    void badAddressesAreOneLineUsageErrors(@TempDir Path dir) throws Exception {
        Scenarioish files = new Scenarioish(dir);
        for (String bad : List.of("nohost:x", "127.0.0.1:70000", "nosuchhost.invalid:9100", "192.0.2.1:9100")) {
            Cli.Run r = Cli.run("node", "--config", files.plain.toString(), "--name", "a", "--metrics", bad);
            assertEquals(Aspen.USAGE, r.code(), r.err());
            assertTrue(r.err().startsWith("aspen: --metrics: "), r.err());
            assertEquals(2, r.err().lines().count(), "one line and the help hint: " + r.err());
        }
        Cli.Run r = Cli.run("node", "--config", files.badMetrics.toString(), "--name", "a");
        assertEquals(Aspen.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("nodes[0].metrics") && r.err().contains("port is not a number"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    /**
     * A metrics port another socket holds fails the command with one line naming --metrics and the
     * address, before the node says it is up: the endpoints listen before the up line is printed.
     */
    @Test
    void aTakenMetricsPortFailsTheNodeBeforeItSaysUp(@TempDir Path dir) throws Exception {
        Scenarioish files = new Scenarioish(dir);
        try (java.net.ServerSocket held = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String at = "127.0.0.1:" + held.getLocalPort();
            Cli.Run r = Cli.run("node", "--config", files.plain.toString(), "--name", "a", "--metrics", at, "--duration", "1s");
            assertTrue(r.code() != Aspen.OK, "exit " + r.code() + ": " + r.out() + r.err());
            assertTrue(r.err().contains("--metrics: cannot listen on " + at), r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertTrue(!r.out().contains(" up: "), "no up line before the endpoint listens: " + r.out());
        }
    }

    /** Two small files: one without metrics, one whose node a has a malformed metrics address. */
    private static final class Scenarioish {
        final Path plain;
        final Path badMetrics;

        Scenarioish(Path dir) throws IOException {
            String yaml = """
                    name: m
                    nodes:
                      - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d%s}
                    """;
            plain = Files.writeString(dir.resolve("plain.yaml"), yaml.formatted(FreePorts.udpAndTcp(), ""));
            badMetrics = Files.writeString(dir.resolve("bad.yaml"),
                    yaml.formatted(FreePorts.udpAndTcp(), ", metrics: \"localhost:metrics\""));
        }
    }

    /** Series (name plus labels, as written) to value. */
    static Map<String, Double> parse(String text) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher x = SAMPLE.matcher(line);
            assertTrue(x.matches(), "a Prometheus text line: " + line);
            String v = x.group(3);   // the text format writes infinities as +Inf and -Inf (a queue without a byte limit)
            m.put(x.group(1) + (x.group(2) == null ? "" : x.group(2)),
                    v.equals("+Inf") ? Double.POSITIVE_INFINITY : v.equals("-Inf") ? Double.NEGATIVE_INFINITY : Double.parseDouble(v));
        }
        return m;
    }

    private Process start(Path cfg, String name, String... more) throws IOException {
        return MultiProcessNodeTest.startNode(procs, cfg, name, more);
    }

    /** The URL of the node's "  metrics URL" line, printed once it serves. */
    /** The URL of the node's {@code  metrics} line, printed once its endpoint listens (after the {@code up} line). */
    static CompletableFuture<String> metricsLine(Process p) {
        return MultiProcessNodeTest.line(p, l -> l.startsWith("  metrics ")).thenApply(l -> l.substring("  metrics ".length()).strip());
    }
}
