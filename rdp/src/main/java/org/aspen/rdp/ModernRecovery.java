package org.aspen.rdp;

import org.aspen.vnet.time.Cancellable;

/**
 * {@link Recovery#MODERN}: the sender's loss detection, repair and window during recovery, on the
 * EACKs RDP already has, as today's TCPs do it with SACK. The {@link Transmitter} hands it every
 * acknowledgement and asks it what to send; the congestion-control strategy still grows the window
 * outside recovery and reacts to timeouts and ECN (Reno: in packets).
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withRecovery(Recovery.MODERN);   // a connection gets one of these
 * }</pre>
 *
 * <ul>
 *   <li><b>Scoreboard</b> (RFC 6675): each outstanding segment is EACKed, deemed lost, or neither
 *       ({@link SendBuffer}); {@code pipe} = outstanding - EACKed - lost + retransmissions in flight.
 *       Every segment deemed lost is resent before new data (NextSeg rule 1), as the window allows,
 *       so all known holes are repaired within one round trip instead of one per partial ACK.</li>
 *   <li><b>RACK</b> (RFC 8985 6.2): a segment is lost when one sent after it was delivered and it has
 *       been out for the delivered one's round trip plus a reordering window (a quarter of the
 *       minimum RTT; none in recovery or once three segments above it were EACKed, until reordering
 *       was seen). Lost retransmissions are found the same way, without a timeout. A segment not yet
 *       overdue arms the reordering timer.</li>
 *   <li><b>PRR</b> (RFC 6937, with its slow-start reduction bound): the window during recovery
 *       follows what the receiver reports delivered, so that recovery ends at ssthresh =
 *       max(min(cwnd, flight) / 2, 2) (Reno's reduction, in packets).</li>
 *   <li><b>TLP</b> (RFC 8985 7): with nothing deemed lost, a probe leaves two smoothed RTTs after the
 *       last send (plus the peer's ACK delay when fewer segments are out than a stretch ACK waits for):
 *       a new segment if there is one, else the last one again; its acknowledgement lets RACK find a
 *       tail loss. A probe that repaired a loss (acknowledged later than the minimum RTT after it
 *       left) halves the window once.</li>
 *   <li><b>RTO</b> (RFC 6298): the estimator is seeded by the handshake's round trip (the SYN or
 *       SYN,ACK sent once), and the timer runs from the last send of the oldest outstanding segment
 *       (as Linux re-arms it), so ACKs during a long recovery do not push it out.</li>
 *   <li><b>Undo</b>: a retransmission acknowledged sooner than the minimum RTT after it left cannot be
 *       what arrived: the original did (RDP has no DSACK or timestamps; this is RFC 8985 6.2 step 2's
 *       test). When every retransmission of a recovery is proven spurious so and nothing deemed lost
 *       is left, the reduction is undone (cwnd and ssthresh as before it) and reordering is noted.</li>
 *   <li><b>Cwnd validation</b> (RFC 7661): the window grows only while the flow uses at least half of
 *       it (pipeACK, the most delivered in the current or last round trip, &ge; cwnd / 2).</li>
 * </ul>
 *
 * <p>On the connection's loop like the rest of it; time from its scheduler only.
 */
final class ModernRecovery {
    /** EACKed segments above a hole that end the reordering allowance (RFC 6675's DupThresh). */
    static final int DUP_THRESH = 3;

    private final RdpConnection c;
    private final Transmitter tx;
    private final ConnectionState cs;
    private final SendBuffer buf;
    /** The stretch-ACK policy's ratio and delay (a node's peers use the same): an ACK may wait that long for fewer segments. */
    private final int ackEvery;
    private final long ackDelayNanos;

    // RACK: the most recently sent segment known delivered, and its round trip
    private boolean rackValid;
    private long rackSentAt;
    private int rackSeq;
    private long rackRtt;
    private long minRtt = Long.MAX_VALUE;
    private boolean reorderingSeen;
    /** RACK.fack: the highest segment reported delivered by the ACKs before this one. */
    private boolean fackValid;
    private int fack;
    private boolean nextFackValid;
    private int nextFack;

    // recovery (RFC 6675 / 6937)
    private boolean inRecovery;
    private boolean entryAck;
    private int recoveryPoint;
    private int prrDelivered;
    private int prrOut;
    private int recoverFs;
    private double priorCwnd;
    private double priorSsthresh;
    private int unprovenRetransmissions;
    private int recoveryRetransmissions;

