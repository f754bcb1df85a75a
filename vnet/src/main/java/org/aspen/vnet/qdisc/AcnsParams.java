package org.aspen.vnet.qdisc;

import java.util.Locale;

/**
 * Router-side ACNS parameters (Hruby, Olsovsky, Kotocova: "A Novel Technique for TCP based
 * Congestion Control"; defaults from its Table 4).
 *
 * <pre>{@code
 * AcnsParams p = AcnsParams.DEFAULTS.withPriorityMax(0);   // p_max = the table's highest priority instead of 63
 * double theta = p.theta(0.5, 26, 63, 0.8);                // equations 3-4
 * int omega = p.command(theta);                            // equation 5
 * }</pre>
 *
 * @param vp             weight v_p of the priority part F(p); {@code vp + va} must be 1
 * @param va             weight v_a of the age part T(f)
 * @param thA1           theta at or above this: freeze (command 2)
 * @param thA2           theta at or above this: fallback (command 3); at least thA1
 * @param priorityMax    p_max of F(p): 1-63, the header field's scale (63, the default, a 6-bit DSCP's
 *                       maximum); 0 means the highest priority among the flows in the table
 * @param age            what age(f) of equation 4 is: the normalised age of equation 1 (default) or
 *                       the age in seconds
 * @param flowTimeoutNanos a flow not seen for this long leaves the table
 */
public record AcnsParams(double vp, double va, double thA1, double thA2, int priorityMax, Age age, long flowTimeoutNanos) {
    /** Table 4's v_p, v_a, th_A1, th_A2; p_max 63 (docs/results-acns.md, "Readings"); normalised age; 5 s timeout. */
    public static final AcnsParams DEFAULTS = new AcnsParams(0.8, 0.2, 0.95, 1.0, 63, Age.NORMALISED, 5_000_000_000L);

    /** The reading of age(f) in equation 4. */
    public enum Age {
        /** age(f) = f_i / f_max (equation 1), in (0, 1]. */
        NORMALISED,
        /** age(f) = the flow's age in seconds. */
        SECONDS;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The reading named {@code id} (normalised, seconds), or an IllegalArgumentException naming the choices. */
        public static Age byId(String id) {
            for (Age a : values()) {
                if (a.id().equalsIgnoreCase(String.valueOf(id).trim())) {
                    return a;
                }
            }
            throw new IllegalArgumentException("age must be normalised or seconds, got '" + id + "'");
        }
    }

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
        if (age == null) {
            throw new IllegalArgumentException("age must be normalised or seconds");
        }
        if (flowTimeoutNanos <= 0) {
            throw new IllegalArgumentException("flow timeout must be positive");
        }
    }

    public AcnsParams withPriorityMax(int pMax) {
        return new AcnsParams(vp, va, thA1, thA2, pMax, age, flowTimeoutNanos);
    }

    public AcnsParams withAge(Age a) {
        return new AcnsParams(vp, va, thA1, thA2, priorityMax, a, flowTimeoutNanos);
    }

    /**
     * Equations 3 and 4: {@code theta = A(q) / (F(p) + T(f))}. A flow of age 0 has an infinite T and
     * theta 0 (never penalised).
     *
     * @param occupancy A(q), the queue's fill in [0, 1]
     * @param priority  p of the flow
     * @param pMax      p_max (0: F is 0)
     * @param age       age(f): normalised (equation 1) or in seconds, as {@link #age()} says
     */
    public double theta(double occupancy, int priority, int pMax, double age) {
        double f = pMax == 0 ? 0 : vp * priority / pMax;                 // (4) F(p) = v_p p / p_max
        if (!(age > 0)) {
            return 0;                                                    // (4) T = v_a / 0: infinite
        }
        double t = va / age;                                             // (4) T(f) = v_a / age(f)
        return occupancy / (f + t);                                      // (3) theta = A(q) / (F(p) + T(f))
    }

    /** Equation 5: 1 normal below th_A1, 2 freeze below th_A2, else 3 fallback. */
    public int command(double theta) {
        return theta < thA1 ? 1 : theta < thA2 ? 2 : 3;                  // (5)
    }
}
