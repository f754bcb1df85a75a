package org.aspen.acc.abcd;

/**
 * ACC-ABCD's reaction rules, pure functions of their inputs: the segment size for an available
 * bandwidth (step 2 of the paper's algorithm) and the scaled pacing rate (its equation 4.2).
 *
 * <pre>{@code
 * AbcdRule rule = new AbcdRule(500_000, 200, 100_000, 200, 200);
 * int size = rule.segmentSize(300_000, 1000);                  // 0.2 Mb/s below: 1000 - 400 = 600 bytes
 * double r = rule.paceRate(rOld, size, 40_000_000L);           // bytes/s, from the flow's packet spacing
 * }</pre>
 *
 * @param thresholdBps below this available bandwidth the senders are told to shrink (0.5 Mb/s)
 * @param stepBytes    bytes taken off the segment size ...
 * @param stepBps      ... per this much bandwidth below the threshold (200 bytes per 0.1 Mb/s), linearly
 * @param minSegment   the floor: never advise less than this many bytes
 * @param kMs          equation 4.2's averaging constant K in milliseconds (100-500)
 */
public record AbcdRule(long thresholdBps, int stepBytes, long stepBps, int minSegment, int kMs) {
    public AbcdRule {
        if (thresholdBps <= 0 || stepBytes < 0 || stepBps <= 0 || minSegment < 1 || minSegment > 0xffff) {
            throw new IllegalArgumentException("ABCD rule needs threshold > 0, step >= 0, step bandwidth > 0, "
                    + "floor 1-65535: " + thresholdBps + "/" + stepBytes + "/" + stepBps + "/" + minSegment);
        }
        if (kMs < 100 || kMs > 500) {
            throw new IllegalArgumentException("K must be 100-500 ms: " + kMs);
        }
    }

    /** True when {@code availableBps} calls for smaller segments. */
    public boolean below(double availableBps) {
        return availableBps < thresholdBps;
    }

    /**
     * The advised segment size for a flow whose normal size is {@code normal} bytes: {@code normal}
     * at or above the threshold, else {@code stepBytes} less per {@code stepBps} below it (linear),
     * at least {@code minSegment} (and never more than {@code normal}).
     */
    public int segmentSize(double availableBps, int normal) {
        if (!below(availableBps)) {
            return normal;
        }
        double deficit = thresholdBps - Math.max(0, availableBps);
        long size = Math.round(normal - stepBytes * deficit / stepBps);
        return (int) Math.min(normal, Math.max(minSegment, size));
    }

    /**
     * Step 3's packet size for the router at the near end of the monitored link: the step-2 size
     * applied to the data of the largest packet seen ({@code largestFrame} bytes, of which
     * {@code headerBytes} are VNet and transport headers), plus those headers, so that a sender
     * following the same advice sends packets that fit and only older or resent packets are split.
     * 0 (no splitting) at or above the threshold or when nothing would be cut.
     * <pre>{@code
     * rule.routerPacketSize(300_000, 1000, 60);   // 940 data bytes - 400 = 540, + 60 = 600
     * }</pre>
     */
    public int routerPacketSize(double availableBps, int largestFrame, int headerBytes) {
        if (!below(availableBps) || largestFrame <= headerBytes) {
            return 0;
        }
        int size = segmentSize(availableBps, largestFrame - headerBytes) + headerBytes;
        return size >= largestFrame ? 0 : size;
    }

    /**
     * Equation 4.2: r = (1 - e^(-T/K)) S/T + e^(-T/K) r_old, in bytes/s, where S is the new segment size
     * in bytes and T the flow's mean packet spacing in nanoseconds. S/T keeps the flow's packet rate and
     * scales its byte rate with the segment size; the exponential weight smooths the change.
     * {@code rOld} NaN (no previous rate) gives S/T.
     */
    public double paceRate(double rOld, int segmentSize, long spacingNanos) {
        double t = Math.max(1, spacingNanos);
        double sample = segmentSize * 1e9 / t;
        if (Double.isNaN(rOld)) {
            return sample;
        }
        double w = Math.exp(-t / (kMs * 1e6));
        return (1 - w) * sample + w * rOld;
    }

    /**
     * The fair rate of the text's last sentence of step 4 ("the fair rate r is computed such that the
     * rate of the aggregate incoming rate equals the link capacity"), read as core-stateless fair
     * queueing's fair share: the alpha with sum over flows of min(d_i, alpha) = {@code capacity},
     * by water-filling (max-min). Demands are met from the smallest while below an equal share of
     * what is left; alpha is the equal share of the rest. A demand of {@code Double.POSITIVE_INFINITY}
     * (a flow already paced, whose measured rate is its pace, not its demand) takes any share. When
     * every demand is met the link is not congested and alpha is the largest demand plus what is left.
     * Units are the caller's (the monitor: bytes on the wire per second).
     * <pre>{@code
     * AbcdRule.fairShare(225_000, new double[] {10_000, 30_000, 100_000, inf, inf});   // 61,666.7
     * }</pre>
     */
    public static double fairShare(double capacity, double[] demands) {
        double[] d = demands.clone();
        java.util.Arrays.sort(d);
        double left = Math.max(0, capacity);
        for (int i = 0; i < d.length; i++) {
            double share = left / (d.length - i);
            if (d[i] > share) {
                return share;
            }
            left -= d[i];
        }
        return d.length == 0 ? left : d[d.length - 1] + left;
    }
}
