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
 * ns-2.35's Agent/TCP/Reno (TcpAgent in {@code tcp/tcp.cc} with RenoTcpAgent in {@code tcp/tcp-reno.cc}),
 * ported rule by rule: the window in packets, {@code min(cwnd_ + dupwnd_, window_)}; slow start and
 * congestion avoidance in opencwnd; three duplicate ACKs halve (slowdown) and retransmit once, then
 * each further duplicate inflates {@code dupwnd_}; the first new ACK, even a partial one, ends the
 * recovery; a further loss in the same window waits for the timer (bugFix_); the timer is ns-2's, with
 * one segment timed at a time (Karn); a timeout goes back to the oldest unacknowledged segment and
 * resends everything the window allows from there (go-back-N). The receiver is RDP's, which like
 * ns-2's TCPSink acknowledges every arrival at once with the cumulative sequence number.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(Ns2Params.defaults()));
 * }</pre>
 *
 * All state is ns-2's (same names, camel-cased); sequence numbers are ns-2's: with {@code syn_} RDP's
 * SYN is seqno 0 and the first data segment 1. The connection's {@link ConnectionState} mirrors cwnd_,
 * ssthresh_ and the phase for statistics and routers. Comments cite ns-2.35's files by line.
 */
public class Ns2Reno implements CongestionControl, AgentSender {
    static final int CWND_ACTION_DUPACK = 1;    // tcp.h:87
    static final int CWND_ACTION_TIMEOUT = 2;   // tcp.h:88
    static final int CWND_ACTION_ECN = 3;       // tcp.h:89
    static final int CWND_ACTION_EXITED = 4;    // tcp.h:90

    /** slowdown's "how" bits (tcp.h:93-106), those the ported paths use. */
    static final int CLOSE_SSTHRESH_HALF = 0x1;
    static final int CLOSE_CWND_HALF = 0x2;
    static final int CLOSE_CWND_RESTART = 0x4;
    static final int CLOSE_CWND_ONE = 0x8;

    protected final Ns2Params p;
    protected Ns2Rtt rtt;
    protected AgentPort port;
    protected ConnectionState cs;
    /** RDP sequence number of ns-2's seqno 0. */
    private int base;

    /** RDP sequence number of ns-2's seqno 0. */
    protected int base() {
        return base;
    }

    /** Whether fast recovery is under way (Reno: the window is inflated). */
    protected boolean inRecovery() {
        return dupwnd > 0;
    }

    protected int tSeqno;
    protected int highestAck;
    protected int prevHighestAck;
    protected int lastAck;
    protected int maxseq;
    protected int dupacks;
    protected int dupwnd;
    protected double cwnd;
    protected int ssthresh;
    protected int recover;
    protected int lastCwndAction;
    private boolean firstDecrease = true;
    private double wndInit;
    protected boolean rttActive;
    protected int rttSeq = -1;
    private double rttTs;
    private boolean ect;
    private boolean ecnBackoff;

    public Ns2Reno(Ns2Params p) {
        this.p = p;
    }

    public Ns2Reno() {
        this(Ns2Params.defaults());
    }

    @Override
    public String name() {
        return "ns2-reno";
    }

    @Override
    public AgentSender agent() {
        return this;
    }

    /** SetCWRonRetransmit_ (tcp.cc:694-697): true by default, as ns-2 (Ns2Params#setCwrOnRetransmit). */
    @Override
    public boolean cwrOnRetransmit() {
        return p.setCwrOnRetransmit();
    }

    /** The parameters this agent runs with. */
    public Ns2Params params() {
        return p;
    }

    /** The agent's timer arithmetic (read-only use, please). */
    public Ns2Rtt rtt() {
        return rtt;
    }

    public double cwnd() {
        return cwnd;
    }

    public int ssthresh() {
        return ssthresh;
    }

    public int dupwnd() {
        return dupwnd;
    }

    // ---- start ----

