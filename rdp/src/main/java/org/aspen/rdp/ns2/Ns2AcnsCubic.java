package org.aspen.rdp.ns2;

import java.util.Arrays;
import java.util.Locale;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.AcnsSender;
import org.aspen.rdp.AcnsTrend;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.ConnectionState;

/**
 * ACNS's sender (Hruby, Olsovsky, Kotocova; docs/acns.md) on ns-2.35's Linux CUBIC
 * ({@link Ns2LinuxCubic}), as {@code preregistration/acns-cubic.yaml} reads equations 9 and 12 on
 * CUBIC; the requests and the command memory P are {@link AcnsReno}'s code, as in {@link Ns2AcnsReno}.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(
 *         () -> new Ns2AcnsCubic(Ns2Params.linuxDefaults(), AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER));
 * }</pre>
 *
 * <ol>
 * <li>Command 1 (equation 9): CUBIC's own growth on that ACK, slow start below ssthresh and
 *     tcp_cubic's congestion avoidance above, exactly as without ACNS.</li>
 * <li>Freeze (2) and fallback (3) act on the window only: on their ACKs CUBIC's congestion avoidance
 *     does not run, and CUBIC's state (epoch start, W_max, K, its TCP-friendly estimate) is left as
 *     CUBIC keeps it, so its clock runs on through a freeze.</li>
 * <li>Fallback sets {@code snd_cwnd} once per command to the last smaller whole-packet level it passed
 *     through, {@code snd_ssthresh} no higher than it, then holds.</li>
 * <li>Equation 12 where Linux TCP enters Recovery (tcp_fastretrans_alert): trend 3 is CUBIC's ssthresh
 *     (beta and fast convergence); trend 1 keeps the window (ssthresh = cwnd); trend 2 falls back one
 *     level. In all three the segments are resent as Linux TCP's recovery resends them; CUBIC's
 *     ssthresh code runs only under trend 3. A timeout records 3 in P and is Linux TCP's own.</li>
 * <li>acns.yaml's readings (p_max, age, once per window, in force until the next command) are the
 *     routers' and AcnsReno's, unchanged.</li>
 * </ol>
 *
 * Two sensitivity readings, registered after the primary was seen, are opt-in ({@link CubicReading}):
 * {@code eq9-every-ack} (preregistration/acns-cubic-eq9-every-ack.yaml) lets a fallback act on every
 * ACK handled, in Recovery too; {@code epoch-restart} (acns-cubic-epoch-restart.yaml) restarts CUBIC's
 * epoch on the first ACK under command 1 after ACKs under a freeze or fallback.
 *
 * <pre>{@code
 * new Ns2AcnsCubic(Ns2Params.linuxDefaults(), AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER,
 *         Ns2AcnsCubic.CubicReading.EQ9_EVERY_ACK);
 * }</pre>
 */
public final class Ns2AcnsCubic extends Ns2LinuxCubic implements AcnsSender {
    private final AcnsReno commands;
    private final AcnsReno.Reading reading;
    /** Whole-packet levels of snd_cwnd passed through (equation 11). */
    private final AcnsLevels levels = new AcnsLevels();
    /** The command echoed on the ACK being handled (0: none). */
    private int arrived;
    private final long[] trends = new long[4];
    private final CubicReading cubicReading;
    /** Whether the ACK being handled went through {@link #congAvoid} or {@link #fastretransAlert} already. */
    private boolean handled;
    /** Whether equation 9 already acted on the ACK being handled (congAvoid ran). */
    private boolean grew;
    /** Whether an ACK was handled under command 2 or 3 since the last one under command 1 (epoch-restart). */
    private boolean held;

    /**
     * Where equation 9 acts on CUBIC, and what a freeze or fallback leaves of CUBIC's epoch: the primary
     * (acns-cubic.yaml) and two sensitivities registered after it was seen.
     */
    public enum CubicReading {
        /** acns-cubic.yaml: equation 9 where CUBIC would grow the window; CUBIC's clock runs on. */
        PRIMARY,
        /**
         * acns-cubic-eq9-every-ack.yaml, reading (b): equation 9 on every ACK handled, in every Linux TCP
         * state; a fallback lowers snd_cwnd (and ssthresh with it) once per command in Recovery and on
         * duplicate ACKs too; freeze and command 1 change nothing outside growth.
         */
        EQ9_EVERY_ACK,
        /**
         * acns-cubic-epoch-restart.yaml: on the first ACK handled under command 1 after one or more under
         * command 2 or 3, CUBIC's epoch restarts as tcp_cubic.c restarts it after a loss (epoch_start = 0).
         */
        EPOCH_RESTART;

        /** The name on the command line and in files: primary, eq9-every-ack, epoch-restart. */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The reading with this {@link #id()}, or null. */
        public static CubicReading byId(String id) {
            return Arrays.stream(values()).filter(r -> r.id().equals(id)).findFirst().orElse(null);
        }
    }

    public Ns2AcnsCubic(Ns2Params p, AcnsTrend.Params params, AcnsReno.Reading reading) {
        this(p, params, reading, CubicReading.PRIMARY);
    }

    /** As above, equation 9 read on CUBIC as {@code cubicReading}. */
    public Ns2AcnsCubic(Ns2Params p, AcnsTrend.Params params, AcnsReno.Reading reading, CubicReading cubicReading) {
        super(p);
        this.commands = new AcnsReno(params, reading);
        this.reading = reading;
        this.cubicReading = cubicReading;
    }

