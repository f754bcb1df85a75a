package org.aspen.lab;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.aspen.cli.Aspen;
import org.aspen.lab.judge.CounterPaths;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.processes.NodeLauncher;
import org.aspen.lab.processes.ProcessLab;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code aspen lab FILE --processes}: one {@code aspen node} JVM per node, the workload and events
 * driven through their control endpoints. Checks function (routes, a verified transfer, an event
 * reaching the right processes, counters read back, rtt/loss/stat judged from the replies), with
 * timers loose enough for a busy machine.
 */
class ProcessLabTest {
    @Test
    void runsAScenarioAsOneProcessPerNode() throws Exception {
        Path file = Path.of(getClass().getResource("/processes/line3-transfer.yaml").toURI());
        Scenario s = ScenarioLoader.load(file);
        ProcessLab.Result r = ProcessLab.run(s, file, options(file));
        assertTrue(r.passed(), r.summary());
        assertEquals(3, r.stats().size());
        // each node answered 'stats' from its own process, with its own address
        assertEquals("10.0.0.2", r.stats().get("b").path("address").asText());
        // the cut reached both ends of b-c
        assertTrue(r.events().stream().anyMatch(e -> e.contains("link b-c cut at b")), r.events().toString());
        assertTrue(r.events().stream().anyMatch(e -> e.contains("link b-c cut at c")), r.events().toString());
        assertEquals("processes", r.report().runtime());
        assertEquals("10.0.0.2", r.report().nodes().get("b").address());
    }

    /**
     * rtt, loss and stat (and route and reachable, which ask each node's own route table) are judged
     * from the node processes' replies: each result is in the report with the value it measured.
     */
    @Test
    void rttLossAndStatAreJudgedWithTheirMeasuredValues() throws Exception {
        Path file = Path.of(getClass().getResource("/processes/line3-measures.yaml").toURI());
        ProcessLab.Result r = ProcessLab.run(ScenarioLoader.load(file), file, options(file));
        assertTrue(r.passed(), r.summary());
        List<ExpectationResult> x = r.expectations();
        assertEquals(List.of("rtt", "loss", "stat", "stat", "stat", "route", "reachable"),
                x.stream().map(ExpectationResult::kind).toList(), r.summary());
        assertTrue(x.get(0).measured().toString().matches("[0-9.]+ ms over [0-9]+ answers"), r.summary());
        assertTrue(x.get(1).measured().toString().matches("[0-9.]+% \\([0-9]+/10 lost\\)"), r.summary());
        for (int i = 2; i <= 4; i++) {
            assertTrue(x.get(i).measured().toString().matches("[0-9.]+"), r.summary());   // a number, not "no such number"
        }
        assertTrue(Double.parseDouble(x.get(4).measured().toString()) >= 1, r.summary());
        assertTrue(x.get(5).measured().toString().contains("a>b>c"), r.summary());
        JsonNode json = ReportJson.MAPPER.valueToTree(r.report()).path("expectations");
        assertEquals("loss", json.get(1).path("type").asText());
        assertEquals(x.get(1).measured(), json.get(1).path("measured").asText());
    }

    @Test
    void labCommandRunsProcessesAndWritesTheReport(@TempDir Path dir) throws Exception {
        Path file = Path.of(getClass().getResource("/processes/line3-transfer.yaml").toURI());
        Path report = dir.resolve("r.json");
        StringWriter out = new StringWriter();
        int code = run(out, new StringWriter(),
                "lab", file.toString(), "--processes", "--duration", "8s", "--json", report.toString(), "--quiet");
        assertEquals(Aspen.OK, code, out.toString());
        String json = Files.readString(report);
        assertTrue(json.contains("\"runtime\" : \"processes\""), json);
        assertTrue(json.contains("\"passed\" : true"), json);
    }

    private static ProcessLab.Options options(Path file) {
        return new ProcessLab.Options(null, null, file.getParent(), f -> { }, NodeLauncher.javaMain(Aspen.class.getName()));
    }

    @Test
    void refusesWhatItCannotRunWithOneLine() {
        Scenario s = new Scenario("x", null, 1L, "1s", null, null,
                List.of(new Scenario.NodeSpec("a", "10.0.0.1", null, null, null, null, null, null)), null, null,
                new Scenario.Workload(null, null, null, null,
                        List.of(new Scenario.CrossSpec("c", "a", "a", "1Mbps", null, null, null, null, null, null))),
                null, null, new Scenario.CaptureSpec("x.pcapng", null, null), null);
        ConfigException e = assertThrows(ConfigException.class, () -> ProcessLab.refuseUnsupported(s));
        assertTrue(e.getMessage().contains("workload.cross, capture"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void processesCannotBeCombinedWithSim() throws Exception {
        Path file = Path.of(getClass().getResource("/processes/line3-transfer.yaml").toURI());
        StringWriter err = new StringWriter();
        int code = run(new StringWriter(), err, "lab", file.toString(), "--processes", "--sim");
        assertEquals(Aspen.USAGE, code);
        assertTrue(err.toString().contains("--processes runs real node processes"), err.toString());
    }

    private static int run(StringWriter out, StringWriter err, String... args) {
        var cl = Aspen.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void statsFlattenToTheLabCounterPaths() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree("""
                {"counters":{"received":5,"drops":{"no-route":2}},
                 "auth":{"routing":{"verified":9}},
                 "links":[{"name":"a-b","counters":{"sentPackets":7,"drops":{"overflow":1}}}],
                 "ee":{"aas":[{"name":"acc-monitor","counters":{"packets":3},"metrics":{"filtersStarted":1}}]}}""");
        Map<String, Object> flat = CounterPaths.of(json);
        assertEquals(5, ((Number) flat.get("received")).intValue());
        assertEquals(2, ((Number) flat.get("drops.no-route")).intValue());
        assertEquals(7, ((Number) flat.get("link.a-b.sentPackets")).intValue());
        assertEquals(9, ((Number) flat.get("auth.routing.verified")).intValue());
        assertEquals(1, ((Number) flat.get("link.a-b.drops.overflow")).intValue());
        assertEquals(3, ((Number) flat.get("aa.acc-monitor.packets")).intValue());
        assertEquals(1, ((Number) flat.get("aa.acc-monitor.metrics.filtersStarted")).intValue());
    }
}
