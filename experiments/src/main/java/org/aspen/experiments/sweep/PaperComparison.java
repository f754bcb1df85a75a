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
 *
 * <p>{@code aspenRdp} is the sensitivity cell (issue 29): the same effect measured on Aspen's own
 * transport (RDP) instead of the ns-2 baseline, judged by the same rule, e.g. {@code "0.81 ±
 * 0.04 (95 %, 5 seeds); direction"}. {@link #withRdp} sets it. The verdict column stays the
 * ns-2 baseline's. Rows without it leave the field and the "Aspen RDP" column out.
 */
public record PaperComparison(String result, String paper, String aspen, Verdict verdict, String why,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String rule,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String aspenRdp) {

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
        if (aspenRdp != null && aspenRdp.isBlank()) {
            throw new IllegalArgumentException("'" + result + "': the Aspen RDP cell cannot be blank (null when there is no sensitivity run)");
        }
    }

    /** A row whose verdict no {@link VerdictRule} gave (the experiments' own rules before issue 29). */
    public PaperComparison(String result, String paper, String aspen, Verdict verdict, String why) {
        this(result, paper, aspen, verdict, why, null, null);
    }

    /** A row judged by the rule {@code rule}, with no sensitivity cell. */
    public PaperComparison(String result, String paper, String aspen, Verdict verdict, String why, String rule) {
        this(result, paper, aspen, verdict, why, rule, null);
    }

    /** This row with its "Aspen RDP" sensitivity cell: the same effect on Aspen's own transport, judged by the same rule. */
    public PaperComparison withRdp(String rdpCell) {
        return new PaperComparison(result, paper, aspen, verdict, why, rule, rdpCell);
    }

    /** The row as a match: no reason needed. */
    public static PaperComparison matches(String result, String paper, String aspen) {
        return new PaperComparison(result, paper, aspen, Verdict.MATCHES, "");
    }

    /**
     * The rows as the markdown table a results doc opens with; a {@code rule} column after the
     * verdict when any row names its rule (empty for the rows that do not), and an "Aspen RDP"
     * column after Aspen's when any row has a sensitivity cell (then Aspen's column is headed
     * "Aspen (ns-2 baseline)").
     */
    public static String markdown(List<PaperComparison> rows) {
        boolean rules = rows.stream().anyMatch(r -> r.rule != null);
        boolean rdp = rows.stream().anyMatch(r -> r.aspenRdp != null);
        StringBuilder b = new StringBuilder("| result | paper | ")
                .append(rdp ? "Aspen (ns-2 baseline) | Aspen RDP | " : "Aspen | ")
                .append(rules ? "verdict | rule | why |\n" : "verdict | why |\n")
                .append("|---|---|---|").append(rdp ? "---|" : "").append(rules ? "---|---|---|\n" : "---|---|\n");
        for (PaperComparison r : rows) {
            b.append("| ").append(cell(r.result)).append(" | ").append(cell(r.paper)).append(" | ")
                    .append(cell(r.aspen)).append(" | ");
            if (rdp) {
                b.append(r.aspenRdp == null ? "" : cell(r.aspenRdp)).append(" | ");
            }
            b.append(r.verdict.label()).append(" | ");
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
