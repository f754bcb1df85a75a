package org.aspen.vnet.qdisc;

/**
 * Queue/RED's Tcl variables as ns-2.35 binds them ({@code queue/red.cc:106-152}), named as in ns-2
 * without the trailing underscore; {@link #DEFAULTS} are {@code tcl/lib/ns-default.tcl}'s.
 *
 * <pre>{@code
 * Ns2RedParams p = Ns2RedParams.DEFAULTS.withPackets(5, 15, 0.002);   // packet mode, fixed thresholds
 * }</pre>
 *
 * @param bytes        {@code bytes_}: drop probability scaled by size / mean_pktsize, count in bytes
 * @param queueInBytes {@code queue_in_bytes_}: queue, average and thresholds measured in bytes
 * @param thresh       {@code thresh_} in packets; 0: automatic (5, or half the target queue)
 * @param maxthresh    {@code maxthresh_} in packets; 0: automatic (3 thresh)
 * @param meanPktsize  {@code mean_pktsize_} in bytes
 * @param qWeight      {@code q_weight_}; 0, -1 and -2 ask for ns-2's automatic weights
 * @param waitBetween  {@code wait_}: spacing between drops (no drop until count p reaches 1)
 * @param linterm      {@code linterm_}: max_p = 1 / linterm
 * @param setbit       {@code setbit_}: mark ECN-capable packets CE instead of dropping them early
 * @param gentle       {@code gentle_}: probability from max_p to 1 between maxthresh and 2 maxthresh
 * @param useMarkP     {@code use_mark_p_}: no forced drop above maxthresh, and marking only while
 *                     the probability is below mark_p
 * @param markP        {@code mark_p_}
 * @param adaptive     {@code adaptive_}: Adaptive RED's max_p updates
 * @param alpha        {@code alpha_}: Adaptive RED's additive increase (at most max_p / 4)
 * @param beta         {@code beta_}: Adaptive RED's multiplicative decrease
 * @param interval     {@code interval_} in seconds between max_p updates
 * @param targetdelay  {@code targetdelay_} in seconds, for the automatic thresh
 * @param top          {@code top_}: upper bound of max_p
 * @param bottom       {@code bottom_}: lower bound of max_p; 0: automatic (min(0.01, 80000 / bandwidth))
 */
public record Ns2RedParams(boolean bytes, boolean queueInBytes, double thresh, double maxthresh, int meanPktsize,
                           double qWeight, boolean waitBetween, double linterm, boolean setbit, boolean gentle,
                           boolean useMarkP, double markP, boolean adaptive, double alpha, double beta,
                           double interval, double targetdelay, double top, double bottom) {
    /** ns-default.tcl:122-166. */
    public static final Ns2RedParams DEFAULTS = new Ns2RedParams(
            true,    // bytes_ true                 ns-default.tcl:122
            true,    // queue_in_bytes_ true        ns-default.tcl:123
            0,       // thresh_ 0 (automatic)       ns-default.tcl:125
            0,       // maxthresh_ 0 (automatic)    ns-default.tcl:128
            500,     // mean_pktsize_ 500           ns-default.tcl:134
            -1,      // q_weight_ -1 (automatic)    ns-default.tcl:137
            true,    // wait_ true                  ns-default.tcl:139
            10,      // linterm_ 10                 ns-default.tcl:140
            false,   // setbit_ false               ns-default.tcl:145
            true,    // gentle_ true                ns-default.tcl:146
            true,    // use_mark_p_ true            ns-default.tcl:142
            0.1,     // mark_p_ 0.1                 ns-default.tcl:141
            false,   // adaptive_ 0                 ns-default.tcl:162
            0.01,    // alpha_ 0.01                 ns-default.tcl:160
            0.9,     // beta_ 0.9                   ns-default.tcl:161
            0.5,     // interval_ 0.5               ns-default.tcl:163
            0.005,   // targetdelay_ 0.005          ns-default.tcl:164
            0.5,     // top_ 0.5                    ns-default.tcl:165
            0);      // bottom_ 0 (automatic)       ns-default.tcl:166

    public Ns2RedParams {
        if (!(thresh >= 0)) {
            throw new IllegalArgumentException("thresh must be >= 0 (0: automatic), got " + thresh);
        }
        if (!(maxthresh >= 0)) {
            throw new IllegalArgumentException("maxthresh must be >= 0 (0: automatic), got " + maxthresh);
        }
        if (meanPktsize < 1) {
            throw new IllegalArgumentException("mean_pktsize must be at least 1 byte, got " + meanPktsize);
        }
        if (!(qWeight > 0 && qWeight <= 1) && qWeight != 0 && qWeight != -1 && qWeight != -2) {
            throw new IllegalArgumentException("q_weight must be in (0, 1], or 0, -1 or -2 (ns-2's automatic weights), got "
                    + qWeight);
        }
        if (!(linterm > 0) || Double.isInfinite(linterm)) {
            throw new IllegalArgumentException("linterm must be > 0 (max_p = 1 / linterm), got " + linterm);
        }
        if (!(markP >= 0)) {
            throw new IllegalArgumentException("mark_p must be >= 0, got " + markP);
        }
        if (!(alpha >= 0)) {
            throw new IllegalArgumentException("alpha must be >= 0, got " + alpha);
        }
        if (!(beta > 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta must be in (0, 1], got " + beta);
        }
        if (!(interval >= 0) || Double.isInfinite(interval)) {
            throw new IllegalArgumentException("interval must be >= 0 seconds, got " + interval);
        }
        if (!(targetdelay >= 0) || Double.isInfinite(targetdelay)) {
            throw new IllegalArgumentException("targetdelay must be >= 0 seconds, got " + targetdelay);
        }
        if (!(top > 0 && top <= 1)) {
            throw new IllegalArgumentException("top must be in (0, 1], got " + top);
        }
        if (!(bottom >= 0 && bottom <= 1)) {
            throw new IllegalArgumentException("bottom must be in [0, 1] (0: automatic), got " + bottom);
        }
    }

    /** These settings in packet mode ({@code bytes_ false}, {@code queue_in_bytes_ false}) with the given thresholds and weight. */
    public Ns2RedParams withPackets(double thresh, double maxthresh, double qWeight) {
        return new Ns2RedParams(false, false, thresh, maxthresh, meanPktsize, qWeight, waitBetween, linterm, setbit, gentle,
                useMarkP, markP, adaptive, alpha, beta, interval, targetdelay, top, bottom);
    }
}
