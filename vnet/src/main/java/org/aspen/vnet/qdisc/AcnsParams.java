package org.aspen.vnet.qdisc;

/**
 * Router-side ACNS parameters (Hruby, Olsovsky, Kotocova: "A Novel Technique for TCP based
 * Congestion Control"; defaults from its Table 4).
 *
 * <pre>{@code
 * AcnsParams p = AcnsParams.DEFAULTS.withPriorityMax(63);   // DSCP-style fixed p_max instead of the table's
 * }</pre>
 *
 * @param vp             weight v_p of the priority part F(p); {@code vp + va} must be 1
 * @param va             weight v_a of the age part T(f)
 * @param thA1           theta at or above this: freeze (command 2)
 * @param thA2           theta at or above this: fallback (command 3); at least thA1
 * @param priorityMax    p_max of F(p); 0 means the highest priority among the flows in the table
 * @param flowTimeoutNanos a flow not seen for this long leaves the table
 */
public record AcnsParams(double vp, double va, double thA1, double thA2, int priorityMax, long flowTimeoutNanos) {
    public static final AcnsParams DEFAULTS = new AcnsParams(0.8, 0.2, 0.95, 1.0, 0, 5_000_000_000L);

    public AcnsParams {
        if (!(vp >= 0 && va >= 0 && Math.abs(vp + va - 1) < 1e-9)) {
            throw new IllegalArgumentException("v_p and v_a must be non-negative and add up to 1, got " + vp + " and " + va);
        }
        if (!(thA1 > 0 && thA2 >= thA1)) {
            throw new IllegalArgumentException("need 0 < th_a1 <= th_a2, got " + thA1 + " and " + thA2);
        }
        if (priorityMax < 0 || priorityMax > 63) {
            throw new IllegalArgumentException("p_max must be 0 (the table's highest) or 1-63, got " + priorityMax);
        }
        if (flowTimeoutNanos <= 0) {
            throw new IllegalArgumentException("flow timeout must be positive");
        }
    }

    public AcnsParams withPriorityMax(int pMax) {
        return new AcnsParams(vp, va, thA1, thA2, pMax, flowTimeoutNanos);
    }

    /**
     * Equations 3 and 4: {@code theta = A(q) / (F(p) + T(f))} with {@code F(p) = v_p p / p_max} and
     * {@code T(f) = v_a / age(f)}, age normalised to the oldest flow's (equation 1), so in (0, 1].
     * A flow of age 0 (or a table whose oldest flow is new) has an infinite T and theta 0.
     *
     * @param occupancy    A(q), the queue's fill in [0, 1]
     * @param priority     p of the flow
     * @param pMax         p_max (0: F is 0)
     * @param normalisedAge age(f) / f_max in [0, 1]
     */
    public double theta(double occupancy, int priority, int pMax, double normalisedAge) {
        double f = pMax == 0 ? 0 : vp * priority / pMax;
        if (!(normalisedAge > 0)) {
            return 0;
        }
        double t = va / normalisedAge;
        double denominator = f + t;
        return denominator == 0 ? Double.POSITIVE_INFINITY : occupancy / denominator;
    }

    /** Equation 5: 1 normal below th_A1, 2 freeze below th_A2, else 3 fallback. */
    public int command(double theta) {
        return theta < thA1 ? 1 : theta < thA2 ? 2 : 3;
    }
}
