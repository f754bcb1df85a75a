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
    void thePreregisteredRunJudgesTheNs2BaselineWithRdpBesideItAndChecksTheEstimator(@TempDir Path dir) throws Exception {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        int code = cl.execute("experiment", "abcd", "--seeds", "1", "--delays", "100,200,300", "--duration", "4s",
                "--preregistered", "--out", dir.toString());
        assertEquals(0, code, out.toString());
        assertEquals(1 + 9, Files.readAllLines(dir.resolve("runs.csv")).size(), "header + 3 configs x 3 delays on ns-2");
        assertEquals(1 + 9, Files.readAllLines(dir.resolve("runs-rdp.csv")).size(), "and the same sweep on Aspen RDP");
        // one CBR alone on the link: every triplet is exact, the monitor reads 2000 kb/s less the rate
        assertEquals(List.of("cbr_kbps,set_kbps,readings,mean_kbps,min_kbps,max_kbps,max_error_percent",
                "500,1500,191,1500.000,1500,1500,0.000", "1000,1000,191,1000.000,1000,1000,0.000",
                "1500,500,191,500.000,500,500,0.000"), Files.readAllLines(dir.resolve("estimator.csv")));
        String summary = Files.readString(dir.resolve("summary.json"));
        assertTrue(summary.contains("\"file\" : \"experiments/src/main/resources/preregistration/abcd.yaml\""), summary);
        assertTrue(summary.contains("\"rdpPoints\"") && summary.contains("\"estimatorCheck\""), summary);
        assertTrue(out.toString().contains("| result | paper | Aspen (ns-2 baseline) | Aspen RDP | verdict | rule | why |"), out.toString());
        assertTrue(out.toString().contains("| Section 5.1: available-bandwidth estimate on CBR, largest error | no more than 6.0 % | "
                + "0.5 Mb/s CBR: 0.00 % (one deterministic run)"), out.toString());
    }

    @Test
    void preregisteredNeedsAnNs2BaselineAndTheWindowNotNegative() {
        CliTest.Run r = CliTest.run("experiment", "abcd", "--preregistered", "--baseline", "rdp", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --preregistered judges an ns-2 baseline with Aspen RDP beside it: not with --baseline rdp",
                r.err().lines().findFirst().orElseThrow());
        r = CliTest.run("experiment", "abcd", "--averaging-ms", "-1", "--seeds", "1", "--duration", "3s");
        assertEquals(Aspen.USAGE, r.code());
        assertEquals("aspen: --averaging-ms: ABCD's averaging window must be at least 0 ms (0: no averaging), not -1",
                r.err().lines().findFirst().orElseThrow());
    }

    @Test
    void unknownConfigIsAUsageError() {
        CommandLine cl = Aspen.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute("experiment", "abcd", "--configs", "reno,vegas"));
    }
}