    @Override
    public void start(AgentPort port, ConnectionState cs, int iss, long synRttNanos, int synTimeouts) {
        this.port = port;
        this.cs = cs;
        double boot = Double.isNaN(p.bootTime()) ? port.uniform() * p.tcpTick() : p.bootTime();   // tcp.cc:470
        rtt = new Ns2Rtt(p, boot);
        wndInit = p.windowInit();
        ssthresh = (int) p.window();            // tcp.cc:462
        recover = 0;                            // tcp.cc:466
        if (p.syn() && port.ecn()) {
            // ecn_ with syn_: the SYN carries ECN-Echo without ECT (tcp.cc:716-722), TCPSink answers the
            // negotiation with ECN-Echo (tcp-sink.cc:329-335), and that ACK sets ect_ (tcp.cc:1478-1480)
            ect = true;
        }
        if (p.syn()) {
            // syn_ (ns-default.tcl:922): seqno 0 was the SYN, RDP's SYN here; it is acknowledged now
            base = iss;
            maxseq = 0;
            highestAck = 0;
            prevHighestAck = 0;
            lastAck = 0;
            tSeqno = 1;
            rttSeq = 0;
            if (synTimeouts > 0) {
                // each SYN timeout: timeout() with nothing acknowledged (tcp.cc:1878-1924): the initial window
                // drops to 1 (tcp.cc:1886-1892), ssthresh_ to 2 (slowdown of a 1-packet window), backoff doubles
                wndInit = 1;
                ssthresh = 2;
                firstDecrease = false;
                lastCwndAction = CWND_ACTION_TIMEOUT;
                for (int k = 0; k < synTimeouts; k++) {
                    rtt.backoff();
                    // ns-2 counts each as a timeout and a window cut of 1 to 1 (++nrexmit_ and slowdown's
                    // ncwndcuts1_, tcp.cc:1908-1913): counted here, when the connection opens
                    cs.setCwnd(1);
                    cs.closeWindow(1, CloseCause.TIMEOUT);
                    port.timedOut();
                }
            } else if (synRttNanos >= 0) {
                double now = port.nanos() / 1e9;
                rtt.update(synRttNanos / 1e9, now);   // the SYN was timed (tcp.cc:778-786, 1390-1402)
                cs.rtt().sample(synRttNanos);
            }
            // delay_growth_ (ns-default.tcl:1043): cwnd_ 1 until seqno 0 is acknowledged, then
            // initial_window() (tcp-reno.cc:110-112)
            cwnd = initialWindow();
        } else {
            base = iss + 1;
            maxseq = -1;                        // tcp.cc:457-460
            highestAck = -1;
            prevHighestAck = -1;
            lastAck = -1;
            tSeqno = 0;
            cwnd = initialWindow();             // set_initial_window, tcp.cc:423-430
        }
        sync();
    }

    /**
     * The timer of the SYN after {@code timeouts} expiries. ns-2 sends the SYN as seqno 0 through
     * output() (tcp.cc:699-705), which sets the timer to rtt_timeout() (tcp.cc:792-794, 981): before any
     * RTT sample t_rtxcur_ is rtxcur_init_ (tcp.cc:525; 3 s, ns-default.tcl:961), times t_backoff_,
     * which each expiry doubles (timeout's reset_rtx_timer(0,1), tcp.cc:1924, and rtt_backoff,
     * tcp.cc:611-627). So 3 s, then 6 s, 12 s, ... with the defaults.
     */
    @Override
    public long synTimeoutNanos(int timeouts) {
        Ns2Rtt r = new Ns2Rtt(p, 0.0);
        for (int k = 0; k < timeouts; k++) {
            r.backoff();
        }
        return Math.round(r.timeout() * 1e9);
    }

    /** initial_window() with windowInitOption_ 1 (tcp.cc:1522-1535). */
    private double initialWindow() {
        return wndInit;
    }

    /** initial_window(), for subclasses' delay_growth_ rule. */
    protected double cwndInitial() {
        return wndInit;
    }

    // ---- window ----

