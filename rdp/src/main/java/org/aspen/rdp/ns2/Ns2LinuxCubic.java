package org.aspen.rdp.ns2;

import org.aspen.rdp.AckEvent;
import org.aspen.rdp.AgentPort;
import org.aspen.rdp.AgentSender;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.CongestionControl;
import org.aspen.rdp.ConnectionState;
import org.aspen.rdp.SenderState;
import org.aspen.rdp.WindowNotification;

/**
 * ns-2.35's Agent/TCP/Linux with {@code select_ca cubic} ({@code tcp/tcp-linux.cc} over
 * {@code tcp/linux/src/tcp_cubic.c}), ported rule by rule: Linux's congestion states Open, Recovery
 * and Loss as tcp-linux.cc models them; the SACK scoreboard ({@link Ns2ScoreBoard1}) that marks a
 * packet lost once more than three packets above it are SACKed (FACK) and says what to resend;
 * Recovery entered on the first ACK that marks a loss, with CUBIC's ssthresh and the window set to it,
 * the sending rate halved through {@code next_pkts_in_flight_}; a timeout's Loss state (window 1, all
 * unSACKed packets lost, CUBIC reset); CUBIC's slow start (ABC) and its cubic window
 * ({@link Ns2Cubic}). The RTO is ns-2's TcpAgent timer fed, as with {@code timestamps_ true}, by a
 * timestamp sample on every ACK, whose backoff every ACK clears ({@code ts_resetRTO_ true}).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2LinuxCubic(Ns2Params.linuxDefaults()));
 * }</pre>
 *
 * The receiver is RDP's with TCPSink/Sack1's three SACK blocks ({@link #sackBlocks}). RDP carries no
 * timestamp option, so the echo a TCPSink with {@code ts_echo_rfc1323_ true} would send is taken on
 * the sender's side from its own send times (tcp-sink.cc:87-96): an ACK that advances echoes the send
 * time of the segment that filled the hole, {@code highest_ack_ + 1} before it (its latest
 * transmission); a duplicate ACK echoes what the last advancing one echoed. Sequence numbers are
 * ns-2's: RDP's SYN is seqno 0, acknowledged when the connection opens, as {@link Ns2Reno} has it.
 * Comments cite ns-2.35's files by line.
 */
public class Ns2LinuxCubic implements CongestionControl, AgentSender {
    static final int TCP_CA_OPEN = 0;           // ns-linux-util.h: enum tcp_ca_state
    static final int TCP_CA_RECOVERY = 3;
    static final int TCP_CA_LOSS = 4;

    static final int FLAG_ECE = 1;              // ns-linux-util.h:359-366
    static final int FLAG_DATA_SACKED = 2;
    static final int FLAG_DATA_ACKED = 4;
    static final int FLAG_DATA_LOST = 8;
    static final int FLAG_CA_ALERT = FLAG_DATA_SACKED | FLAG_ECE;
    static final int FLAG_NOT_DUP = FLAG_DATA_ACKED;
    static final int FLAG_UNSURE_TSTAMP = 16;

    static final int CWND_ACTION_DUPACK = 1;    // tcp.h:87
    static final int CWND_ACTION_TIMEOUT = 2;   // tcp.h:88
    /** tcp_max_burst (linux/ns-linux-param.c:24). */
    static final int TCP_MAX_BURST = 3;
    private static final int TS_RING = 1 << 17;

    protected final Ns2Params p;
    protected final Ns2Cubic cubic;
    protected final Ns2ScoreBoard1 scb = new Ns2ScoreBoard1();
    protected Ns2Rtt rtt;
    protected AgentPort port;
    protected ConnectionState cs;
    private int base;

