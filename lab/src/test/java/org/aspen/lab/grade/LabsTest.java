package org.aspen.lab.grade;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.aspen.lab.scenario.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every lab in examples/labs: its reference solution passes {@code aspen lab check}, and its
 * student starting point does not (each lab asks the student to change something). Each lab is
 * copied to a temporary directory first, so the AA jars a check builds stay out of the tree.
 */
class LabsTest {
    static final Path LABS = Path.of("..", "examples", "labs");

    static Stream<String> labs() throws IOException {
        try (Stream<Path> s = Files.list(LABS)) {
            return s.filter(p -> Files.isRegularFile(p.resolve(LabCheck.CHECK_FILE))).map(p -> p.getFileName().toString())
                    .sorted().toList().stream();
        }
    }

    static Path copy(String lab, Path into) throws IOException {
        Path src = LABS.resolve(lab);
        Path dst = into.resolve(lab);
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : s.filter(p -> !p.toString().endsWith(".jar")).toList()) {
                Path t = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return dst;
    }

    @Test
    void everyLabHasAGuideAndASolution() throws IOException {
        List<String> labs = labs().toList();
        assertTrue(labs.size() >= 6, "labs: " + labs);
        for (String lab : labs) {
            String guide = Files.readString(LABS.resolve(lab).resolve("README.md"));
            for (String part : List.of("## Goal", "## Steps", "## Questions", "./aspen lab check examples/labs/" + lab)) {
                assertTrue(guide.contains(part), lab + "/README.md lacks '" + part + "'");
            }
            assertTrue(Files.isDirectory(LABS.resolve(lab).resolve("solution")), lab + " has no solution/");
        }
    }

    @ParameterizedTest
    @MethodSource("labs")
    void solutionPassesAndStartingPointDoesNot(String lab, @TempDir Path tmp) throws Exception {
        Path dir = copy(lab, tmp);
        LabCheck.Report solved = LabCheck.run(dir.resolve("solution"), line -> { });
        assertTrue(solved.passed(), solved.summary());
        LabCheck.Report start = LabCheck.run(dir, line -> { });
        assertFalse(start.passed(), "the starting point already passes:\n" + start.summary());
        // every check the starting point fails tells the student where to look
        long failed = start.outcomes().stream().filter(o -> !o.passed()).count();
        assertTrue(failed > 0 && start.outcomes().stream().filter(o -> !o.passed()).allMatch(o -> o.hint() != null),
                start.summary());
        assertTrue(start.summary().lines().filter(l -> l.startsWith("    hint: Step ") || l.startsWith("    hint: Part ")).count() == failed,
                start.summary());
        assertFalse(solved.summary().contains("hint:"), solved.summary());
    }

    @Test
    void aStudentAaThatDoesNotCompileFailsItsCheckWithTheCompilerMessage(@TempDir Path tmp) throws Exception {
        Path dir = copy("05-queue-aa", tmp);
        Path src = dir.resolve("aa").resolve("lab").resolve("EarlyDrop.java");
        Files.writeString(src, Files.readString(src).replace("return false;", "return nope;"));
        LabCheck.Report r = LabCheck.run(dir, line -> { });
        assertFalse(r.passed());
        assertTrue(r.summary().contains("does not compile") && r.summary().contains("nope"), r.summary());
    }

    @Test
    void aStudentAaThatNeverReturnsFailsItsCheckWithALineSayingWhyAndTheGradingGoesOn(@TempDir Path tmp) throws Exception {
        Path dir = copy("05-queue-aa", tmp);
        Path src = dir.resolve("aa").resolve("lab").resolve("EarlyDrop.java");
        Files.writeString(src, Files.readString(src).replace("return false;", "while (queue >= 0) { queue = queue + 1 - 1; }\n        return false;"));
        LabCheck.Report r = LabCheck.run(dir, line -> { });
        assertFalse(r.passed());
        assertTrue(r.summary().contains("note: r at ") && r.summary().contains(
                "AA early-drop@1.0.0 stopped: packet handler ran past its budget of 50,000,000 checks"), r.summary());
        // the same in a student's start(): the AA does not start, and the check says so
        Files.writeString(src, Files.readString(dir.resolve("solution").resolve("aa").resolve("lab").resolve("EarlyDrop.java"))
                .replace("this.ctx = context;", "this.ctx = context;\n        for (long i = 0; i >= 0; i = i * 1) { }"));
        LabCheck.Report s = LabCheck.run(dir, line -> { });
        assertFalse(s.passed());
        assertTrue(s.summary().contains("did not start: ") && s.summary().contains(
                "start handler ran past its budget of 500,000,000 checks"), s.summary());
    }

    @Test
    void theSolutionThatDrawsRandomNumbersGetsTheSameGradeTwice(@TempDir Path tmp) throws Exception {
        // lab 5's early drop draws from ctx.random(), seeded from the run's seed (issue 30 item 3)
        Path dir = copy("05-queue-aa", tmp);
        LabCheck.Report first = LabCheck.run(dir.resolve("solution"), line -> { });
        LabCheck.Report second = LabCheck.run(dir.resolve("solution"), line -> { });
        assertTrue(first.passed(), first.summary());
        assertTrue(first.summary().contains("earlyDrops"), first.summary());
        assertEquals(first.summary(), second.summary());
    }

    @Test
    void aStudentAaThatDrawsFromAnUnseededRandomIsRefusedWithTheApiToUse(@TempDir Path tmp) throws Exception {
        Path dir = copy("05-queue-aa", tmp);
        Path src = dir.resolve("aa").resolve("lab").resolve("EarlyDrop.java");
        Files.writeString(src, Files.readString(dir.resolve("solution").resolve("aa").resolve("lab").resolve("EarlyDrop.java"))
                .replace("ctx.random().nextDouble()", "new java.util.Random().nextDouble()"));
        LabCheck.Report r = LabCheck.run(dir, line -> { });
        assertFalse(r.passed());
        assertTrue(r.summary().contains("aa/ is refused by the node: lab.EarlyDrop.dropEarly references new java.util.Random(),"
                + " which is not on the AA allow-list: its randomness is not seeded by the run; use ctx.random()"), r.summary());
    }

    @Test
    void aMalformedCheckFileIsAOneLineConfigError(@TempDir Path tmp) throws Exception {
        Path dir = copy("01-first-topology", tmp);
        Files.writeString(dir.resolve(LabCheck.CHECK_FILE), "checks:\n  - {scenario: topology.yaml, expct: []}\n");
        ConfigException e = assertThrows(ConfigException.class, () -> LabCheck.run(dir, line -> { }));
        assertTrue(e.getMessage().contains("expct") && !e.getMessage().contains("\n"), e.getMessage());
        assertThrows(ConfigException.class, () -> LabCheck.run(tmp.resolve("no-such-lab"), line -> { }));
    }
}
