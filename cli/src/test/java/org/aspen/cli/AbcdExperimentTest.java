package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** A tiny {@code aspen experiment abcd} through the command: CSV, JSON and PNG files; ABCD advised, ACC notified. */
class AbcdExperimentTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void tinyTable1WritesCsvJsonAndPngs(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "abcd", "--seeds", "1", "--delays", "100", "--duration", "8s",
                "--baseline", "rdp", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
        assertEquals(1 + 3, runs.size(), "header + reno, acc, abcd");
        for (String row : runs.subList(1, runs.size())) {
            String[] f = row.split(",");
            assertTrue(Double.parseDouble(f[4]) > 500, "total throughput: " + row);
            assertTrue(Double.parseDouble(f[5]) > Double.parseDouble(f[4]), "bytes on the wire exceed the goodput: " + row);
            switch (f[0]) {
                case "abcd" -> {
                    assertTrue(Long.parseLong(f[7]) > 0, "ABCD advised: " + row);
                    // unshrunk data segments are 940 bytes (941 with the odd short last one): below 930 some
                    // of them were sent shrunk on advice
                    assertTrue(Double.parseDouble(f[6]) < 930, "and segments shrank: " + row);
                }
                case "acc" -> assertTrue(Long.parseLong(f[9]) > 0, "ACC notified: " + row);
                default -> assertEquals(0, Long.parseLong(f[7]) + Long.parseLong(f[9]), row);
            }
        }
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"flowRank10Kbps\""));
        assertTrue(Files.readAllLines(dir.resolve("table1.csv")).size() > 3 * 10);
        for (String png : List.of("abcd-drops.png", "abcd-throughput.png")) {
            byte[] b = Files.readAllBytes(dir.resolve(png));
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(b, 8), png + " is a PNG");
        }
        assertTrue(out.toString().contains("abcd: 3 configs x 1 delays x 1 seeds"), out.toString());
        assertTrue(!Files.readString(dir.resolve("summary.json")).contains("\"baseline\""), "RDP's summary as before #28");
    }

    @Test
    void onTheNs2BaselineTheSummaryNamesItAndAbcdShrinksTheAgentsPackets(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "abcd", "--seeds", "1", "--delays", "100", "--duration", "8s",
                "--configs", "abcd", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        String[] f = Files.readAllLines(dir.resolve("runs.csv")).get(1).split(",");
        assertTrue(Long.parseLong(f[7]) > 0, "ABCD advised the ns-2 senders");
        // full-size segments carry 980 data bytes on this baseline (1040-byte packets), and the one segment
        // queued but unsent at the end counts its bytes only: below 980, some were sent shrunk on advice
        assertTrue(Double.parseDouble(f[6]) < 980, "and segments shrank: " + String.join(",", f));
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"baseline\" : \"ns2\"") && summary.contains("\"kind\" : \"ns2-droptail\""), summary);
        assertTrue(out.toString().contains("baseline ns2: ns-2 Reno, 2002 defaults"), out.toString());
    }

    @Test
    void unknownConfigIsAUsageError() {
        CommandLine cl = Aspen.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute("experiment", "abcd", "--configs", "reno,vegas"));
    }
}
