package org.aspen.lab.grade;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;

/**
 * Grades a lab: runs its scenarios in the simulation and judges them by the expectations of the
 * lab's {@code check.yaml}, which the teacher owns, not by whatever the student's scenario says.
 *
 * <pre>{@code
 * LabCheck.Report r = LabCheck.run(Path.of("examples/labs/03-sawtooth"), line -> {});
 * System.out.print(r.summary());   // r.passed()
 * }</pre>
 *
 * The target is a lab directory (its {@code check.yaml}), a directory without one whose parent has
 * it (a lab's {@code solution/}: the same checks over the solution's files), or a single scenario
 * file (graded by its own {@code expect}). check.yaml:
 *
 * <pre>
 * lab: RDP's sawtooth
 * build:                      # optional: AAs compiled from the student's sources first
 *   - {src: aa, jar: early-drop.jar, name: early-drop, version: 1.0.0, entry: lab.EarlyDrop}
 * checks:
 *   - scenario: sawtooth.yaml # relative to the directory checked
 *     expect: [...]           # replaces the scenario's own expect (same syntax, docs/scenarios.md)
 * </pre>
 *
 * A scenario that does not load (missing file, a node the checks need is absent) fails its check
 * with the loader's one-line message; only a malformed check.yaml is a {@link ConfigException}.
 */
public final class LabCheck {
    /** The grading file's name. */
    public static final String CHECK_FILE = "check.yaml";

    record CheckFile(String lab, List<AaBuild.Spec> build, List<Check> checks) {
    }

    /**
     * @param hint what the student should look at when this check fails (shown only then; optional): one
     *             text, or texts by the kind of expectation that failed ({@code {flow: "...", counter: "...",
     *             default: "..."}}; {@code default} also when the scenario did not run)
     */
    record Check(String scenario, JsonNode expect, JsonNode hint) {
        /** The hint for this outcome: the text, or each failed kind's (in the order they failed), else the default. */
        String hintFor(LabResult result) {
            if (hint == null || hint.isNull()) {
                return null;
            }
            if (hint.isTextual()) {
                return hint.asText();
            }
            java.util.LinkedHashSet<String> texts = new java.util.LinkedHashSet<>();
            if (result != null) {
                for (ExpectationResult e : result.expectations()) {
                    if (!e.passed() && hint.path(e.kind()).isTextual()) {
                        texts.add(hint.get(e.kind()).asText());
                    }
                }
            }
            if (texts.isEmpty() && hint.path("default").isTextual()) {
                texts.add(hint.get("default").asText());
            }
            return texts.isEmpty() ? null : String.join("\n", texts);
        }
    }

    /** One graded scenario: its result, or why it could not run; the check's hint, or null. */
    public record Outcome(String scenario, LabResult result, String error, String hint) {
        public boolean passed() {
            return result != null && result.passed();
        }
    }

    /** Every check of one target. */
    public record Report(String lab, Path dir, List<Outcome> outcomes) {
        public boolean passed() {
            return !outcomes.isEmpty() && outcomes.stream().allMatch(Outcome::passed);
        }

        public String summary() {
            StringBuilder sb = new StringBuilder("lab check: " + lab + " (" + dir + ")\n");
            for (Outcome o : outcomes) {
                sb.append(o.passed() ? "PASS " : "FAIL ").append(o.scenario()).append('\n');
                if (o.error() != null) {
                    o.error().lines().forEach(l -> sb.append("    ").append(l).append('\n'));
                    hint(sb, o);
                    continue;
                }
                for (String stop : o.result().aaStops()) {
                    sb.append("    note: ").append(shorten(stop)).append('\n');
                }
                for (ExpectationResult e : o.result().expectations()) {
                    sb.append("    ").append(e.passed() ? "ok   " : "FAIL ").append(e.description()).append(": ").append(shorten(e.measured()))
                            .append(e.passed() ? "" : " (expected " + e.expected() + ")").append('\n');
                }
                hint(sb, o);
            }
            long held = outcomes.stream().filter(Outcome::passed).count();
            sb.append("grade: ").append(passed() ? "PASS" : "FAIL").append(" (").append(held).append('/').append(outcomes.size())
                    .append(" checks passed)\n");
            return sb.toString();
        }
    }