    /** Table 4's parameters, the text's reading. */
    public Ns2AcnsCubic(Ns2Params p) {
        this(p, AcnsTrend.Params.DEFAULTS, AcnsReno.Reading.PAPER);
    }

    @Override
    public String name() {
        return "ns2-acns-cubic";
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

    /** Where equation 9 acts on CUBIC ({@link CubicReading}). */
    public CubicReading cubicReading() {
        return cubicReading;
    }

    /** The command memory P (read-only use, please). */
    public AcnsTrend trend() {
        return commands.trend();
    }

    @Override
    public boolean acnsRequest(ConnectionState s, int seq) {
        return commands.acnsRequest(s, seq);
    }

    @Override
    public void onAcnsCommand(ConnectionState s, int omega) {
        arrived = Math.max(1, Math.min(3, omega));
        commands.onAcnsCommand(s, omega);
    }

    @Override
    public void recv(int ack, boolean ece, boolean isNew, int[] sacks) {
        noteLevel();
        handled = false;
        grew = false;
        super.recv(ack, ece, isNew, sacks);
        arrived = 0;
        noteLevel();
    }

    /** The command equation 9 follows on this ACK: the one it carries, or the one in force. */
    private int act() {
        return reading.commandOnItsAckOnly() ? arrived : commands.command();
    }

    /**
     * Once per ACK handled (not one recv drops as old), before Linux TCP acts on it: under
     * {@link CubicReading#EPOCH_RESTART}, the first ACK under command 1 after ACKs under 2 or 3 ends CUBIC's
     * epoch as bictcp_recalc_ssthresh ends it (tcp_cubic.c:310), nothing else of CUBIC's state touched.
     */
    private void onHandled() {
        if (handled) {
            return;
        }
        handled = true;
        if (cubicReading != CubicReading.EPOCH_RESTART) {
            return;
        }
        if (act() > 1) {
            held = true;
        } else if (held) {
            held = false;
            cubic.restartEpoch();
        }
    }

    /** Equation 9 where CUBIC would grow the window (tcp_cong_avoid, tcp-linux.cc:398-406). */
    @Override
    protected void congAvoid(int inFlight, boolean good) {
        onHandled();
        grew = true;
        int act = act();
        if (act <= 1) {
            super.congAvoid(inFlight, good);                // (9) omega = 1: cwnd_TCP_variant, CUBIC's own
            return;
        }
        if (arrived == 3) {
            int target = lastSmaller(sndCwnd);              // (9) omega = 3: cwnd_last,x (11), once per command
            if (target < sndCwnd) {
                setWindow(target, Math.min(sndSsthresh, target));
            }
        }
        // (9) omega = 2, and after a fallback: cwnd_last (10); CUBIC's state untouched, its clock runs on
    }

    /**
     * tcp_fastretrans_alert (tcp-linux.cc:448-510), which every ACK handled but not passed to
     * congAvoid reaches (tcp-linux.cc:408-413). Under {@link CubicReading#EQ9_EVERY_ACK} a fallback
     * arriving on such an ACK (a duplicate, or any ACK in Recovery) acts here, before Linux TCP's own
     * handling, as congAvoid acts before it on the others: snd_cwnd to the last smaller level, ssthresh
     * no higher, once per command. Freeze and command 1 change nothing here.
     */
    @Override
    protected void fastretransAlert(int flag) {
        onHandled();
        if (cubicReading == CubicReading.EQ9_EVERY_ACK && !grew && arrived == 3) {
            int target = lastSmaller(sndCwnd);              // (9) omega = 3: cwnd_last,x (11), in any state
            if (target < sndCwnd) {
                setWindow(target, Math.min(sndSsthresh, target));
            }
        }
        super.fastretransAlert(flag);
    }

    /** Equation 12 where Linux TCP enters Recovery (tcp-linux.cc:483-505). */
    @Override
    protected void enterRecovery() {
        int t = commands.trend().trendCommand();            // (6)-(8)
        trends[t]++;
        commands.trend().record(t == 1 ? 2 : 3);            // section 2.3: trend 1 puts 2 in P, trends 2 and 3 put 3
        if (t == 3) {
            super.enterRecovery();                          // (12) trend 3: CUBIC's ssthresh, beta and fast convergence
            return;
        }
        recover = maxseq;                                   // tcp-linux.cc:484-486, as Linux TCP enters Recovery
        lastCwndAction = CWND_ACTION_DUPACK;
        nextPktsInFlight = sndCwnd;
        int before = sndCwnd;
        int target = t == 1 ? sndCwnd : lastSmaller(sndCwnd);   // (12) trend 1: cwnd_last; trend 2: cwnd_last,x
        sndSsthresh = Math.max(2, target);
        sndCwndCnt = 0;                                     // tcp-linux.cc:493-494
        bytesAcked = 0;
        sndCwnd = target;
        cs.setSsthresh(sndSsthresh);
        if (target < before) {
            cs.closeWindow(sndCwnd, CloseCause.ACNS);
        }
        port.fastRetransmitted();                           // resent as Linux TCP's Recovery resends them
        setCaState(TCP_CA_RECOVERY);                        // tcp-linux.cc:503
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

    private void setWindow(int cwnd, int ssthresh) {
        sndSsthresh = Math.max(2, ssthresh);
        sndCwnd = cwnd;
        cs.setSsthresh(sndSsthresh);
        cs.closeWindow(sndCwnd, CloseCause.ACNS);
    }

    private int lastSmaller(int w) {
        int below = levels.lastBelow(w);
        return below < 0 ? w : below;
    }

    private void noteLevel() {
        levels.note(sndCwnd);
    }
}