    /** Segments newly delivered (cumulatively or by EACK) by the acknowledgement being processed. */
    private int delivered;

    // cwnd validation (RFC 7661): the most segments in flight in this and in the last round trip
    private int roundEnd;
    private int roundMaxPipe;
    private int lastRoundMaxPipe;

    // after a timeout: resending what it gave up, in slow start, until lossUntil is acknowledged
    private boolean inLoss;
    private int lossUntil;
    private long lastTimeoutAt = Long.MIN_VALUE;

    // tail-loss probe
    private boolean probeOut;
    private int probeSeq;
    private long probeSentAt;
    private boolean probeWasResend;
    /** The probe's resend was acknowledged late: it repaired a loss; the window halves after this ACK. */
    private boolean probeLossPending;
    /** When the probe timer was last (re)started: a new segment sent or new data acknowledged. */
    private long probeBase;

    // timers: the RTO and the probe/reordering timer, each one task moved only when it must fire earlier
    private Cancellable rtoTask = Cancellable.NONE;
    private long rtoTaskAt = Long.MAX_VALUE;
    private long rtoDeadline = Long.MAX_VALUE;
    private Cancellable probeTask = Cancellable.NONE;
    private long probeTaskAt = Long.MAX_VALUE;
    private long probeDeadline = Long.MAX_VALUE;
    private boolean probeIsReorder;
    private long rtoBase;
    private final Runnable rtoCheck = this::rtoCheck;
    private final Runnable probeCheck = this::probeCheck;

    // counters (tests and docs)
    long recoveries;
    long rackLosses;
    long probes;
    long undos;
    long probeReductions;

    ModernRecovery(RdpConnection c, Transmitter tx) {
        this.c = c;
        this.tx = tx;
        this.cs = c.cs;
        this.buf = c.sendBuf;
        this.ackEvery = c.stack.ackPolicy().every();
        this.ackDelayNanos = ackEvery > 1 ? c.stack.ackPolicy().delayNanos() : 0;
    }

    private long now() {
        return c.scheduler.nanos();
    }

    boolean inRecovery() {
        return inRecovery;
    }

    /** The connection opened; {@code synRtt} is our SYN's round trip when it was sent once (else -1). */
    void opened(long synRtt) {
        if (synRtt > 0 && !cs.rtt().hasSample()) {
            cs.rtt().sample(synRtt);   // RFC 6298 2.2: the first measurement sets SRTT and RTTVAR
        }
        roundEnd = cs.sndNxt();
    }

    // ---- acknowledgements ----

    /** Segment {@code seq}, still outstanding, was newly reported arrived (EACK or cumulative ACK). */
    void delivered(int seq) {
        delivered++;
        if (!nextFackValid || ConnectionState.seqLt(nextFack, seq)) {
            nextFack = seq;
            nextFackValid = true;
        }
        long now = now();
        long sentAt = buf.sentAt(seq);
        long rtt = now - sentAt;
        if (buf.transmissions(seq) > 1) {
            if (buf.retransmissionInFlight(seq) && rtt < minRtt) {
                // too soon for the retransmission: the original arrived; RACK ignores it (RFC 8985 6.2 step 2)
                if (inRecovery && unprovenRetransmissions > 0) {
                    unprovenRetransmissions--;
                }
                if (probeOut && seq == probeSeq) {
                    probeOut = false;   // the probe's original arrived: no loss
                }
                return;
            }
        } else {
            minRtt = Math.min(minRtt, Math.max(1, rtt));
            if (fackValid && ConnectionState.seqLt(seq, fack)) {
                reorderingSeen = true;   // RFC 8985 6.2 step 3: sent once, delivered below what an earlier ACK reported
            }
        }
        if (probeOut && seq == probeSeq) {
            probeOut = false;
            probeLossPending = probeWasResend;
        }
        if (!rackValid || sentAt > rackSentAt || (sentAt == rackSentAt && ConnectionState.seqLt(rackSeq, seq))) {
            rackValid = true;
            rackSentAt = sentAt;
            rackSeq = seq;
            rackRtt = Math.max(1, rtt);
        }
    }

    /** An EACK named {@code seq} for the first time. */
    void eacked(int seq) {
        delivered(seq);
    }

