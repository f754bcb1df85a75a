package org.aspen.experiments.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.aspen.experiments.sweep.PaperComparison.Verdict;

/**
 * A verdict rule, fixed before the runs it judges (issue 29): how a paper's claim, reported at a
 * few points (RTTs, flow counts), is judged against what Aspen measured at those points. A pure
 * function of its inputs, so every branch is tested on made-up figures.
 *
 * <pre>{@code
 * // "ACC closes its window less often than RED" at five RTTs, the paper stressing 200 ms; the
 * // effect is ACC's closes per second over RED's, per seed, so "less often" is BELOW 1
 * VerdictRule rule = new VerdictRule("ratio-below-1-within-0.1", 1, Tolerance.absolute(0.1));
 * rule.describe();   // "ratio-below-1-within-0.1: no effect at 1; matches when ... the size is within 0.1 of the paper's; ..."
 * Judgement j = rule.judge(List.of(
 *         Point.direction("10 ms", Direction.BELOW, new double[] {0.82, 0.85, 0.80}),
 *         Point.value("200 ms", 0.6, new double[] {0.66, 0.62, 0.65}), ...), "200 ms");
 * PaperComparison row = j.row("Fig. 6: closes per second", "fewer with ACC", aspenText);
 * }</pre>
 *
 * The figure judged at a point is the mean of Aspen's values there (one per seed, or a single
 * mean). With {@code neutral} the value of "no effect" (0 for a difference, 1 for a ratio):
 * <ul>
 *   <li>the <b>direction holds</b> at a point when the mean lies strictly on the paper's side of
 *       {@code neutral}: a tie (mean equal to {@code neutral}, 0 = 0) never holds;</li>
 *   <li>{@link Verdict#MATCHES}: the direction holds at every point and the size is within the
 *       {@link Tolerance} at every point it can be checked at (the size test is strict: a figure
 *       exactly on the tolerance's boundary fails);</li>
 *   <li>{@link Verdict#DIRECTION}: the direction holds at the point the paper emphasises and at
 *       four fifths of the points or more ({@code 5 * holding >= 4 * points});</li>
 *   <li>{@link Verdict#CONTRADICTS} otherwise;</li>
 *   <li>{@link Verdict#NOT_RUN} when a point has no figure (no values, or a NaN among them).</li>
 * </ul>
 *
 * @param name      the rule's name, as the pre-registration file and the {@code rule} column give it
 * @param neutral   the effect's value when there is none (0 for a difference, 1 for a ratio)
 * @param tolerance how far Aspen's size may be from the paper's and still match
 */
public record VerdictRule(String name, double neutral, Tolerance tolerance) {

    /** The side of {@code neutral} the paper puts the effect on. */
    public enum Direction {
        ABOVE, BELOW;

        /** Strictly on this side of {@code neutral}; equality (a tie) is on neither side. */
        boolean holds(double figure, double neutral) {
            return this == ABOVE ? figure > neutral : figure < neutral;
        }
    }

    /** How the size is judged: near the paper's figure, or far enough from no effect at all. */
    public enum SizeTest {
        /** {@code |aspen - paper| < size}, at the points where the paper gives a figure. */
        ABSOLUTE,
        /** {@code |aspen - paper| < size * |paper|}, at the points where the paper gives a figure. */
        RELATIVE,
        /** {@code |aspen - neutral| > size} at every point: for papers that give only a direction ("much shorter"). */
        AT_LEAST
    }

    /** The size a match allows: a test and its size, both stated before the runs. */
    public record Tolerance(SizeTest test, double size) {
        public Tolerance {
            if (test == null || !(size > 0) || Double.isInfinite(size)) {
                throw new IllegalArgumentException("a tolerance needs a test (absolute, relative, at-least) and a finite size above 0");
            }
        }

        public static Tolerance absolute(double size) {
            return new Tolerance(SizeTest.ABSOLUTE, size);
        }

        public static Tolerance relative(double fraction) {
            return new Tolerance(SizeTest.RELATIVE, fraction);
        }

        public static Tolerance atLeast(double size) {
            return new Tolerance(SizeTest.AT_LEAST, size);
        }

        /** Whether the test needs the paper's figure. */
        boolean needsPaperFigure() {
            return test != SizeTest.AT_LEAST;
        }

        /** The size test at one point; {@code paper} is NaN where the paper gives no figure. */
        boolean within(double aspen, double paper, double neutral) {
            return switch (test) {
                case ABSOLUTE -> Math.abs(aspen - paper) < size;
                case RELATIVE -> Math.abs(aspen - paper) < size * Math.abs(paper);
                case AT_LEAST -> Math.abs(aspen - neutral) > size;
            };
        }

        /** In words, as the verdict's reason gives it: {@code within 0.1 of the paper's}, {@code within 25 % of the paper's}. */
        public String describe() {
            return switch (test) {
                case ABSOLUTE -> "within " + plain(size) + " of the paper's";
                case RELATIVE -> "within " + BigDecimal.valueOf(size).movePointRight(2).stripTrailingZeros().toPlainString()
                        + " % of the paper's";
                case AT_LEAST -> "more than " + plain(size) + " from no effect";
            };
        }
    }