    /** RenoTcpAgent::window (tcp-reno.cc:43-57). */
    @Override
    public int window() {
        int win = (int) cwnd + dupwnd;
        if (win > (int) p.window()) {
            win = (int) p.window();
        }
        // RDP's receiver accepts at most its maxOutstanding beyond RCV.CUR (ns-2's sink has no bound)
        return cs == null ? win : Math.min(win, cs.peerMaxOutstanding());
    }

    @Override
    public int window(ConnectionState s) {
        return window();
    }

    /** RenoTcpAgent::windowd (tcp-reno.cc:61-71). */
    protected double windowd() {
        double win = cwnd + dupwnd;
        return Math.min(win, p.window());
    }

    protected int curseq() {
        return port.queuedEnd() - base;
    }

    /**
     * send_much (tcp.cc:913-959), without the burst timer ns-2 leaves off by default. ACC-ABCD's pacing
     * advice plays the delayed-send timer (tcp.cc:919, 936-941): the loop stops while the next segment's
     * turn has not come, and the transport calls it again then ({@link AgentPort#paceAllows}); without
     * advice it always may send, as ns-2 with overhead_ 0.
     */
    protected void sendMuch(int maxburst) {
        port.resendNotified();   // ACC: segments the filter deleted, named by a notification (not in ns-2)
        int win = window();
        int npackets = 0;
        while (tSeqno <= highestAck + win && tSeqno < curseq() && port.paceAllows()) {   // tcp.cc:927
            output(tSeqno);
            npackets++;
            tSeqno++;
            win = window();
            if (maxburst != 0 && npackets == maxburst) {             // tcp.cc:952
                break;
            }
        }
    }

    @Override
    public void sendMuch() {
        sendMuch(0);   // maxburst_ 0 (ns-default.tcl:905)
        sync();
    }

    /** output (tcp.cc:647-799): sends seqno, times it if none is timed, arms the timer if idle. */
    protected void output(int seqno) {
        boolean forceSetRtxTimer = highestAck == maxseq;   // tcp.cc:768-769
        port.output(seqno + base);
        if (seqno > maxseq) {                               // tcp.cc:778-786
            maxseq = seqno;
            if (!rttActive) {
                rttActive = true;
                if (seqno > rttSeq) {
                    rttSeq = seqno;
                    rttTs = now();
                }
            }
        }
        if (!port.rtxTimerPending() || forceSetRtxTimer) {  // tcp.cc:792-794
            setRtxTimer();
        }
    }

    /** send_one (tcp.cc:1576-1587): limited transmit on the first duplicate ACKs (singledup_). */
    protected void sendOne() {
        if (tSeqno <= highestAck + p.window() && tSeqno < curseq() && tSeqno <= highestAck + cwnd + dupacks
                && tSeqno <= highestAck + cs.peerMaxOutstanding()) {
            output(tSeqno);
            tSeqno++;
        }
    }

    @Override
    public void resend(int seq) {
        output(seq - base);
    }

    // ---- timer ----

    protected double now() {
        return port.nanos() / 1e9;
    }

    /** set_rtx_timer (tcp.cc:979-982). */
    protected void setRtxTimer() {
        port.setRtxTimer(Math.round(rtt.timeout() * 1e9));
    }

    /** reset_rtx_timer (tcp.cc:965-973): mild keeps t_seqno_; backoff doubles the RTO. */
    protected void resetRtxTimer(boolean mild, boolean backoff) {
        if (backoff) {
            rtt.backoff();
        }
        setRtxTimer();
        if (!mild) {
            tSeqno = highestAck + 1;
        }
        rttActive = false;
    }

    /** newtimer (tcp.cc:990-1007). */
    protected void newtimer(int seqno) {
        if (tSeqno > seqno || seqno < maxseq || cwnd < 1) {
            setRtxTimer();
        } else {
            port.cancelRtxTimer();
        }
    }

    // ---- ACKs ----

    @Override
    public void recv(int ack, boolean ece, boolean isNew) {
        recvSeqno(ack - base, ece);
        sync();
    }

