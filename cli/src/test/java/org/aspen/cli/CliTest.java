package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CliTest {
    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static final Path EXAMPLES = Path.of("..", "examples", "scenarios");

    /** Nodes a (10.0.0.1) and b (10.0.0.2) on free loopback ports, one link a-b, fast link-state routing. */
    static org.aspen.lab.scenario.Scenario loopbackPair(String name) throws IOException {
        String yaml = """
                name: %s
                routing: auto
                timers: {hello: 100ms, dead: 2s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b]}
                """.formatted(name, FreePorts.udpAndTcp(), FreePorts.udpAndTcp());
        return org.aspen.lab.scenario.ScenarioLoader.parse(new java.io.ByteArrayInputStream(
                yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8)), name + ".yaml", true);
    }

    @Test
    void helpOnEveryCommand() {
        Run root = run("--help");
        assertEquals(0, root.code());
        assertTrue(root.out().contains("lab") && root.out().contains("demo"), root.out());
        for (String sub : Aspen.commandLine().getSubcommands().keySet()) {
            Run r = run(sub, "--help");
            assertEquals(0, r.code(), sub);
            assertTrue(r.out().contains("Usage: aspen " + sub), sub + ": " + r.out());
        }
    }

    @Test
    void versionPrints() {
        Run r = run("--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("aspen "), r.out());
    }

    @Test
    void unknownCommandOrOptionIsUsageError() {
        assertEquals(Aspen.USAGE, run("frobnicate").code());
        Run r = run("lab", "--no-such-option", EXAMPLES.resolve("line3.yaml").toString());
        assertEquals(Aspen.USAGE, r.code());
        assertTrue(r.err().contains("--no-such-option"), r.err());
        assertEquals(Aspen.USAGE, run("lab", "--sim", "--duration", "soon", EXAMPLES.resolve("line3.yaml").toString()).code());
    }

    @Test
    void aMisspeltOptionIsNamedWithTheClosestOne() {
        Run r = run("node", "--conifg", "x.yaml", "--name", "a");
        assertEquals(Aspen.USAGE, r.code());
        // not "Missing required option '--config'": the misspelling is the cause, and picocli's nearest names follow
        assertEquals("aspen: Unknown options: '--conifg', 'x.yaml'\nPossible solutions: --config, --control\n", r.err());
    }

    @Test
    void labExplainsADropReason() {
        Run r = run("lab", "--explain", "node-stopped");
        assertEquals(0, r.code(), r.err());
        assertEquals("node-stopped: " + org.aspen.lab.report.DropReasons.explain("node-stopped") + "\n", r.out());
        Run bad = run("lab", "--explain", "lost");
        assertEquals(Aspen.USAGE, bad.code());
        assertTrue(bad.err().startsWith("aspen: --explain: no drop reason 'lost' (reasons: truncated, oversized, "), bad.err());
    }

    @Test
    void badScenarioExitsTwoNamingTheField(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, "name: bad\nnodes:\n  - {name: a, address: 10.0.0.1}\n  - {name: b, address: 10.0.0.2}\n"
                + "links:\n  - {between: [a, b], bandwidth: fast}\n");
        Run r = run("lab", "--sim", f.toString());
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: bad.yaml: links[0].bandwidth: \"fast\": not a rate: write a number and a unit (bps, kbps, Mbps, Gbps "
                + "(or bit/s, kbit/s, Mbit/s, Gbit/s; kbit, mbit, gbit; kb/s, Mb/s, Gb/s)), e.g. 10Mbps", r.err().trim());
        Run missing = run("lab", "--sim", dir.resolve("nope.yaml").toString());
        assertEquals(Aspen.USAGE, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }

    @Test
    void aYamlSyntaxErrorShowsTheLineWithACaret(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("open.yaml");
        Files.writeString(f, "name: open\nnodes:\n  - {name: a, address: 10.0.0.1\n  - {name: b, address: 10.0.0.2}\n");
        Run r = run("lab", "--sim", f.toString());
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("""
                aspen: open.yaml: line 4, column 5: nodes[0]: expected ',' or '}', but got { (while parsing a flow mapping from line 3, column 5): \
                is a '}' missing?
                 4 |   - {name: b, address: 10.0.0.2}
                   |     ^
                """, r.err().replace("\r\n", "\n"));
    }

    @Test
    void failingExpectationExitsThree(@TempDir Path dir) throws Exception {
        // c is unreachable: there is no link to it, so its pings cannot be answered
        Path f = dir.resolve("fail.yaml");
        Files.writeString(f, """
                name: fail
                duration: 4s
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                  - {name: c, address: 10.0.0.3}
                links:
                  - {between: [a, b]}
                workload:
                  pings: [{from: a, to: c, count: 3, interval: 200ms, start: 1s}]
                expect:
                  - {type: pings, from: a, to: c, atLeast: 100%}
                """);
        Path json = dir.resolve("r.json");
        Run r = run("lab", "--sim", "--json", json.toString(), f.toString());
        assertEquals(Aspen.EXPECTATION_FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("FAIL pings a -> c answered"), r.out());
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertEquals(false, report.get("passed").asBoolean());
        assertEquals("0.0% (0/3)", report.get("expectations").get(0).get("measured").asText());
    }

    @Test
    void line3PassesInSimulationWithReport(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("line3.json");
        Run r = run("lab", "--sim", "--json", json.toString(), EXAMPLES.resolve("line3.yaml").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertTrue(report.get("passed").asBoolean());
        assertEquals("simulated", report.get("mode").asText());
        assertEquals(10, report.get("pings").get(0).get("answered").asInt());
        assertTrue(report.get("links").has("a-b@a"), report.get("links").toString());
        assertTrue(report.get("traceHash").asText().matches("[0-9a-f]{16}"));
    }

    @Test
    void demoRunsInSimulation() {
        Run r = run("demo", "--sim");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("result: PASS"), r.out());
    }
}