    /**
     * The acknowledgement is processed (EACKs, then the cumulative ACK of {@code newly} segments, already
     * applied to the buffer): detect losses, enter, run or leave recovery, grow the window.
     */
    void acknowledged(AckEvent e) {
        int got = delivered;
        delivered = 0;
        fack = nextFack;
        fackValid = nextFackValid;
        if (!ConnectionState.seqLt(e.ack(), roundEnd)) {   // the round that ends at roundEnd is over
            lastRoundMaxPipe = roundMaxPipe;
            roundMaxPipe = buf.pipe();
            roundEnd = cs.sndNxt();
        }
        if (e.newlyAcked() > 0) {
            probeBase = now();
        }
        detectLosses();
        if (inLoss && !ConnectionState.seqLt(e.ack(), lossUntil)) {
            inLoss = false;
        }
        if (inRecovery && recoveryRetransmissions > 0 && unprovenRetransmissions == 0 && buf.lostCount() == 0) {
            undo();   // before the end of recovery: the ACK that proves the last resend spurious may also end it
        }
        if (inRecovery && !ConnectionState.seqLt(e.ack(), recoveryPoint)) {
            leaveRecovery();
        }
        if (mayEnterRecovery()) {
            enterRecovery();
        } else if (probeLossPending && !inRecovery && !inLoss) {
            probeRepairedLoss();
        }
        probeLossPending = false;
        if (inRecovery) {
            prr(got);
        } else if (e.newlyAcked() > 0 && (cs.phase() == SenderState.PHASE_RECOVERY || validated())) {
            // outside our recovery the strategy decides (Reno: slow start, avoidance; a notified
            // recovery of ACC's ends there too); RFC 7661: no growth while the flow leaves half unused
            c.cc.onAck(cs, e);
        } else if (e.newlyAcked() > 0) {
            cs.setDupAcks(0);
        }
        if (e.newlyAcked() > 0 || got > 0) {
            cs.rtt().clearBackoff();
        }
        armTimers();
    }

    /** Losses found outside any recovery: not after a timeout (it resends them itself) nor in ACC's notified one. */
    private boolean mayEnterRecovery() {
        return !inRecovery && !inLoss && buf.lostCount() > 0 && cs.phase() != SenderState.PHASE_RECOVERY;
    }

    /**
     * RFC 7661: the window may grow only while the flow uses at least half of it. The use is measured as
     * the most segments in flight in this or the last round trip (as Linux's cwnd-limited test), not
     * RFC 7661's acknowledged data per RTT, which lags a window that doubles within the round trip.
     */
    private boolean validated() {
        return 2 * Math.max(lastRoundMaxPipe, roundMaxPipe) >= cs.cwnd();
    }

    /** RFC 8985 6.2 step 4: the reordering window, in ns. */
    private long reorderWindow() {
        if (!reorderingSeen && (inRecovery || buf.eackedCount() >= DUP_THRESH)) {
            return 0;
        }
        long base = minRtt == Long.MAX_VALUE ? 0 : minRtt / 4;
        return Math.min(base, cs.rtt().srttNanos());
    }

    /** RFC 8985 6.2 step 5: marks lost what was sent before the last delivered segment and is overdue. */
    private void detectLosses() {
        if (!rackValid || (buf.eackedCount() == 0 && buf.retransmissionsInFlight() == 0)) {
            return;   // in order and nothing resent: nothing outstanding was sent before a delivered segment
        }
        long now = now();
        long reo = reorderWindow();
        long soonest = Long.MAX_VALUE;
        for (int seq = cs.sndUna(); ConnectionState.seqLt(seq, cs.sndNxt()); seq++) {
            if (buf.eacked(seq) || buf.awaitingRetransmission(seq)) {
                continue;
            }
            long sentAt = buf.sentAt(seq);
            boolean before = sentAt < rackSentAt || (sentAt == rackSentAt && ConnectionState.seqLt(seq, rackSeq));
            if (!before) {
                continue;
            }
            long left = sentAt + rackRtt + reo - now;
            if (left <= 0) {
                buf.markLost(seq);
                rackLosses++;
            } else {
                soonest = Math.min(soonest, left);
            }
        }
        if (soonest != Long.MAX_VALUE) {
            probeIsReorder = true;
            probeDeadline = now + soonest;
            schedule(false);
        } else if (probeIsReorder) {
            probeIsReorder = false;
            probeDeadline = Long.MAX_VALUE;
        }
    }

