package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aspen send} and {@code aspen recv} against two nodes running on real UDP. */
class TransferCommandsTest {
    @Test
    void fileArrivesIntactWithSummary(@TempDir Path dir) throws Exception {
        int pa = MultiProcessNodeTest.freePort();
        int pb = MultiProcessNodeTest.freePort();
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: pair
                routing: auto
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 50Mbps}
                """.formatted(pa, pb).getBytes()), "pair.yaml", true);
        byte[] data = new byte[1_500_000];
        new SplittableRandom(9).nextBytes(data);
        Path in = dir.resolve("in.bin");
        Path out = dir.resolve("out.bin");
        Files.write(in, data);
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String ctlA = "127.0.0.1:" + a.controlAddress().getPort();
            String ctlB = "127.0.0.1:" + b.controlAddress().getPort();
            // wait for routing: a can reach b
            int code = -1;
            for (int i = 0; i < 30 && code != 0; i++) {
                code = CliTest.run("ping", "10.0.0.2", "--node", ctlA, "-c", "1").code();
            }
            assertEquals(0, code);
            CompletableFuture<CliTest.Run> recv = CompletableFuture.supplyAsync(
                    () -> CliTest.run("recv", "--port", "7000", "--out", out.toString(), "--node", ctlB, "--json"));
            // the receiver must be listening before the sender connects; it says so on its first line
            CliTest.Run send = null;
            for (int i = 0; i < 50; i++) {
                send = CliTest.run("send", "10.0.0.2:7000", in.toString(), "--node", ctlA, "--json");
                if (send.code() == 0) {
                    break;
                }
            }
            assertEquals(0, send.code(), send.out() + send.err());
            CliTest.Run r = recv.get(60, TimeUnit.SECONDS);
            assertEquals(0, r.code(), r.out() + r.err());
            assertArrayEquals(data, Files.readAllBytes(out));
            JsonNode sent = new ObjectMapper().readTree(send.out().lines().reduce((x, y) -> y).orElseThrow());
            JsonNode got = new ObjectMapper().readTree(r.out().lines().reduce((x, y) -> y).orElseThrow());
            assertEquals(data.length, sent.get("bytes").asLong());
            assertEquals(sent.get("sha256").asText(), got.get("sha256").asText());
            assertTrue(sent.get("goodputBps").asDouble() > 0);
        }
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.2", "x.bin").code());
        assertEquals(Aspen.USAGE, CliTest.run("send", "10.0.0.2:7000", "/no/such/file").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv", "--port", "0").code());
        assertEquals(Aspen.USAGE, CliTest.run("recv").code());
    }
}