    /** RenoTcpAgent::recv (tcp-reno.cc:75-145). */
    protected void recvSeqno(int seqno, boolean ece) {
        if (ece && port.ecn()) {
            ecn(seqno);                                     // tcp-reno.cc:99-100
        }
        if (seqno > lastAck) {
            if (lastCwndAction == CWND_ACTION_DUPACK) {     // tcp-reno.cc:106-107
                lastCwndAction = CWND_ACTION_EXITED;
            }
            dupwnd = 0;                                     // tcp-reno.cc:108: recovery ends, partial ACK or not
            recvNewackHelper(seqno, ece);
            if (lastAck == 0) {                             // tcp-reno.cc:110 (delay_growth_)
                cwnd = initialWindow();
            }
        } else if (seqno == lastAck) {
            if (++dupacks == p.numdupacks()) {              // tcp-reno.cc:118
                dupackAction();                             // exitFastRetrans_ true: dupwnd_ set inside
            } else if (dupacks > p.numdupacks() && lastCwndAction == CWND_ACTION_DUPACK) {
                ++dupwnd;                                   // tcp-reno.cc:122-124
            } else if (dupacks < p.numdupacks() && p.singledup()) {
                sendOne();                                  // tcp-reno.cc:125-126
            }
        }
        if (dupacks == 0 || dupacks > p.numdupacks() - 1) { // tcp-reno.cc:142-144
            sendMuch(0);
        }
    }

    /** recv_newack_helper (tcp.cc:1450-1519), the parts the defaults reach. */
    protected void recvNewackHelper(int seqno, boolean ece) {
        newack(seqno, ece);
        if (!ect || !ece) {                                 // tcp.cc:1459 (old_ecn_ 0)
            opencwnd();
        }
        if (ect && !ece) {                                  // tcp.cc:1470-1472
            ecnBackoff = false;
        }
        if (!ect && ece) {                                  // tcp.cc:1478-1480
            ect = true;
        }
    }

    /** newack (tcp.cc:1352-1415) with timerfix_ true and no timestamps. */
    protected void newack(int seqno, boolean ece) {
        double now = now();
        dupacks = 0;                                        // tcp.cc:1361
        lastAck = seqno;
        prevHighestAck = highestAck;
        highestAck = lastAck;
        if (tSeqno < lastAck + 1) {                         // tcp.cc:1366-1367
            tSeqno = lastAck + 1;
        }
        if (rttActive && seqno >= rttSeq) {                 // tcp.cc:1390-1403: the timed segment (Karn)
            if (!ect || !ecnBackoff || !ece) {
                rtt.clearBackoff();
                ecnBackoff = false;
            }
            rttActive = false;
            rtt.update(now - rttTs, now);
            cs.rtt().sample(Math.round((now - rttTs) * 1e9));
        }
        newtimer(seqno);                                    // tcp.cc:1405 (timerfix_)
    }

    /** opencwnd (tcp.cc:1119-1238) with windowOption_ 1, increase_num_ 1, max_ssthresh_ 0. */
    protected void opencwnd() {
        if (cwnd < ssthresh) {
            cwnd += 1;                                      // tcp.cc:1122-1124
        } else {
            cwnd += 1.0 / cwnd;                             // tcp.cc:1138-1145
        }
        if (p.maxcwnd() != 0 && (int) cwnd > p.maxcwnd()) { // tcp.cc:1234-1235
            cwnd = p.maxcwnd();
        }
    }

    /**
     * slowdown (tcp.cc:1241-1349) with precisionReduce_ true and decrease_num_ 0.5, so the halved value
     * is windowd()/2 whatever the first-decrease and slow-start tests say.
     */
    protected void slowdown(int how, CloseCause cause) {
        double halfwin = windowd() / 2;                     // tcp.cc:1254
        if ((how & CLOSE_SSTHRESH_HALF) != 0) {
            ssthresh = (int) halfwin;                       // tcp.cc:1289-1299
        }
        if ((how & CLOSE_CWND_HALF) != 0) {
            cwnd = halfwin;                                 // tcp.cc:1303-1308
        } else if ((how & CLOSE_CWND_RESTART) != 0) {
            cwnd = 1;                                       // int(wnd_restart_), tcp.cc:1317-1318, 465
        } else if ((how & CLOSE_CWND_ONE) != 0) {
            cwnd = 1;                                       // tcp.cc:1321-1322
        }
        if (ssthresh < 2) {                                 // tcp.cc:1329-1330
            ssthresh = 2;
        }
        firstDecrease = false;
        cs.setSsthresh(ssthresh);
        cs.closeWindow(cwnd, cause);
    }

