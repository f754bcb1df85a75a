package org.aspen.rdp.ns2;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.CloseCause;

/**
 * ns-2.35's Agent/TCP/Sack1 ({@code tcp/tcp-sack1.cc}) over {@link Ns2Reno}'s TcpAgent rules: three
 * duplicate ACKs that SACK new data halve the window and enter fast recovery, in which {@code pipe_}
 * estimates the packets in flight and each ACK lets out the next hole of the scoreboard
 * ({@link Ns2ScoreBoard}), else new data, while {@code pipe_ < cwnd_}; the ACK covering
 * {@code recover_} ends it. The peer's receiver sends TCPSink/Sack1's three SACK blocks (as the
 * segments they cover, in its EACK lists).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Sack1(Ns2Params.defaults()));
 * }</pre>
 *
 * Defaults: {@code partial_ack_} false, {@code LimTransmitFix_} false, {@code oldCode_} false
 * (ns-default.tcl:974, 988, 990); {@code numdupacksFrac_} -1 makes numdupacks(cwnd_) numdupacks_.
 */
public class Ns2Sack1 extends Ns2Reno {
    private final Ns2ScoreBoard scb = new Ns2ScoreBoard();
    private boolean fastrecov;
    private int pipe = -1;
    private boolean timeoutFlag;

    public Ns2Sack1(Ns2Params p) {
        super(p);
    }

    public Ns2Sack1() {
        this(Ns2Params.defaults());
    }

    @Override
    public String name() {
        return "ns2-sack1";
    }

    @Override
    public boolean sackBlocks() {
        return true;
    }

    @Override
    public void recv(int ack, boolean ece, boolean isNew, int[] sacks) {
        recvSack(ack - base(), ece, blocks(sacks, base()));
        sync();
    }

