package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a script of the repository's {@code tools/} directory from a test, as {@code
 * PreregistrationScriptTest} does: found by walking up from the module, run in a given directory,
 * its output and exit code captured.
 *
 * <pre>{@code
 * ToolScripts.Run r = ToolScripts.run(dir, "python3", ToolScripts.path("check-results-docs.py").toString(), "--root", ".");
 * assertEquals(0, r.code(), r.out());
 * }</pre>
 */
final class ToolScripts {
    private ToolScripts() {
    }

    /** A finished script: its exit code and its standard output and error, interleaved. */
    record Run(int code, String out) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    /** {@code tools/NAME} of the checkout this test runs in. */
    static Path path(String name) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve("tools").resolve(name))) {
                return d.resolve("tools").resolve(name);
            }
        }
        throw new IllegalStateException("tools/" + name + " not found");
    }

    static Run run(Path cwd, String... cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("tool", ".out");
        try {
            List<String> c = new ArrayList<>(List.of(cmd));
            Process p = new ProcessBuilder(c).directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not exit: " + c);
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Writes {@code text} to {@code root/relative}, creating its directories. */
    static void write(Path root, String relative, String text) throws IOException {
        Path f = root.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text, StandardCharsets.UTF_8);
    }
}
