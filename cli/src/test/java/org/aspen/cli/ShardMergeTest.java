package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.aspen.experiments.sweep.Slice;
import org.aspen.experiments.sweep.Sweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code aspen experiment NAME --shard K/N} and {@code aspen experiment merge}: a tiny abcd sweep
 * (2 configs x 2 seeds of 4 s) run whole, and in three slices merged in another order, gives the
 * same files byte for byte but for the wall time: the {@code wall_s} column of {@code runs.csv}
 * (each run's own, kept from its slice) and {@code wallSeconds} in {@code summary.json} (the sum
 * of the slices'). Bad {@code --shard} values and incomplete or mixed slices are one-line usage errors.
 */
class ShardMergeTest {
    private static final String[] TINY = {"--seeds", "2", "--delays", "100", "--duration", "4s", "--configs", "reno,abcd"};

    private static String run(int expectedCode, String... args) {
        CommandLine cl = Aspen.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        assertEquals(expectedCode, code, out + "\n" + err);
        if (expectedCode == 0) {
            return out.toString();
        }
        String first = err.toString().lines().findFirst().orElse("");   // the error's one line, without the program's name
        return first.startsWith("aspen: ") ? first.substring("aspen: ".length()) : first;
    }

    private static String[] abcd(String... more) {
        List<String> a = new ArrayList<>(List.of("experiment", "abcd"));
        a.addAll(List.of(TINY));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** Every file of {@code dir}, its wall-time fields blanked (the only ones a merge may change). */
    private static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> in = Files.list(dir)) {
            for (Path f : in.toList()) {
                String name = f.getFileName().toString();
                byte[] b = Files.readAllBytes(f);
                if (name.endsWith(".csv")) {
                    b = withoutColumn(new String(b, StandardCharsets.UTF_8), "wall_s").getBytes(StandardCharsets.UTF_8);
                } else if (name.endsWith(".json")) {
                    b = new String(b, StandardCharsets.UTF_8).replaceAll("\"wallSeconds\" : [0-9.]+", "\"wallSeconds\" : -")
                            .getBytes(StandardCharsets.UTF_8);
                }
                m.put(name, b);
            }
        }
        return m;
    }

    private static String withoutColumn(String csv, String column) {
        List<String> lines = csv.lines().toList();
        int i = List.of(lines.get(0).split(",", -1)).indexOf(column);
        if (i < 0) {
            return csv;
        }
        StringBuilder b = new StringBuilder();
        for (String line : lines) {
            String[] cells = line.split(",", -1);
            cells[i] = "-";
            b.append(String.join(",", cells)).append('\n');
        }
        return b.toString();
    }

    @Test
    void threeSlicesMergedGiveTheFilesOfOneRun(@TempDir Path dir) throws Exception {
        String whole = run(0, abcd("--out", dir.resolve("whole").toString()));
        for (int k = 1; k <= 3; k++) {
            String out = run(0, abcd("--shard", k + "/3", "--threads", "1", "--out", dir.resolve("s" + k).toString()));
            assertTrue(out.startsWith("abcd: slice " + k + "/3, " + (k == 1 ? 2 : 1) + " of 4 runs in "), out);
        }
        assertEquals(List.of("slice-2-of-3.json"), Files.list(dir.resolve("s2")).map(p -> p.getFileName().toString()).toList());
        String merged = run(0, "experiment", "merge", dir.resolve("s3").toString(), dir.resolve("s1").toString(),
                dir.resolve("s2").toString(), "--out", dir.resolve("merged").toString());
        Map<String, byte[]> a = files(dir.resolve("whole"));
        Map<String, byte[]> b = files(dir.resolve("merged"));
        assertEquals(List.of("abcd-drops.png", "abcd-throughput.png", "runs.csv", "summary.json", "table1.csv"), List.copyOf(a.keySet()));
        assertEquals(a.keySet(), b.keySet(), "the same files");
        for (String f : a.keySet()) {
            assertArrayEquals(a.get(f), b.get(f), f + " byte for byte, wall time aside");
        }
        assertEquals(whole.replaceAll("in [0-9.]+ s;", "in - s;").replace(dir.resolve("whole").toString(), "DIR"),
                merged.replaceAll("in [0-9.]+ s;", "in - s;").replace(dir.resolve("merged").toString(), "DIR"), "the same table");
        double wall = 0;
        for (int k = 1; k <= 3; k++) {
            Slice s = Slice.read(dir.resolve("s" + k).resolve("slice-" + k + "-of-3.json"));
            assertEquals(List.of(TINY), s.arguments(), "the options that make the experiment, without --shard, --threads, --out");
            wall += s.wallSeconds();
        }
        assertTrue(Files.readString(dir.resolve("merged/summary.json")).contains("\"wallSeconds\" : " + Sweep.tenths(wall) + ","),
                "the merge's wall time is the slices' sum");
    }

    @Test
    void badShardsAndSlicesAreOneLineUsageErrors(@TempDir Path dir) throws Exception {
        assertEquals("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got 3/2", run(2, abcd("--shard", "3/2")));
        assertEquals("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got 0/2", run(2, abcd("--shard", "0/2")));
        assertEquals("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got '1of2'", run(2, abcd("--shard", "1of2")));
        assertTrue(run(2, abcd("--shard", "1/2", "--json")).startsWith("--json: a slice has no summary to print"));
        run(0, abcd("--shard", "1/5", "--out", dir.resolve("a").toString()));
        run(0, "experiment", "abcd", "--seeds", "1", "--delays", "100", "--duration", "4s", "--configs", "reno", "--shard", "2/5",
                "--out", dir.resolve("a").toString());
        String mixed = run(2, "experiment", "merge", dir.resolve("a").toString());
        assertTrue(mixed.startsWith("slices of different parameters: " + dir.resolve("a/slice-1-of-5.json") + " ("
                + String.join(" ", TINY) + ") and " + dir.resolve("a/slice-2-of-5.json") + " (--seeds 1 "), mixed);
        Files.delete(dir.resolve("a/slice-2-of-5.json"));
        assertEquals("missing slices 2/5, 3/5, 4/5, 5/5 of abcd (given: 1/5)", run(2, "experiment", "merge", dir.resolve("a").toString()));
        assertEquals(dir.resolve("nowhere") + ": no such slice file or directory",
                run(2, "experiment", "merge", dir.resolve("nowhere").toString()));
    }
}
