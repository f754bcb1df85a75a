package org.aspen.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.experiments.validation.Ns2Runner;
import org.aspen.experiments.validation.Validation;
import org.aspen.experiments.validation.ValidationCase;
import org.aspen.experiments.validation.ValidationCases;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code aspen validate}: runs the validation cases against ns-2.35 (docs/validation.md) and prints
 * Aspen | ns-2 | difference | verdict per quantity and a verdict per case.
 *
 * <pre>{@code
 * aspen validate                          # every case (a few minutes)
 * aspen validate --case reno-timeout      # one case
 * aspen validate --case red-cbr --json    # its rows as JSON
 * aspen validate --baseline rdp           # Aspen's own RDP and queues against ns-2 (the 'before' table)
 * }</pre>
 *
 * Exit status 0 when every case passed, 3 when one failed, 1 when ns-2 is missing or failed, 2 for
 * an unknown case.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Runs each validation case in ns-2.35 (/usr/bin/ns) and in Aspen's simulation and compares them.",
                "Per case: goodput per flow, timeouts, fast retransmits, mean cwnd, drops (and RED's average), "
                        + "Aspen | ns-2 | difference | verdict, under the tolerances of docs/validation.md."})
public final class ValidateCommand implements Callable<Integer> {
    @Option(names = "--case", paramLabel = "NAME", description = "Run only this case (repeatable); default: all.")
    List<String> cases;

    @Option(names = "--baseline", paramLabel = "NAME", defaultValue = "ns2",
            description = "Aspen's half: ns2 (ns-2.35's models: NAME.yaml) or rdp (Aspen's own RDP and queues, "
                    + "the 'before' table: NAME-rdp.yaml) (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--json", description = "Print JSON instead of the table.")
    boolean json;

    @Option(names = "--keep", paramLabel = "DIR", description = "Keep both simulators' files under DIR (default: a temporary directory, deleted).")
    Path keep;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<ValidationCase> chosen = new ArrayList<>();
        try {
            if (cases == null || cases.isEmpty()) {
                chosen.addAll(ValidationCases.all());
            } else {
                for (String n : cases) {
                    chosen.add(ValidationCases.byName(n));
                }
            }
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("aspen validate: " + e.getMessage());
            return Aspen.USAGE;
        }
        ValidationCase.Baseline b;
        switch (baseline) {
            case "ns2" -> b = ValidationCase.Baseline.NS2;
            case "rdp" -> b = ValidationCase.Baseline.RDP;
            default -> {
                spec.commandLine().getErr().println("aspen validate: --baseline '" + baseline + "' is not ns2 or rdp");
                return Aspen.USAGE;
            }
        }
        if (!Ns2Runner.available()) {
            spec.commandLine().getErr().println("aspen validate: ns-2.35 is not installed at " + Ns2Runner.NS
                    + " (Debian/Ubuntu: apt-get install ns2)");
            return Aspen.FAILURE;
        }
        Path work = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("aspen-validate");
        List<Validation.CaseReport> reports = new ArrayList<>();
        try {
            for (ValidationCase c : chosen) {
                Validation.CaseReport r = Validation.run(c, b, work);
                reports.add(r);
                if (!json) {
                    spec.commandLine().getOut().print(Validation.table(List.of(r)));
                    spec.commandLine().getOut().flush();
                }
            }
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("aspen validate: " + e.getMessage());
            return Aspen.FAILURE;
        } finally {
            if (keep == null) {
                deleteTree(work);
            }
        }
        if (json) {
            spec.commandLine().getOut().println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(toJson(reports)));
        }
        spec.commandLine().getOut().flush();
        return reports.stream().allMatch(Validation.CaseReport::passed) ? Aspen.OK : Aspen.EXPECTATION_FAILED;
    }

    static List<Map<String, Object>> toJson(List<Validation.CaseReport> reports) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Validation.CaseReport r : reports) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("case", r.validationCase().name());
            m.put("description", r.validationCase().description());
            m.put("baseline", r.baseline().label());
            m.put("seeds", r.seeds());
            m.put("passed", r.passed());
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Validation.Row row : r.rows()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("quantity", row.quantity());
                x.put("aspen", finite(row.aspen()));
                x.put("ns2", finite(row.ns2()));
                x.put("difference", finite(row.difference()));
                x.put("verdict", row.counts() ? row.verdict().name().toLowerCase(java.util.Locale.ROOT) : "shown");
                rows.add(x);
            }
            m.put("rows", rows);
            m.put("notes", r.notes());
            l.add(m);
        }
        return l;
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
