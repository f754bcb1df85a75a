package org.aspen.acc.abcd;

/**
 * Equation 4.2 as core-stateless fair queueing (the paper's [24]) uses it, per packet: the arrival
 * rate of a stream of packets, {@code r <- (1 - e^(-T/K)) l/T + e^(-T/K) r}, with T the gap since the
 * stream's previous packet and l this packet's bytes. Used by the monitor's fair-rate reading
 * ({@code rate: fair}, docs/abcd.md) for each flow and for the link as a whole. An estimate that has
 * not been refreshed for longer than its last gap decays by e^(-excess/K), so a stream that stops
 * (an on/off source off, a flow in a timeout) stops counting.
 *
 * <pre>{@code
 * ArrivalRate r = new ArrivalRate(200_000_000L);   // K = 200 ms
 * r.packet(now, 1040);
 * double bytesPerSecond = r.bytesPerSecond(now);
 * }</pre>
 */
final class ArrivalRate {
    private final double kNanos;
    private long last = Long.MIN_VALUE;
    private long lastGap;
    private double rate = Double.NaN;

    /** @param kNanos equation 4.2's K, nanoseconds (greater than 0) */
    ArrivalRate(long kNanos) {
        if (kNanos <= 0) {
            throw new IllegalArgumentException("K must be > 0: " + kNanos);
        }
        this.kNanos = kNanos;
    }

    /** A packet of {@code bytes} arrived at {@code nanos} (not before the previous one). */
    void packet(long nanos, int bytes) {
        if (last != Long.MIN_VALUE) {
            long gap = Math.max(1, nanos - last);
            double sample = bytes * 1e9 / gap;
            double w = Math.exp(-gap / kNanos);
            rate = Double.isNaN(rate) ? sample : (1 - w) * sample + w * rate;
            lastGap = gap;
        }
        last = nanos;
    }

    /** The rate at {@code nanos}, bytes/s: 0 before two packets, decayed when the stream is late. */
    double bytesPerSecond(long nanos) {
        if (Double.isNaN(rate)) {
            return 0;
        }
        long excess = nanos - last - lastGap;
        return excess <= 0 ? rate : rate * Math.exp(-excess / kNanos);
    }
}
