package org.aspen.rdp;

/**
 * Retransmission timeout per RFC 6298: SRTT/RTTVAR smoothing, RTO = SRTT + max(G, min, 4 RTTVAR)
 * (the variance term floored at the minimum RTO, as Linux keeps it) at most max, doubled on each
 * timeout (backoff) until a new sample arrives. Callers apply Karn's
 * rule by sampling only segments that were sent once.
 *
 * <pre>{@code
 * RttEstimator r = new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L);
 * r.sample(rttNanos);
 * long timeout = r.rtoNanos();
 * }</pre>
 */
public final class RttEstimator {
    private static final long GRANULARITY = 1_000_000L;
    private final long minRto;
    private final long maxRto;
    private long srtt;
    private long rttvar;
    private long rto;
    private long baseRto;
    private long latest;
    private boolean hasSample;

    public RttEstimator(long initialRto, long minRto, long maxRto) {
        this.minRto = minRto;
        this.maxRto = maxRto;
        this.rto = initialRto;
        this.baseRto = initialRto;
    }

    public void sample(long rttNanos) {
        long r = Math.max(1, rttNanos);
        latest = r;
        if (!hasSample) {
            srtt = r;
            rttvar = r / 2;
            hasSample = true;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - r)) / 4;
            srtt = (7 * srtt + r) / 8;
        }
        // the variance term is at least the minimum RTO (as Linux keeps it), not only the sum: a path
        // whose RTT is steady would otherwise get an RTO a few ms above srtt, and a queue that grows by
        // more than that in one round trip (slow start, a burst) fires it spuriously
        baseRto = clamp(srtt + Math.max(Math.max(GRANULARITY, minRto), 4 * rttvar));
        rto = baseRto;
    }

    /**
     * Undoes the backoff when an ACK acknowledges new data, even without a valid sample (Karn):
     * otherwise heavy loss leaves every acknowledged segment a retransmission and the RTO stuck at
     * its maximum. Linux behaves alike; RFC 6298 keeps the backoff until a new sample. Before the
     * first sample the backoff stays: the initial RTO was only a guess.
     */
    public void clearBackoff() {
        if (hasSample) {
            rto = baseRto;
        }
    }

    /** Doubles the RTO after a timeout (RFC 6298 5.5). */
    public void backoff() {
        rto = clamp(rto * 2);
    }

    private long clamp(long v) {
        return Math.max(minRto, Math.min(maxRto, v));
    }

    public long rtoNanos() {
        return rto;
    }

    /** Smoothed RTT in ns (0 before the first sample). */
    public long srttNanos() {
        return srtt;
    }

    public long rttvarNanos() {
        return rttvar;
    }

    public long latestNanos() {
        return latest;
    }

    public boolean hasSample() {
        return hasSample;
    }
}
