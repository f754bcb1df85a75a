package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The ACNS experiment on a shortened timeline (20 s: flows #1 and #2): its scenario loads and runs in
 * the lab runner with ACNS queues and prioritised ACNS flows, commands flow end to end, and the
 * command writes its files.
 */
class AcnsExperimentTest {
    static final AcnsRun.Setup SHORT = new AcnsRun.Setup(20, AcnsRun.BOTTLENECK, AcnsRun.BUFFER);

    @Test
    void printedScenarioRunsInTheLab() throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        assertEquals(0, cl.execute("experiment", "acns", "--print-scenario", "acns", "--duration", "8s"));
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)), "a.yaml", true);
        assertEquals(46, s.workload().flows().get(2).priority());
        assertTrue(s.workload().flows().get(0).acns());
        LabResult r = LabRunner.run(s, new LabRunner.Options(true, 1L, null, null, null));
        Map<String, Object> d = r.links().get("ra-i1@ra").discipline();
        assertTrue(((Number) d.get("classified")).longValue() > 0, d.toString());
    }

    @Test
    void commandWritesTablesCsvJsonAndPngs(@TempDir Path dir) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        assertEquals(0, cl.execute("experiment", "acns", "--duration", "5s", "--configs", "acns", "--seeds", "2",
                "--out", dir.toString()), out.toString());
        for (String f : List.of("runs.csv", "series-acns.csv", "summary.json", "comparison.md",
                "throughput-acns.png", "rtt-acns.png", "cwnd-acns.png")) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertTrue(out.toString().contains("Table 10") && out.toString().contains("| acns |"), out.toString());
        assertTrue(out.toString().contains("not-run"), "no baseline asked for: the comparison says so");
        assertEquals(2, cl.execute("experiment", "acns", "--configs", "cubic"));
    }

    @Test
    void preRegisteredOnAspenRdpOrWithoutRenoIsAOneLineUsageError() {
        CliTest.Run r = CliTest.run("experiment", "acns", "--preregistered", "--baseline", "rdp", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistered judges an ns-2 baseline against Aspen RDP: --baseline must be ns2, ns2-cubic or ns2-2.35, not rdp",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "acns", "--preregistered", "--configs", "acns", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistered needs the configs reno and acns in --configs", r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void aCubicReadingIsRecordedInTheSummaryOnlyWhenNotThePrimary(@TempDir Path dir) throws Exception {
        for (String reading : List.of("epoch-restart", "primary")) {
            Path out = dir.resolve(reading);
            CliTest.Run r = CliTest.run("experiment", "acns", "--baseline", "ns2-cubic", "--acns-cubic-reading", reading,
                    "--duration", "3s", "--configs", "acns", "--seeds", "1", "--threads", "1", "--out", out.toString());
            assertEquals(0, r.code(), r.err());
            String summary = Files.readString(out.resolve("summary.json"));
            String tables = Files.readString(out.resolve("comparison.md"));
            if (reading.equals("primary")) {
                assertTrue(!summary.contains("acnsCubicReading") && !tables.contains("read as"), summary);
            } else {
                assertTrue(summary.contains("\"acnsCubicReading\" : \"epoch-restart\""), summary);
                assertTrue(tables.contains("ACNS on CUBIC read as epoch-restart (a sensitivity reading"), tables);
            }
        }
    }
}