    private void enterRecovery() {
        inRecovery = true;
        entryAck = true;
        recoveries++;
        c.stats.fastRetransmits++;
        priorCwnd = cs.cwnd();
        priorSsthresh = cs.ssthresh();
        unprovenRetransmissions = 0;
        recoveryRetransmissions = 0;
        recoveryPoint = cs.sndNxt() - 1;
        recoverFs = cs.flight();   // RFC 6937: RecoverFS = snd.nxt - snd.una
        prrDelivered = 0;
        prrOut = 0;
        cs.setSsthresh(Math.max(Math.min(cs.cwnd(), cs.flight()) / 2, 2));
        cs.setRecover(recoveryPoint);
        cs.closeWindow(cs.ssthresh(), CloseCause.FAST_RETRANSMIT);
        cs.setPhase(SenderState.PHASE_RECOVERY);
        probeOut = false;
    }

    /** RFC 6937 section 3, on each ACK in recovery: the window is what is in flight plus what may leave now. */
    private void prr(int deliveredData) {
        prrDelivered += deliveredData;
        int pipe = buf.pipe();
        int ssthresh = (int) Math.floor(cs.ssthresh() + 1e-9);
        long sndcnt;
        if (pipe > ssthresh) {
            // proportional: CEIL(prr_delivered * ssthresh / RecoverFS) - prr_out
            sndcnt = ((long) prrDelivered * ssthresh + recoverFs - 1) / Math.max(1, recoverFs) - prrOut;
        } else {
            // slow-start reduction bound: MIN(ssthresh - pipe, MAX(prr_delivered - prr_out, DeliveredData) + 1)
            sndcnt = Math.min(ssthresh - pipe, Math.max(prrDelivered - prrOut, deliveredData) + 1);
        }
        sndcnt = Math.max(sndcnt, 0);
        if (entryAck && sndcnt == 0) {
            sndcnt = 1;   // RFC 6675 4.2 step (4): the first lost segment leaves on the ACK that found it
        }
        entryAck = false;
        cs.setCwnd(pipe + sndcnt);
    }

    private void leaveRecovery() {
        inRecovery = false;
        cs.setCwnd(cs.ssthresh());   // RFC 6937: cwnd = ssthresh at the end of recovery
        cs.setGrowthPhase();
    }

    private void undo() {
        undos++;
        inRecovery = false;
        reorderingSeen = true;
        cs.setSsthresh(Math.max(cs.ssthresh(), priorSsthresh));
        cs.setCwnd(Math.max(cs.cwnd(), priorCwnd));
        cs.setGrowthPhase();
    }

    /** The probe's resend was acknowledged a full round trip after it left: it repaired a tail loss. */
    private void probeRepairedLoss() {
        if (inRecovery) {
            return;
        }
        probeReductions++;
        cs.setSsthresh(Math.max(Math.min(cs.cwnd(), cs.flight() + 1) / 2, 2));
        cs.closeWindow(cs.ssthresh(), CloseCause.FAST_RETRANSMIT);
        cs.setGrowthPhase();
    }

    // ---- sending ----

    /** Segments the window allows out now: {@code pipe < cwnd} (RFC 6675), the peer's buffer bounding new ones. */
    void trySend() {
        long pace = c.advice.paceBytesPerSecond();
        int cwnd = c.cc.window(cs);
        while (buf.pipe() < cwnd && tx.pacerPasses(pace)) {
            int lost = firstAwaitingRetransmission();
            if (lost != Integer.MIN_VALUE) {
                resend(lost);
            } else if (buf.hasQueued() && cs.flight() < cs.peerMaxOutstanding()) {
                tx.sendNew(pace);
                probeBase = now();
                countOut();
            } else {
                break;
            }
        }
        roundMaxPipe = Math.max(roundMaxPipe, buf.pipe());
        armTimers();
    }

    private int firstAwaitingRetransmission() {
        if (buf.awaitingRetransmissions() == 0) {
            return Integer.MIN_VALUE;
        }
        for (int seq = cs.sndUna(); ConnectionState.seqLt(seq, cs.sndNxt()); seq++) {
            if (buf.awaitingRetransmission(seq)) {
                return seq;
            }
        }
        return Integer.MIN_VALUE;
    }

    private void resend(int seq) {
        tx.resend(seq);
        if (inRecovery) {
            recoveryRetransmissions++;
            unprovenRetransmissions++;
        }
        countOut();
    }

    private void countOut() {
        if (inRecovery) {
            prrOut++;
        }
    }

    // ---- timers ----

