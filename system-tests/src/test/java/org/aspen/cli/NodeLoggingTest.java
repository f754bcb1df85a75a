package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code aspen node} logs, in a node process that runs for a second: on stderr (not stdout),
 * with ISO 8601 timestamps and zone; one JSON object a line with {@code --log-format json}; and in
 * the operator's format with {@code --log-config FILE}. Bad values name the option.
 */
class NodeLoggingTest {
    record Output(int code, String out, String err) {
    }

    static Output node(Path dir, String... more) throws Exception {
        Path cfg = dir.resolve("one.yaml");
        if (!Files.exists(cfg)) {
            Files.writeString(cfg, "name: one\nnodes:\n  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:" + FreePorts.udpAndTcp() + "}\n");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        // the bundled logback.xml, as in the release jar (the test class path also holds other modules' logback-test.xml)
        String bundled = "-Dlogback.configurationFile=" + Path.of("..", "cli", "target", "classes", "logback.xml").toAbsolutePath();
        List<String> cmd = new ArrayList<>(List.of(java, bundled, "-cp", System.getProperty("java.class.path"), Aspen.class.getName(),
                "node", "--config", cfg.toString(), "--name", "a", "--control", "127.0.0.1:0", "--duration", "1s"));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("err.txt").toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the node stopped after --duration");
        return new Output(p.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void textLinesGoToStderrWithAnIsoTimestampAndZone(@TempDir Path dir) throws Exception {
        Output o = node(dir);
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().startsWith("node a (10.0.0.1) up: "), o.out());
        assertTrue(o.out().lines().noneMatch(l -> l.contains(" INFO ")), "no log line on stdout: " + o.out());
        String line = o.err().lines().filter(l -> l.contains("control endpoint on")).findFirst().orElseThrow(() -> new AssertionError(o.err()));
        assertTrue(line.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d) INFO  .*"), line);
    }

    @Test
    void jsonLinesFromLogbacksEncoder(@TempDir Path dir) throws Exception {
        Output o = node(dir, "--log-format", "json");
        assertEquals(0, o.code(), o.err());
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String l : o.err().lines().toList()) {
            events.add(json.readTree(l));   // every line is one JSON object
        }
        JsonNode up = events.stream().filter(e -> e.path("message").asText().contains("control endpoint on")).findFirst()
                .orElseThrow(() -> new AssertionError(o.err()));
        assertEquals("INFO", up.path("level").asText());
        assertEquals("org.aspen.vnet.mgmt.ControlServer", up.path("loggerName").asText());
        assertTrue(up.path("timestamp").asLong() > 0, up.toString());
    }

    @Test
    void aUserLogbackFileReplacesTheBundledOne(@TempDir Path dir) throws Exception {
        Path mine = Files.writeString(dir.resolve("mine.xml"), """
                <configuration>
                  <appender name="E" class="ch.qos.logback.core.ConsoleAppender">
                    <target>System.err</target>
                    <encoder><pattern>MINE %level %logger{0}: %msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="E"/></root>
                </configuration>
                """);
        Output o = node(dir, "--log-config", mine.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.err().lines().anyMatch(l -> l.startsWith("MINE INFO ControlServer: a: control endpoint on ")), o.err());
    }

    @Test
    void badLoggingOptionsNameTheOption(@TempDir Path dir) throws Exception {
        Output f = node(dir, "--log-format", "xml");
        assertEquals(Aspen.USAGE, f.code());
        assertEquals("aspen: --log-format must be text or json, not 'xml'", f.err().strip());
        Output c = node(dir, "--log-config", dir.resolve("none.xml").toString());
        assertEquals(Aspen.USAGE, c.code());
        assertEquals("aspen: --log-config " + dir.resolve("none.xml") + ": no such readable file", c.err().strip());
    }
}
