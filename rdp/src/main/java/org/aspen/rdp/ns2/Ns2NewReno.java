package org.aspen.rdp.ns2;

import org.aspen.rdp.CloseCause;

/**
 * ns-2.35's Agent/TCP/Newreno ({@code tcp/tcp-newreno.cc}) over {@link Ns2Reno}: a new ACK below
 * {@code recover_} is partial and keeps the sender in fast recovery, retransmitting the next hole at
 * once, with partial window deflation; only the first partial ACK restarts the timer
 * ({@code newreno_changes1_}); the recovery ends on the ACK that covers {@code recover_}.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2NewReno(Ns2Params.defaults()));
 * }</pre>
 *
 * Defaults from ns-default.tcl:1076-1084: newreno_changes_ 0, newreno_changes1_ 1,
 * partial_window_deflation_ 1, exit_recovery_fix_ 0; lessCareful_, bugFix_ack_ and bugFix_ts_ false
 * (ns-default.tcl:940-944).
 */
public class Ns2NewReno extends Ns2Reno {
    private boolean firstpartial;

    public Ns2NewReno(Ns2Params p) {
        super(p);
    }

    public Ns2NewReno() {
        this(Ns2Params.defaults());
    }

    @Override
    public String name() {
        return "ns2-newreno";
    }

    /** NewRenoTcpAgent::recv (tcp-newreno.cc:181-305). */
    @Override
    protected void recvSeqno(int seqno, boolean ece) {
        if (ece && port.ecn()) {
            ecn(seqno);                                             // tcp-newreno.cc:219-220
        }
        if (seqno > lastAck) {
            if (seqno >= recover || lastCwndAction != CWND_ACTION_DUPACK) {   // tcp-newreno.cc:227-228
                if (dupwnd > 0) {
                    dupwnd = 0;
                    if (lastCwndAction == CWND_ACTION_DUPACK) {
                        lastCwndAction = CWND_ACTION_EXITED;
                    }
                }
                firstpartial = false;                               // tcp-newreno.cc:241
                recvNewackHelper(seqno, ece);
                if (lastAck == 0) {                                 // tcp-newreno.cc:243 (delay_growth_)
                    cwnd = initialWindowAfterSyn();
                }
            } else {
                if (!p.partialWindowDeflation()) {                  // tcp-newreno.cc:249-250
                    dupwnd = 0;
                }
                partialnewackHelper(seqno);
            }
        } else if (seqno == lastAck) {
            if (++dupacks == p.numdupacks()) {                      // tcp-newreno.cc:258-259
                dupackAction();
            } else if (dupacks > p.numdupacks() && lastCwndAction == CWND_ACTION_DUPACK) {
                ++dupwnd;                                           // tcp-newreno.cc:262-265 (newreno_changes_ 0)
            } else if (dupacks < p.numdupacks() && p.singledup()) {
                sendOne();                                          // tcp-newreno.cc:273-274
            }
        }
        if (dupacks == 0) {                                         // tcp-newreno.cc:292-298
            sendMuch(0);
        } else if (dupacks > p.numdupacks() - 1) {                  // tcp-newreno.cc:300-302
            sendMuch(2);
        }
    }

    private double initialWindowAfterSyn() {
        return cwndInitial();
    }

    /** partialnewack_helper (tcp-newreno.cc:91-105). */
    private void partialnewackHelper(int seqno) {
        if (!p.newrenoChanges1() || !firstpartial) {
            firstpartial = true;
            newtimer(seqno);                                        // tcp-newreno.cc:93-101
        }
        partialnewack(seqno);
        output(lastAck + 1);                                        // tcp-newreno.cc:104
    }

    /** partialnewack (tcp-newreno.cc:61-89); dupacks_ is left as it is, as there. */
    private void partialnewack(int seqno) {
        if (p.partialWindowDeflation()) {
            int deflate = seqno - lastAck;                          // tcp-newreno.cc:67-68
            if (dupwnd > deflate) {
                dupwnd -= deflate - 1;                              // tcp-newreno.cc:72-73
            } else {
                cwnd -= deflate - dupwnd;                           // tcp-newreno.cc:74-77
                dupwnd = 1;
            }
            if (cwnd < 1) {
                cwnd = 1;
            }
        }
        lastAck = seqno;                                            // tcp-newreno.cc:81-84
        highestAck = lastAck;
        if (tSeqno < lastAck + 1) {
            tSeqno = lastAck + 1;
        }
        if (rttActive && seqno >= rttSeq) {                         // tcp-newreno.cc:85-88: no sample
            rttActive = false;
            rtt.clearBackoff();
        }
    }

    /** NewRenoTcpAgent::dupack_action (tcp-newreno.cc:114-178). */
    @Override
    protected void dupackAction() {
        boolean recovered = highestAck > recover;
        if (recovered || (!p.bugFix() && !port.ecn()) || highestAck == 0) {   // tcp-newreno.cc:119-124
            newrenoAction();
            return;
        }
        if (lastCwndAction == CWND_ACTION_ECN) {                    // tcp-newreno.cc:136-150
            retransmitAfterEcn();
            return;
        }
        if (p.bugFix()) {
            return;                                                 // tcp-newreno.cc:152-162
        }
        newrenoAction();
    }

    /** reno_action in tcp-newreno.cc:166-176: the timer is reset before the window is halved. */
    private void newrenoAction() {
        recover = maxseq;
        resetRtxTimer(true, false);
        lastCwndAction = CWND_ACTION_DUPACK;
        slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF, CloseCause.FAST_RETRANSMIT);
        output(lastAck + 1);
        port.fastRetransmitted();
        dupwnd = p.numdupacks();
    }
}
