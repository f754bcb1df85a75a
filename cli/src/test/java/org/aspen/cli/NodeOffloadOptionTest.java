package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.SegmentedDatagramPacket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.udp.FreePorts;
import org.aspen.vnet.udp.UdpOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aspen node --offload on|off} (docs/real-runtime.md, "UDP runtime"): a value other than on or off
 * is refused in one line before anything starts, and a node started with offload off says so in its
 * socket counters ({@code sendOffload}, {@code receiveOffload} in {@code stats}), where one with the
 * defaults has whatever this kernel and transport offer.
 */
class NodeOffloadOptionTest {
    private static Path pair(Path dir) throws Exception {
        return Files.writeString(dir.resolve("pair.yaml"), """
                name: pair
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                """.formatted(FreePorts.udpAndTcp(), FreePorts.udpAndTcp()));
    }

    @Test
    void aValueOtherThanOnOrOffIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("node", "--config", pair(dir).toString(), "--name", "a", "--offload", "maybe");
        assertEquals(Aspen.USAGE, r.code(), r.out() + r.err());
        assertEquals("aspen: --offload must be on or off, not 'maybe'", r.err().lines().findFirst().orElseThrow());
        assertFalse(r.out().contains(" up: "), "no node started: " + r.out());
    }

    @Test
    void theSocketCountersSayWhichOffloadsTheNodeUses(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioLoader.load(pair(dir));
        boolean kernel = Epoll.isAvailable() && SegmentedDatagramPacket.isSupported();
        try (NodeHost off = NodeHost.start(s, "a", "127.0.0.1:0", null, dir, UdpOptions.DEFAULT.withOffload(false));
             NodeHost on = NodeHost.start(s, "b", "127.0.0.1:0", null, dir)) {
            JsonNode udpOff = stats(off).path("udp");
            assertEquals(false, udpOff.path("sendOffload").asBoolean(true), udpOff.toString());
            assertEquals(false, udpOff.path("receiveOffload").asBoolean(true), udpOff.toString());
            JsonNode udpOn = stats(on).path("udp");
            assertEquals(kernel, udpOn.path("sendOffload").asBoolean(), udpOn.toString());
            assertEquals(Epoll.isAvailable(), udpOn.path("receiveOffload").asBoolean(), udpOn.toString());
        }
    }

    private static JsonNode stats(NodeHost h) throws Exception {
        try (ControlClient c = ControlClient.connect(h.controlAddress(), null, Duration.ofSeconds(10))) {
            return c.call("stats", Map.of());
        }
    }
}
