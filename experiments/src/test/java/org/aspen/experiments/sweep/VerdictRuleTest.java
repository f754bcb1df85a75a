package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.VerdictRule.Direction;
import org.aspen.experiments.sweep.VerdictRule.Judgement;
import org.aspen.experiments.sweep.VerdictRule.Point;
import org.aspen.experiments.sweep.VerdictRule.Tolerance;
import org.junit.jupiter.api.Test;

/**
 * Every branch of the verdict rules on made-up figures: matches, direction, contradicts, not run;
 * ties, the 4/5 boundary exactly, the emphasised point failing, NaN, and the tolerance's boundary
 * exactly (binary-exact numbers, so "exactly" is exact).
 */
class VerdictRuleTest {
    /** A difference (no effect at 0), matching within 0.25 of the paper's figure. */
    private static final VerdictRule DIFF = new VerdictRule("diff-0.25", 0, Tolerance.absolute(0.25));

    private static Point below(String label, double... aspen) {
        return Point.direction(label, Direction.BELOW, aspen);
    }

    /** Five points where the paper says "below 0" and gives -1 at each; Aspen's means as given. */
    private static List<Point> five(double a, double b, double c, double d, double e) {
        return List.of(Point.value("10", Direction.BELOW, -1, a), Point.value("50", Direction.BELOW, -1, b),
                Point.value("100", Direction.BELOW, -1, c), Point.value("200", Direction.BELOW, -1, d),
                Point.value("300", Direction.BELOW, -1, e));
    }

    @Test
    void everyPointHoldingWithinTheToleranceMatches() {
        Judgement j = DIFF.judge(five(-1, -0.875, -1.125, -1, -0.9), "200");
        assertEquals(Verdict.MATCHES, j.verdict(), j.why());
        assertEquals("diff-0.25", j.rule());
        assertEquals("holds at 5 of 5 points; holds at the emphasised 200; size within 0.25 of the paper's at every point", j.why());
    }

    @Test
    void theMeanOfTheSeedsIsJudged() {
        // seeds -2 and 0 average -1: the paper's figure exactly, though one seed alone is a tie
        Judgement j = DIFF.judge(List.of(Point.value("a", Direction.BELOW, -1, -2, 0)), "a");
        assertEquals(Verdict.MATCHES, j.verdict(), j.why());
    }

    @Test
    void directionEverywhereButSizeOutsideIsDirection() {
        Judgement j = DIFF.judge(five(-1, -1, -1, -3, -1), "200");
        assertEquals(Verdict.DIRECTION, j.verdict());
        assertTrue(j.why().contains("size not within 0.25 of the paper's at 200"), j.why());
    }

    @Test
    void fourOfFiveExactlyIsDirection() {
        Judgement j = DIFF.judge(five(-1, 0.5, -1, -1, -1), "200");
        assertEquals(Verdict.DIRECTION, j.verdict(), j.why());
        assertTrue(j.why().startsWith("holds at 4 of 5 points (not at 50)"), j.why());
    }

    @Test
    void threeOfFourIsBelowFourFifthsAndContradicts() {
        List<Point> four = List.of(below("a", -1), below("b", -1), below("c", -1), below("d", 1));
        Judgement j = DIFF.judge(four, "a");
        assertEquals(Verdict.CONTRADICTS, j.verdict());
        assertTrue(j.why().endsWith("; fewer than 4/5 of the points"), j.why());
    }

    @Test
    void eightOfTenIsDirectionSevenOfTenIsNot() {
        double[] eight = {-1, -1, -1, -1, -1, -1, -1, -1, 1, 1};
        double[] seven = {-1, -1, -1, -1, -1, -1, -1, 1, 1, 1};
        assertEquals(Verdict.DIRECTION, DIFF.judge(points(eight), "p0").verdict());
        assertEquals(Verdict.CONTRADICTS, DIFF.judge(points(seven), "p0").verdict());
    }

