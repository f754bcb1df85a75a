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
        assertTrue(Files.readString(dir.resolve("table1.md")).contains("| AECN threshold 75% |"));
        for (String png : List.of("figure3-cwnd-40ms.png", "figure4-utilisation-40ms.png", "figure5-cwnd-200ms.png",
                "figure6-utilisation-200ms.png", "figure7-cwnd-virtual-buffers.png", "figure8-utilisation-3-flows.png",
                "figure9-cwnd-3-aecn.png", "figure10-cwnd-3-reno.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("| AECN threshold 40% |"), out.toString());
    }

    private static List<String> iterate(java.util.Iterator<String> it) {
        List<String> l = new java.util.ArrayList<>();
        it.forEachRemaining(l::add);
        return l;
    }
}