    private static void hint(StringBuilder sb, Outcome o) {
        if (!o.passed() && o.hint() != null) {
            // wrapped at 100 columns under its first word, for a terminal
            for (String one : o.hint().strip().split("\n")) {   // one per failed kind, when given by kind
                StringBuilder line = new StringBuilder("    hint:");
                for (String w : one.strip().split("\\s+")) {
                    if (line.length() + 1 + w.length() > 100 && line.length() > 10) {
                        sb.append(line).append('\n');
                        line = new StringBuilder("         ");
                    }
                    line.append(' ').append(w);
                }
                sb.append(line).append('\n');
            }
        }
    }

    private LabCheck() {
    }

    /** A measured value in one readable line (a missing counter lists every known one). */
    static String shorten(Object measured) {
        String m = String.valueOf(measured);
        return m.length() <= 160 ? m : m.substring(0, 157) + "...";
    }

    /** Grades {@code target}; {@code progress} hears a line as each check starts. */
    public static Report run(Path target, Consumer<String> progress) throws InterruptedException {
        if (!Files.exists(target)) {
            throw new ConfigException(target + ": no such file or directory");
        }
        if (Files.isRegularFile(target) && !target.getFileName().toString().equals(CHECK_FILE)) {
            return single(target, progress);
        }
        Path dir = Files.isDirectory(target) ? target : target.toAbsolutePath().getParent();
        Path checkFile = dir.resolve(CHECK_FILE);
        if (!Files.isRegularFile(checkFile)) {
            Path parent = dir.toAbsolutePath().getParent();
            checkFile = parent == null ? checkFile : parent.resolve(CHECK_FILE);
        }
        if (!Files.isRegularFile(checkFile)) {
            throw new ConfigException(target + ": not a lab: no " + CHECK_FILE + " here or in the parent directory");
        }
        CheckFile cf = readCheckFile(checkFile);
        for (AaBuild.Spec b : cf.build()) {
            progress.accept("building " + b.jar() + " from " + b.src() + "/");
            try {
                AaBuild.build(dir, b);
            } catch (AaBuild.BuildFailed e) {
                return new Report(cf.lab(), dir, List.of(new Outcome(b.src() + "/ -> " + b.jar(), null, e.getMessage(), null)));
            }
        }
        List<Outcome> out = new ArrayList<>();
        for (Check c : cf.checks()) {
            progress.accept("checking " + c.scenario());
            Path file = dir.resolve(c.scenario());
            Scenario s;
            try {
                s = withExpectations(file, c.expect());
            } catch (ConfigException e) {
                out.add(new Outcome(c.scenario(), null, withExcerpt(e), c.hintFor(null)));
                continue;
            }
            out.add(run(c.scenario(), s, file, c));
        }
        return new Report(cf.lab(), dir, out);
    }

    private static Report single(Path file, Consumer<String> progress) throws InterruptedException {
        progress.accept("checking " + file.getFileName());
        Scenario s;
        try {
            s = ScenarioLoader.load(file);
        } catch (ConfigException e) {
            return new Report(file.getFileName().toString(), file.toAbsolutePath().getParent(),
                    List.of(new Outcome(file.getFileName().toString(), null, withExcerpt(e), null)));
        }
        return new Report(s.name(), file.toAbsolutePath().getParent(), List.of(run(file.getFileName().toString(), s, file,
                new Check(file.getFileName().toString(), null, null))));
    }

    /** Runs one scenario in the simulation; what it needs at run time (an AA jar, a file) failing fails the check. */
    private static Outcome run(String label, Scenario s, Path file, Check check) throws InterruptedException {
        try {
            LabResult r = LabRunner.run(s, new LabRunner.Options(true, null, null, null, null, file.toAbsolutePath().getParent(), null));
            return new Outcome(label, r, null, check.hintFor(r));
        } catch (ConfigException | java.io.UncheckedIOException e) {
            return new Outcome(label, null, e.getMessage(), check.hintFor(null));
        }
    }

