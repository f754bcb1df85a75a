package org.aspen.experiments.validation;

import java.util.List;
import org.aspen.experiments.sweep.Stat;

/**
 * The tolerances of Aspen's cross-validation against ns-2.35 and the verdict of one compared
 * quantity, fixed before the first comparison ran (issue 28, item 3; docs/validation.md, "Tolerances").
 *
 * <pre>{@code
 * Verdict v = Tolerances.deterministic(Metric.GOODPUT, 1_002_000, 1_000_000);   // PASS: 0.2 % apart
 * Verdict w = Tolerances.random(Metric.DROPS, aspenPerSeed, ns2PerSeed);        // means within 5 %, or intervals
 * }</pre>
 *
 * <ul>
 * <li>Deterministic single-flow cases (one run each): goodput within 1 % and the same loss events,
 *     that is the same dropped sequence numbers, the same number of drops, timeouts and fast
 *     retransmits. The mean cwnd is shown beside them, within 1 % as well.</li>
 * <li>Random multi-flow cases (the same seeds in both simulators, at least {@link #MIN_SEEDS}): every
 *     quantity's means within 5 % of ns-2's, or each mean inside the other's 95 % interval.</li>
 * <li>A tie never passes: a difference exactly at the tolerance fails (the test is strict), and so
 *     does a mean exactly on the other's interval bound. A missing value (NaN, no run) never passes.
 *     Goodput of zero on either side is missing: a run that moved nothing validates nothing.</li>
 * </ul>
 */
public final class Tolerances {
    /** Largest relative goodput (and mean cwnd) difference of a deterministic case, strict. */
    public static final double DETERMINISTIC_RELATIVE = 0.01;
    /** Largest relative difference of two means of a random case, strict. */
    public static final double RANDOM_RELATIVE = 0.05;
    /** Seeds a random case runs in each simulator; the interval rule needs at least this many. */
    public static final int MIN_SEEDS = 10;

    private Tolerances() {
    }

    /** How a quantity is compared: relative difference, or exactly. */
    public enum Kind { RELATIVE, EXACT }

    /** The quantities compared per flow or per case. */
    public enum Metric {
        GOODPUT("goodput (kb/s)", Kind.RELATIVE, true),
        DROPS("drops at the bottleneck", Kind.EXACT, false),
        DROPPED_SEQUENCES("dropped sequence numbers", Kind.EXACT, false),
        TIMEOUTS("timeouts", Kind.EXACT, false),
        FAST_RETRANSMITS("fast retransmits", Kind.EXACT, false),
        /** Window cuts on ECN echoes: judged as timeouts and fast retransmits are (rows of the ECN cases only). */
        ECN_CUTS("ECN window cuts", Kind.EXACT, false),
        MEAN_CWND("mean cwnd (packets)", Kind.RELATIVE, true),
        RED_AVERAGE("RED average queue (packets)", Kind.RELATIVE, false);

        private final String label;
        private final Kind kind;
        private final boolean mustBePositive;

        Metric(String label, Kind kind, boolean mustBePositive) {
            this.label = label;
            this.kind = kind;
            this.mustBePositive = mustBePositive;
        }

        public String label() {
            return label;
        }

        public Kind kind() {
            return kind;
        }
    }

    /** The verdict on one quantity; only {@link #PASS} passes. */
    public enum Verdict {
        PASS, FAIL, MISSING;

        public boolean passed() {
            return this == PASS;
        }
    }

    /**
     * A deterministic case's verdict on one number: exact quantities must be equal, relative ones
     * strictly within {@link #DETERMINISTIC_RELATIVE} of ns-2's.
     */
    public static Verdict deterministic(Metric m, double aspen, double ns2) {
        if (missing(m, aspen) || missing(m, ns2)) {
            return Verdict.MISSING;
        }
        if (m.kind() == Kind.EXACT) {
            return aspen == ns2 ? Verdict.PASS : Verdict.FAIL;
        }
        return relativeWithin(aspen, ns2, DETERMINISTIC_RELATIVE) ? Verdict.PASS : Verdict.FAIL;
    }

    /** A deterministic case's verdict on two lists of loss events (dropped sequence numbers): equal lists. */
    public static Verdict sameEvents(List<Long> aspen, List<Long> ns2) {
        if (aspen == null || ns2 == null) {
            return Verdict.MISSING;
        }
        return aspen.equals(ns2) ? Verdict.PASS : Verdict.FAIL;
    }

    /**
     * A random case's verdict on one quantity measured over seeds: means strictly within
     * {@link #RANDOM_RELATIVE} of ns-2's, or (with at least {@link #MIN_SEEDS} seeds on each side)
     * each mean strictly inside the other's 95 % interval.
     */
    public static Verdict random(Metric m, double[] aspen, double[] ns2) {
        if (aspen == null || ns2 == null || aspen.length == 0 || ns2.length == 0) {
            return Verdict.MISSING;
        }
        for (double x : aspen) {
            if (missing(m, x)) {
                return Verdict.MISSING;
            }
        }
        for (double x : ns2) {
            if (missing(m, x)) {
                return Verdict.MISSING;
            }
        }
        Stat a = Stat.of(aspen);
        Stat b = Stat.of(ns2);
        if (relativeWithin(a.mean(), b.mean(), RANDOM_RELATIVE)) {
            return Verdict.PASS;
        }
        if (aspen.length >= MIN_SEEDS && ns2.length >= MIN_SEEDS && strictlyInside(a.mean(), b) && strictlyInside(b.mean(), a)) {
            return Verdict.PASS;
        }
        return Verdict.FAIL;
    }

    /** |aspen - ns2| / |ns2| strictly below {@code tolerance}; two zeros are equal, a zero against a non-zero is not. */
    static boolean relativeWithin(double aspen, double ns2, double tolerance) {
        if (ns2 == 0) {
            return aspen == 0;
        }
        return Math.abs(aspen - ns2) / Math.abs(ns2) < tolerance;
    }

    private static boolean strictlyInside(double x, Stat s) {
        return s.ci95() > 0 && x > s.mean() - s.ci95() && x < s.mean() + s.ci95();
    }

    private static boolean missing(Metric m, double x) {
        return Double.isNaN(x) || Double.isInfinite(x) || (m.mustBePositive && x <= 0);
    }

    /** (Aspen - ns-2) / |ns-2|, signed (0.02 = Aspen 2 % above); 0 for two zeros, NaN when otherwise undefined. */
    public static double relativeDifference(double aspen, double ns2) {
        if (Double.isNaN(aspen) || Double.isNaN(ns2) || ns2 == 0) {
            return aspen == ns2 ? 0 : Double.NaN;
        }
        return (aspen - ns2) / Math.abs(ns2);
    }
}