    private static List<Point> points(double[] means) {
        List<Point> ps = new java.util.ArrayList<>();
        for (int i = 0; i < means.length; i++) {
            ps.add(below("p" + i, means[i]));
        }
        return ps;
    }

    @Test
    void theEmphasisedPointFailingContradictsEvenAtFourOfFive() {
        Judgement j = DIFF.judge(five(-1, -1, -1, 0.5, -1), "200");
        assertEquals(Verdict.CONTRADICTS, j.verdict());
        assertTrue(j.why().contains("does not hold at the emphasised 200"), j.why());
        assertFalse(j.why().contains("fewer than 4/5"), j.why());
    }

    @Test
    void aTieNeverHolds() {
        // 0 = 0 at two of five points: 3 of 5 hold, not the 5 of 5 that counting ties would give
        Judgement j = DIFF.judge(five(-1, 0, -1, -1, 0), "200");
        assertEquals(Verdict.CONTRADICTS, j.verdict());
        assertTrue(j.why().startsWith("holds at 3 of 5 points (not at 50, 300); a tie at 50, 300 does not hold"), j.why());
        // a ratio's tie is 1 = 1
        VerdictRule ratio = new VerdictRule("ratio", 1, Tolerance.relative(0.5));
        assertEquals(Verdict.CONTRADICTS, ratio.judge(List.of(Point.direction("x", Direction.ABOVE, 1, 1)), "x").verdict());
        // a tie at the only point of a direction claim, two seeds equal to each other
        assertEquals(Verdict.CONTRADICTS, DIFF.judge(List.of(below("x", 0, 0)), "x").verdict());
    }

    @Test
    void aNaNOrNoRunIsNotRun() {
        List<Point> ps = List.of(below("10", -1), below("50", -1, Double.NaN), below("100"));
        Judgement j = DIFF.judge(ps, "10");
        assertEquals(Verdict.NOT_RUN, j.verdict());
        assertEquals("no figure at 50, 100", j.why());
        assertEquals(Verdict.NOT_RUN, DIFF.judge(five(-1, -1, Double.NaN, -1, -1), "200").verdict());
    }

    @Test
    void theAbsoluteToleranceIsStrictAtItsBoundary() {
        // |-0.75 - (-1)| = 0.25 exactly: outside; 0.25 - 2^-10 inside
        assertEquals(Verdict.DIRECTION, DIFF.judge(List.of(Point.value("x", Direction.BELOW, -1, -0.75)), "x").verdict());
        assertEquals(Verdict.MATCHES, DIFF.judge(List.of(Point.value("x", Direction.BELOW, -1, -0.75 - 0x1p-10)), "x").verdict());
    }

    @Test
    void theRelativeToleranceIsStrictAtItsBoundary() {
        VerdictRule r = new VerdictRule("rel-0.25", 1, Tolerance.relative(0.25));
        // paper 8, Aspen's seeds 9 and 11 average 10: |10 - 8| = 2 = 0.25 x 8, outside
        assertEquals(Verdict.DIRECTION, r.judge(List.of(Point.value("x", Direction.ABOVE, 8, 9, 11)), "x").verdict());
        assertEquals(Verdict.MATCHES, r.judge(List.of(Point.value("x", Direction.ABOVE, 8, 9, 10.5)), "x").verdict());
    }

    @Test
    void theAtLeastToleranceNeedsNoPaperFigureAndIsStrict() {
        // "much shorter": at least 0.5 below 0 at every point
        VerdictRule much = new VerdictRule("much-below", 0, Tolerance.atLeast(0.5));
        assertEquals(Verdict.MATCHES, much.judge(List.of(below("a", -0.75), below("b", -1)), "a").verdict());
        Judgement edge = much.judge(List.of(below("a", -0.5), below("b", -1)), "a");
        assertEquals(Verdict.DIRECTION, edge.verdict());
        assertTrue(edge.why().endsWith("size not more than 0.5 from no effect at a"), edge.why());
    }

