package org.aspen.rdp;

/**
 * Reno congestion control with the window counted in packets, NewReno fast recovery (RFC 6582) and
 * ECN reaction (RFC 3168), as ACC's RDP used it.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(Reno::new);
 * }</pre>
 *
 * Slow start adds one packet per newly acknowledged packet (RFC 3465 byte counting, without a per-ACK limit);
 * congestion avoidance adds 1/cwnd per acknowledged segment (per ACK, as RDP acknowledges each segment),
 * and the transport only sends when a whole packet fits.
 * Three duplicate ACKs halve (of the smaller of cwnd and the flight, at least 2) and enter fast recovery
 * unless the ACK is below the recovery point; partial ACKs deflate and retransmit the next hole; a full
 * ACK deflates to ssthresh. A timeout sets cwnd to 1 and slow-starts. An ECN echo reduces at most once
 * per window. A notification sets cwnd and ssthresh and holds them (recovery without inflation) until
 * the window that was in flight is acknowledged; after a window-only notification (which resends nothing)
 * the third duplicate ACK in that recovery retransmits the hole, without a second reduction.
 */
public final class Reno implements CongestionControl {
    static final int DUP_ACK_THRESHOLD = 3;
    /** The current recovery was entered by a notification: no inflation, no deflation, no growth until it ends. */
    private boolean notifiedRecovery;
    /**
     * That notification was window-only: it named nothing for a resend, so the dropped segment is the
     * sender's own to find, and three duplicate ACKs in the notified recovery retransmit it.
     */
    private boolean notifiedWindowOnly;

    @Override
    public String name() {
        return "reno";
    }

    @Override
    public boolean onAck(ConnectionState s, AckEvent e) {
        s.setDupAcks(0);
        if (s.phase() == SenderState.PHASE_RECOVERY) {
            boolean full = ConnectionState.seqLe(s.recover(), e.ack());
            if (notifiedRecovery) {
                // the transport resends what the filter deletes; the window stays as notified
                if (full) {
                    notifiedRecovery = false;
                    s.setGrowthPhase();
                }
                return false;
            }
            if (full) {
                s.setCwnd(Math.min(s.ssthresh(), s.flight() + 1.0));
                s.setGrowthPhase();
                return false;
            }
            // partial ACK: deflate by what was acknowledged, add back one for the retransmission
            s.setCwnd(s.cwnd() - e.newlyAcked() + 1);
            return true;
        }
        if (s.cwnd() < s.ssthresh()) {
            // one packet per acknowledged packet (byte counting without a per-ACK limit, as Linux does),
            // so coalesced ACKs do not slow slow start down
            s.setCwnd(Math.min(s.cwnd() + e.newlyAcked(), Math.max(s.ssthresh(), s.cwnd())));
        } else {
            // 1/cwnd per acknowledged segment: the same as per ACK when every segment gets its own
            // ACK (the simulation), and not slower when one ACK covers a burst (the real runtime)
            s.setCwnd(s.cwnd() + e.newlyAcked() / s.cwnd());
        }
        s.setGrowthPhase();
        return false;
    }

    @Override
    public boolean onDuplicateAck(ConnectionState s, AckEvent e) {
        if (s.phase() == SenderState.PHASE_RECOVERY) {
            if (notifiedRecovery && notifiedWindowOnly) {
                // window-only (ACC's notify=window-only): the notification cut the window but resent
                // nothing, so the third duplicate ACK is the sender's own fast retransmit of the hole, with
                // no second reduction (ns-2's Reno after a reduction for the same window, tcp-reno.cc:183-197);
                // the transport resends the hole only if it was sent once (Transmitter.ack)
                s.setDupAcks(s.dupAcks() + 1);
                return s.dupAcks() == DUP_ACK_THRESHOLD;
            }
            if (!notifiedRecovery) {
                s.setCwnd(s.cwnd() + 1);
            }
            return false;
        }
        s.setDupAcks(s.dupAcks() + 1);
        return s.dupAcks() == DUP_ACK_THRESHOLD && enterRecovery(s, e);
    }

    @Override
    public boolean onLossDetected(ConnectionState s, AckEvent e) {
        return s.phase() != SenderState.PHASE_RECOVERY && enterRecovery(s, e);
    }

    private boolean enterRecovery(ConnectionState s, AckEvent e) {
        // RFC 6582: no new recovery for duplicates of data sent before the last reduction
        if (ConnectionState.seqLt(e.ack(), s.recover())) {
            return false;
        }
        s.setSsthresh(Math.max(Math.min(s.cwnd(), s.flight()) / 2, 2));
        s.setRecover(s.sndNxt() - 1);
        s.closeWindow(s.ssthresh(), CloseCause.FAST_RETRANSMIT);
        s.setCwnd(s.ssthresh() + DUP_ACK_THRESHOLD);
        s.setPhase(SenderState.PHASE_RECOVERY);
        return true;
    }

    /**
     * In the recovery of a window-only notification the hole is resent by the sender's own rules (the
     * third duplicate ACK, the partial-ACK and time rules), possibly long after the last new ACK started
     * the timer (the window held while ACC's filter deleted what followed the hole): each resend restarts
     * it, as ns-2's Reno does on its retransmit after a reduction (tcp-reno.cc:193).
     */
    @Override
    public boolean timerFollowsRetransmissions(ConnectionState s) {
        return notifiedRecovery && notifiedWindowOnly;
    }

    @Override
    public void onTimeout(ConnectionState s) {
        notifiedRecovery = false;
        s.setSsthresh(Math.max(Math.min(s.cwnd(), s.flight()) / 2, 2));
        s.setRecover(s.sndNxt() - 1);
        s.setDupAcks(0);
        s.closeWindow(1, CloseCause.TIMEOUT);
        s.setPhase(SenderState.PHASE_SLOW_START);
    }

    @Override
    public void onEcnEcho(ConnectionState s) {
        if (s.phase() == SenderState.PHASE_RECOVERY || !s.mayReduce()) {
            return;
        }
        s.setSsthresh(Math.max(s.cwnd() / 2, 2));
        s.closeWindow(s.ssthresh(), CloseCause.ECN);
        s.setGrowthPhase();
    }

    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
        if (s.cwnd() <= n.cwnd() || s.phase() == SenderState.PHASE_RECOVERY) {
            // the sender already reduced on its own (a timeout, or fast recovery that came first): the
            // notification must never raise the window, nor cut an (inflated) fast-recovery window again
            // for a drop of the window that recovery is already repairing (packets sent in recovery say
            // so, and monitors leave their drops alone); the named segments are still resent by the caller
            return;
        }
        s.setSsthresh(n.ssthresh());
        s.setRecover(s.sndNxt() - 1);
        if (!n.windowOnly()) {
            s.setDupAcks(0);   // window-only: duplicates of the hole already counted still count toward its fast retransmit
        }
        s.closeWindow(n.cwnd(), CloseCause.NOTIFICATION);
        // like fast recovery until the window in flight is acknowledged, so ACKs for segments sent
        // before the notification neither grow the window nor start another reduction
        s.setPhase(SenderState.PHASE_RECOVERY);
        notifiedRecovery = true;
        notifiedWindowOnly = n.windowOnly();
    }
}
