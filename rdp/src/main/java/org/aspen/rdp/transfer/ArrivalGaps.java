package org.aspen.rdp.transfer;

/**
 * The gaps between consecutive deliveries of one transfer, on the node's clock, in a histogram of
 * powers of two microseconds (so it costs the same however long the transfer): the tail says how
 * smoothly the data arrived (a stall shows as a large maximum).
 *
 * <pre>{@code
 * gaps.arrived(scheduler.nanos());       // each delivery
 * gaps.quantileMicros(0.99);              // upper edge of the bucket holding the 99th percentile
 * }</pre>
 */
final class ArrivalGaps {
    /** Bucket k holds gaps in [2^(k-1), 2^k) microseconds; bucket 0 gaps under 1 us. */
    private final long[] buckets = new long[40];
    private long last = Long.MIN_VALUE;
    private long count;
    private long maxNanos;

    void arrived(long now) {
        if (last != Long.MIN_VALUE) {
            long gap = Math.max(0, now - last);
            maxNanos = Math.max(maxNanos, gap);
            buckets[Math.min(buckets.length - 1, 64 - Long.numberOfLeadingZeros(gap / 1000))]++;
            count++;
        }
        last = now;
    }

    long count() {
        return count;
    }

    long maxMicros() {
        return maxNanos / 1000;
    }

    /** Upper edge in microseconds of the bucket that holds quantile {@code q} (0 when nothing was measured). */
    long quantileMicros(double q) {
        long rank = (long) Math.ceil(q * count);
        long seen = 0;
        for (int k = 0; k < buckets.length; k++) {
            seen += buckets[k];
            if (seen >= rank && seen > 0) {
                return 1L << k;
            }
        }
        return 0;
    }
}