    protected int tSeqno;
    protected int highestAck;
    protected int maxseq;
    protected int recover;
    protected int lastCwndAction;
    // struct tcp_sock's fields the agent uses (tcp-linux.cc:101-114, 728-732)
    protected int sndCwnd;
    protected int sndSsthresh;
    protected long sndCwndCnt;
    protected long bytesAcked;
    protected int sndCwndClamp;
    protected int caState = TCP_CA_OPEN;
    protected int nextPktsInFlight;
    private boolean initialized;
    private boolean rttActive;
    private int rttSeq = -1;
    /** Send time of each seqno's latest transmission (ns-2's tss[], tcp.cc:663-684). */
    private final double[] sendTimes = new double[TS_RING];
    /** The timestamp the sink echoes (its ts_to_echo_), as the sender infers it. */
    private double tsEcho;

    public Ns2LinuxCubic(Ns2Params p) {
        this(p, new Ns2Cubic());
    }

    /**
     * With CUBIC's beta set as {@code $tcp set_ca_param cubic beta BETA} sets it (tcp-linux.cc:789-795;
     * {@link Ns2Cubic#Ns2Cubic(int)}): 1024 keeps the window at a loss.
     */
    public Ns2LinuxCubic(Ns2Params p, int cubicBeta) {
        this(p, new Ns2Cubic(cubicBeta));
    }

    private Ns2LinuxCubic(Ns2Params p, Ns2Cubic cubic) {
        this.p = p;
        this.cubic = cubic;
    }

    public Ns2LinuxCubic() {
        this(Ns2Params.linuxDefaults());
    }

    @Override
    public String name() {
        return "ns2-cubic";
    }

    @Override
    public AgentSender agent() {
        return this;
    }

    @Override
    public boolean sackBlocks() {
        return true;
    }

    @Override
    public boolean cwrOnRetransmit() {
        return p.setCwrOnRetransmit();
    }

    public Ns2Params params() {
        return p;
    }

    /** CUBIC's state (read-only use, please). */
    public Ns2Cubic cubic() {
        return cubic;
    }

    public Ns2Rtt rtt() {
        return rtt;
    }

    /** {@code linux_.snd_cwnd}. */
    public int sndCwnd() {
        return sndCwnd;
    }

    /** {@code linux_.snd_ssthresh}. */
    public int sndSsthresh() {
        return sndSsthresh;
    }

    /** {@code linux_.snd_cwnd_cnt}. */
    public long sndCwndCnt() {
        return sndCwndCnt;
    }

    /** {@code icsk_ca_state}: 0 Open, 3 Recovery, 4 Loss. */
    public int caState() {
        return caState;
    }

    public int nextPktsInFlight() {
        return nextPktsInFlight;
    }

    /** ns-2's {@code cwnd_} as save_from_linux leaves it (tcp-linux.cc:712-722). */
    public double cwnd() {
        return nextPktsInFlight > sndCwnd ? nextPktsInFlight : sndCwnd;
    }

    // ---- start ----

    @Override
    public void start(AgentPort port, ConnectionState cs, int iss, long synRttNanos, int synTimeouts) {
        this.port = port;
        this.cs = cs;
        double boot = Double.isNaN(p.bootTime()) ? port.uniform() * p.tcpTick() : p.bootTime();   // tcp.cc:470
        rtt = new Ns2Rtt(p, boot);
        sndCwndClamp = (int) Math.round(p.window());   // load_to_linux_once (tcp-linux.cc:728-732)
        sndSsthresh = sndCwndClamp;
        sndCwnd = (int) p.windowInit();                // load_to_linux: trunc(cwnd_), cwnd_ = windowInit_ (tcp.cc:423-430)
        // syn_: seqno 0 was the SYN, RDP's SYN here (see Ns2Reno.start); its ACK is handled as recv would
        base = iss;
        maxseq = 0;
        highestAck = -1;
        tSeqno = 1;
        rttSeq = 0;
        double now = now();
        if (synTimeouts > 0 || synRttNanos < 0) {
            // the SYN was resent: ts_resetRTO_ clears the backoff on the ACK (tcp-linux.cc:200-209), but the
            // timestamp still gives a sample; RDP does not say which copy arrived, so none is taken
            highestAck = 0;
            for (int k = 0; k < synTimeouts; k++) {
                port.timedOut();
            }
            initialized = true;
            cubic.init();
        } else {
            sendTimes[0] = now - synRttNanos / 1e9;
            tsEcho = sendTimes[0];                     // tcp-sink.cc:93-95: the SYN's ts is echoed
            rttActive = true;                          // the SYN was timed (tcp.cc:778-786)
            ackProcessing(0, false, new int[0][]);     // its ACK, as recv takes it; sending follows the open
        }
        sync();
    }

