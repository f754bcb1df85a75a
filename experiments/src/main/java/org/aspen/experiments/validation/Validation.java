package org.aspen.experiments.validation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.sweep.Stat;
import org.aspen.experiments.validation.Tolerances.Metric;
import org.aspen.experiments.validation.Tolerances.Verdict;

/**
 * Runs a validation case in both simulators and compares them quantity by quantity under
 * {@link Tolerances}: the rows of {@code aspen validate}'s table (docs/validation.md).
 *
 * <pre>{@code
 * Validation.CaseReport r = Validation.run(ValidationCases.byName("reno-droptail"), ValidationCase.Baseline.NS2, workDir);
 * r.passed();                       // every counted row passed
 * System.out.print(Validation.table(List.of(r)));
 * }</pre>
 */
public final class Validation {
    private Validation() {
    }

    /**
     * One compared quantity.
     *
     * @param counts false for a row shown beside the verdict but not part of it (a deterministic
     *               case's mean cwnd: its tolerance is goodput and loss events)
     */
    public record Row(String quantity, double aspen, double ns2, double difference, Verdict verdict, boolean counts) {
    }

    /** A case's rows and verdict; {@code seeds} runs per simulator. */
    public record CaseReport(ValidationCase validationCase, ValidationCase.Baseline baseline, int seeds, List<Row> rows, List<String> notes) {
        /** Every counted row passed (and there was at least one). */
        public boolean passed() {
            return rows.stream().anyMatch(Row::counts) && rows.stream().filter(Row::counts).allMatch(r -> r.verdict().passed());
        }
    }

    /** Runs {@code c} over its seeds (1, 2, ...) in ns-2 and in Aspen ({@code baseline}'s half), under {@code work}, and compares. */
    public static CaseReport run(ValidationCase c, ValidationCase.Baseline baseline, Path work) throws IOException, InterruptedException {
        List<RunResult> ns2 = new ArrayList<>();
        List<RunResult> aspen = new ArrayList<>();
        for (int seed = 1; seed <= c.seeds(); seed++) {
            ns2.add(Ns2Runner.run(c, seed, work.resolve(c.name() + "/ns2-" + seed)));
            aspen.add(AspenRunner.run(c, baseline, seed, work.resolve(c.name() + "/aspen" + baseline.suffix() + "-" + seed)));
        }
        return compare(c, baseline, aspen, ns2);
    }

    /** The rows of a case from its runs (the same number on each side, seed by seed). */
    public static CaseReport compare(ValidationCase c, ValidationCase.Baseline baseline, List<RunResult> aspen, List<RunResult> ns2) {
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (String f : c.flows()) {
            String p = c.flows().size() > 1 ? f + " " : "";
            rows.add(row(c, p + Metric.GOODPUT.label(), Metric.GOODPUT, aspen, ns2, r -> r.flows().get(f).goodputBps() / 1e3, true));
            rows.add(row(c, p + Metric.TIMEOUTS.label(), Metric.TIMEOUTS, aspen, ns2, r -> r.flows().get(f).timeouts(), true));
            rows.add(row(c, p + Metric.FAST_RETRANSMITS.label(), Metric.FAST_RETRANSMITS, aspen, ns2,
                    r -> r.flows().get(f).fastRetransmits(), true));
            if (c.ecn()) {
                rows.add(row(c, p + Metric.ECN_CUTS.label(), Metric.ECN_CUTS, aspen, ns2, r -> r.flows().get(f).ecnCuts(), true));
            }
            rows.add(row(c, p + Metric.MEAN_CWND.label(), Metric.MEAN_CWND, aspen, ns2, r -> r.flows().get(f).meanCwnd(), c.random()));
            if (!c.random()) {
                List<Long> a = aspen.isEmpty() ? null : aspen.get(0).flows().get(f).droppedSeqs();
                List<Long> b = ns2.isEmpty() ? null : ns2.get(0).flows().get(f).droppedSeqs();
                Verdict v = Tolerances.sameEvents(a, b);
                rows.add(new Row(p + Metric.DROPPED_SEQUENCES.label(), a == null ? Double.NaN : a.size(),
                        b == null ? Double.NaN : b.size(), Double.NaN, v, true));
                notes.add(p + "dropped packets: Aspen " + shortList(a) + ", ns-2 " + shortList(b));
            }
        }
        rows.add(row(c, Metric.DROPS.label(), Metric.DROPS, aspen, ns2, RunResult::drops, true));
        if (c.watchRed()) {
            rows.add(row(c, Metric.RED_AVERAGE.label(), Metric.RED_AVERAGE, aspen, ns2, RunResult::meanRedAverage, true));
        }
        return new CaseReport(c, baseline, Math.min(aspen.size(), ns2.size()), rows, notes);
    }

    private static Row row(ValidationCase c, String label, Metric m, List<RunResult> aspen, List<RunResult> ns2,
                           ToDoubleFunction<RunResult> f, boolean counts) {
        double[] a = aspen.stream().mapToDouble(f).toArray();
        double[] b = ns2.stream().mapToDouble(f).toArray();
        double ma = Stat.of(a).mean();
        double mb = Stat.of(b).mean();
        Verdict v;
        if (c.random()) {
            v = Tolerances.random(m, a, b);
        } else {
            v = a.length != 1 || b.length != 1 ? Verdict.MISSING : Tolerances.deterministic(m, a[0], b[0]);
        }
        return new Row(label, ma, mb, Tolerances.relativeDifference(ma, mb), v, counts);
    }

    private static String shortList(List<Long> l) {
        if (l == null) {
            return "none (missing)";
        }
        if (l.size() <= 12) {
            return l.toString();
        }
        return l.subList(0, 12).toString().replace("]", ", ... (" + l.size() + ")]");
    }

    /** The table of {@code aspen validate}: case, quantity, Aspen, ns-2, difference, verdict. */
    public static String table(List<CaseReport> reports) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-14s %-36s %12s %12s %10s  %s%n", "case", "quantity", "Aspen", "ns-2", "difference", "verdict"));
        for (CaseReport r : reports) {
            for (Row row : r.rows()) {
                b.append(String.format(Locale.ROOT, "%-14s %-36s %12s %12s %10s  %s%n", r.validationCase().name(), row.quantity(),
                        number(row.aspen()), number(row.ns2()), percent(row.difference()),
                        row.counts() ? row.verdict().name().toLowerCase(Locale.ROOT) : "(shown)"));
            }
            for (String n : r.notes()) {
                b.append(String.format(Locale.ROOT, "%-14s   %s%n", r.validationCase().name(), n));
            }
            b.append(String.format(Locale.ROOT, "%-14s %s: %s (%s; %d %s)%n", r.validationCase().name(), "case verdict",
                    r.passed() ? "PASS" : "FAIL", r.baseline().label(), r.seeds(), r.seeds() == 1 ? "run each" : "seeds each"));
        }
        return b.toString();
    }

    static String number(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        return Math.abs(x - Math.rint(x)) < 1e-9 && Math.abs(x) < 1e12 ? String.format(Locale.ROOT, "%d", (long) Math.rint(x))
                : String.format(Locale.ROOT, "%.2f", x);
    }

    static String percent(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * x);
    }
}
