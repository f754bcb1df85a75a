package org.aspen.experiments.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * One row of a results doc's opening table, and of {@code summary.json}'s {@code paperComparison}
 * list: a result the paper reports, what the paper says, what Aspen measured, the verdict and, for
 * every verdict but {@link Verdict#MATCHES}, why.
 *
 * <pre>{@code
 * new PaperComparison("Table 10: losses", "236 -> 2", "311 -> 42 (95% CI 30..55)",
 *         Verdict.DIRECTION, "fewer losses, but ... (see runs.csv, column drops)");
 * }</pre>
 *
 * An experiment builds its rows from its own measurements in {@code summarise}, so the table a
 * script reads and the one the doc shows come from the same run; {@link #markdown} renders them.
 *
 * <p>{@code rule} names the pre-registered {@link VerdictRule} that gave the verdict
 * ({@link VerdictRule.Judgement#row} sets it). Rows built the older way, by an experiment's own
 * code, have none: then {@code summary.json} and the markdown table leave the field and its column
 * out, so results committed before the rules existed still reproduce byte for byte.
 */
public record PaperComparison(String result, String paper, String aspen, Verdict verdict, String why,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String rule) {

    /** How Aspen's figure stands against the paper's. */
    public enum Verdict {
        /** Same direction and about the same size. */
        MATCHES("matches"),
        /** Same direction, different size. */
        DIRECTION("direction"),
        /** The opposite direction, or no effect where the paper shows one. */
        CONTRADICTS("contradicts"),
        /** Not run in this sweep (a subset was asked for, or the paper's set-up cannot be built). */
        NOT_RUN("not-run");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** The name in {@code summary.json} and the docs: {@code matches}, {@code direction}, ... */
        @JsonValue
        public String label() {
            return label;
        }
    }

    public PaperComparison {
        if (result == null || result.isBlank() || paper == null || aspen == null || verdict == null) {
            throw new IllegalArgumentException("a paper comparison needs result, paper, aspen and verdict");
        }
        if (verdict != Verdict.MATCHES && (why == null || why.isBlank())) {
            throw new IllegalArgumentException("'" + result + "' is '" + verdict.label() + "': say why");
        }
        why = why == null ? "" : why;
        if (rule != null && rule.isBlank()) {
            throw new IllegalArgumentException("'" + result + "': a rule's name cannot be blank (null when no rule gave the verdict)");
        }
    }

    /** A row whose verdict no {@link VerdictRule} gave (the experiments' own rules before issue 29). */
    public PaperComparison(String result, String paper, String aspen, Verdict verdict, String why) {
        this(result, paper, aspen, verdict, why, null);
    }

    /** The row as a match: no reason needed. */
    public static PaperComparison matches(String result, String paper, String aspen) {
        return new PaperComparison(result, paper, aspen, Verdict.MATCHES, "");
    }

    /**
     * The rows as the markdown table a results doc opens with; a {@code rule} column after the
     * verdict when any row names its rule (empty for the rows that do not).
     */
    public static String markdown(List<PaperComparison> rows) {
        boolean rules = rows.stream().anyMatch(r -> r.rule != null);
        StringBuilder b = new StringBuilder(rules
                ? "| result | paper | Aspen | verdict | rule | why |\n|---|---|---|---|---|---|\n"
                : "| result | paper | Aspen | verdict | why |\n|---|---|---|---|---|\n");
        for (PaperComparison r : rows) {
            b.append("| ").append(cell(r.result)).append(" | ").append(cell(r.paper)).append(" | ")
                    .append(cell(r.aspen)).append(" | ").append(r.verdict.label()).append(" | ");
            if (rules) {
                b.append(r.rule == null ? "" : cell(r.rule)).append(" | ");
            }
            b.append(cell(r.why)).append(" |\n");
        }
        return b.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace('\n', ' ');
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: paper %s, Aspen %s (%s)", result, paper, aspen, verdict.label());
    }
}