    /** As Ns2Reno: ns-2's SYN timer (tcp.cc:792-794, 981), rtxcur_init_ times the backoff. */
    @Override
    public long synTimeoutNanos(int timeouts) {
        Ns2Rtt r = new Ns2Rtt(p, 0.0);
        for (int k = 0; k < timeouts; k++) {
            r.backoff();
        }
        return Math.round(r.timeout() * 1e9);
    }

    // ---- window ----

    /** LinuxTcpAgent::window (tcp-linux.cc:122-125), within RDP's receiver bound. */
    @Override
    public int window() {
        return cs == null ? sndCwnd : Math.min(sndCwnd, cs.peerMaxOutstanding());
    }

    @Override
    public int window(ConnectionState s) {
        return window();
    }

    protected int curseq() {
        return port.queuedEnd() - base;
    }

    /** packets_in_flight (tcp-linux.cc:597-600). */
    protected int packetsInFlight() {
        return scb.packetsInFlight(highestAck + 1, tSeqno);
    }

    // ---- sending ----

    /** LinuxTcpAgent::send_much (tcp-linux.cc:607-675), maxburst_ 0, overhead_ 0. */
    protected void sendMuchLinux() {
        int win = window();
        nextPktsInFlight = Math.min(nextPktsInFlight, packetsInFlight() + 1);   // tcp-linux.cc:629
        while (packetsInFlight() < Math.max(win, nextPktsInFlight)) {            // tcp-linux.cc:631
            int xmit = scb.nextRetran();                                         // tcp-linux.cc:634
            if (xmit == -1) {
                if (tSeqno >= curseq()                                           // tcp-linux.cc:641-642
                        || (cs != null && tSeqno > highestAck + cs.peerMaxOutstanding())) {   // RDP's receiver bound
                    return;
                }
                xmit = tSeqno++;                                                 // tcp-linux.cc:644
            } else {
                scb.markRetran(xmit, tSeqno);                                    // tcp-linux.cc:648
                win = window();
            }
            output(xmit);                                                        // tcp-linux.cc:652
            nextPktsInFlight = Math.min(nextPktsInFlight, Math.max(packetsInFlight() - 1, 1));   // tcp-linux.cc:653
            if (tSeqno <= xmit) {                                                // tcp-linux.cc:654-657
                tSeqno = xmit + 1;
            }
        }
    }

    @Override
    public void sendMuch() {
        sendMuchLinux();
        sync();
    }

    /** TcpAgent::output (tcp.cc:647-799): the send time kept, one segment timed, the timer armed if idle. */
    protected void output(int seqno) {
        double now = now();
        boolean forceSetRtxTimer = highestAck == maxseq;    // tcp.cc:768-769
        sendTimes[seqno & (TS_RING - 1)] = now;             // tcp.cc:683-684
        port.output(seqno + base);
        if (seqno > maxseq) {                               // tcp.cc:778-786
            maxseq = seqno;
            if (!rttActive) {
                rttActive = true;
                if (seqno > rttSeq) {
                    rttSeq = seqno;
                }
            }
        }
        if (!port.rtxTimerPending() || forceSetRtxTimer) {  // tcp.cc:792-794
            setRtxTimer();
        }
    }

    @Override
    public void resend(int seq) {
        output(seq - base);
    }

    protected double now() {
        return port.nanos() / 1e9;
    }

    /** tcp_time_stamp: trunc(now x JIFFY_RATIO) ms (tcp-linux.cc:318). */
    protected long tcpTimeStamp() {
        return (long) (now() * 1000);
    }

    protected void setRtxTimer() {
        port.setRtxTimer(Math.round(rtt.timeout() * 1e9));   // set_rtx_timer, tcp.cc:979-982
    }

