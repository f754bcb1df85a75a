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
 * The last segment of each window asks routers to set a command (Table 1, messages 4/5); the ACK of
 * that segment carries the receiver's echo of it. Equation 9: 1 normal, Reno's rule; 2 freeze, the
 * window does not grow ({@code cwnd_last}, equation 10); 3 fallback, the window goes back once to the
 * last smaller window it had ({@code cwnd_last,x}, equation 11: the whole-packet levels the window
 * passed through are remembered, one level per fallback) and then does not grow. A command stays in
 * force until the next one ("after receiving command of 1, end node will be allowed to use its own TCP
 * implementation"). Commands are remembered ({@link AcnsTrend}); on a loss (three duplicate ACKs, or
 * the EACKs showing it) the trend command decides (equation 12): 1 retransmit and keep the window
 * (command 2 goes into the memory), 2 retransmit and fall back to the last smaller window (3 goes in),
 * 3 Reno's halving (3 goes in). In fast recovery, and on timeouts, ECN echoes and notifications,
 * Reno's rules apply unchanged (a timeout still records 3). {@link Reading} selects the other readings
 * of the paper the results doc runs as sensitivity.
 */
public final class AcnsReno implements CongestionControl, AcnsSender {
    private static final int MAX_LEVELS = 256;
    private final Reno reno = new Reno();
    private final AcnsTrend trend;
    private final Reading reading;
    /** Whole-packet window levels passed through, strictly increasing, the current one last. */
    private final ArrayDeque<Integer> levels = new ArrayDeque<>();
    /** The command echoed on the ACK being processed (0: none). */
    private int arrived;
    /** The command in force: the last one received (1 before any). */
    private int held = 1;
    private boolean windowStarted;
    /** The sequence number of the current window's last segment, the one that asks for a command. */
    private int windowEnd;
    private long requests;
    private final long[] received = new long[4];
    private final long[] trends = new long[4];

    /**
     * Which reading of the paper the sender follows (docs/results-acns.md, "Readings").
     *
     * @param requestEverySegment every new data segment asks routers for a command, not only the last
     *                            of each window (Table 1 read as optional)
     * @param commandOnItsAckOnly a command acts on the ACK that carries it only, and ACKs without one
     *                            follow Reno, instead of staying in force until the next command
     */
    public record Reading(boolean requestEverySegment, boolean commandOnItsAckOnly) {
        /** The text's reading: once per window, in force until the next command. */
        public static final Reading PAPER = new Reading(false, false);
    }

    public AcnsReno(AcnsTrend.Params params, Reading reading) {
        this.trend = new AcnsTrend(params);
        this.reading = reading;
    }

    public AcnsReno(AcnsTrend.Params params) {
        this(params, Reading.PAPER);
    }

    /** Table 4's parameters, the text's reading. */
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
    @Override
    public long received(int omega) {
        return received[omega];
    }

    /** Losses handled with trend command {@code omega} (1 freeze, 2 fallback, 3 decrease). */
    @Override
    public long trends(int omega) {
        return trends[omega];
    }

    /** Data segments that asked routers for a command. */
    @Override
    public long requests() {
        return requests;
    }

    /** The command in force (1 normal, 2 freeze, 3 fallback). */
    @Override
    public int command() {
        return held;
    }

    /** The command memory P (read-only use, please). */
    public AcnsTrend trend() {
        return trend;
    }

    /** Table 1: the last segment of each window of {@code floor(cwnd)} segments asks routers for a command. */
    @Override
    public boolean acnsRequest(ConnectionState s, int seq) {
        int w = Math.max(1, window(s));
        if (!windowStarted || ConnectionState.seqLt(seq + w - 1, windowEnd)) {
            windowEnd = seq + w - 1;   // the first window, or the window came down: it ends w segments on
            windowStarted = true;
        }
        boolean last = reading.requestEverySegment() || !ConnectionState.seqLt(seq, windowEnd);
        if (last) {
            windowEnd = seq + w;   // the next window: the following w segments
            requests++;
        }
        return last;
    }

    @Override
    public void onAcnsCommand(ConnectionState s, int omega) {
        int w = Math.max(1, Math.min(3, omega));
        arrived = w;
        held = w;
        received[w]++;
        trend.record(w);   // P[1] = the newest command (equation 8)
    }

    @Override
    public boolean onAck(ConnectionState s, AckEvent e) {
        int cmd = arrived;
        arrived = 0;
        noteLevel(s);   // the level the window had before this ACK (the initial window on the first)
        double before = s.cwnd();
        boolean retransmit = reno.onAck(s, e);   // (9) omega = 1: cwnd_TCP_variant
        int act = reading.commandOnItsAckOnly() ? cmd : held;
        if (s.phase() != SenderState.PHASE_RECOVERY && act > 1) {
            if (cmd == 3) {
                fallBack(s, before);                       // (9) omega = 3: cwnd_last,x (11), once per command
            } else {
                s.setCwnd(Math.min(s.cwnd(), before));   // (9) omega = 2: cwnd_last = W(t-1) (10); also after a fallback
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
        arrived = 0;
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
        int t = trend.trendCommand();   // (6)-(8), thresholds th_L1, th_L2
        trends[t]++;
        trend.record(t == 1 ? 2 : 3);   // section 2.3: trend 1 puts 2 in P, trends 2 and 3 put 3
        if (t == 3) {
            boolean r = reno.onLossDetected(s, e);   // (12) trend 3: cwnd_TCP_variant
            noteLevel(s);
            return r;
        }
        double before = s.cwnd();
        double target = t == 1 ? before : lastSmaller(before);   // (12) trend 1: cwnd_last; trend 2: cwnd_last,x
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
        arrived = 0;
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

    @Override
    public boolean timerFollowsRetransmissions(ConnectionState s) {
        return reno.timerFollowsRetransmissions(s);
    }
}
