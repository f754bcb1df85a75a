package org.aspen.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.packet.DropReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NodeMetrics} of one in-process {@link NodeHost} (node a of a pair whose b never runs): every
 * family is there from start-up with 0 where nothing happened, the queue limit is a value, the
 * build is labelled, the neighbour that never answered shows 0 while the wire is up, and
 * {@code /-/healthy} follows the node's loop: 503 while a task stalls it, 200 before and after.
 */
class NodeMetricsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static int freeUdpPort() throws Exception {
        try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return d.getLocalPort();
        }
    }

    static Scenario pair(Path dir) throws Exception {
        int pa = freeUdpPort();
        int pb;
        do {
            pb = freeUdpPort();
        } while (pb == pa);
        Path file = dir.resolve("pair.yaml");
        Files.writeString(file, """
                name: pair
                timers: {hello: 100ms, dead: 400ms}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 10Mbps, delay: 2ms, buffer: 20}
                """.formatted(pa, pb));
        return ScenarioLoader.load(file);
    }

    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everyFamilyIsThereFromStartUpWithValuesNotLabelText(@TempDir Path dir) throws Exception {
        try (NodeHost a = NodeHost.start(pair(dir), "a", "127.0.0.1:0", null, dir)) {
            NodeMetrics m = a.startMetrics(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            HttpResponse<String> r = get(m.url());
            assertEquals(200, r.statusCode());
            Map<String, String> s = samples(r.body());
            String ab = "{link=\"a-b\",peer=\"10.0.0.2\"}";   // the peer's address from the file
            for (DropReason why : DropReason.values()) {
                assertEquals("0.0", s.get("aspen_node_dropped_packets_total{reason=\"" + why.label + "\"}"), why.label);
            }
            for (String why : StatsMetrics.LINK_DROP_REASONS) {
                assertEquals("0.0", s.get("aspen_link_dropped_packets_total{link=\"a-b\",peer=\"10.0.0.2\",reason=\"" + why + "\"}"), why);
            }
            assertEquals("0.0", s.get("aspen_rdp_dropped_segments_total{reason=\"out-of-window\"}"));
            assertEquals("0.0", s.get("aspen_rdp_connections{state=\"open\"}"));
            assertEquals("20.0", s.get("aspen_link_queue_limit_packets" + ab), "buffer: 20");
            assertEquals("+Inf", s.get("aspen_link_queue_limit_bytes" + ab), "no byte limit");
            assertEquals("1.0", s.get("aspen_link_queue_info{kind=\"droptail\",link=\"a-b\",peer=\"10.0.0.2\"}"), s.keySet().toString());
            assertEquals("1.0", s.get("aspen_link_up" + ab), "the wire is up");
            assertEquals("0.0", s.get("aspen_link_neighbour_up" + ab), "but b never answered");
            assertEquals("0.0", s.get("aspen_routing_route_changes_total"));
            assertEquals("0.0", s.get("aspen_routing_table_routes"), "no route: b was never heard");
            BuildInfo b = BuildInfo.current();
            assertEquals("1.0", s.get("aspen_build_info{commit=\"" + b.commit() + "\",version=\"" + b.version() + "\"}"), s.keySet().toString());
            assertTrue(s.keySet().stream().noneMatch(k -> k.contains("limit=\"")), "no number inside a label");

            // the same state through the control endpoint: 'aspen neighbours' and 'aspen routes' read it
            try (ControlClient c = ControlClient.connect(a.controlAddress(), null, Duration.ofSeconds(10))) {
                JsonNode o = c.call("overlay", Map.of());
                assertEquals("link-state", o.path("routing").asText());
                JsonNode n = o.path("neighbours").get(0);
                assertEquals("a-b", n.path("link").asText());
                assertEquals("down", n.path("state").asText());
                assertTrue(n.path("lastHelloSecondsAgo").isNull(), "never heard: " + n);
                assertEquals(0, o.path("routes").size());
                JsonNode stats = c.call("stats", Map.of());
                assertEquals(b.version(), stats.path("build").path("version").asText());
                assertEquals(0, stats.path("routeTable").path("size").asInt());
            }
        }
    }

    @Test
    void promtoolFindsNothingToFix(@TempDir Path dir) throws Exception {
        Path promtool = Path.of("/usr/bin/promtool");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(promtool),
                "promtool is not installed (Debian: apt-get install prometheus; .ci/run installs it)");
        try (NodeHost a = NodeHost.start(pair(dir), "a", "127.0.0.1:0", null, dir)) {
            String scrape = get(a.startMetrics(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).url()).body();
            Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectErrorStream(true).start();
            try (var in = p.getOutputStream()) {
                in.write(scrape.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), "promtool check metrics: " + said);
            assertEquals("", said.strip(), "no lint finding");
        }
    }

    @Test
    void healthFollowsTheNodesLoop(@TempDir Path dir) throws Exception {
        try (NodeHost a = NodeHost.start(pair(dir), "a", "127.0.0.1:0", null, dir);
             NodeMetrics m = NodeMetrics.start(a.control(), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 300)) {
            String base = m.url().replace("/metrics", "");
            HttpResponse<String> ok = get(base + "/-/healthy");
            assertEquals(200, ok.statusCode(), ok.body());
            assertEquals("healthy: the node's loop answered within 300 ms\n", ok.body());

            CountDownLatch stalled = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            a.network().onLoop("a", () -> {
                stalled.countDown();
                try {
                    release.await();   // the loop is stuck here until the test lets it go
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            stalled.await();
            HttpResponse<String> stuck = get(base + "/-/healthy");
            release.countDown();
            assertEquals(503, stuck.statusCode(), stuck.body());
            assertEquals("unhealthy: the node's loop did not answer within 300 ms\n", stuck.body());

            assertEquals(200, get(base + "/-/healthy").statusCode(), "the loop runs again");
            assertEquals(404, get(base + "/nothing").statusCode());
            assertTrue(get(base + "/").body().contains("/metrics"));
        }
    }

    /** Series as written (name and labels) to the value's text. */
    static Map<String, String> samples(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            m.put(line.substring(0, sp), line.substring(sp + 1));
        }
        return m;
    }

    static List<String> families(String text) {
        return text.lines().filter(l -> l.startsWith("# TYPE ")).map(l -> l.split(" ")[2]).toList();
    }
}
