package org.aspen.vnet.qdisc;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * PURPLE's round-trip time estimator: short-lived exact-match filters from a CE mark this router
 * applied to the same flow's next CWR-flagged packet, and a trimmed mean over the last samples.
 *
 * <pre>{@code
 * RttFilters f = new RttFilters(8, 32, 0.10, 2_000_000_000L);
 * f.marked(flowKey, now);                 // router k set CE on a packet of this flow
 * f.cwr(flowKey, now + 80_000_000L);      // that flow's next CWR: one sample of 80 ms
 * double rttNs = f.estimate();            // NaN until the first sample
 * }</pre>
 *
 * At most {@code maxFilters} filters are armed at once and at most one per flow (a later mark of a
 * flow that already has one adds nothing: the first mark is the one its CWR answers). A filter older
 * than {@code expiryNanos} is removed unfired ({@link #expire}): its CWR was lost, or the sender had
 * already reduced its window in that round trip and ignored the echo. The estimate is the mean of the
 * last {@code samples} samples after discarding {@code floor(trim * n)} of the lowest and as many of
 * the highest.
 */
public final class RttFilters {
    private final int maxFilters;
    private final double trim;
    private final long expiryNanos;
    private final Map<FlowKey, Long> armed = new HashMap<>();
    private final long[] samples;
    private int count;
    private int next;
    private long fired;
    private long expired;

    /** The fields an exact-match filter compares: addresses, protocol and (RDP) ports. */
    public record FlowKey(int source, int destination, int protocol, int sourcePort, int destinationPort) {
    }

    public RttFilters(int maxFilters, int samples, double trim, long expiryNanos) {
        if (maxFilters < 1 || samples < 1) {
            throw new IllegalArgumentException("rtt_filters and rtt_samples must be at least 1, got " + maxFilters + " and " + samples);
        }
        if (!(trim >= 0 && trim < 0.5)) {
            throw new IllegalArgumentException("rtt_trim must be in [0, 0.5), got " + trim);
        }
        if (expiryNanos <= 0) {
            throw new IllegalArgumentException("rtt_max must be positive, got " + expiryNanos + " ns");
        }
        this.maxFilters = maxFilters;
        this.trim = trim;
        this.expiryNanos = expiryNanos;
        this.samples = new long[samples];
    }

    /** This router marked a packet of {@code flow} at {@code now}: arm a filter if there is room. */
    public void marked(FlowKey flow, long now) {
        if (armed.size() < maxFilters) {
            armed.putIfAbsent(flow, now);
        }
    }

    /** A CWR-flagged packet of {@code flow} passed at {@code now}: fires the flow's filter, if any. */
    public void cwr(FlowKey flow, long now) {
        Long since = armed.remove(flow);
        if (since != null) {
            samples[next] = now - since;
            next = (next + 1) % samples.length;
            count = Math.min(count + 1, samples.length);
            fired++;
        }
    }

    /** Removes filters armed more than the expiry ago. */
    public void expire(long now) {
        for (Iterator<Long> it = armed.values().iterator(); it.hasNext(); ) {
            if (now - it.next() > expiryNanos) {
                it.remove();
                expired++;
            }
        }
    }

    /** Trimmed mean of the kept samples in nanoseconds, or NaN when there is none. */
    public double estimate() {
        return trimmedMean(Arrays.copyOf(samples, count), trim);
    }

    /** The mean of {@code xs} without the {@code floor(trim * n)} lowest and as many highest values. */
    static double trimmedMean(long[] xs, double trim) {
        if (xs.length == 0) {
            return Double.NaN;
        }
        long[] s = xs.clone();
        Arrays.sort(s);
        int cut = (int) Math.floor(trim * s.length);
        double sum = 0;
        for (int i = cut; i < s.length - cut; i++) {
            sum += s[i];
        }
        return sum / (s.length - 2 * cut);
    }

    public int armed() {
        return armed.size();
    }

    public int samples() {
        return count;
    }

    public long fired() {
        return fired;
    }

    public long expired() {
        return expired;
    }
}
