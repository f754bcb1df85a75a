package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.experiments.aecn.AecnExperiment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The AntiECN experiment: one scaled-down run of each kind, and the command's files. */
class AecnExperimentTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void commandWritesTableOneSeriesPlotsAndJson(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "aecn", "--scale", "0.01", "--rtts", "100", "--seeds", "1", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        int runs = 2 * (1 + AecnExperiment.ETAS.length) + AecnExperiment.EXP2_BUFFERS.length + 2;
        assertEquals(1 + runs, Files.readAllLines(dir.resolve("runs.csv")).size(), "header + one row per run");
        JsonNode j = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals("aecn", j.get("experiment").asText());
        assertEquals(0.01, j.get("scale").asDouble());
        for (String rtt : List.of("40ms", "200ms")) {
            JsonNode col = j.get("tableOneImprovementPct").get(rtt);
            assertEquals(List.of("0.40", "0.50", "0.60", "0.75"), iterate(col.fieldNames()));
            col.forEach(v -> assertTrue(v.get("mean").isNumber(), rtt + ": " + v));
        }
        assertEquals(runs, j.get("runs").size());
        assertEquals(6, j.get("paperComparison").size());
        for (JsonNode row : j.get("paperComparison")) {
            assertTrue(List.of("matches", "direction", "contradicts").contains(row.get("verdict").asText()), row.toString());
        }
        for (JsonNode r : j.get("runs")) {
            assertTrue(Files.readAllLines(dir.resolve(r.get("series").asText())).size() > 2, "header + samples: " + r);
        }
        assertTrue(Files.readString(dir.resolve("comparison.md")).contains("| AECN threshold 75% |"));
        for (String png : List.of("figure3-cwnd-40ms.png", "figure4-utilisation-40ms.png", "figure5-cwnd-200ms.png",
                "figure6-utilisation-200ms.png", "figure7-cwnd-virtual-buffers.png", "figure8-utilisation-3-flows.png",
                "figure9-cwnd-3-aecn.png", "figure10-cwnd-3-reno.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("| AECN threshold 40% |"), out.toString());
    }

    @Test
    void preregisteredRunsBothBaselinesAndJudgesByTheFile(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "aecn", "--scale", "0.01", "--rtts", "100", "--seeds", "2", "--baseline", "ns2",
                "--preregistered", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        // per baseline: seed 1's 2 x (Reno + 4 etas) + 4 buffers, and Experiment 3's 2 runs per seed
        int runs = 2 * (2 * (1 + AecnExperiment.ETAS.length) + AecnExperiment.EXP2_BUFFERS.length + 2 * 2);
        List<String> csv = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(1 + runs, csv.size(), "header + one row per run");
        assertTrue(csv.get(0).startsWith("baseline,experiment,label,seed,"), csv.get(0));
        assertEquals(runs / 2, csv.stream().filter(l -> l.startsWith("rdp,")).count());
        JsonNode j = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals("experiments/src/main/resources/preregistration/aecn.yaml", j.get("preregistration").get("file").asText());
        assertEquals(40, j.get("preregistration").get("gitBlob").asText().length());
        assertEquals("ns2", j.get("baseline").asText());
        assertEquals("rdp", j.get("sensitivityBaseline").asText());
        assertEquals(8, j.get("paperComparison").size());
        for (JsonNode row : j.get("paperComparison")) {
            assertTrue(row.get("rule").isTextual() && row.get("aspenRdp").isTextual(), row.toString());
            assertTrue(!row.get("aspen").asText().contains("± 0.0 ") && !row.get("aspen").asText().endsWith("± 0.0"), row.toString());
        }
        for (JsonNode r : j.get("runs")) {
            assertTrue(Files.exists(dir.resolve(r.get("series").asText())), r.toString());
            assertEquals(r.get("baseline").asText().equals("rdp"), r.get("series").asText().startsWith("rdp-"), r.toString());
        }
        String table = Files.readString(dir.resolve("comparison.md"));
        assertTrue(table.contains("| Aspen (ns2) 40 ms | Aspen RDP 40 ms |") && table.contains("| Aspen RDP | verdict | rule | why |"),
                table);
    }

    @Test
    void preregisteredNeedsAnNs2Baseline() {
        CommandLine cl = Aspen.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int code = cl.execute("experiment", "aecn", "--baseline", "rdp", "--preregistered", "--out", "unused");
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains("--preregistered runs an ns-2 baseline (ns2 or ns2-2.35) with rdp beside it, not --baseline rdp"),
                err.toString());
    }

    private static List<String> iterate(java.util.Iterator<String> it) {
        List<String> l = new java.util.ArrayList<>();
        it.forEachRemaining(l::add);
        return l;
    }
}
