package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code tools/loss-bench.sh} (docs/real-runtime.md, "Loss benchmark") parses its options and skips
 * cleanly; the benchmark itself needs root, network namespaces and minutes, so it never runs here. Every
 * case stops before the script creates anything: options are checked first, {@code --dry-run} only
 * prints the plan, and {@code LOSS_BENCH_IP} pointed at a missing binary is a machine without
 * {@code ip netns}.
 */
class LossBenchScriptTest {
    record Run(int code, String out, String err) {
    }

    private static Run script(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", repoFile("tools/loss-bench.sh").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        Path out = Files.createTempFile("loss-bench", ".out");
        Path err = Files.createTempFile("loss-bench", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script did not exit: " + cmd);
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Path repoFile(String rel) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(rel))) {
                return d.resolve(rel);
            }
        }
        throw new IllegalStateException(rel + " not found above " + Path.of("").toAbsolutePath());
    }

    @Test
    void dryRunPrintsThePlanFromTheOptions() throws Exception {
        Run r = script(Map.of(), "--dry-run", "--runs", "3", "--loss", "0,0.1,5", "--bytes", "0:50m,1:10m",
                "--timeout", "30", "--peer", "aeron", "--segment", "1000");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                loss-bench plan: 3 run(s) per point, timeout 30 s per run, peer aeron, segment 1000
                  loss 0 % each way: no loss rule, 50000000 bytes per run
                  loss 0.1 % each way: numgen random mod 1000 < 1, 50000000 bytes per run
                  loss 5 % each way: numgen random mod 1000 < 50, 10000000 bytes per run
                """, r.out());
        assertEquals("", r.err());
    }

    @Test
    void aRecoveryIsPassedToTheSenderAndShownInThePlan() throws Exception {
        Run r = script(Map.of(), "--dry-run", "--runs", "1", "--loss", "1", "--peer", "none", "--recovery", "classic");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                loss-bench plan: 1 run(s) per point, timeout 60 s per run, peer none, segment from the path, recovery classic
                  loss 1 % each way: numgen random mod 1000 < 10, 10000000 bytes per run
                """, r.out());
    }

    @Test
    void theDefaultsAreTheIssuesPoints() throws Exception {
        Run r = script(Map.of(), "--dry-run");
        assertEquals(0, r.code(), r.err());
        assertEquals("""
                loss-bench plan: 5 run(s) per point, timeout 60 s per run, peer aeron, segment from the path
                  loss 0 % each way: no loss rule, 100000000 bytes per run
                  loss 0.1 % each way: numgen random mod 1000 < 1, 40000000 bytes per run
                  loss 1 % each way: numgen random mod 1000 < 10, 10000000 bytes per run
                  loss 2 % each way: numgen random mod 1000 < 20, 5000000 bytes per run
                  loss 5 % each way: numgen random mod 1000 < 50, 2000000 bytes per run
                """, r.out());
    }

    @Test
    void badOptionsAreOneLineErrors() throws Exception {
        String[][] cases = {
            {"--runs 0", "loss-bench: --runs must be a positive integer, not '0'"},
            {"--runs", "loss-bench: --runs needs a value"},
            {"--loss 0.15", "loss-bench: --loss: '0.15' is not a percentage below 100 with at most one decimal"},
            {"--loss 100", "loss-bench: --loss: '100' is not a percentage below 100 with at most one decimal"},
            {"--bytes 0:lots", "loss-bench: --bytes: 'lots' is not a size (e.g. 10m)"},
            {"--loss 1 --bytes 2:10m", "loss-bench: --bytes has no entry at or below 1 %"},
            {"--timeout 1.5", "loss-bench: --timeout must be a positive number of seconds, not '1.5'"},
            {"--peer quic", "loss-bench: --peer must be jgroups-tq, aeron or none, not 'quic'"},
            {"--recovery fast", "loss-bench: --recovery must be modern or classic, not 'fast'"},
            {"--fast", "loss-bench: unknown option '--fast' (see --help)"},
        };
        for (String[] c : cases) {
            Run r = script(Map.of(), c[0].split(" "));
            assertEquals(2, r.code(), c[0]);
            assertEquals(c[1] + "\n", r.err(), c[0]);
            assertEquals("", r.out(), c[0]);
        }
    }

    @Test
    void skipsWithOneLineWithoutNamespaces() throws Exception {
        // not root, or no 'ip': either way one line on stdout and exit 0, before anything is created
        Run r = script(Map.of("LOSS_BENCH_IP", "/nonexistent/ip"), "--runs", "1", "--loss", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals(1, r.out().lines().count(), r.out());
        assertTrue(r.out().startsWith("loss-bench: skipped: "), r.out());
        assertEquals("", r.err());
    }

    @Test
    void helpListsTheOptions() throws Exception {
        Run r = script(Map.of(), "--help");
        assertEquals(0, r.code(), r.err());
        for (String o : List.of("--runs", "--loss", "--bytes", "--timeout", "--segment", "--peer", "--json", "--dry-run")) {
            assertTrue(r.out().contains(o), o + " in " + r.out());
        }
    }
}
