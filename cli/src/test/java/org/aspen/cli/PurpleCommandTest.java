package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.experiments.purple.PurpleRun;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code aspen experiment purple}: a tiny sweep writes its files; the printed scenarios are valid labs. */
class PurpleCommandTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void tinySweepWritesCsvJsonAndPngs(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "purple", "--parts", "short,multi,fig4", "--aqms", "purple,red", "--flows", "2",
                "--bundle2", "2", "--bundle-size", "1", "--duration", "3s", "--warmup", "1s", "--seeds", "1", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(1 + 3 * 2, runs.size(), "header + parts x queues: " + runs);
        assertTrue(runs.stream().skip(1).allMatch(r -> Double.parseDouble(r.split(",")[4]) > 0), "goodput: " + runs);
        assertEquals(1 + 3 * 2 * PurpleRun.METRICS.size(), Files.readAllLines(dir.resolve("summary.csv")).size());
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"nominalRttMs\""));
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"paperComparison\""));
        assertTrue(Files.readString(dir.resolve("comparison.md")).startsWith("| result | paper | Aspen | verdict | why |"));
        // Figure 4: one sample per 100 ms of the 3 s run, for each queue
        assertEquals(1 + 30, Files.readAllLines(dir.resolve("figure4-purple.csv")).size());
        for (String png : List.of("short-goodput.png", "short-delay.png", "short-marks-drops.png", "multi-rto.png", "multi-delay.png",
                "figure4-queue.png", "figure4-probability.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("6 runs in"), out.toString());
    }

    @Test
    void printedScenariosPutTheQueueOnTheBottlenecksAndRouteEveryHost() {
        Scenario single = print("bdp:purple:30");
        assertEquals(30, single.workload().flows().size());
        assertEquals("660", String.valueOf(single.link("r1-r2").buffer()));
        assertTrue(String.valueOf(single.link("r1-r2").queue()).contains("micro=false"), String.valueOf(single.link("r1-r2").queue()));
        Scenario multi = print("multi:red:20");
        assertEquals(50 + 20 + 50, multi.workload().flows().size());
        // ns-2's Queue/RED on the default baseline (ns2), Aspen's red with --baseline rdp
        assertTrue(String.valueOf(multi.link("r2-r3").queue()).contains("maxthresh=60"), String.valueOf(multi.link("r2-r3").queue()));
        assertTrue(String.valueOf(print("multi:red:20", "--baseline", "rdp").link("r2-r3").queue()).contains("max_th=60"));
        // bundle 2 enters at r1 and leaves at r3: r2 reaches its receivers through r3 and its senders through r1
        assertTrue(multi.routes().stream().anyMatch(r -> r.node().equals("r2") && r.to().equals("b2d0") && r.via().equals("r3")));
        assertTrue(multi.routes().stream().anyMatch(r -> r.node().equals("r2") && r.to().equals("b2s0") && r.via().equals("r1")));
    }

    @Test
    void unknownOptionsOfOtherExperimentsAreRefused() {
        CommandLine cl = Aspen.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        // purple's --aqms is not acc-figure4's (acc-figure4 has its own --flows since issue 29)
        assertEquals(2, cl.execute("experiment", "acc-figure4", "--aqms", "red"));
    }

    private static Scenario print(String spec, String... more) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        List<String> args = new java.util.ArrayList<>(List.of("experiment", "purple", "--print-scenario", spec));
        args.addAll(List.of(more));
        assertEquals(0, cl.execute(args.toArray(String[]::new)));
        return ScenarioLoader.parse(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)), "p.yaml", true);
    }
}
