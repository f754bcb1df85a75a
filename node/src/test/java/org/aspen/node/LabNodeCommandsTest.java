package org.aspen.node;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two node commands {@code aspen lab --processes} judges with, on two real {@link NodeHost}s:
 * {@code route.lookup} answers with the route the node's own table picks (static host route, a
 * longer prefix over a shorter one, none), and {@code rdp.send} with {@code details: true} carries the
 * connection's counters and window-close figures, while a plain {@code rdp.send} (aspen send) does not.
 */
class LabNodeCommandsTest {
    @Test
    void routeLookupAndDetailedSendSummaries(@TempDir Path dir) throws Exception {
        int[] udp = new int[2];
        for (int i = 0; i < 2; i++) {
            do {
                try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                    udp[i] = d.getLocalPort();
                }
            } while (i == 1 && udp[1] == udp[0]);
        }
        Path file = dir.resolve("two.yaml");
        Files.writeString(file, """
                name: two
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], delay: 1ms}
                routes:
                  - {node: a, to: b, via: b}
                  - {node: a, to: 10.9.0.0/16, via: b}
                  - {node: a, to: 10.9.9.0/24, via: b}
                  - {node: b, to: a, via: a}
                """.formatted(udp[0], udp[1]));
        Scenario s = ScenarioLoader.load(file);
        try (NodeHost a = NodeHost.start(s, "a", "127.0.0.1:0", null, dir);
             NodeHost b = NodeHost.start(s, "b", "127.0.0.1:0", null, dir)) {
            JsonNode routes = call(a, "route.lookup", Map.of("targets", List.of("10.0.0.2", "10.9.9.9", "10.9.1.1", "10.7.0.1")));
            assertEquals("a-b", routes.get(0).path("link").asText());
            assertEquals("10.0.0.2", routes.get(0).path("nextHop").asText());
            assertTrue(routes.get(0).path("linkUp").asBoolean());
            assertEquals("a-b", routes.get(1).path("link").asText());   // 10.9.9.0/24 and 10.9.0.0/16 both match
            assertEquals("a-b", routes.get(2).path("link").asText());
            assertFalse(routes.get(3).has("link"), routes.toString()); // none: the lab's walk stops there
            assertEquals("10.7.0.1", routes.get(3).path("target").asText());

            JsonNode detailed = transfer(a, b, 5001, true);
            assertTrue(detailed.path("stats").path("segmentsSent").asLong() > 0, detailed.toString());
            assertTrue(detailed.path("closesByCause").has("TIMEOUT"), detailed.toString());
            assertTrue(detailed.has("closesPerSecond") && detailed.has("meanCloseMagnitudeByCause"), detailed.toString());
            JsonNode plain = transfer(a, b, 5002, false);
            assertTrue(plain.path("complete").asBoolean(), plain.toString());
            assertFalse(plain.has("stats") || plain.has("closesByCause"), plain.toString());
        }
    }

    private static JsonNode call(NodeHost h, String cmd, Map<String, ?> args) throws Exception {
        try (ControlClient c = ControlClient.connect(h.controlAddress(), null, Duration.ofSeconds(10))) {
            return c.call(cmd, args);
        }
    }

    /** 20 KB from a to b's port; the sender's summary. */
    private static JsonNode transfer(NodeHost a, NodeHost b, int port, boolean details) throws Exception {
        AtomicReference<JsonNode> got = new AtomicReference<>();
        Thread recv = new Thread(() -> {
            try (ControlClient c = ControlClient.connect(b.controlAddress(), null, Duration.ofSeconds(20))) {
                c.stream("rdp.recv", Map.of("port", port), d -> got.compareAndSet(null, d));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        recv.start();
        while (got.get() == null) {
            Thread.sleep(10);   // listening
        }
        AtomicReference<JsonNode> summary = new AtomicReference<>();
        try (ControlClient c = ControlClient.connect(a.controlAddress(), null, Duration.ofSeconds(20))) {
            c.stream("rdp.send", Map.of("target", "10.0.0.2", "port", port, "size", 20_000, "details", details), d -> {
                if (d.path("summary").asBoolean(false)) {
                    summary.set(d);
                }
            });
        }
        recv.join(20_000);
        return summary.get();
    }
}
