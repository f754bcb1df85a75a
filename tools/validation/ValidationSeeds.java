import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.aspen.experiments.validation.AspenRunner;
import org.aspen.experiments.validation.Ns2Runner;
import org.aspen.experiments.validation.RunResult;
import org.aspen.experiments.validation.Validation;
import org.aspen.experiments.validation.ValidationCase;
import org.aspen.experiments.validation.ValidationCases;

/**
 * Checks of a random validation case beyond its committed 10 seeds (docs/validation.md, "What remains,
 * and why"); a single-file program run against the built jar:
 *
 * <pre>
 * java -cp cli/target/aspen.jar tools/validation/ValidationSeeds.java compare red-10flows 30 /tmp/v
 *     # the case over seeds 1..30 in both simulators: the table, and one line per seed and flow in /tmp/v/red-10flows-seeds.txt
 * java -cp cli/target/aspen.jar tools/validation/ValidationSeeds.java self red-10flows 20 /tmp/v [SEEDS]
 *     # ns-2 against itself: 20 groups of the case's 10 seeds (1..200; or of SEEDS each), each pair of groups
 *     # (1-10 against 11-20, 21-30 against 31-40, ...) compared under the case's tolerances
 * java -cp /tmp/variant:cli/target/aspen.jar tools/validation/ValidationSeeds.java compare red-10flows 30 /tmp/v NAME
 *     # a variant NAME.tcl / NAME.yaml found on the class path first, under validation/ (set up and flows of the case)
 * </pre>
 */
public class ValidationSeeds {
    public static void main(String[] a) throws Exception {
        if (a.length < 4) {
            System.err.println("usage: ValidationSeeds compare CASE SEEDS DIR [VARIANT] | self CASE GROUPS DIR [SEEDS]");
            System.exit(2);
        }
        ValidationCase base = ValidationCases.byName(a[1]);
        int n = Integer.parseInt(a[2]);
        Path work = Path.of(a[3]);
        String name = a.length > 4 ? a[4] : base.name();
        if (a[0].equals("compare")) {
            compare(withSeeds(base, name, n), work);
        } else if (a[0].equals("self")) {
            self(a.length > 4 ? withSeeds(base, base.name(), Integer.parseInt(a[4])) : base, n, work);
        } else {
            System.err.println("ValidationSeeds: unknown mode '" + a[0] + "' (compare, self)");
            System.exit(2);
        }
    }

    static ValidationCase withSeeds(ValidationCase c, String name, int seeds) {
        return new ValidationCase(name, c.description(), c.random(), seeds, c.durationSeconds(), c.flows(), c.flowStarts(),
                c.bottleneck(), c.dataFrame(), c.segment(), c.watchRed(), c.quick());
    }

    static void compare(ValidationCase c, Path work) throws Exception {
        List<RunResult> ns2 = new ArrayList<>();
        List<RunResult> aspen = new ArrayList<>();
        StringBuilder rows = new StringBuilder("sim seed flow goodput_kbps timeouts fast_retransmits mean_cwnd\n");
        for (int s = 1; s <= c.seeds(); s++) {
            RunResult n = Ns2Runner.run(c, s, work.resolve(c.name() + "/ns2-" + s));
            RunResult r = AspenRunner.run(c, ValidationCase.Baseline.NS2, s, work.resolve(c.name() + "/aspen-" + s));
            ns2.add(n);
            aspen.add(r);
            for (String f : c.flows()) {
                for (Map.Entry<String, RunResult> e : Map.of("ns2", n, "aspen", r).entrySet()) {
                    RunResult.Flow fl = e.getValue().flows().get(f);
                    rows.append(String.format(Locale.ROOT, "%s %d %s %.3f %d %d %.4f%n", e.getKey(), s, f, fl.goodputBps() / 1e3,
                            fl.timeouts(), fl.fastRetransmits(), fl.meanCwnd()));
                }
            }
        }
        Files.writeString(work.resolve(c.name() + "-seeds.txt"), rows.toString());
        System.out.print(Validation.table(List.of(Validation.compare(c, ValidationCase.Baseline.NS2, aspen, ns2))));
    }

    static void self(ValidationCase c, int groups, Path work) throws Exception {
        int n = c.seeds();
        List<RunResult> all = new ArrayList<>();
        for (int s = 1; s <= groups * n; s++) {
            Path dir = work.resolve("ns2-" + s);
            all.add(Ns2Runner.run(c, s, dir));
            delete(dir);
        }
        Map<String, Integer> failures = new TreeMap<>();
        int pairs = 0;
        int passed = 0;
        for (int g = 0; g + 1 < groups; g += 2) {
            Validation.CaseReport r = Validation.compare(c, ValidationCase.Baseline.NS2, all.subList(g * n, (g + 1) * n),
                    all.subList((g + 1) * n, (g + 2) * n));
            pairs++;
            passed += r.passed() ? 1 : 0;
            long counted = r.rows().stream().filter(Validation.Row::counts).count();
            long failed = r.rows().stream().filter(x -> x.counts() && !x.verdict().passed()).peek(
                    x -> failures.merge(x.quantity(), 1, Integer::sum)).count();
            System.out.printf(Locale.ROOT, "seeds %d-%d against %d-%d: %s, %d of %d rows fail%n", g * n + 1, (g + 1) * n,
                    (g + 1) * n + 1, (g + 2) * n, r.passed() ? "PASS" : "FAIL", failed, counted);
        }
        System.out.printf(Locale.ROOT, "ns-2 against itself, %s: %d of %d pairs pass; failed rows: %s%n", c.name(), passed, pairs, failures);
    }

    static void delete(Path p) throws IOException {
        if (Files.exists(p)) {
            try (Stream<Path> w = Files.walk(p)) {
                w.sorted(Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
            }
        }
    }
}
