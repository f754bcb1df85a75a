package org.aspen.rdp;

/**
 * Reno with AntiECN's congestion-avoidance increase (Kunniyur, ICC 2003): when an ACK echoes the
 * AECN bit, {@code W <- W + Delta/W}; otherwise, and for everything else (slow start, loss, fast
 * recovery, ECN halving, timeouts, notifications), plain {@link Reno}.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withAntiEcn(AntiEcnReno.Delta.WINDOW);   // the paper's Delta = W
 * RdpOptions c = RdpOptions.defaults().withAecn(true).withCongestionControl(() -> new AntiEcnReno(Delta.constant(4)));
 * }</pre>
 *
 * The paper's rule is per acknowledged packet; RDP acknowledges each segment, and an ACK that covers
 * {@code n} segments adds {@code n Delta / W} (as {@link Reno} does with {@code 1/W}). With
 * {@code Delta = W} an echoed ACK adds one packet per acknowledged packet: slow start's growth,
 * applied per packet while every router on the path has an empty virtual queue. Without AntiECN
 * negotiated on the connection no ACK carries the echo, so this strategy is exactly Reno.
 */
public final class AntiEcnReno implements CongestionControl {
    /** The increase numerator Delta as a function of the current window W (packets). */
    @FunctionalInterface
    public interface Delta {
        /** The paper's choice: Delta = W, so an echoed ACK adds one packet. */
        Delta WINDOW = w -> w;

        double of(double cwnd);

        /** A fixed Delta (1 is Reno's own increase). */
        static Delta constant(double delta) {
            if (!(delta > 0)) {
                throw new IllegalArgumentException("delta must be positive, got " + delta);
            }
            return w -> delta;
        }
    }

    private final Reno reno = new Reno();
    private final Delta delta;
    private long aggressiveAcks;

    public AntiEcnReno(Delta delta) {
        this.delta = delta;
    }

    /** The paper's Delta = W. */
    public AntiEcnReno() {
        this(Delta.WINDOW);
    }

    @Override
    public String name() {
        return "aecn-reno";
    }

    /** ACKs on which the AntiECN increase was applied (instead of Reno's 1/W). */
    public long aggressiveAcks() {
        return aggressiveAcks;
    }

    @Override
    public boolean onAck(ConnectionState s, AckEvent e) {
        if (!e.aecnEcho() || s.phase() == SenderState.PHASE_RECOVERY || s.cwnd() < s.ssthresh()) {
            return reno.onAck(s, e);
        }
        s.setDupAcks(0);
        double w = s.cwnd();
        s.setCwnd(w + e.newlyAcked() * delta.of(w) / w);      // Section II.A: W <- W + Delta / W per echoed packet
        s.setGrowthPhase();
        aggressiveAcks++;
        return false;
    }

    @Override
    public boolean onDuplicateAck(ConnectionState s, AckEvent e) {
        return reno.onDuplicateAck(s, e);
    }

    @Override
    public boolean onLossDetected(ConnectionState s, AckEvent e) {
        return reno.onLossDetected(s, e);
    }

    @Override
    public void onTimeout(ConnectionState s) {
        reno.onTimeout(s);
    }

    @Override
    public void onEcnEcho(ConnectionState s) {
        reno.onEcnEcho(s);
    }

    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
        reno.onNotification(s, n);
    }

    @Override
    public boolean timerFollowsRetransmissions(ConnectionState s) {
        return reno.timerFollowsRetransmissions(s);
    }
}