    /** A hint is a text, or texts by expectation kind ({@code default} for any other failure). */
    private static void checkHint(Path file, int i, JsonNode hint) {
        if (hint == null || hint.isNull() || hint.isTextual()) {
            return;
        }
        if (!hint.isObject()) {
            throw new ConfigException(file + ": checks[" + i + "].hint: a text, or texts by expectation kind ({flow: ..., default: ...})");
        }
        java.util.Set<String> kinds = new java.util.LinkedHashSet<>(ScenarioLoader.expectationTypes());
        kinds.add("default");
        for (var it = hint.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!kinds.contains(e.getKey())) {
                throw new ConfigException(file + ": checks[" + i + "].hint." + e.getKey() + ": not an expectation kind (kinds: "
                        + String.join(", ", kinds) + ")");
            }
            if (!e.getValue().isTextual()) {
                throw new ConfigException(file + ": checks[" + i + "].hint." + e.getKey() + ": must be a text");
            }
        }
    }

    /** The error's line, then its excerpt (a syntax error's offending line and caret) below it. */
    private static String withExcerpt(ConfigException e) {
        return e.excerpt().isEmpty() ? e.getMessage() : e.getMessage() + "\n" + e.excerpt();
    }

    static CheckFile readCheckFile(Path file) {
        CheckFile cf;
        try {
            cf = ScenarioLoader.strictMapper(true).readValue(file.toFile(), CheckFile.class);
        } catch (JsonProcessingException e) {
            throw ScenarioLoader.failure(file.toString(), e, file);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
        if (cf == null || cf.checks() == null || cf.checks().isEmpty()) {
            throw new ConfigException(file + ": checks: missing (list the scenarios to grade)");
        }
        for (int i = 0; i < cf.checks().size(); i++) {
            Check c = cf.checks().get(i);
            if (c == null || c.scenario() == null) {
                throw new ConfigException(file + ": checks[" + i + "].scenario: missing (a scenario file)");
            }
            if (c.expect() != null && !c.expect().isArray()) {
                throw new ConfigException(file + ": checks[" + i + "].expect: must be a list of expectations");
            }
            checkHint(file, i, c.hint());
        }
        List<AaBuild.Spec> builds = cf.build() == null ? List.of() : cf.build();
        for (int i = 0; i < builds.size(); i++) {
            AaBuild.Spec b = builds.get(i);
            if (b == null || b.src() == null || b.jar() == null || b.name() == null || b.version() == null || b.entry() == null) {
                throw new ConfigException(file + ": build[" + i + "]: give src, jar, name, version and entry");
            }
        }
        return new CheckFile(cf.lab() == null ? file.toAbsolutePath().getParent().getFileName().toString() : cf.lab(), builds,
                cf.checks());
    }

    /** The scenario with the grader's expectations in place of its own (or its own when {@code expect} is null). */
    static Scenario withExpectations(Path file, JsonNode expect) {
        if (expect == null) {
            return ScenarioLoader.load(file);
        }
        String label = file.getFileName().toString();
        boolean yaml = !label.endsWith(".json");
        JsonNode tree;
        try {
            tree = ScenarioLoader.strictMapper(yaml).readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw ScenarioLoader.failure(label, e, file);
        } catch (IOException e) {
            throw new ConfigException(file + (Files.exists(file) ? ": cannot read: " + e.getMessage() : ": no such file"));
        }
        if (!(tree instanceof ObjectNode o)) {
            throw new ConfigException(label + ": not a scenario (expected a mapping at the top)");
        }
        o.set("expect", expect);
        try {
            byte[] json = new ObjectMapper().writeValueAsBytes(o);
            return ScenarioLoader.parse(new ByteArrayInputStream(json), label + " (graded by " + CHECK_FILE + ")", false);
        } catch (JsonProcessingException e) {
            throw new ConfigException(label + ": " + e.getOriginalMessage());
        }
    }
}
