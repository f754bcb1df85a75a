package org.aspen.rdp;

import java.util.ArrayDeque;

/**
 * Reno steered by ACNS commands (Hruby, Olsovsky, Kotocova; see {@code docs/acns.md}).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(AcnsReno::new);   // both ends: negotiated at SYN
 * conn.setPriority(46);                                                      // the flow's priority for routers
 * }</pre>
 *
 * Offering ACNS is this strategy's choice ({@link #acns()}), so a connection offers it exactly when it
 * runs AcnsReno; when the peer does not offer it too, no command arrives and this is plain {@link Reno}.
 * Each ACK carries the receiver's echo of the router command on the data it acknowledges
 * (equation 9): 1 normal, Reno as usual; 2 freeze, the window stays where it was before the ACK
 * ({@code cwnd_last}); 3 fallback, the window goes back to the last smaller window it had
 * ({@code cwnd_last,x}: the whole-packet levels the window passed through are remembered, and each
 * fallback steps one level down). Commands are remembered ({@link AcnsTrend}); on a loss (three
 * duplicate ACKs, or the EACKs showing it) the trend command decides (equation 12): 1 retransmit and
 * keep the window (command 2 goes into the memory), 2 retransmit and fall back to the last smaller
 * window (3 goes in), 3 Reno's halving (3 goes in). In fast recovery, and on timeouts, ECN echoes and
 * notifications, Reno's rules apply unchanged (a timeout still records 3).
 */
public final class AcnsReno implements CongestionControl {
    private static final int MAX_LEVELS = 256;
    private final Reno reno = new Reno();
    private final AcnsTrend trend;
    /** Whole-packet window levels passed through, strictly increasing, the current one last. */
    private final ArrayDeque<Integer> levels = new ArrayDeque<>();
    private int pending = 1;
    private final long[] received = new long[4];
    private final long[] trends = new long[4];

    public AcnsReno(AcnsTrend.Params params) {
        this.trend = new AcnsTrend(params);
    }

    /** Table 4's parameters. */
    public AcnsReno() {
        this(AcnsTrend.Params.DEFAULTS);
    }

    @Override
    public String name() {
        return "acns-reno";
    }

    @Override
    public boolean acns() {
        return true;
    }

    /** Echoed commands received: {@code omega} 1 normal, 2 freeze, 3 fallback. */
    public long received(int omega) {
        return received[omega];
    }

    /** Losses handled with trend command {@code omega} (1 freeze, 2 fallback, 3 decrease). */
    public long trends(int omega) {
        return trends[omega];
    }

    /** The command memory P (read-only use, please). */
    public AcnsTrend trend() {
        return trend;
    }

    @Override
    public void onAcnsCommand(ConnectionState s, int omega) {
        int w = Math.max(1, Math.min(3, omega));
        pending = w;
        received[w]++;
        trend.record(w);
    }

    @Override
    public boolean onAck(ConnectionState s, AckEvent e) {
        int cmd = pending;
        pending = 1;
        noteLevel(s);   // the level the window had before this ACK (the initial window on the first)
        double before = s.cwnd();
        boolean retransmit = reno.onAck(s, e);
        if (s.phase() != SenderState.PHASE_RECOVERY && cmd > 1) {
            if (cmd == 2) {
                s.setCwnd(Math.min(s.cwnd(), before));   // freeze: cwnd_last
            } else {
                fallBack(s, before);
            }
            s.setGrowthPhase();
        }
        noteLevel(s);
        return retransmit;
    }

    /** Back to the last smaller window level; nothing when none is known. */
    private void fallBack(ConnectionState s, double from) {
        double target = lastSmaller(from);
        if (target < from) {
            s.setSsthresh(Math.max(Math.min(s.ssthresh(), target), 2));
            s.closeWindow(target, CloseCause.ACNS);
        } else {
            s.setCwnd(Math.min(s.cwnd(), from));
        }
    }

    private double lastSmaller(double cwnd) {
        int level = (int) Math.floor(cwnd + 1e-9);
        while (!levels.isEmpty() && levels.peekLast() >= level) {
            levels.pollLast();
        }
        return levels.isEmpty() ? cwnd : levels.peekLast();
    }

    private void noteLevel(ConnectionState s) {
        int level = (int) Math.floor(s.cwnd() + 1e-9);
        while (!levels.isEmpty() && levels.peekLast() > level) {
            levels.pollLast();   // the window came down (a reduction): forget the levels above it
        }
        if (levels.isEmpty() || levels.peekLast() < level) {
            levels.addLast(level);
            if (levels.size() > MAX_LEVELS) {
                levels.pollFirst();
            }
        }
    }

    @Override
    public boolean onDuplicateAck(ConnectionState s, AckEvent e) {
        pending = 1;
        if (s.phase() == SenderState.PHASE_RECOVERY) {
            return reno.onDuplicateAck(s, e);
        }
        s.setDupAcks(s.dupAcks() + 1);
        return s.dupAcks() == Reno.DUP_ACK_THRESHOLD && loss(s, e);
    }

    @Override
    public boolean onLossDetected(ConnectionState s, AckEvent e) {
        return s.phase() != SenderState.PHASE_RECOVERY && loss(s, e);
    }

    /** Equation 12: the trend command decides how a loss changes the window; the segment is resent in every case. */
    private boolean loss(ConnectionState s, AckEvent e) {
        if (ConnectionState.seqLt(e.ack(), s.recover())) {
            return false;   // RFC 6582: duplicates of data sent before the last reduction
        }
        int t = trend.trendCommand();
        trends[t]++;
        trend.record(t == 1 ? 2 : 3);
        if (t == 3) {
            boolean r = reno.onLossDetected(s, e);
            noteLevel(s);
            return r;
        }
        double before = s.cwnd();
        double target = t == 1 ? before : lastSmaller(before);
        s.setSsthresh(Math.max(target, 2));
        s.setRecover(s.sndNxt() - 1);
        if (target < before) {
            s.closeWindow(target, CloseCause.ACNS);
        }
        // fast recovery as Reno's (inflation per duplicate, deflation to ssthresh at the end), around the kept window
        s.setCwnd(s.ssthresh() + Reno.DUP_ACK_THRESHOLD);
        s.setPhase(SenderState.PHASE_RECOVERY);
        return true;
    }

    @Override
    public void onTimeout(ConnectionState s) {
        pending = 1;
        trend.record(3);
        reno.onTimeout(s);
        noteLevel(s);
    }

    @Override
    public void onEcnEcho(ConnectionState s) {
        reno.onEcnEcho(s);
        noteLevel(s);
    }

    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
        reno.onNotification(s, n);
        noteLevel(s);
    }
}
