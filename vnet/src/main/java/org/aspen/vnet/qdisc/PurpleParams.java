package org.aspen.vnet.qdisc;

/**
 * PURPLE's settings (Pletka, Waldvogel and Mannal 2003); see {@code docs/purple.md}.
 *
 * <pre>{@code
 * PurpleParams.DEFAULTS.withMicro(false)    // the macroscopic part alone, as in the paper's BDP-queue runs
 * }</pre>
 *
 * @param alpha           priority factor: the allocatable rate is L / alpha (with micro: L / (alpha (1 + q/Q)))
 * @param micro           the microscopic term: the allocatable rate shrinks with the average queue, every tick
 * @param history         CE and CWR events kept for p_&lt;k and p (paper: 16)
 * @param rttSamples      RTT samples kept for the trimmed mean (paper: 32)
 * @param rttTrim         share of samples discarded at each end (paper: 10 %)
 * @param rttFilters      exact-match filters armed at once
 * @param rttMaxNanos     a filter not fired after this long is removed
 * @param initialRttNanos the estimated RTT before the first sample
 * @param tickNanos       period of the background task (paper: 1 ms)
 * @param loadWeight      EWMA weight of the offered load per tick (paper: 1/32)
 * @param queueWeight     EWMA weight of the average queue per tick
 * @param pFloor          total probability assumed while the link is overloaded and no CWR was seen yet
 * @param bandwidthBps    link capacity L; 0 takes the link's rate
 * @param realisedLocal   sensitivity reading: record p_k of the last period as the realised share of
 *                        marks and drops, not the probability applied (the paper's reading, false)
 * @param clampBeyond     sensitivity reading: clamp p_&gt;k at 0 before it enters (3) (the paper's
 *                        text subtracts without a clamp, false)
 * @param samePeriod      sensitivity reading: p and p_&lt;k counted over the preceding period, the
 *                        window of p_k, not over the last {@code history} CWR and CE events (the
 *                        paper's definitions, false)
 * @param noMarkUncongested the reading of "On an uncongested link, a router does not modify p" (Section
 *                        2.1) chosen by issue 29's pre-registration: while gamma &gt; 1 the router marks
 *                        nothing (p_k = 0); false (the default, every result before issue 29) applies
 *                        equation (3) whatever gamma
 */
public record PurpleParams(double alpha, boolean micro, int history, int rttSamples, double rttTrim, int rttFilters,
                           long rttMaxNanos, long initialRttNanos, long tickNanos, double loadWeight, double queueWeight,
                           double pFloor, long bandwidthBps, boolean realisedLocal, boolean clampBeyond,
                           boolean samePeriod, boolean noMarkUncongested) {
    public static final PurpleParams DEFAULTS = new PurpleParams(1, true, 16, 32, 0.10, 8, 2_000_000_000L,
            100_000_000L, 1_000_000L, 1 / 32.0, 1 / 32.0, 0.001, 0, false, false, false, false);

    public PurpleParams {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be positive, got " + alpha);
        }
        if (history < 1) {
            throw new IllegalArgumentException("history must be at least 1, got " + history);
        }
        if (initialRttNanos <= 0 || tickNanos <= 0) {
            throw new IllegalArgumentException("rtt and tick must be positive");
        }
        if (!(loadWeight > 0 && loadWeight <= 1) || !(queueWeight > 0 && queueWeight <= 1)) {
            throw new IllegalArgumentException("w_load and w_q must be in (0, 1], got " + loadWeight + " and " + queueWeight);
        }
        if (!(pFloor >= 0 && pFloor <= 1)) {
            throw new IllegalArgumentException("p_floor must be in [0, 1], got " + pFloor);
        }
        if (bandwidthBps < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative, got " + bandwidthBps);
        }
        new RttFilters(rttFilters, rttSamples, rttTrim, rttMaxNanos);   // validates the RTT settings
    }

    public PurpleParams withMicro(boolean on) {
        return new PurpleParams(alpha, on, history, rttSamples, rttTrim, rttFilters, rttMaxNanos, initialRttNanos,
                tickNanos, loadWeight, queueWeight, pFloor, bandwidthBps, realisedLocal, clampBeyond, samePeriod, noMarkUncongested);
    }

    /** The same with the sensitivity readings of p_k,last and of the p_&gt;k clamp ({@code docs/purple.md}). */
    public PurpleParams withReadings(boolean realised, boolean clamp) {
        return new PurpleParams(alpha, micro, history, rttSamples, rttTrim, rttFilters, rttMaxNanos, initialRttNanos,
                tickNanos, loadWeight, queueWeight, pFloor, bandwidthBps, realised, clamp, samePeriod, noMarkUncongested);
    }

    /** The same with the sensitivity reading of the windows: p, p_&lt;k and p_k all over the preceding period. */
    public PurpleParams withSamePeriod(boolean on) {
        return new PurpleParams(alpha, micro, history, rttSamples, rttTrim, rttFilters, rttMaxNanos, initialRttNanos,
                tickNanos, loadWeight, queueWeight, pFloor, bandwidthBps, realisedLocal, clampBeyond, on, noMarkUncongested);
    }

    /** The same with the reading of the uncongested link: no marks while gamma &gt; 1 ({@code true}), or (3) whatever gamma. */
    public PurpleParams withNoMarkUncongested(boolean on) {
        return new PurpleParams(alpha, micro, history, rttSamples, rttTrim, rttFilters, rttMaxNanos, initialRttNanos,
                tickNanos, loadWeight, queueWeight, pFloor, bandwidthBps, realisedLocal, clampBeyond, samePeriod, on);
    }

    /**
     * The macroscopic control rule, equation (3): the local probability that brings the total to
     * {@code p / gamma^2}, after what earlier ({@code pBefore}) and later ({@code pBeyond}) routers
     * already apply; clamped to [0, 1] (a router never unmarks).
     */
    public static double localProbability(double p, double gamma, double pBefore, double pBeyond) {
        double target = p / (gamma * gamma);                            // p' = p / gamma^2 (Section 2.2)
        return Math.max(0, Math.min(1, target - pBefore - pBeyond));    // (3), clamped to a probability
    }

    /**
     * The microscopic term, equation (4): the rate the router lets the flows have, {@code L / (alpha
     * (1 + q/Q))} with {@code queueShare = q/Q} the average queue over the buffer.
     */
    public static double allocatableRate(double linkBps, double alpha, double queueShare) {
        return linkBps / (alpha * (1 + queueShare));                    // (4)
    }

    /**
     * p_&gt;k: what routers after this one added, as the total measured now less this router's and the
     * earlier routers' shares recorded over the preceding RTT (Section 2.3: "obtained by subtracting
     * p_k and p_&lt;k, both recorded from the preceding RTT, from the p currently measured"). Not
     * clamped: a negative value is the estimate's error, and (3) subtracts it back, so that with
     * gamma = 1 and an unchanged p_&lt;k the new p_k is the one applied before.
     */
    public static double beyond(double p, double pLocalBefore, double pBeforeBefore) {
        return p - pLocalBefore - pBeforeBefore;                        // Section 2.3
    }

    /** The sensitivity reading of {@link #beyond}: clamped at 0 before use. */
    public static double beyondClamped(double p, double pLocalBefore, double pBeforeBefore) {
        return Math.max(0, beyond(p, pLocalBefore, pBeforeBefore));
    }
}
