package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/compose (docs/deploying.md, "Container image"): the compose file starts one container per
 * node of the topology it mounts, each at the address that node's {@code udp} names, on the image's
 * ports; and the topology, with keys made as the doc says, runs and routes with authenticated control.
 */
class ComposeExampleTest {
    private static final Path COMPOSE = Path.of("..", "examples", "compose");

    @Test
    void composeFileAndTopologyAgree(@TempDir Path dir) throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode compose = yaml.readTree(COMPOSE.resolve("docker-compose.yml").toFile());
        JsonNode topology = yaml.readTree(COMPOSE.resolve("aspen/overlay.yaml").toFile());
        assertEquals(3, topology.path("nodes").size());
        for (JsonNode node : topology.path("nodes")) {
            String name = node.path("name").asText();
            JsonNode service = compose.path("services").path(name);
            assertTrue(service.isObject(), "a service for node " + name);
            assertEquals(List.of("--config", "/etc/aspen/overlay.yaml", "--name", name, "--control", "0.0.0.0:7100",
                    "--token-file", "/etc/aspen/token"), yaml.convertValue(service.path("command"), List.class));
            String ip = service.path("networks").path("overlay").path("ipv4_address").asText();
            assertEquals(ip + ":7000", node.path("udp").asText(), "node " + name + " binds its container's address");
        }

        Path cfg = dir.resolve("overlay.yaml");
        Files.copy(COMPOSE.resolve("aspen/overlay.yaml"), cfg);
        for (String n : new String[] {"a", "b", "c"}) {
            assertEquals(0, CliTest.run("keygen", dir.resolve("keys/" + n + ".key").toString()).code());
        }
        Path report = dir.resolve("report.json");
        CliTest.Run lab = CliTest.run("lab", "--sim", "--duration", "3s", "--json", report.toString(), cfg.toString());
        assertEquals(0, lab.code(), lab.out() + lab.err());
        JsonNode nodes = new ObjectMapper().readTree(report.toFile()).path("nodes");
        assertTrue(nodes.path("b").path("auth").path("routing").path("verified").asLong() > 0, nodes.path("b").toString());
    }
}
