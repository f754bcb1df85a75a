package org.aspen.experiments.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/architecture.md names only classes, members and files that exist (issue 32): every class,
 * member and repository path it gives in backticks resolves against the source tree
 * ({@link DocNames}). The resolver itself is pinned on a made-up tree and doc.
 */
class ArchitectureDocTest {
    private static Path repositoryRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve("docs/architecture.md")) && Files.exists(d.resolve("pom.xml"))) {
                return d;
            }
        }
        throw new IllegalStateException("docs/architecture.md not found above " + Path.of("").toAbsolutePath());
    }

    @Test
    void everyNameArchitectureMdGivesExists() throws Exception {
        Path root = repositoryRoot();
        List<DocNames.Unresolved> wrong = DocNames.index(root)
                .check(Files.readString(root.resolve("docs/architecture.md"), StandardCharsets.UTF_8));
        assertEquals(List.of(), wrong, () -> "docs/architecture.md names what does not exist:\n"
                + wrong.stream().map(DocNames.Unresolved::toString).collect(Collectors.joining("\n")));
    }

    private static void write(Path root, String relative, String text) throws Exception {
        Files.createDirectories(root.resolve(relative).getParent());
        Files.writeString(root.resolve(relative), text);
    }

    @Test
    void aMadeUpDocNamingMissingClassesMembersAndFilesIsCaught(@TempDir Path root) throws Exception {
        write(root, "net/src/main/java/org/x/net/Link.java", """
                package org.x.net;

                import java.util.SplittableRandom;
                import com.example.gone.Gone;

                public final class Link {
                    static final int MAX = 3;

                    public record Frame(int length) {
                    }

                    public void receiveFrame(Frame f) {
                    }
                }
                """);
        write(root, "util/src/test/java/org/x/util/Helper.java", "package org.x.util;\n\nclass Helper {\n}\n");
        write(root, "tools/run.sh", "#!/bin/sh\n");
        String doc = """
                # Made up

                Resolved: `net.Link`, `Link.receiveFrame()`, `Link.MAX`, `Link.Frame`, `org.x.net.Link`,
                `util.Helper` (a test class), `SplittableRandom` (imported), `System.nanoTime` (java.lang),
                `Gone.anything` (imported, not loadable here: the class only), `XxxRun`, `NAME`, `link-cut`,
                `byte[]`, `tools/run.sh`, `tools/DIR/x.sh`, `tools/xxx.sh`, `tools/target/run.jar`, `tools/*.sh`,
                `src/main/resources/x.yaml`.

                ```
                `Ignored` in a fenced block
                ```

                Not: `net.Missing`, `other.Link`, `Link.sendFrame(f)`,
                `Link.MIN`, `Link.Packet`, `Nowhere`, `System.nanoTimes`, `tools/gone.sh`, `../shared/sketch.md`.
                """;
        List<String> wrong = DocNames.index(root).check(doc).stream().map(DocNames.Unresolved::toString).toList();
        assertEquals(List.of(
                "line 13: `net.Missing`: no class net.Missing in the source tree",
                "line 13: `other.Link`: no class other.Link in the source tree",
                "line 13: `Link.sendFrame(f)`: Link has no member sendFrame",
                "line 14: `Link.MIN`: Link has no member MIN",
                "line 14: `Link.Packet`: Link has no nested type Packet",
                "line 14: `Nowhere`: no class Nowhere in the source tree, its imports or java.lang",
                "line 14: `System.nanoTimes`: java.lang.System has no public member nanoTimes",
                "line 14: `tools/gone.sh`: no such file or directory in the repository",
                "line 14: `../shared/sketch.md`: a path outside the repository"), wrong);
    }
}
