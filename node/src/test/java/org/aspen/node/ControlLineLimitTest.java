package org.aspen.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.aspen.ee.EeConfig;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aspen node}'s control line limit: large enough for a deploy of the largest jar the EE
 * takes, enforced above that with the one error line, and what docs/real-runtime.md says.
 */
class ControlLineLimitTest {
    @Test
    void aDeployOfTheLargestJarFitsALongerLineGetsOneErrorLine(@TempDir Path dir) throws Exception {
        int port;
        try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = d.getLocalPort();
        }
        Path file = dir.resolve("one.yaml");
        Files.writeString(file, """
                name: one
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                """.formatted(port));
        Scenario s = ScenarioLoader.load(file);
        try (NodeHost a = NodeHost.start(s, "a", "127.0.0.1:0", null, dir);
             ControlClient c = ControlClient.connect(a.controlAddress(), null, Duration.ofSeconds(30))) {
            // the largest jar the EE accepts reaches the EE (which finds it is no jar), not the line limit
            byte[] largest = new byte[EeConfig.DEFAULT.maxJarBytes()];
            c.sendLine("{\"id\":1,\"cmd\":\"deploy\",\"args\":{\"jar\":\"" + Base64.getEncoder().encodeToString(largest)
                    + "\",\"params\":{\"k\":\"v\"}}}");
            JsonNode refused = c.readReply();
            assertEquals("AA jar has no manifest (needs Aa-Name, Aa-Version, Aa-Entry)", refused.path("error").asText());

            c.sendLine("x".repeat(NodeHost.MAX_CONTROL_LINE + 1));
            JsonNode tooLong = c.readReply();
            assertEquals("request line longer than " + NodeHost.MAX_CONTROL_LINE + " bytes", tooLong.path("error").asText());
            assertTrue(tooLong.path("done").asBoolean());
            assertEquals("a", c.call("stats", Map.of()).path("node").asText(), "the connection stays usable");
        }
        assertEquals(12 << 20, NodeHost.MAX_CONTROL_LINE);
        String doc = Files.readString(Path.of("..", "docs", "real-runtime.md"));
        assertTrue(doc.contains("`aspen node`\n  (`node.NodeHost.MAX_CONTROL_LINE`) accepts 12 MiB lines"),
                "docs/real-runtime.md must state aspen node's control line limit");
    }
}
