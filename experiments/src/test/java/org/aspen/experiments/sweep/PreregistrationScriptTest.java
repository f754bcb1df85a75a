package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools/preregistration.sh} on a scratch git repository: a pre-registration committed before
 * its results passes, one committed with them fails, a file changed after the results is reported,
 * and a summary that names no pre-registration fails.
 */
class PreregistrationScriptTest {
    private static final String FILE = Preregistration.DIR + "example.yaml";

    record Run(int code, String out) {
    }

    private static Run run(Path cwd, String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("prereg", ".out");
        try {
            List<String> c = new ArrayList<>(List.of(cmd));
            Process p = new ProcessBuilder(c).directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not exit: " + c);
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static void git(Path repo, String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"));
        c.addAll(List.of(args));
        Run r = run(repo, c.toArray(String[]::new));
        assertEquals(0, r.code(), r.out());
    }

    private static Path script() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve("tools/preregistration.sh"))) {
                return d.resolve("tools/preregistration.sh");
            }
        }
        throw new IllegalStateException("tools/preregistration.sh not found");
    }

    /** Writes {@code dir/summary.json} naming {@code file}'s current content as its pre-registration. */
    private static void summary(Path repo, String dir, String file) throws IOException {
        Preregistration.Ref ref = new Preregistration.Ref(file, Preregistration.gitBlob(Files.readAllBytes(repo.resolve(file))));
        record Summary(String experiment, Preregistration.Ref preregistration) {
        }
        Files.createDirectories(repo.resolve(dir));
        Files.writeString(repo.resolve(dir).resolve("summary.json"), Sweep.json(new Summary("example", ref)));
    }

    @Test
    void registeredBeforeTheResultsPassesWithTheResultsOrAfterThemDoesNot(@TempDir Path repo) throws Exception {
        git(repo, "init", "-q");
        Files.createDirectories(repo.resolve(FILE).getParent());
        Files.writeString(repo.resolve(FILE), "experiment: example\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "register");
        summary(repo, "docs/results/example", FILE);
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "results");
        Run ok = run(repo, "bash", script().toString(), "docs/results/example");
        assertEquals(0, ok.code(), ok.out());
        List<String> lines = ok.out().lines().toList();
        assertEquals(3, lines.size(), ok.out());
        assertTrue(lines.get(0).startsWith("preregistration " + FILE + ": "), ok.out());
        assertTrue(lines.get(1).startsWith("results docs/results/example: "), ok.out());
        assertEquals("OK: registered before the results", lines.get(2));

        Files.writeString(repo.resolve(FILE), "experiment: example\n# a reading changed\n");
        git(repo, "commit", "-qam", "change a reading");
        Run changed = run(repo, "bash", script().toString(), "docs/results/example");
        assertEquals(0, changed.code(), changed.out());
        assertTrue(changed.out().contains("\nCHANGED: " + FILE + " changed after the results in "), changed.out());

        String same = Preregistration.DIR + "same.yaml";
        Files.writeString(repo.resolve(same), "experiment: same\n");
        summary(repo, "docs/results/same", same);
        git(repo, "add", "-A");
        git(repo, "commit", "-qm", "registered with the results");
        Run together = run(repo, "bash", script().toString(), "docs/results/same");
        assertEquals(1, together.code(), together.out());
        assertTrue(together.out().endsWith("FAIL: registered in the results' own commit, not before it\n"), together.out());

        Files.createDirectories(repo.resolve("docs/results/old"));
        Files.writeString(repo.resolve("docs/results/old/summary.json"), "{\"experiment\" : \"old\"}");
        Run old = run(repo, "bash", script().toString(), "docs/results/old");
        assertEquals(1, old.code(), old.out());
        assertTrue(old.out().startsWith("FAIL: docs/results/old/summary.json names no pre-registration"), old.out());
    }
}
