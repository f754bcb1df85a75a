package org.aspen.rdp.ns2;

import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.AcnsSender;
import org.aspen.rdp.AcnsTrend;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.ConnectionState;
import org.aspen.rdp.WindowNotification;

/**
 * ACNS's sender (Hruby, Olsovsky, Kotocova; docs/acns.md) built on ns-2.35's Agent/TCP/Reno the way
 * the paper extended ns-2's TCP agent: {@link AcnsReno}'s rules, with ns-2's {@code cwnd_} as the
 * window they act on and everything else {@link Ns2Reno}'s.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(
 *         () -> new Ns2AcnsReno(Ns2Params.defaults(), AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER));
 * }</pre>
 *
 * <ul>
 * <li>Asking for commands and remembering them (Table 1, equations 6-8) are AcnsReno's own code: the
 *     last segment of each window of {@code floor(cwnd_)} new segments asks; every echoed command goes
 *     into P.</li>
 * <li>Equation 9, on every new ACK (where ns-2's opencwnd runs, after Reno's recovery ended): command 1
 *     is Reno's opencwnd; 2 (freeze) skips it; 3 (fallback) sets {@code cwnd_} once to the last smaller
 *     whole-packet level it passed through, {@code ssthresh_} with it, then holds. In force until the
 *     next command, or on its own ACK only under {@link AcnsReno.Reading#commandOnItsAckOnly()}.</li>
 * <li>Equation 12, where ns-2's Reno would fast-retransmit (reno_action, tcp-reno.cc:208-217): trend 3
 *     is Reno's halving; trend 1 keeps {@code cwnd_}, trend 2 falls back one level; the segment is
 *     resent in all three.</li>
 * </ul>
 *
 * Which segments are resent, and when, is Ns2Reno's alone (issue #28 item 5): the same duplicate-ACK
 * threshold, one fast retransmit per window of data (bugFix_), the recovery ending on the first new
 * ACK, the timer and go-back-N after a timeout. A timeout records 3 in P, as AcnsReno's does.
 */
public final class Ns2AcnsReno extends Ns2Reno implements AcnsSender {
    /** The requests and the command memory: AcnsReno's code, its window rules unused. */
    private final AcnsReno commands;
    private final AcnsReno.Reading reading;
    /** Whole-packet levels of cwnd_ passed through (equation 11). */
    private final AcnsLevels levels = new AcnsLevels();
    /** The command echoed on the ACK being handled (0: none). */
    private int arrived;
    private final long[] trends = new long[4];

    public Ns2AcnsReno(Ns2Params p, AcnsTrend.Params params, AcnsReno.Reading reading) {
        super(p);
        this.commands = new AcnsReno(params, reading);
        this.reading = reading;
    }

    /** Table 4's parameters, the text's reading. */
    public Ns2AcnsReno(Ns2Params p) {
        this(p, AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER);
    }

    @Override
    public String name() {
        return "ns2-acns-reno";
    }

    @Override
    public boolean acns() {
        return true;
    }

    @Override
    public long received(int omega) {
        return commands.received(omega);
    }

    @Override
    public long trends(int omega) {
        return trends[omega];
    }

    @Override
    public long requests() {
        return commands.requests();
    }

    @Override
    public int command() {
        return commands.command();
    }

    /** The command memory P (read-only use, please). */
    public AcnsTrend trend() {
        return commands.trend();
    }

    /** Table 1: the last segment of each window of {@code floor(cwnd_)} new segments asks (AcnsReno's rule). */
    @Override
    public boolean acnsRequest(ConnectionState s, int seq) {
        return commands.acnsRequest(s, seq);
    }

    @Override
    public void onAcnsCommand(ConnectionState s, int omega) {
        arrived = Math.max(1, Math.min(3, omega));
        commands.onAcnsCommand(s, omega);   // P[1] = the newest command (equation 8); in force from now
    }

    @Override
    public void recv(int ack, boolean ece, boolean isNew) {
        noteLevel();   // the level before this ACK (the initial window on the first)
        super.recv(ack, ece, isNew);
        arrived = 0;
        noteLevel();
    }

    /** Equation 9 where opencwnd would grow the window (tcp.cc:1119-1238). */
    @Override
    protected void opencwnd() {
        int act = reading.commandOnItsAckOnly() ? arrived : commands.command();
        if (act <= 1) {
            super.opencwnd();                               // (9) omega = 1: cwnd_TCP_variant
            return;
        }
        if (arrived == 3) {
            double target = lastSmaller(cwnd);              // (9) omega = 3: cwnd_last,x (11), once per command
            if (target < cwnd) {
                closeWindow(target, Math.min(ssthresh, (int) target), CloseCause.ACNS);
            }
        }
        // (9) omega = 2, and after a fallback: cwnd_last = W(t-1) (10), no growth
    }

    /** Equation 12 where ns-2's Reno fast-retransmits (reno_action, tcp-reno.cc:208-217). */
    @Override
    protected void renoAction() {
        int t = commands.trend().trendCommand();            // (6)-(8), thresholds th_L1, th_L2
        trends[t]++;
        commands.trend().record(t == 1 ? 2 : 3);            // section 2.3: trend 1 puts 2 in P, trends 2 and 3 put 3
        if (t == 3) {
            super.renoAction();                             // (12) trend 3: cwnd_TCP_variant
            return;
        }
        recover = maxseq;                                   // tcp-reno.cc:210-211, as reno_action
        lastCwndAction = CWND_ACTION_DUPACK;
        double target = t == 1 ? cwnd : lastSmaller(cwnd);  // (12) trend 1: cwnd_last; trend 2: cwnd_last,x
        if (target < cwnd) {
            closeWindow(target, (int) target, CloseCause.ACNS);
        } else {
            ssthresh = Math.max(2, (int) target);
            cs.setSsthresh(ssthresh);
        }
        fastRetransmit();                                   // tcp-reno.cc:214-216: resent as Reno resends it
    }

    @Override
    public void timeout() {
        if (highestAck != maxseq) {
            commands.trend().record(3);                     // a timeout puts 3 in P, as AcnsReno's
        }
        arrived = 0;
        super.timeout();
        noteLevel();
    }

    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
        super.onNotification(s, n);
        noteLevel();
    }

    private double lastSmaller(double w) {
        int below = levels.lastBelow((int) Math.floor(w + 1e-9));
        return below < 0 ? w : below;
    }

    private void noteLevel() {
        levels.note((int) Math.floor(cwnd + 1e-9));
    }
}