    /**
     * Sets cwnd_ and ssthresh_ for a reduction a subclass decides (ACNS's fallback), as slowdown ends
     * (tcp.cc:1329-1332: ssthresh_ at least 2, the window closed, CWR on the next packet).
     */
    protected void closeWindow(double newCwnd, int newSsthresh, CloseCause cause) {
        ssthresh = Math.max(2, newSsthresh);
        cwnd = newCwnd;
        firstDecrease = false;
        cs.setSsthresh(ssthresh);
        cs.closeWindow(cwnd, cause);
    }

    /** The fast retransmission of reno_action (tcp-reno.cc:214-216) after the window was set. */
    protected void fastRetransmit() {
        resetRtxTimer(true, false);
        output(lastAck + 1);
        port.fastRetransmitted();
        dupwnd = p.numdupacks();
    }

    /** RenoTcpAgent::dupack_action (tcp-reno.cc:170-218). */
    protected void dupackAction() {
        boolean recovered = highestAck > recover;                           // tcp-reno.cc:173
        boolean allowFastRetransmit = lastCwndAction == CWND_ACTION_DUPACK; // tcp-reno.cc:148-151
        if (recovered || (!p.bugFix() && !port.ecn()) || allowFastRetransmit || highestAck == 0) {
            renoAction();                                                   // tcp-reno.cc:175-180 (bugfix_ss_)
            return;
        }
        if (lastCwndAction == CWND_ACTION_ECN) {
            retransmitAfterEcn();
            return;
        }
        if (p.bugFix()) {
            return;                                         // tcp-reno.cc:199-206: one fast retransmit per window
        }
        renoAction();
    }

    /**
     * The window was already reduced for this window of data (an ECN echo, or ACC's notification, which
     * sets last_cwnd_action_ as ecn() does): retransmit without a second reduction (tcp-reno.cc:183-197).
     */
    protected void retransmitAfterEcn() {
        lastCwndAction = CWND_ACTION_DUPACK;
        resetRtxTimer(true, false);
        output(lastAck + 1);
        port.fastRetransmitted();
        dupwnd = p.numdupacks();
    }