    // ---- ACKs ----

    @Override
    public void recv(int ack, boolean ece, boolean isNew) {
        recv(ack, ece, isNew, null);
    }

    @Override
    public void recv(int ack, boolean ece, boolean isNew, int[] sacks) {
        recvSeqno(ack - base, ece, Ns2Sack1.blocks(sacks, base));
        sync();
    }

    /** LinuxTcpAgent::recv (tcp-linux.cc:307-437), the equivalent of Linux's tcp_ack. */
    protected void recvSeqno(int seqno, boolean ece, int[][] sacks) {
        if (ackProcessing(seqno, ece, sacks)) {
            sendMuchLinux();                                // tcp-linux.cc:425
        }
    }

    /** recv up to its send_much; false when the ACK is dropped as uninteresting or old (tcp-linux.cc:331-332). */
    private boolean ackProcessing(int seqno, boolean ece, int[][] sacks) {
        int priorSndUna = highestAck + 1;                   // tcp-linux.cc:312
        int ack = seqno + 1;                                // tcp-linux.cc:313
        int flag = 0;
        if (ack > tSeqno || ack < priorSndUna) {            // tcp-linux.cc:331-332
            return false;
        }
        if (ece && port.ecn() && ack > 1) {                 // tcp-linux.cc:342-345
            flag |= FLAG_ECE;
        }
        int priorInFlight = packetsInFlight();              // tcp-linux.cc:347
        if (ack > priorSndUna) {                            // tcp-linux.cc:349-352
            bytesAcked += ack - priorSndUna;                // in packets: mss_cache is 1 here
            flag |= FLAG_DATA_ACKED;
        }
        // ack_processing (tcp-linux.cc:147-162)
        if ((flag & FLAG_DATA_ACKED) != 0) {
            highestAck = seqno;
            maxseq = Math.max(maxseq, highestAck);
            if (tSeqno < highestAck + 1) {
                tSeqno = highestAck + 1;
            }
            // the sink's echo (tcp-sink.cc:91-92): the segment that advanced its ACK, highest_ack_ + 1 before
            tsEcho = sendTimes[priorSndUna & (TS_RING - 1)];
        } else {
            flag |= FLAG_UNSURE_TSTAMP;
        }
        if (sacks.length > 0 || !scb.isEmpty()) {          // tcp-linux.cc:357-359 (FLAG_DATA_ACKED is a constant there)
            flag |= scb.update(highestAck, sacks);
        }
        timeProcessing(seqno);                              // tcp-linux.cc:362
        if (!initialized) {                                 // tcp-linux.cc:367-371
            cubic.init();
            initialized = true;
        }
        if ((flag & FLAG_NOT_DUP) != 0) {                   // tcp-linux.cc:372-381
            cubic.pktsAcked(ack - priorSndUna, caState);
        }
        // tcp_ca_event: CUBIC has no cwnd_event (tcp_cubic.c:356-365)
        boolean dubious = (flag & FLAG_NOT_DUP) == 0 || (flag & FLAG_CA_ALERT) != 0 || caState != TCP_CA_OPEN;   // tcp-linux.cc:393
        if (dubious) {                                      // tcp-linux.cc:408-413
            if ((flag & FLAG_DATA_ACKED) != 0 && mayRaiseCwnd(flag)) {
                congAvoid(priorInFlight, false);
            }
            fastretransAlert(flag);
        } else if ((flag & FLAG_DATA_ACKED) != 0) {         // tcp-linux.cc:414-418
            congAvoid(priorInFlight, true);
        }
        return true;
    }

    /** tcp_may_raise_cwnd (tcp-linux.cc:395-396). */
    private boolean mayRaiseCwnd(int flag) {
        return ((flag & FLAG_ECE) == 0 || sndCwnd < sndSsthresh) && caState != TCP_CA_RECOVERY;
    }