    /** A number as written in a rule: {@code 0.25}, {@code 1}, never {@code 1.0} or {@code 2.5E-4}. */
    static String plain(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /**
     * One point the paper reports: its label, the side of {@code neutral} the paper puts the effect
     * on, the paper's figure of the effect (NaN when it gives only the direction) and Aspen's values
     * of the effect (one per seed, or a single mean).
     */
    public record Point(String label, Direction paper, double paperFigure, double[] aspen) {
        public Point {
            if (label == null || label.isBlank() || paper == null) {
                throw new IllegalArgumentException("a point needs a label and the paper's direction");
            }
            aspen = aspen == null ? new double[0] : aspen.clone();
        }

        /** A point where the paper gives only the direction. */
        public static Point direction(String label, Direction paper, double... aspen) {
            return new Point(label, paper, Double.NaN, aspen);
        }

        /** A point where the paper gives a figure (on the side of the rule's neutral value that {@code paper} names). */
        public static Point value(String label, Direction paper, double paperFigure, double... aspen) {
            return new Point(label, paper, paperFigure, aspen);
        }

        /** The mean of Aspen's values; NaN when there are none or one is NaN. */
        public double mean() {
            return Stat.of(aspen).mean();
        }

        boolean missing() {
            return Double.isNaN(mean());
        }
    }

    /** The verdict, the rule that gave it, and why, in words a reader can check against the points. */
    public record Judgement(Verdict verdict, String rule, String why) {
        /** The comparison row this judgement gives, naming its rule. */
        public PaperComparison row(String result, String paper, String aspen) {
            return new PaperComparison(result, paper, aspen, verdict, why, rule);
        }
    }

    public VerdictRule {
        if (name == null || name.isBlank() || Double.isNaN(neutral) || Double.isInfinite(neutral) || tolerance == null) {
            throw new IllegalArgumentException("a verdict rule needs a name, a finite neutral value and a tolerance");
        }
    }

    /** The rule in one line, for the pre-registration and the docs. */
    public String describe() {
        return name + ": no effect at " + plain(neutral) + "; matches when the direction holds at every point and the size is "
                + tolerance.describe() + "; direction when it holds at the emphasised point and at 4/5 of the points";
    }

    /**
     * The verdict on {@code points}, {@code emphasised} naming the point the paper stresses.
     *
     * @throws IllegalArgumentException when there are no points, two share a label, the emphasised
     *                                  label is not among them, or a paper figure lies on the other
     *                                  side of {@code neutral} than the point's direction
     */
    public Judgement judge(List<Point> points, String emphasised) {
        if (points == null || points.isEmpty()) {
            throw new IllegalArgumentException(name + ": no points to judge");
        }
        List<String> labels = points.stream().map(Point::label).toList();
        if (labels.stream().distinct().count() != labels.size()) {
            throw new IllegalArgumentException(name + ": two points share a label " + labels);
        }
        if (!labels.contains(emphasised)) {
            throw new IllegalArgumentException(name + ": the emphasised point '" + emphasised + "' is not among " + labels);
        }
        for (Point p : points) {
            if (!Double.isNaN(p.paperFigure()) && !p.paper().holds(p.paperFigure(), neutral)) {
                throw new IllegalArgumentException(name + ": at " + p.label() + " the paper's figure " + p.paperFigure()
                        + " is not " + p.paper().name().toLowerCase(Locale.ROOT) + " " + plain(neutral));
            }
        }
        List<String> missing = points.stream().filter(Point::missing).map(Point::label).toList();
        if (!missing.isEmpty()) {
            return new Judgement(Verdict.NOT_RUN, name, "no figure at " + String.join(", ", missing));
        }
        List<String> failing = new ArrayList<>();
        List<String> ties = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        int sized = 0;
        for (Point p : points) {
            double m = p.mean();
            if (!p.paper().holds(m, neutral)) {
                failing.add(p.label());
                if (m == neutral) {
                    ties.add(p.label());
                }
            }
            if (tolerance.needsPaperFigure() && Double.isNaN(p.paperFigure())) {
                continue;
            }
            sized++;
            if (!tolerance.within(m, p.paperFigure(), neutral)) {
                outside.add(p.label());
            }
        }
        int n = points.size();
        int holding = n - failing.size();
        boolean emphasisHolds = !failing.contains(emphasised);
        StringBuilder why = new StringBuilder(String.format(Locale.ROOT, "holds at %d of %d points", holding, n));
        if (!failing.isEmpty()) {
            why.append(" (not at ").append(String.join(", ", failing)).append(")");
        }
        if (!ties.isEmpty()) {
            why.append("; a tie at ").append(String.join(", ", ties)).append(" does not hold");
        }
        why.append(emphasisHolds ? "; holds at the emphasised " : "; does not hold at the emphasised ").append(emphasised);
        if (sized == 0) {
            why.append("; no paper figure to test the size against");
        } else if (outside.isEmpty()) {
            why.append("; size ").append(tolerance.describe()).append(" at ")
                    .append(sized == n ? "every point" : sized + " of the " + n + " points (where the paper gives a figure)");
        } else {
            why.append("; size not ").append(tolerance.describe()).append(" at ").append(String.join(", ", outside));
        }
        Verdict v;
        if (failing.isEmpty() && sized > 0 && outside.isEmpty()) {
            v = Verdict.MATCHES;
        } else if (emphasisHolds && 5 * holding >= 4 * n) {
            v = Verdict.DIRECTION;
        } else {
            v = Verdict.CONTRADICTS;
            if (emphasisHolds) {
                why.append("; fewer than 4/5 of the points");
            }
        }
        return new Judgement(v, name, why.toString());
    }
}
