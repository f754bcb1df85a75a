package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The overhead experiment (Figures 8-9): its scenario builds as the paper describes it, and one short
 * real-UDP run per ACC setting through the command shows ACC at work. Function only, no timing: the
 * two senders' slow start overflows the 25-packet bottleneck buffer within the first second on any
 * machine, and that drop is what makes the monitor act.
 */
class AccOverheadTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void shortRealUdpRunsWithAccSetFiltersAndWriteTheFiles(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "acc-overhead", "--seeds", "1", "--delays", "20", "--duration", "3s",
                "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(3, runs.size(), "header + ACC off and on: " + runs);
        String[] off = runs.get(1).split(",");
        String[] on = runs.get(2).split(",");
        assertEquals("off", off[0]);
        assertEquals("on", on[0]);
        assertTrue(Double.parseDouble(off[3]) > 0 && Double.parseDouble(on[3]) > 0, "both runs moved data: " + runs);
        assertEquals("0", off[10], "no filters without ACC");
        assertTrue(Long.parseLong(on[8]) > 0, "the monitor notified a sender: " + runs);
        assertTrue(Long.parseLong(on[10]) > 0, "a filter started at an intermediate node: " + runs);
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"accRunsWithFiltersSet\" : 1"), summary);
        // one run per arm: a ratio but no interval
        assertTrue(summary.replaceAll("\\s", "").contains("\"accOnOverOffThroughputCi95ByDelayMs\":{\"20\":[null,null]}"), summary);
        byte[] png = Files.readAllBytes(dir.resolve("figure9-throughput.png"));
        assertArrayEquals(PNG_MAGIC, Arrays.copyOf(png, 8));
        assertTrue(out.toString().contains("ACC-on runs that set filters: 1 of 1"), out.toString());
    }

    @Test
    void preregisteredRefusesShapingOptionsAndPrintsAnUnshapedScenario() {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute("experiment", "acc-overhead", "--preregistered", "--bottleneck", "4Mbps", "--print-scenario", "on:0"));
        assertTrue(err.toString().contains("--bottleneck and --buffer shape the path; --preregistered runs it unshaped"), err.toString());
        assertEquals(0, cl.execute("experiment", "acc-overhead", "--preregistered", "--print-scenario", "on:50"), err.toString());
        assertFalse(out.toString().contains("bandwidth"), out.toString());
        assertTrue(out.toString().contains("acc: monitor"), out.toString());
    }

    @Test
    void inputQueueAndPreregistrationOptionsAreCheckedInOneLine() {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertEquals(2, cl.execute("experiment", "acc-overhead", "--input-queue", "0", "--print-scenario", "on:0"));
        assertTrue(err.toString().contains("--input-queue: a whole number of packets, 1-1000000, not 0"), err.toString());
        assertEquals(2, cl.execute("experiment", "acc-overhead", "--preregistration", "acc-overhead-input-queue",
                "--print-scenario", "on:0"));
        assertTrue(err.toString().contains("--preregistration names the file a --preregistered run is judged by: give --preregistered too"),
                err.toString());
        assertEquals(2, cl.execute("experiment", "acc-overhead", "--preregistered", "--preregistration", "nothing",
                "--print-scenario", "on:0"));
        assertTrue(err.toString().contains("--preregistration: no pre-registration for 'nothing'"), err.toString());
        assertEquals(2, cl.execute("experiment", "acc-overhead", "--preregistered", "--preregistration", "acc-figure4",
                "--print-scenario", "on:0"));
        assertTrue(err.toString().contains("that file registers experiment 'acc-figure4', not acc-overhead"), err.toString());
        assertEquals(0, cl.execute("experiment", "acc-overhead", "--preregistered", "--preregistration", "acc-overhead-input-queue",
                "--input-queue", "25", "--print-scenario", "on:0"), err.toString());
        assertEquals(6, out.toString().split("inputQueue: 25", -1).length - 1, "every node: " + out);
    }

    @Test
    void aShortRunWithInputQueuesWritesTheirFiguresAndNamesItsPreregistration(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "acc-overhead", "--preregistered", "--preregistration", "acc-overhead-input-queue",
                "--input-queue", "25", "--seeds", "1", "--delays", "0", "--duration", "3s", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertTrue(runs.get(0).endsWith(",wall_s,c_input_queue_drops,c_input_queue_peak,i1_i2_input_queue_drops,"
                + "d_input_queue_drops,s1_s2_input_queue_drops,monitor_congestion_events"), runs.get(0));
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"inputQueuePackets\" : 25"), summary);
        assertTrue(summary.contains("\"file\" : \"experiments/src/main/resources/preregistration/acc-overhead-input-queue.yaml\""),
                summary);
        assertTrue(summary.contains("\"inputQueueDropsC\""), summary);
        assertTrue(out.toString().contains("input queue: 25 packets on every node"), out.toString());
    }
}