    /** time_processing (tcp-linux.cc:164-235), timestamps on, ts_resetRTO_ true, timerfix_ true. */
    private void timeProcessing(int seqno) {
        double now = now();
        rtt.updateTs(now - tsEcho);                         // tcp-linux.cc:192-198
        rtt.clearBackoff();                                 // ts_resetRTO_: tcp-linux.cc:200-202
        if (rttActive && seqno >= rttSeq) {                 // tcp-linux.cc:212-224
            rttActive = false;
            cs.rtt().sample(Math.round((now - tsEcho) * 1e9));
        }
        // renew_timer (tcp-linux.cc:168, 227)
        if (tSeqno > highestAck || highestAck < maxseq || sndCwnd < 1) {
            setRtxTimer();
        } else {
            port.cancelRtxTimer();
        }
    }

    /**
     * tcp_cong_avoid (tcp-linux.cc:398-406) with CUBIC's bictcp_cong_avoid (tcp_cubic.c:276-301):
     * {@code good} is tcp-linux.cc's last argument, which CUBIC reads as data_acked.
     */
    protected void congAvoid(int inFlight, boolean good) {
        long now = tcpTimeStamp();
        if (good) {
            cubic.measureDelay(now, Math.round(tsEcho * 1000));   // tcp_cubic.c:281-282; rcv_tsecr, tcp-linux.cc:185
        }
        if (inFlight < sndCwnd) {                           // tcp_is_cwnd_limited (ns-linux-c.h:31), tcp_cubic.c:284-285
            return;
        }
        if (sndCwnd <= sndSsthresh) {                       // tcp_cubic.c:287-288
            slowStart();
        } else {
            cubic.update(sndCwnd, now);                     // tcp_cubic.c:290
            if (sndCwndCnt >= cubic.cnt()) {                // tcp_cubic.c:295-299
                if (sndCwnd < sndCwndClamp) {
                    sndCwnd++;
                }
                sndCwndCnt = 0;
            } else {
                sndCwndCnt++;
            }
        }
    }

    /** tcp_slow_start (linux/src/tcp_cong.c:286-318): sysctl_tcp_abc 1, tcp_max_ssthresh 0. */
    protected void slowStart() {
        if (bytesAcked < 1) {                               // tcp_cong.c:297-298
            return;
        }
        long cnt = sndCwnd;                                 // tcp_cong.c:302-303
        bytesAcked = 0;                                     // tcp_cong.c:310
        sndCwndCnt += cnt;                                  // tcp_cong.c:312-317
        while (sndCwndCnt >= sndCwnd) {
            sndCwndCnt -= sndCwnd;
            if (sndCwnd < sndCwndClamp) {
                sndCwnd++;
            }
        }
    }

    /** tcp_moderate_cwnd (tcp-linux.cc:442-446). */
    private void moderateCwnd() {
        sndCwnd = Math.min(sndCwnd, packetsInFlight() + TCP_MAX_BURST);
    }

    /** tcp_set_ca_state (tcp-linux.h): CUBIC's set_state, then the state. */
    protected void setCaState(int s) {
        cubic.setState(s);
        caState = s;
    }

    /** tcp_fastretrans_alert (tcp-linux.cc:448-510). */
    protected void fastretransAlert(int flag) {
        if (caState != TCP_CA_OPEN && highestAck >= recover) {   // tcp-linux.cc:457-472: the recovery is over
            scb.clear();
            if (sndCwnd < sndSsthresh) {
                sndCwnd = sndSsthresh;
                moderateCwnd();
            }
            setCaState(TCP_CA_OPEN);
            nextPktsInFlight = 0;
            return;
        }
        if (caState == TCP_CA_RECOVERY) {                   // tcp-linux.cc:477
            return;
        }
        if ((flag & (FLAG_DATA_LOST | FLAG_ECE)) != 0) {    // tcp-linux.cc:482: Open or Loss with a loss
            enterRecovery();
        }
    }

