package org.aspen.rdp;

/**
 * The sender's congestion state, shared by the transport and its {@link CongestionControl} strategy.
 * The transport owns the sequence variables; the strategy owns cwnd, ssthresh and the phase.
 *
 * <pre>{@code
 * double old = s.cwnd();
 * s.setSsthresh(Math.max(s.cwnd() / 2, 2));
 * s.closeWindow(s.ssthresh(), CloseCause.ECN);   // records the close and its magnitude
 * }</pre>
 *
 * Sequence numbers are RDP's 32-bit values compared with wrap-around ({@link #seqLt}). Only the
 * connection's loop touches this object.
 */
public final class ConnectionState {
    private final ConnectionStats stats;
    private final RttEstimator rtt;
    private double cwnd;
    private double ssthresh;
    private int phase = SenderState.PHASE_SLOW_START;
    private int sndUna;
    private int sndNxt;
    private int peerMaxOutstanding = 1;
    private int recover;
    private int reducedUntil;
    private int dupAcks;
    private boolean cwrPending;
    private final double initialWindow;

    public ConnectionState(double initialWindow, double initialSsthresh, ConnectionStats stats, RttEstimator rtt) {
        this.initialWindow = initialWindow;
        this.cwnd = initialWindow;
        this.ssthresh = initialSsthresh;
        this.stats = stats;
        this.rtt = rtt;
    }

    /** True when {@code a} comes before {@code b} in sequence space. */
    public static boolean seqLt(int a, int b) {
        return a - b < 0;
    }

    public static boolean seqLe(int a, int b) {
        return a - b <= 0;
    }

    public double initialWindow() {
        return initialWindow;
    }

    public double cwnd() {
        return cwnd;
    }

    public void setCwnd(double cwnd) {
        this.cwnd = Math.max(1.0, cwnd);
    }

    public double ssthresh() {
        return ssthresh;
    }

    public void setSsthresh(double ssthresh) {
        this.ssthresh = Math.max(1.0, ssthresh);
    }

    /** {@link SenderState#PHASE_SLOW_START}, {@link SenderState#PHASE_AVOIDANCE} or {@link SenderState#PHASE_RECOVERY}. */
    public int phase() {
        return phase;
    }

    public void setPhase(int phase) {
        this.phase = phase;
    }

    /** Slow start or avoidance, whichever cwnd vs ssthresh says (for leaving recovery). */
    public void setGrowthPhase() {
        phase = cwnd < ssthresh ? SenderState.PHASE_SLOW_START : SenderState.PHASE_AVOIDANCE;
    }

    /**
     * Reduces cwnd to {@code newCwnd}, records a window close with its cause and magnitude, and asks the
     * transport to set CWR on the next new data segment.
     */
    public void closeWindow(double newCwnd, CloseCause cause) {
        double before = cwnd;
        setCwnd(newCwnd);
        cwrPending = true;
        reducedUntil = sndNxt;
        stats.windowClosed(cause, before, cwnd, ssthresh);
    }

    /** Oldest unacknowledged sequence number. */
    public int sndUna() {
        return sndUna;
    }

    void setSndUna(int v) {
        sndUna = v;
    }

    /** Next new sequence number to send. */
    public int sndNxt() {
        return sndNxt;
    }

    void setSndNxt(int v) {
        sndNxt = v;
    }

    /** Segments sent and not cumulatively acknowledged. */
    public int flight() {
        return sndNxt - sndUna;
    }

    public int peerMaxOutstanding() {
        return peerMaxOutstanding;
    }

    void setPeerMaxOutstanding(int v) {
        peerMaxOutstanding = v;
    }

    /** NewReno's recovery point: the highest sequence number sent when the last reduction began. */
    public int recover() {
        return recover;
    }

    public void setRecover(int recover) {
        this.recover = recover;
    }

    /**
     * The window reduced last ends before this sequence number: a further ECN echo or notification
     * is ignored until a segment at or above it is acknowledged (react at most once per window).
     */
    public int reducedUntil() {
        return reducedUntil;
    }

    /**
     * True when the first segment sent after the last reduction has been acknowledged (the window
     * that was in flight then is over), so a new reduction is allowed.
     */
    /** Where the sequence space starts: no reduction yet, so the first echo may reduce whatever the ISN. */
    void startAt(int iss) {
        reducedUntil = iss;
    }

    public boolean mayReduce() {
        return seqLt(reducedUntil, sndUna);
    }

    public int dupAcks() {
        return dupAcks;
    }

    public void setDupAcks(int n) {
        dupAcks = n;
    }

    public boolean cwrPending() {
        return cwrPending;
    }

    void clearCwr() {
        cwrPending = false;
    }

    public RttEstimator rtt() {
        return rtt;
    }

    public ConnectionStats stats() {
        return stats;
    }

    /** The state data segments carry for routers. */
    public SenderState senderState() {
        return new SenderState(cwnd, ssthresh, phase, rtt.srttNanos() / 1000);
    }
}
