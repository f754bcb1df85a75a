package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.experiments.acc.AccFigure4Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiny acc-figure4 sweep through the command: CSV, JSON and non-empty PNG files. */
class ExperimentCommandTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void tinySweepWritesCsvJsonAndPngs(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "acc-figure4", "--seeds", "2", "--delays", "10,50", "--duration", "6s",
                "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(1 + 4 * 2 * 2, runs.size(), "header + configs x delays x seeds");
        for (String row : runs.subList(1, runs.size())) {
            double goodput = Double.parseDouble(row.split(",")[4]);
            assertTrue(goodput > 0, row);
        }
        assertTrue(runs.stream().anyMatch(r -> r.startsWith("acc,") && Long.parseLong(r.split(",")[9]) > 0),
                "ACC runs sent notifications: " + runs);
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        assertEquals(1 + 4 * 2 * AccFigure4Run.METRICS.size(), summary.size());
        JsonNode json = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        for (String base : List.of("accOverReno", "accOverRedEcn")) {
            for (String d : List.of("10", "50")) {
                double r = json.get(base + "ThroughputByDelayMs").get(d).asDouble();
                JsonNode ci = json.get(base + "ThroughputCi95ByDelayMs").get(d);
                assertTrue(ci.get(0).asDouble() < r && r < ci.get(1).asDouble(), base + ": interval around the ratio at " + d + ": " + ci);
            }
        }
        assertTrue(out.toString().contains("ACC / red      throughput (95% CI):  10ms "), out.toString());
        for (String png : List.of("figure4-throughput-acc-vs-reno.png", "figure5-throughput-all.png",
                "figure6-closes-per-second.png", "figure7-close-magnitude.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertTrue(b.length > 5000, png + " is " + b.length + " bytes");
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("acc-figure4: 4 configs x 2 delays x 2 seeds"), out.toString());
    }

    @Test
    void printScenarioGivesALabScenarioWithAccOnTheRouters() {
        CliTest.Run r = CliTest.run("experiment", "acc-figure4", "--print-scenario", "acc:200", "--duration", "20s");
        assertEquals(0, r.code());
        org.aspen.lab.scenario.Scenario s = org.aspen.lab.scenario.ScenarioLoader.parse(
                new java.io.ByteArrayInputStream(r.out().getBytes(java.nio.charset.StandardCharsets.UTF_8)), "p.yaml", true);
        assertEquals("monitor", s.node("r2").acc());
        assertEquals("filter", s.node("r1").acc());
        assertEquals("200ms", s.link("r0-r1").delay(), "the default placement: the long link ahead of the filter router");
        assertEquals("10ms", s.link("r1-r2").delay());
        assertEquals(4, s.workload().cross().size());
        assertEquals(2, s.workload().flows().size());
    }

    @Test
    void unknownLongLinkPlacementIsAUsageErrorNamingTheKnownOnes() {
        CliTest.Run r = CliTest.run("experiment", "acc-figure4", "--long-link", "sideways", "--print-scenario", "acc:10");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--long-link: unknown placement 'sideways' (known: between, upstream, downstream)"), r.err());
    }

    @Test
    void unknownExperimentIsAUsageError() {
        CommandLine cl = Aspen.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute("experiment", "acc-figure9"));
    }

}