    /** reno_action (tcp-reno.cc:208-217). */
    protected void renoAction() {
        recover = maxseq;
        lastCwndAction = CWND_ACTION_DUPACK;
        slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF, CloseCause.FAST_RETRANSMIT);
        fastRetransmit();
    }

    /** ecn (tcp.cc:1421-1436): at most once per window of data. */
    protected void ecn(int seqno) {
        if (seqno > recover || lastCwndAction == CWND_ACTION_TIMEOUT) {
            recover = maxseq;
            lastCwndAction = CWND_ACTION_ECN;
            if (cwnd <= 1.0) {
                if (ecnBackoff) {
                    rtt.backoff();
                } else {
                    ecnBackoff = true;
                }
            } else {
                ecnBackoff = false;
            }
            slowdown(CLOSE_CWND_HALF | CLOSE_SSTHRESH_HALF, CloseCause.ECN);
        }
    }

    // ---- timeout ----

    /** RenoTcpAgent::timeout (tcp-reno.cc:220-230) then TcpAgent::timeout (tcp.cc:1854-1931). */
    @Override
    public void timeout() {
        dupwnd = 0;
        dupacks = 0;
        if (p.bugFix()) {
            recover = maxseq;
        }
        if (cwnd < 1) {                                     // tcp.cc:1867
            cwnd = 1;
        }
        boolean outstanding = highestAck != maxseq;
        // slow_start_restart_ true (ns-default.tcl:950): tcp.cc:1869 never skips
        recover = maxseq;                                   // tcp.cc:1878
        if (highestAck == -1 && wndInit > 1) {              // tcp.cc:1886-1892 (bugfix_ss_)
            wndInit = 1;
        }
        if (!outstanding) {                                 // restart_bugfix_ true, tcp.cc:1893-1898
            // an idle expiry: newtimer (tcp.cc:1003) keeps the timer armed after the last ACK, since
            // t_seqno_ is then past it; ns-2 counts it apart (ncwndcuts1_ excludes NO_OUTSTANDING_DATA,
            // tcp.cc:1248-1250), and so it is no window close in the connection's statistics
            cwnd = 1;
            firstDecrease = false;
        } else if (highestAck < recover && lastCwndAction == CWND_ACTION_ECN) {
            slowdown(CLOSE_CWND_ONE, CloseCause.TIMEOUT);   // tcp.cc:1899-1907: no second ssthresh cut
        } else {
            lastCwndAction = CWND_ACTION_TIMEOUT;           // tcp.cc:1908-1913
            slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_RESTART, CloseCause.TIMEOUT);
        }
        if (outstanding) {
            port.timedOut();
        }
        resetRtxTimer(false, outstanding);                  // tcp.cc:1920-1925: go back to highest_ack_ + 1
        lastCwndAction = CWND_ACTION_TIMEOUT;               // tcp.cc:1926
        sendMuch(0);                                        // tcp.cc:1927
        sync();
    }

    // ---- CongestionControl (the transport calls these only in RDP's own mode, or for notifications) ----

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

    /**
     * ACC's window-setting notification (docs/acc.md): cwnd_ and ssthresh_ take the notified values, as
     * RDP's {@code Reno} does, when that lowers the window and no fast recovery is under way. It then
     * counts as ns-2's reaction to a congestion signal for this window of data (as ecn() marks it,
     * tcp.cc:1421-1436): a loss in the same window is retransmitted on three duplicate ACKs without a
     * second reduction (tcp-reno.cc:183-197), and a timeout does not halve ssthresh_ again
     * (tcp.cc:1899-1907). The segments the filter deleted are resent by the transport; nothing else is
     * repaired other than as Reno repairs it. The notified values are capped at {@code window_ / 2}: the
     * monitor halves the {@code cwnd_} the dropped segment carried, which grows past {@code window_}
     * while the window bounds the sender (opencwnd, tcp.cc:1119-1238, has no bound but maxcwnd_), where
     * ns-2's own reduction halves {@code windowd()}, which {@code window_} bounds (slowdown with
     * precisionReduce_, tcp.cc:1254; tcp-reno.cc:61-71): so the notification sets what ns-2 would have
     * set from the carried state, half of min(cwnd_, window_) (docs/traces/acc-ns2-drops.md).
     */
    @Override
    public void onNotification(ConnectionState s, WindowNotification n) {
        double cap = p.window() / 2;                                    // windowd() <= wnd_, tcp-reno.cc:68-69
        double newCwnd = Math.min(n.cwnd(), cap);
        if (port == null || cwnd <= newCwnd || inRecovery()) {
            return;
        }
        recover = maxseq;
        lastCwndAction = CWND_ACTION_ECN;
        ssthresh = Math.max(2, (int) Math.min(n.ssthresh(), cap));    // ssthresh_ = (int) halfwin, tcp.cc:1296
        cwnd = newCwnd;
        firstDecrease = false;
        cs.setSsthresh(ssthresh);
        cs.closeWindow(cwnd, CloseCause.NOTIFICATION);
        sync();
    }

    /** Mirrors ns-2's state into the connection's (statistics, the state data segments carry). */
    protected void sync() {
        if (cs == null) {
            return;
        }
        cs.setCwnd(cwnd);
        cs.setSsthresh(ssthresh);
        cs.setDupAcks(dupacks);
        cs.setRecover(recover + base);
        cs.setPhase(inRecovery() ? SenderState.PHASE_RECOVERY
                : cwnd < ssthresh ? SenderState.PHASE_SLOW_START : SenderState.PHASE_AVOIDANCE);
    }
}