    /** Entering Recovery (tcp-linux.cc:483-505), CUBIC installed. */
    protected void enterRecovery() {
        recover = maxseq;
        lastCwndAction = CWND_ACTION_DUPACK;
        nextPktsInFlight = sndCwnd;                         // tcp-linux.cc:486: rate halving
        sndSsthresh = cubic.recalcSsthresh(sndCwnd);        // tcp-linux.cc:492
        sndCwndCnt = 0;
        bytesAcked = 0;
        sndCwnd = sndSsthresh;                              // tcp-linux.cc:498 (CUBIC has no min_cwnd)
        recoveryEntered(CloseCause.FAST_RETRANSMIT);
    }

    /** Counts, mirrors and sets the state after the window was set on entering Recovery. */
    protected void recoveryEntered(CloseCause cause) {
        cs.setSsthresh(sndSsthresh);
        cs.closeWindow(sndCwnd, cause);                     // cong_action_ (tcp-linux.cc:500); sync() mirrors cwnd_ after
        port.fastRetransmitted();
        setCaState(TCP_CA_RECOVERY);                        // tcp-linux.cc:503
    }

    // ---- timeout ----

    /** LinuxTcpAgent::timeout (tcp-linux.cc:557-595), slow_start_restart_ and restart_bugfix_ true. */
    @Override
    public void timeout() {
        lastCwndAction = CWND_ACTION_TIMEOUT;               // tcp-linux.cc:566
        boolean outstanding = highestAck != maxseq;
        if (!outstanding) {                                 // tcp-linux.cc:568-572: slowdown(CLOSE_CWND_INIT)
            sndCwnd = (int) p.windowInit();
            sndSsthresh = Math.max(2, sndSsthresh);
        } else {
            enterLoss();                                    // tcp-linux.cc:574
            port.timedOut();
        }
        if (outstanding) {                                  // tcp-linux.cc:578-581: reset_rtx_timer, mild
            rtt.backoff();
        }
        setRtxTimer();
        rttActive = false;
        nextPktsInFlight = 0;                               // tcp-linux.cc:582-583
        bytesAcked = 0;
        sendMuchLinux();                                    // tcp-linux.cc:585
        sync();
    }

    /** enter_loss (tcp-linux.cc:512-555), CUBIC installed. */
    protected void enterLoss() {
        sndSsthresh = cubic.recalcSsthresh(sndCwnd);        // tcp-linux.cc:530
        sndCwnd = 1;                                        // tcp-linux.cc:532-534
        sndCwndCnt = 0;
        bytesAcked = 0;
        lossEntered();
    }

    /** After the window was set on a timeout: the Loss state, every unSACKed packet lost (tcp-linux.cc:549-552). */
    protected void lossEntered() {
        cs.setSsthresh(sndSsthresh);
        cs.closeWindow(sndCwnd, CloseCause.TIMEOUT);
        recover = maxseq;                                   // tcp-linux.cc:549
        setCaState(TCP_CA_LOSS);                            // tcp-linux.cc:550 (CUBIC resets, tcp_cubic.c:333-334)
        scb.markLoss(highestAck + 1, tSeqno);               // tcp-linux.cc:552
    }

    // ---- CongestionControl (unused: the agent runs the window) ----

    @Override
    public boolean onAck(ConnectionState s, AckEvent e) {
        return false;
    }

    @Override
    public boolean onDuplicateAck(ConnectionState s, AckEvent e) {
        return false;
    }

    @Override
    public void onTimeout(ConnectionState s) {
    }

    @Override
    public void onEcnEcho(ConnectionState s) {
    }

    /** ACC's notification is not ported for this agent (ns2-reno carries ACC). */
    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
    }

    /** Mirrors the agent's window into the connection's (statistics, the state data segments carry). */
    protected void sync() {
        if (cs == null) {
            return;
        }
        cs.setCwnd(cwnd());
        cs.setSsthresh(sndSsthresh);
        cs.setDupAcks(0);
        cs.setRecover(recover + base);
        cs.setPhase(caState != TCP_CA_OPEN ? SenderState.PHASE_RECOVERY
                : sndCwnd <= sndSsthresh ? SenderState.PHASE_SLOW_START : SenderState.PHASE_AVOIDANCE);
    }
}