    @Test
    void aSizeToleranceWithoutAnyPaperFigureCannotMatch() {
        Judgement j = DIFF.judge(List.of(below("a", -1), below("b", -1)), "a");
        assertEquals(Verdict.DIRECTION, j.verdict());
        assertTrue(j.why().endsWith("; no paper figure to test the size against"), j.why());
        // the size is tested where the paper gives a figure, the direction everywhere
        Judgement some = DIFF.judge(List.of(below("a", -3), Point.value("b", Direction.BELOW, -1, -1)), "a");
        assertEquals(Verdict.MATCHES, some.verdict(), some.why());
        assertTrue(some.why().endsWith("at 1 of the 2 points (where the paper gives a figure)"), some.why());
    }

    @Test
    void rulesDescribeThemselvesInWords() {
        assertEquals("diff-0.25: no effect at 0; matches when the direction holds at every point and the size is within 0.25 of "
                + "the paper's; direction when it holds at the emphasised point and at 4/5 of the points", DIFF.describe());
        assertEquals("within 7 % of the paper's", Tolerance.relative(0.07).describe());
        assertEquals("more than 0.5 from no effect", Tolerance.atLeast(0.5).describe());
    }

    @Test
    void badRulesAndPointsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> DIFF.judge(List.of(), "a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DIFF.judge(List.of(below("a", -1)), "b"));
        assertEquals("diff-0.25: the emphasised point 'b' is not among [a]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DIFF.judge(List.of(Point.value("a", Direction.BELOW, 2, -1)), "a"));
        assertEquals("diff-0.25: at a the paper's figure 2.0 is not below 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DIFF.judge(List.of(below("a", -1), below("a", -1)), "a"));
        assertThrows(IllegalArgumentException.class, () -> Tolerance.absolute(0));
        assertThrows(IllegalArgumentException.class, () -> new VerdictRule(" ", 0, Tolerance.absolute(1)));
        assertThrows(IllegalArgumentException.class, () -> new VerdictRule("x", Double.NaN, Tolerance.absolute(1)));
    }

    @Test
    void theRowNamesItsRuleInJsonAndMarkdown() {
        PaperComparison row = DIFF.judge(five(-1, -1, -1, -1, -1), "200").row("Fig. 6", "fewer", "-1");
        assertEquals("diff-0.25", row.rule());
        record Summary(List<PaperComparison> paperComparison) {
        }
        String json = Sweep.json(new Summary(List.of(row)));
        assertTrue(json.contains("\"why\" : \"holds at 5 of 5 points; holds at the emphasised 200; size within 0.25 of "
                + "the paper's at every point\",\n    \"rule\" : \"diff-0.25\"\n"), json);
        String md = PaperComparison.markdown(List.of(row, new PaperComparison("old", "p", "a", Verdict.DIRECTION, "w")));
        assertEquals("| result | paper | Aspen | verdict | rule | why |\n|---|---|---|---|---|---|\n"
                + "| Fig. 6 | fewer | -1 | matches | diff-0.25 | " + row.why() + " |\n"
                + "| old | p | a | direction |  | w |\n", md);
    }

    @Test
    void cellsGiveAnIntervalOnlyWhenTheSeedsDiffer() {
        // 10, 12, 14: sd 2, t(2) = 4.303, half-width 4.303 x 2 / sqrt(3) = 4.97
        assertEquals("12.0 ± 5.0 (95 %, 3 seeds)", Verdicts.cell(new double[] {10, 12, 14}, true, "%.1f"));
        assertEquals("7.0 (one deterministic run)", Verdicts.cell(new double[] {7, 7, 7}, true, "%.1f"));
        assertEquals("12.0 (one deterministic run)", Verdicts.cell(new double[] {10, 12, 14}, false, "%.1f"));
        assertEquals("7.5 (one run, no interval)", Verdicts.cell(new double[] {7.5}, true, "%.1f"));
        assertEquals("not run", Verdicts.cell(new double[] {1, Double.NaN}, true, "%.1f"));
        assertEquals("not run", Verdicts.cell(new double[0], true, "%.1f"));
    }
}