    /** The EACK list back into SACK blocks (ns-2 seqnos, RDP's {@code base} at seqno 0): runs of consecutive segments. */
    static int[][] blocks(int[] sacks, int base) {
        if (sacks == null || sacks.length == 0) {
            return new int[0][];
        }
        int[] s = sacks.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] -= base;
        }
        java.util.Arrays.sort(s);
        List<int[]> out = new ArrayList<>();
        int start = s[0];
        int end = s[0] + 1;
        for (int i = 1; i < s.length; i++) {
            if (s[i] == end) {
                end++;
            } else if (s[i] > end) {
                out.add(new int[] {start, end});
                start = s[i];
                end = s[i] + 1;
            }
        }
        out.add(new int[] {start, end});
        return out.toArray(new int[0][]);
    }

    /** Sack1TcpAgent::recv (tcp-sack1.cc:94-226). */
    private void recvSack(int seqno, boolean ece, int[][] sacks) {
        if (ece && port.ecn()) {
            ecn(seqno);                                             // tcp-sack1.cc:114-116
        }
        if (!fastrecov) {
            if (seqno > lastAck) {                                  // tcp-sack1.cc:126-138
                firstpartial = false;
                recvNewackHelper(seqno, ece);
                timeoutFlag = false;
                scb.clear();
                if (lastAck == 0) {
                    cwnd = cwndInitial();
                }
            } else if (seqno < lastAck) {
                // nothing (tcp-sack1.cc:139-140)
            } else if (!timeoutFlag) {
                scb.update(highestAck, sacks);                      // tcp-sack1.cc:146
                if (scb.changed()) {                                // tcp-sack1.cc:152-163
                    if (++dupacks == p.numdupacks()) {
                        dupackAction();
                    } else if (dupacks < p.numdupacks() && p.singledup()) {
                        sendOne();
                    }
                }
            }
            if (dupacks == 0) {                                     // tcp-sack1.cc:181-183
                sendMuch(0);
            }
        } else {
            --pipe;                                                 // tcp-sack1.cc:186
            if (seqno >= recover) {                                 // tcp-sack1.cc:187-199: recovery over
                recover = 0;
                fastrecov = false;
                newack(seqno, ece);
                timeoutFlag = false;
                scb.clear();
            } else if (seqno > highestAck) {                        // tcp-sack1.cc:200-227 (partial_ack_ false)
                highestAck = seqno;
                scb.update(highestAck, sacks);
                --pipe;
                newtimer(seqno);
                rtt.clearBackoff();
            } else if (!timeoutFlag) {                              // tcp-sack1.cc:228-234
                scb.update(highestAck, sacks);
                if (scb.changed() && dupacks > 0) {
                    dupacks++;
                }
            }
            sendMuch(0);                                            // tcp-sack1.cc:235-236
        }
    }

    private boolean firstpartial;

    /** Sack1TcpAgent::dupack_action (tcp-sack1.cc:272-351). */
    @Override
    protected void dupackAction() {
        boolean recovered = highestAck > recover;
        if (recovered || (!p.bugFix() && !port.ecn()) || highestAck == 0) {
            sackAction();
            return;
        }
        if (lastCwndAction == CWND_ACTION_ECN) {                    // tcp-sack1.cc:281-307
            lastCwndAction = CWND_ACTION_DUPACK;
            resetRtxTimer(true, false);
            pipe = maxseq - highestAck - p.numdupacks();
            fastrecov = true;
            scb.markRetran(highestAck + 1);
            output(lastAck + 1);
            port.fastRetransmitted();
            return;
        }
        if (p.bugFix()) {
            return;
        }
        sackAction();
    }

    /** sack_action (tcp-sack1.cc:318-350). */
    private void sackAction() {
        recover = maxseq;
        pipe = maxseq - highestAck - p.numdupacks();
        resetRtxTimer(true, false);
        fastrecov = true;
        scb.markRetran(highestAck + 1);
        lastCwndAction = CWND_ACTION_DUPACK;
        slowdown(CLOSE_SSTHRESH_HALF | CLOSE_CWND_HALF, CloseCause.FAST_RETRANSMIT);
        output(lastAck + 1);
        port.fastRetransmitted();
    }

    /** Sack1TcpAgent::timeout (tcp-sack1.cc:383-412), then TcpAgent::timeout. */
    @Override
    public void timeout() {
        dupacks = 0;
        fastrecov = false;
        timeoutFlag = true;
        if (highestAck > lastAck) {
            lastAck = highestAck;
        }
        recover = maxseq;
        scb.clear();
        super.timeout();
    }

    /** Sack1TcpAgent::send_much (tcp-sack1.cc:414-489). */
    @Override
    protected void sendMuch(int maxburst) {
        port.resendNotified();   // ACC's named segments first, as in Ns2Reno.sendMuch
        boolean found = true;
        int npacket = 0;
        int win = window();
        while (((!fastrecov && tSeqno <= lastAck + win) || (fastrecov && pipe < (int) cwnd))
                && lastAck + 1 < curseq() && found && port.paceAllows()) {   // ACC-ABCD's pace: see Ns2Reno.sendMuch
            found = false;
            int xmit = scb.nextRetran();
            if (xmit == -1) {
                if ((!fastrecov && tSeqno <= highestAck + win) || (fastrecov && tSeqno <= highestAck + (int) p.window())) {
                    if (tSeqno < curseq()) {
                        found = true;
                        xmit = tSeqno++;
                    }
                }
            } else if (recover > 0 && xmit <= highestAck + (int) p.window()) {
                found = true;
                scb.markRetran(xmit);
                win = window();
            }
            if (found) {
                output(xmit);
                if (tSeqno <= xmit) {
                    tSeqno = xmit + 1;
                }
                npacket++;
                pipe++;
            }
            if (maxburst != 0 && npacket == maxburst) {
                break;
            }
        }
    }

    @Override
    protected boolean inRecovery() {
        return fastrecov;
    }
}
