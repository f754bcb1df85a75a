package org.aspen.vnet.qdisc;

/**
 * RED's settings (Floyd and Jacobson 1993, with the later gentle, byte-mode and ECN options).
 *
 * <pre>{@code
 * new RedParams(5, 15, 0.1, 0.002, true, false, true, 1000, 0)   // the defaults, with ECN on
 * }</pre>
 *
 * @param minTh          average queue (packets) below which nothing is dropped
 * @param maxTh          average queue above which every packet is dropped (2 * maxTh when gentle)
 * @param maxP           drop probability reached at maxTh
 * @param wq             EWMA weight of the average; NaN means automatic: 1 - exp(-1/C) with C the
 *                       link rate in mean-sized packets per second (Floyd et al. 2001)
 * @param gentle         between maxTh and 2 * maxTh the probability rises linearly from maxP to 1
 *                       instead of jumping to 1
 * @param byteMode       the queue is measured in bytes / meanPacketSize and the drop probability is
 *                       scaled by size / meanPacketSize (large packets are dropped more often)
 * @param ecn            ECN-capable packets are marked CE instead of dropped early
 * @param meanPacketSize typical packet size in bytes, for the idle-time correction and byte mode
 * @param bandwidthBps   rate used by the idle-time correction; 0 takes the link's rate
 */
public record RedParams(double minTh, double maxTh, double maxP, double wq, boolean gentle, boolean byteMode,
                        boolean ecn, int meanPacketSize, long bandwidthBps) {
    public static final RedParams DEFAULTS = new RedParams(5, 15, 0.1, 0.002, true, false, false, 1000, 0);

    public RedParams {
        if (!(minTh >= 0)) {
            throw new IllegalArgumentException("min_th must be >= 0, got " + minTh);
        }
        if (!(maxTh > minTh)) {
            throw new IllegalArgumentException("max_th must be greater than min_th (" + minTh + "), got " + maxTh);
        }
        if (!(maxP > 0 && maxP <= 1)) {
            throw new IllegalArgumentException("max_p must be in (0, 1], got " + maxP);
        }
        if (!Double.isNaN(wq) && !(wq > 0 && wq <= 1)) {
            throw new IllegalArgumentException("w_q must be in (0, 1] or auto, got " + wq);
        }
        if (meanPacketSize < 1) {
            throw new IllegalArgumentException("mean_packet_size must be at least 1 byte, got " + meanPacketSize);
        }
        if (bandwidthBps < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative, got " + bandwidthBps);
        }
    }
}
