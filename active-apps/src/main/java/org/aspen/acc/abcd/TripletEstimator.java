package org.aspen.acc.abcd;

/**
 * Available bandwidth of the link packets arrive on, from triplets of ordinary packets (ACC-ABCD's
 * three-packet method, derived in {@code docs/abcd.md}). Feed it every packet that arrived over the
 * link, in arrival order; time is passed in.
 *
 * <pre>{@code
 * TripletEstimator e = new TripletEstimator(2_000_000, 500_000_000L);   // capacity known; 0.5 s average
 * if (e.packet(now, packet.length())) log(e.availableBps());
 * }</pre>
 *
 * Each run of three consecutive packets (non-overlapping) gives the arrival rate over the triplet,
 * {@link #tripletRate}: (size2 + size3) / (t3 - t1), the bytes that arrived after the first packet
 * over the time they took. Available bandwidth is capacity minus that rate, never below zero,
 * averaged over time with the exponential weight e^(-(t3-t1)/W) so a triplet counts for as long as
 * it lasted; with W = 0 there is no average, each triplet's estimate stands alone (the paper's step 5,
 * a new estimate "for each triplet received"). With no configured capacity, the capacity is the fastest packet pair seen,
 * size2 / (t2 - t1): packets arriving back to back over the link are spaced by their serialisation
 * time, so the first busy period reveals the link rate (the packet-pair method the paper cites).
 */
public final class TripletEstimator {
    private final long configuredCapacityBps;
    private final double windowNanos;
    private final long[] at = new long[3];
    private final int[] size = new int[3];
    private int n;
    private double pairCapacityBps;
    private double arrivalBps = Double.NaN;
    private long triplets;

    /**
     * @param capacityBps link capacity in bits/s; 0 to learn it from packet pairs
     * @param windowNanos averaging time constant W; 0 for none (each triplet's estimate alone)
     */
    public TripletEstimator(long capacityBps, long windowNanos) {
        if (capacityBps < 0 || windowNanos < 0) {
            throw new IllegalArgumentException("capacity and the averaging window must be >= 0");
        }
        this.configuredCapacityBps = capacityBps;
        this.windowNanos = windowNanos;
    }

    /** The paper's three-packet estimate in bits/s: (size2 + size3) bytes over t3 - t1 nanoseconds. */
    public static double tripletRate(int size2, int size3, long t1Nanos, long t3Nanos) {
        long span = Math.max(1, t3Nanos - t1Nanos);
        return (size2 + size3) * 8e9 / span;
    }

    /** One packet of {@code bytes} arrived at {@code nanos}; true when it completed a triplet (a new estimate). */
    public boolean packet(long nanos, int bytes) {
        if (n > 0 && nanos > at[n - 1]) {
            pairCapacityBps = Math.max(pairCapacityBps, bytes * 8e9 / (nanos - at[n - 1]));
        }
        at[n] = nanos;
        size[n] = bytes;
        if (++n < 3) {
            return false;
        }
        n = 0;
        triplets++;
        double rate = tripletRate(size[1], size[2], at[0], at[2]);
        if (Double.isNaN(arrivalBps) || windowNanos == 0) {
            arrivalBps = rate;
        } else {
            double w = Math.exp(-(at[2] - at[0]) / windowNanos);
            arrivalBps = (1 - w) * rate + w * arrivalBps;
        }
        return true;
    }

    /** Link capacity in use: the configured one, else the fastest pair seen (0 before any pair). */
    public double capacityBps() {
        return configuredCapacityBps > 0 ? configuredCapacityBps : pairCapacityBps;
    }

    /** Averaged arrival rate over the link, bits/s (NaN before the first triplet). */
    public double arrivalBps() {
        return arrivalBps;
    }

    /** Capacity minus the averaged arrival rate, at least 0; NaN before the first triplet. */
    public double availableBps() {
        return Double.isNaN(arrivalBps) ? Double.NaN : Math.max(0, capacityBps() - arrivalBps);
    }

    public long triplets() {
        return triplets;
    }
}
