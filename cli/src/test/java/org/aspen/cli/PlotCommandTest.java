package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.aspen.lab.report.ReportPlots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code aspen plot} and {@code aspen lab --plots}: PNGs from a lab report and a sweep; one-line errors. */
class PlotCommandTest {
    static final Path SAWTOOTH = Path.of("..", "examples", "labs", "03-sawtooth", "solution", "sawtooth.yaml");

    static void assertPng(Path f) throws Exception {
        assertTrue(Files.size(f) > 1000, f + " is too small");
        BufferedImage img = ImageIO.read(f.toFile());
        assertEquals(ReportPlots.WIDTH, img.getWidth(), f.toString());
        assertEquals(ReportPlots.HEIGHT, img.getHeight(), f.toString());
    }

    @Test
    void labReportCarriesTimeSeriesAndPlotsThem(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("report.json");
        CliTest.Run lab = CliTest.run("lab", SAWTOOTH.toString(), "--sim", "--duration", "6s", "--json", json.toString(),
                "--plots", dir.resolve("direct").toString(), "-q");
        assertEquals(0, lab.code(), lab.out() + lab.err());
        JsonNode ts = new ObjectMapper().readTree(json.toFile()).get("timeSeries");
        int n = ts.get("t").size();
        assertTrue(n > 100, "samples: " + n);
        JsonNode cwnd = ts.get("flows").get("bulk").get("cwndPackets");
        assertEquals(n, cwnd.size());
        assertTrue(cwnd.get(0).isNull(), "the flow starts at 1 s: no cwnd before");
        double peak = 0;
        for (JsonNode v : cwnd) {
            peak = Math.max(peak, v.asDouble());
        }
        assertTrue(peak > 10, "cwnd never grew: " + peak);
        assertTrue(ts.get("links").get("r-b@r").get("queuePackets").size() == n);

        CliTest.Run plot = CliTest.run("plot", json.toString(), "-o", dir.resolve("plots").toString());
        assertEquals(0, plot.code(), plot.err());
        for (String kind : List.of("cwnd", "goodput", "queue")) {
            assertPng(dir.resolve("plots").resolve("sawtooth-" + kind + ".png"));
            assertPng(dir.resolve("direct").resolve("sawtooth-" + kind + ".png"));
        }
    }

    @Test
    void sweepSummaryGivesThroughputAgainstRtt(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("summary.json");
        Files.writeString(json, """
                {"experiment": "acc-figure4", "points": [
                  {"config": "red", "rttMs": 60, "goodputKbps": {"mean": 600, "ci95": 20}},
                  {"config": "red", "rttMs": 460, "goodputKbps": {"mean": 300, "ci95": 30}},
                  {"config": "acc", "rttMs": 60, "goodputKbps": {"mean": 620, "ci95": 25}},
                  {"config": "acc", "rttMs": 460, "goodputKbps": {"mean": 420, "ci95": 15}}]}
                """);
        CliTest.Run plot = CliTest.run("plot", json.toString(), "-o", dir.toString());
        assertEquals(0, plot.code(), plot.err());
        assertPng(dir.resolve("acc-figure4-throughput-vs-rtt.png"));
    }

    @Test
    void malformedReportsAreOneLineErrors(@TempDir Path dir) throws Exception {
        String[][] cases = {
                {"{\"scenario\": \"x\", ", "not valid JSON"},
                {"[1, 2]", "expected a JSON object"},
                {"{\"scenario\": \"x\"}", "no 'timeSeries' or 'points'"},
                {"{\"scenario\": \"x\", \"timeSeries\": {\"t\": [1, 2], \"flows\": {\"f\": {\"cwndPackets\": [1], \"goodputBps\": [1, 2]}},"
                        + " \"links\": {}}}", "has 1 samples but 't' has 2"},
                {"{\"scenario\": \"x\", \"timeSeries\": {\"t\": \"soon\", \"flows\": {}, \"links\": {}}}", "'timeSeries.t' must be a list"},
                {"{\"points\": [{\"config\": \"a\", \"goodputKbps\": 3}]}", "missing field 'rttMs'"},
        };
        for (String[] c : cases) {
            Path f = dir.resolve("bad.json");
            Files.writeString(f, c[0]);
            CliTest.Run r = CliTest.run("plot", f.toString(), "-o", dir.resolve("out").toString());
            assertEquals(Aspen.USAGE, r.code(), c[0]);
            assertTrue(r.err().startsWith("aspen: " + f + ": ") && r.err().contains(c[1]), c[0] + " -> " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        CliTest.Run missing = CliTest.run("plot", dir.resolve("nope.json").toString());
        assertEquals(Aspen.USAGE, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }
}