    /** RTO from the oldest outstanding segment's last send; a probe when nothing is deemed lost. */
    private void armTimers() {
        if (cs.flight() == 0) {
            rtoDeadline = Long.MAX_VALUE;
            probeDeadline = Long.MAX_VALUE;
            probeIsReorder = false;
            return;
        }
        rtoDeadline = Math.max(buf.sentAt(cs.sndUna()), rtoBase) + cs.rtt().rtoNanos();
        schedule(true);
        if (probeIsReorder) {
            return;
        }
        if (!inRecovery && !probeOut && buf.lostCount() == 0 && cs.rtt().hasSample()) {
            // RFC 8985 7.2: PTO = 2 SRTT, plus the peer's ACK delay when fewer segments are out than one ACK
            // waits for (RFC 8985: one, for ACKs of every second segment; a node's stretch ACKs: 16), not past the RTO
            long pto = 2 * cs.rtt().srttNanos() + (cs.flight() < Math.max(2, ackEvery) ? ackDelayNanos : 0);
            probeDeadline = Math.min(probeBase + pto, rtoDeadline);
            schedule(false);
        } else {
            probeDeadline = Long.MAX_VALUE;
        }
    }

    private void schedule(boolean rto) {
        long at = rto ? rtoDeadline : probeDeadline;
        long taskAt = rto ? rtoTaskAt : probeTaskAt;
        if (at >= taskAt) {
            return;   // the task already scheduled fires first and re-checks
        }
        long delay = Math.max(0, at - now());
        if (rto) {
            rtoTask.cancel();
            rtoTaskAt = at;
            rtoTask = c.scheduler.schedule(delay, rtoCheck);
        } else {
            probeTask.cancel();
            probeTaskAt = at;
            probeTask = c.scheduler.schedule(delay, probeCheck);
        }
    }

    private void rtoCheck() {
        rtoTaskAt = Long.MAX_VALUE;
        if (c.state() != RdpConnection.State.OPEN || rtoDeadline == Long.MAX_VALUE) {
            return;
        }
        if (now() < rtoDeadline) {
            schedule(true);
            return;
        }
        if (cs.flight() == 0) {
            return;
        }
        // RFC 6298 5.4-5.7 and RFC 6675 5.1: back off, everything not EACKed is lost, slow start from one
        c.stats.timeouts++;
        cs.rtt().backoff();
        c.cc.onTimeout(cs);
        rtoBase = now();
        inRecovery = false;
        inLoss = true;
        lossUntil = cs.sndNxt() - 1;
        probeOut = false;
        probeIsReorder = false;
        probeDeadline = Long.MAX_VALUE;
        for (int seq = cs.sndUna(); ConnectionState.seqLt(seq, cs.sndNxt()); seq++) {
            if (!buf.eacked(seq)) {
                buf.markLost(seq);
            }
        }
        rtoDeadline = Long.MAX_VALUE;
        tx.trySend();
    }

    private void probeCheck() {
        probeTaskAt = Long.MAX_VALUE;
        if (c.state() != RdpConnection.State.OPEN || probeDeadline == Long.MAX_VALUE) {
            return;
        }
        if (now() < probeDeadline) {
            schedule(false);
            return;
        }
        probeDeadline = Long.MAX_VALUE;
        if (probeIsReorder) {
            // RFC 8985 6.3: the reordering window of a segment ran out; look again
            probeIsReorder = false;
            detectLosses();
            if (mayEnterRecovery()) {
                enterRecovery();
                prr(0);
            }
            tx.trySend();
            return;
        }
        if (cs.flight() == 0 || inRecovery || probeOut) {
            return;
        }
        // RFC 8985 7.3: a new segment if the peer's buffer allows one, else the last one again
        probes++;
        probeOut = true;
        long pace = c.advice.paceBytesPerSecond();
        if (buf.hasQueued() && cs.flight() < cs.peerMaxOutstanding()) {
            probeSeq = tx.sendNew(pace);
            probeWasResend = false;
        } else {
            int last = cs.sndNxt() - 1;
            while (ConnectionState.seqLt(cs.sndUna(), last) && buf.eacked(last)) {
                last--;
            }
            probeSeq = last;
            probeWasResend = true;
            tx.resend(last);
        }
        probeSentAt = now();
        rtoBase = probeSentAt;   // RFC 8985 7.3: the RTO runs again from the probe
        rtoDeadline = probeSentAt + cs.rtt().rtoNanos();
        schedule(true);
        c.stats.observe(cs);
    }

    void stop() {
        rtoTask.cancel();
        probeTask.cancel();
        rtoTaskAt = Long.MAX_VALUE;
        probeTaskAt = Long.MAX_VALUE;
    }
}
