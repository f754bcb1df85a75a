package org.aspen.acc.abcd;

/**
 * What the ABCD monitor remembers of one RDP data flow: its packet spacing from its own triplets
 * (T of equation 4.2), its normal segment size, and the advice last sent to it.
 *
 * <pre>{@code
 * FlowTrack f = new FlowTrack();
 * if (f.packet(now, dataLength)) spacing = f.spacingNanos();   // a triplet of this flow completed
 * }</pre>
 */
final class FlowTrack {
    private final long[] at = new long[3];
    private int n;
    private long spacingNanos;
    /** Largest data length seen: the size the sender uses when not advised. */
    int normalSize;
    double paceRate = Double.NaN;
    int advisedSize;
    long lastAdviceAt = Long.MIN_VALUE;
    boolean advised;
    long lastSeen;
    /** The flow's arrival rate in bytes on the wire (the fair-rate reading only; null otherwise). */
    ArrivalRate wire;

    /** Records a data segment; true when it completed a triplet of this flow (spacing updated). */
    boolean packet(long nanos, int dataLength) {
        normalSize = Math.max(normalSize, dataLength);
        lastSeen = nanos;
        at[n] = nanos;
        if (++n < 3) {
            return false;
        }
        n = 0;
        spacingNanos = (at[2] - at[0]) / 2;
        return true;
    }

    /** Mean spacing of the flow's packets over its last triplet, (t3 - t1) / 2; 0 before one. */
    long spacingNanos() {
        return spacingNanos;
    }
}
