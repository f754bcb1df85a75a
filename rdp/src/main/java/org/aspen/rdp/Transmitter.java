package org.aspen.rdp;

import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.time.Cancellable;

/**
 * The sending half of a connection: what goes out when (window, retransmissions), acknowledgement
 * processing, and the retransmission and keep-alive timers. Every segment leaves through
 * {@link #emit}, the receiver's ACKs too ({@link Receiver} decides when, and what they echo).
 *
 * <pre>{@code
 * tx.trySend();          // after anything that may open the window or queue data
 * tx.ack(segment);       // cumulative/duplicate ACK handling, then the strategy decides the window
 * }</pre>
 *
 * One retransmission timer per connection (RFC 6298), kept lazily: restarting it only moves a
 * deadline, and the scheduled task re-arms itself when it fires early.
 *
 * <p>One piece on purpose: ACK processing, loss recovery, the window loop and the RTO timer read
 * and write the same private state on every ACK, on the loop's hot path: the go-back range
 * ({@code goBack}, {@code rtxNext}, {@code rtxHigh}: set by a timeout or a notification, consumed
 * by {@link #trySend}), whether the RTO runs and its deadline (restarted by sends and by new ACKs,
 * stopped when nothing is in flight), and {@code deliveredSentAt} (advanced by ACKs and EACKs, read
 * by recovery's time rule).
 */
final class Transmitter {
    private final RdpConnection c;
    private final ConnectionState cs;
    private final SendBuffer buf;
    private final ConnectionStats stats;
    private final Node node;
    /** EACKed segments above a hole that make it lost (RFC 6675's DupThresh). */
    static final int LOST_AFTER = 3;
    private final long[] ackedBytes = new long[1];
    /** Send time of the most recently sent segment known to have arrived (ACKed or EACKed). */
    private long deliveredSentAt;
    private boolean goBack;
    private int rtxNext;
    private int rtxHigh;
    private boolean rtoRunning;
    private boolean timerScheduled;
    private long rtoDeadline;
    /** When the pending RTO event fires (valid while {@code timerScheduled}). */
    private long timerAt;
    private Cancellable rtoTimer = Cancellable.NONE;
    private Cancellable keepAlive = Cancellable.NONE;
    /**
     * Spaces data segments while ACC-ABCD advice asks for a pace: new ones and the resends of a marked
     * range wait for their turn; a single resend (fast retransmit, timeout) leaves at once but books its
     * share, so what follows it waits.
     */
    final Pacer pacer;
    /** The pacer's wake-up (one object, not a method reference per segment). */
    private final Runnable retrySend = this::trySend;
    /** ns-2 mode: the agent that runs sending once the connection is open (null: RDP's own transport). */
    private final AgentSender agent;
    private Port port;
    /** Sends of our SYN (or SYN,ACK) and when the first left: ns-2's agent times its seqno 0 (tcp.cc:767). */
    private int synSends;
    private long synSentAt;
    /** ns-2 mode: the ACK being handed to the agent echoed the AntiECN bit (AntiECN negotiated). */
    private boolean agentAecnEcho;
    /** ns-2 mode: an ACK is being handed to the agent, which sends what it allows itself (tcp-reno.cc:140). */
    private boolean agentAckInProgress;
    /** ns-2 mode: the connection's trySend right after an ACK the agent handled adds nothing (the agent sent). */
    private boolean agentSkipTrySend;
    /** ns-2 mode: the EACK list of the segment being processed, for an agent with SACK (null: none). */
    private int[] agentSacks;
    /** {@link Recovery#MODERN}: finds losses, resends and times instead of the classic rules below (null: classic). */
    final ModernRecovery modern;
    /** ns-2 mode: the application is refilling the send queue from inside a send ({@code refillOnSend}). */
    private boolean agentRefilling;
    /** {@link Recovery#IMPATIENT}: only the first partial ACK of a fast recovery restarts the RTO (RFC 6582). */
    private final boolean impatient;
    /** {@link Recovery#IMPATIENT}: a partial ACK has restarted the RTO since the last fast retransmit. */
    private boolean partialAckSeen;

    Transmitter(RdpConnection c) {
        this.c = c;
        this.cs = c.cs;
        this.buf = c.sendBuf;
        this.stats = c.stats;
        this.node = c.stack.node();
        this.pacer = new Pacer(c.scheduler);
        this.agent = c.cc.agent();
        this.modern = c.options.recovery() == Recovery.MODERN && agent == null ? new ModernRecovery(c, this) : null;
        this.impatient = c.options.recovery() == Recovery.IMPATIENT;
    }

    private long now() {
        return c.scheduler.nanos();
    }

    // ---- segments out ----

    void sendSyn(boolean withAck) {
        Segment s = Segment.control(Segment.SYN | (withAck ? Segment.ACK : 0), c.localPort, c.remotePort, c.iss,
                withAck ? c.irs : 0);
        s.syn = c.options.synOptions().withAcns(c.cc.acns());
        if (synSends++ == 0) {
            synSentAt = now();
        }
        emit(s, false);
        // ns-2 mode: the agent's timer, as ns-2 times its SYN (seqno 0); otherwise RDP's RTO
        long agentRto = agent == null ? -1 : agent.synTimeoutNanos(synSends - 1);
        restartRto(agentRto >= 0 ? agentRto : cs.rtt().rtoNanos());
    }

    void sendControl(int flags, int seq, int ack) {
        if ((flags & Segment.RST) != 0) {
            c.stack.counters().resetsSent++;
        }
        emit(Segment.control(flags | (c.rx.started() ? Segment.ACK : 0), c.localPort, c.remotePort, seq, ack), false);
    }

    private void sendData(int seq, boolean retransmission) {
        Segment s = Segment.data(c.localPort, c.remotePort, seq, c.rx.rcvCur(), buf.data(seq));
        s.state = cs.senderState();
        // ns-2's agents with SetCWRonRetransmit_ set CWR on a retransmission too (tcp.cc:694)
        if ((!retransmission || (agent != null && agent.cwrOnRetransmit())) && cs.cwrPending()) {
            s.flags |= Segment.CWR;
            cs.clearCwr();
        }
        s.acnsRequest = !retransmission && c.acnsNegotiated && c.cc.acnsRequest(cs, seq);
        c.rx.echoes(s);
        emit(s, c.ecn);
    }

    /** Every segment of the connection leaves here, as one VNet packet. */
    void emit(Segment s, boolean ect) {
        if (s.has(Segment.ACK)) {
            c.rx.ackCarried();
        }
        s.aecnPath = c.aecnEchoing;
        int ttl = node.config().defaultTtl();
        // AntiECN: the SYN's AECN-SYN TTL starts equal to the TTL; data carries the bit routers may clear
        Packet p = Packet.builder().source(node.address()).destination(c.remote).protocol(Protocol.RDP)
                .ttl(ttl).ecn(ect ? Ecn.ECT0 : Ecn.NOT_ECT).priority(c.priority)
                .aecnTtl(s.has(Segment.SYN) && c.options.aecn() ? ttl : 0)
                .aecn(c.aecnSending && s.dataLength > 0).acnsCommand(s.acnsRequest ? Packet.ACNS_REQUEST : 0)
                .buildInPlace(SegmentCodec.encodedLength(s), node.framePool());
        // the segment is written once, straight into the frame (every byte of it: a pooled frame holds an
        // old packet); sealing computes the frame's checksum
        SegmentCodec.encodeInto(s, p.array(), p.payloadOffset(), c.options.checksum());
        p.seal();
        stats.segmentsSent++;
        c.stack.counters().segmentsOut++;
        node.send(p);
    }

    // ---- window ----

    /** Sends what the window allows: pending retransmissions first, then new segments. */
    void trySend() {
        if (c.state() != RdpConnection.State.OPEN) {
            return;
        }
        if (port != null) {
            agentTrySend();
            return;
        }
        if (modern != null) {
            if (!goBack || retransmitRange(Math.min(c.cc.window(cs), cs.peerMaxOutstanding()))) {
                modern.trySend();
            }
            stats.observe(cs);
            return;
        }
        // limited transmit (RFC 3042): the first two duplicate ACKs each let one new segment out,
        // so a small window still produces the duplicates (EACKs) that trigger a fast retransmit
        int limited = cs.phase() == SenderState.PHASE_RECOVERY ? 0 : Math.min(cs.dupAcks(), 2);
        int win = Math.min(c.cc.window(cs) + limited, cs.peerMaxOutstanding());
        if (goBack && !retransmitRange(win)) {
            stats.observe(cs);
            return;
        }
        long pace = c.advice.paceBytesPerSecond();
        while (buf.hasQueued() && cs.flight() < win && pacer.mayPass(pace, retrySend)) {
            int seq = buf.sendNext(now());
            pacer.sent(pace, buf.data(seq).length);
            cs.setSndNxt(seq + 1);
            stats.dataSegmentsSent++;
            sendData(seq, false);
            if (!rtoRunning) {
                restartRto();
            }
        }
        stats.observe(cs);
    }

    /** Resends the marked range as the window allows; true when the range is done. */
    private boolean retransmitRange(int win) {
        while (true) {
            while (ConnectionState.seqLt(rtxNext, rtxHigh)
                    && (ConnectionState.seqLt(rtxNext, cs.sndUna()) || buf.eacked(rtxNext))) {
                rtxNext++;
            }
            if (!ConnectionState.seqLt(rtxNext, rtxHigh)) {
                goBack = false;
                return true;
            }
            if (rtxNext - cs.sndUna() >= win || !pacer.mayPass(c.advice.paceBytesPerSecond(), this::trySend)) {
                return false;
            }
            retransmit(rtxNext++);
        }
    }

    private void retransmit(int seq) {
        resend(seq);
        if ((!rtoRunning || c.cc.timerFollowsRetransmissions(cs)) && modern == null) {
            restartRto();
        }
    }

    /** Sends segment {@code seq} again (no timer: the caller's recovery keeps it). */
    void resend(int seq) {
        buf.retransmitted(seq, now());
        pacer.sent(c.advice.paceBytesPerSecond(), buf.data(seq).length);   // a numbered segment keeps its size
        stats.retransmissions++;
        sendData(seq, true);
    }

    /** Sends the next queued segment as new data (no timer); returns its sequence number. */
    int sendNew(long pace) {
        int seq = buf.sendNext(now());
        pacer.sent(pace, buf.data(seq).length);
        cs.setSndNxt(seq + 1);
        stats.dataSegmentsSent++;
        sendData(seq, false);
        return seq;
    }

    /** The pacer lets a segment out now (otherwise it wakes the sender later). */
    boolean pacerPasses(long pace) {
        return pacer.mayPass(pace, retrySend);
    }

    private void retransmitFirstHole() {
        int seq = cs.sndUna();
        while (buf.contains(seq) && buf.eacked(seq)) {
            seq++;
        }
        if (buf.contains(seq)) {
            retransmit(seq);
        }
    }

    /** The lowest segment from SND.UNA not EACKed, resent (a fast retransmit) if it was sent only once. */
    private void retransmitFirstHoleSentOnce() {
        int seq = cs.sndUna();
        while (buf.contains(seq) && buf.eacked(seq)) {
            seq++;
        }
        if (buf.contains(seq) && buf.transmissions(seq) == 1) {
            stats.fastRetransmits++;
            retransmit(seq);
        }
    }

    /**
     * Resends, up to a window's worth, the segments from SND.UNA that lie below an EACKed one, are not
     * EACKed and were sent only once: with the notified window held, no new segment goes out to draw
     * duplicate ACKs, so holes left by several drops of one window would otherwise come back one per
     * round trip (a partial ACK each).
     */
    private void retransmitHolesSentOnce() {
        int budget = c.cc.window(cs);
        int remaining = buf.eackedCount();
        for (int seq = cs.sndUna(); remaining > 0 && budget > 0 && ConnectionState.seqLt(seq, cs.sndNxt()); seq++) {
            if (buf.eacked(seq)) {
                remaining--;
            } else if (buf.transmissions(seq) == 1) {
                retransmit(seq);
                budget--;
            }
        }
    }

    /**
     * In recovery, resends the lowest segment that is lost by the time rule (a segment sent after it
     * already arrived, plus a quarter RTT of reordering allowance, as RACK): one per duplicate ACK,
     * so it stays ACK-clocked; a lost retransmission is found the same way, without a timeout.
     */
    private void retransmitNextLostHole() {
        long allowance = Math.max(1_000_000L, cs.rtt().srttNanos() / 4);
        for (int seq = cs.sndUna(); ConnectionState.seqLt(seq, cs.sndNxt()); seq++) {
            if (!buf.eacked(seq) && buf.sentAt(seq) + allowance < deliveredSentAt) {
                retransmit(seq);
                return;
            }
            if (buf.sentAt(seq) >= deliveredSentAt) {
                return;   // nothing sent later has arrived yet
            }
        }
    }

    /**
     * An accepted notification: segment {@code seq} and the {@code deleteCount} after it are being
     * deleted by the filter, so they are resent as the new window allows (EACKed ones are skipped).
     */
    void negativelyAcknowledge(int seq, int deleteCount) {
        int end = ConnectionState.seqLt(seq + 1 + deleteCount, cs.sndNxt()) ? seq + 1 + deleteCount : cs.sndNxt();
        stats.notifiedNacks += end - seq;
        if (goBack) {
            rtxNext = ConnectionState.seqLt(seq, rtxNext) ? seq : rtxNext;
            rtxHigh = ConnectionState.seqLt(rtxHigh, end) ? end : rtxHigh;
        } else {
            goBack = true;
            rtxNext = seq;
            rtxHigh = end;
        }
    }

    /** ns-2 mode: resends a notified range as the agent's window allows, then the agent sends what it may. */
    private void agentTrySend() {
        if (agentAckInProgress || agentRefilling) {
            return;   // the agent is sending already and sees the new data as its loop goes on
        }
        if (agentSkipTrySend) {
            agentSkipTrySend = false;
            return;
        }
        agent.sendMuch();   // the agent's send_much resends the notified range first (Port.resendNotified)
        stats.observe(cs);
    }

    /**
     * ns-2 mode: resends the segments a notification named deleted (ACC) that now lie within the agent's
     * window, lowest first, each under the agent's timer rules. The agent calls it at the top of every
     * send_much, so a named segment beyond the window when its notification came goes out as soon as an
     * ACK (or a larger window) brings it in, ahead of new data; the rest stays pending.
     */
    private void resendNotified() {
        if (!goBack) {
            return;
        }
        while (ConnectionState.seqLt(rtxNext, rtxHigh) && ConnectionState.seqLt(rtxNext, cs.sndUna())) {
            rtxNext++;
        }
        while (ConnectionState.seqLt(rtxNext, rtxHigh) && rtxNext - cs.sndUna() < agent.window()) {
            agent.resend(rtxNext++);
        }
        goBack = ConnectionState.seqLt(rtxNext, rtxHigh);
    }

    /**
     * ns-2 mode: the acknowledgement goes to the agent. Only new cumulative ACKs and pure duplicate ACKs
     * while data is outstanding count (ns-2's agent sees only its sink's ACKs); EACKs are ignored.
     */
    private void agentAck(Segment s) {
        int[] sacks = agentSacks;
        agentSacks = null;
        int ack = s.ack;
        int una = cs.sndUna();
        if (ConnectionState.seqLt(ack, una - 1) || ConnectionState.seqLt(cs.sndNxt() - 1, ack)) {
            return;
        }
        if (c.acnsNegotiated && s.acnsEcho != 0) {
            c.cc.onAcnsCommand(cs, s.acnsEcho);   // an agent with ACNS (Ns2AcnsReno), as in RDP's own mode
        }
        boolean ece = c.ecn && s.has(Segment.ECE);
        boolean isNew = ack != una - 1;
        if (!isNew && (cs.flight() == 0 || s.dataLength > 0 || s.has(Segment.NUL))) {
            return;
        }
        if (ece) {
            stats.ecnEchoes++;
        }
        agentAecnEcho = c.aecnSending && s.aecnEcho;
        if (agentAecnEcho) {
            stats.aecnEchoes++;
        }
        agentAckInProgress = true;
        try {
            if (isNew) {
                ackedBytes[0] = 0;
                buf.ackThrough(ack, ackedBytes);
                stats.bytesAcked += ackedBytes[0];
                cs.setSndUna(ack + 1);
                // the application refills its queue first, as ns-2's sources are ahead of the agent
                c.acknowledged();
                if (c.state() != RdpConnection.State.OPEN) {
                    return;   // a graceful close completed on this ACK
                }
            }
            agent.recv(ack, ece, isNew, sacks);
        } finally {
            agentAckInProgress = false;
        }
        agentSkipTrySend = true;
        stats.observe(cs);
    }

    /** What the transport does for an {@link AgentSender}. */
    private final class Port implements AgentPort {
        private Cancellable timer = Cancellable.NONE;
        private boolean pending;
        private final Runnable fire = this::fired;

        @Override
        public long nanos() {
            return now();
        }

        @Override
        public int queuedEnd() {
            return buf.nextSeq() + buf.queuedSegments();
        }

        @Override
        public void output(int seq) {
            if (seq == buf.nextSeq()) {
                sendNew(c.advice.paceBytesPerSecond());
                if (c.options.refillOnSend()) {
                    agentRefilling = true;
                    try {
                        c.refill();
                    } finally {
                        agentRefilling = false;
                    }
                }
            } else {
                resend(seq);
            }
        }

        @Override
        public boolean paceAllows() {
            return pacer.mayPass(c.advice.paceBytesPerSecond(), retrySend);
        }

        @Override
        public void setRtxTimer(long nanos) {
            timer.cancel();
            pending = true;
            timer = c.scheduler.schedule(nanos, fire);
        }

        @Override
        public void cancelRtxTimer() {
            timer.cancel();
            pending = false;
        }

        @Override
        public boolean rtxTimerPending() {
            return pending;
        }

        @Override
        public void resendNotified() {
            Transmitter.this.resendNotified();
        }

        private void fired() {
            pending = false;
            if (c.state() == RdpConnection.State.OPEN) {
                goBack = false;   // the agent's timeout goes back N from its highest ACK: the named segments with it
                agent.timeout();
                stats.observe(cs);
            }
        }

        @Override
        public boolean ecn() {
            return c.ecn;
        }

        @Override
        public boolean aecnEcho() {
            return agentAecnEcho;
        }

        @Override
        public double uniform() {
            return c.stack.random().nextDouble();
        }

        @Override
        public void timedOut() {
            stats.timeouts++;
        }

        @Override
        public void fastRetransmitted() {
            stats.fastRetransmits++;
        }

        void stop() {
            timer.cancel();
            pending = false;
        }
    }

    // ---- acknowledgements in ----

    void eacks(int[] seqs) {
        if (port != null) {
            agentSacks = seqs;   // ns-2's Reno and NewReno ignore them; Sack1 reads its blocks from them
            return;
        }
        for (int k = 0; k < seqs.length; k++) {
            int e = seqs[k];
            if (modern != null && buf.contains(e) && !buf.eacked(e)) {
                modern.eacked(e);
            }
            if (buf.eack(e)) {
                stats.eackedSegments++;
                deliveredSentAt = Math.max(deliveredSentAt, buf.sentAt(e));
                // only the first entry is the arrival this ACK answers (ReceiveBuffer.eacks); the others
                // may have waited beyond the 64 an EACK lists, and would read their wait as RTT
                if (k == 0 && buf.transmissions(e) == 1) {
                    cs.rtt().sample(now() - buf.sentAt(e));
                }
            }
        }
    }

    /** True when a segment in {@code [from, to]} was retransmitted: this cumulative ACK repaired a hole. */
    private boolean repairsHole(int from, int to) {
        for (int q = from; q != to + 1; q++) {
            if (buf.transmissions(q) > 1) {
                return true;
            }
        }
        return false;
    }

    void ack(Segment s) {
        if (port != null) {
            agentAck(s);
            return;
        }
        int ack = s.ack;
        int una = cs.sndUna();
        if (ConnectionState.seqLt(ack, una - 1) || ConnectionState.seqLt(cs.sndNxt() - 1, ack)) {
            return;   // older than what we know, or acknowledges what we never sent
        }
        boolean ece = c.ecn && s.has(Segment.ECE);
        boolean aee = c.aecnSending && s.aecnEcho;
        if (aee) {
            stats.aecnEchoes++;
        }
        if (c.acnsNegotiated && s.acnsEcho != 0) {
            c.cc.onAcnsCommand(cs, s.acnsEcho);
        }
        if (modern != null) {
            modernAck(s, ack, una, ece, aee);
            return;
        }
        if (ack != una - 1) {
            int newly = ack - (una - 1);
            if (buf.transmissions(ack) == 1 && !buf.eacked(ack) && !repairsHole(una, ack)) {
                // Karn: never from a retransmitted segment; nor from one that waited at the receiver behind a
                // hole: one EACKed, or one this ACK covers only because a retransmission filled the hole
                // before it (more segments wait behind a hole than an EACK can list)
                cs.rtt().sample(now() - buf.sentAt(ack));
            } else {
                cs.rtt().clearBackoff();
            }
            deliveredSentAt = Math.max(deliveredSentAt, buf.sentAt(ack));
            ackedBytes[0] = 0;
            buf.ackThrough(ack, ackedBytes);
            stats.bytesAcked += ackedBytes[0];
            cs.setSndUna(ack + 1);
            boolean partial = c.cc.onAck(cs, new AckEvent(ack, newly, ece, aee));
            echo(ece);
            if (partial) {
                retransmitFirstHole();
            } else if (cs.phase() == SenderState.PHASE_RECOVERY && buf.eackedCount() > 0) {
                // a partial ACK in a notified recovery (ACC): the strategy resends nothing itself, but a
                // hole the ACK uncovered below EACKed segments must not wait for duplicates that may never
                // come (nothing new is sent while the notified window is held); one already resent (a
                // NACKed one) is left to the time rule
                retransmitHolesSentOnce();
            }
            if (cs.flight() == 0) {
                rtoRunning = false;
            } else if (!(impatient && partial && partialAckSeen)) {
                // RFC 6582, 3.2 step 5: "For the first partial ACK that arrives during Fast Recovery, also
                // reset the retransmit timer" (Impatient); CLASSIC restarts it on every new ACK
                restartRto();
            }
            partialAckSeen = partial;
            c.acknowledged();
        } else if (cs.flight() > 0 && s.dataLength == 0 && !s.has(Segment.NUL)) {
            echo(ece);
            AckEvent e = new AckEvent(ack, 0, ece, aee);
            boolean inRecovery = cs.phase() == SenderState.PHASE_RECOVERY;
            boolean fast = c.cc.onDuplicateAck(cs, e);
            if (!fast && cs.phase() != SenderState.PHASE_RECOVERY && buf.eackedCount() >= LOST_AFTER) {
                // EACKs already show three segments beyond the hole: lost, even if duplicate ACKs were lost
                fast = c.cc.onLossDetected(cs, e);
            }
            if (fast && inRecovery) {
                // a fast retransmit inside a recovery (Reno's after a window-only notification): the hole
                // only if nothing resent it yet (a filter's follow-up notice, the time rule)
                retransmitFirstHoleSentOnce();
            } else if (fast) {
                stats.fastRetransmits++;
                retransmitFirstHole();
            } else if (cs.phase() == SenderState.PHASE_RECOVERY) {
                retransmitNextLostHole();
            }
        }
    }

    /** {@link Recovery#MODERN}: the scoreboard takes the cumulative ACK, then {@link ModernRecovery} decides. */
    private void modernAck(Segment s, int ack, int una, boolean ece, boolean aee) {
        int newly = ack - (una - 1);
        if (newly > 0) {
            if (buf.transmissions(ack) == 1 && !buf.eacked(ack) && !repairsHole(una, ack)) {
                cs.rtt().sample(now() - buf.sentAt(ack));   // Karn, and nothing that waited behind a hole
            }
            for (int q = una; q != ack + 1; q++) {
                if (!buf.eacked(q)) {
                    modern.delivered(q);
                }
            }
            deliveredSentAt = Math.max(deliveredSentAt, buf.sentAt(ack));
            ackedBytes[0] = 0;
            buf.ackThrough(ack, ackedBytes);
            stats.bytesAcked += ackedBytes[0];
            cs.setSndUna(ack + 1);
        } else if (cs.flight() == 0) {
            return;
        }
        modern.acknowledged(new AckEvent(ack, newly, ece, aee));
        echo(ece);
        if (newly > 0) {
            c.acknowledged();
        }
    }

    private void echo(boolean ece) {
        if (ece) {
            stats.ecnEchoes++;
            c.cc.onEcnEcho(cs);
        }
    }

    // ---- timers ----

    void opened() {
        rtoRunning = false;
        cs.setSndUna(c.iss + 1);
        scheduleKeepAlive();
        if (modern != null) {
            modern.opened(synSends == 1 ? now() - synSentAt : -1);
        }
        if (agent != null) {
            port = new Port();
            agent.start(port, cs, c.iss, synSends == 1 ? now() - synSentAt : -1, synSends - 1);
        }
    }

    private void restartRto() {
        restartRto(cs.rtt().rtoNanos());
    }

    private void restartRto(long rtoNanos) {
        rtoRunning = true;
        rtoDeadline = now() + rtoNanos;
        if (timerScheduled && impatient && rtoDeadline < timerAt) {
            // the pending event is later than the new deadline (the RTO shrank since it was set, e.g. from the
            // initial 1 s after the handshake): CLASSIC lets it fire late, IMPATIENT's one restart must not
            rtoTimer.cancel();
            timerScheduled = false;
        }
        if (!timerScheduled) {
            timerScheduled = true;
            timerAt = rtoDeadline;
            rtoTimer = c.scheduler.schedule(rtoNanos, this::rtoFired);
        }
    }

    private void rtoFired() {
        timerScheduled = false;
        if (!rtoRunning) {
            return;
        }
        long now = now();
        if (now < rtoDeadline) {
            timerScheduled = true;
            timerAt = rtoDeadline;
            rtoTimer = c.scheduler.schedule(rtoDeadline - now, this::rtoFired);
            return;
        }
        rtoRunning = false;
        cs.rtt().backoff();
        switch (c.state()) {
            case SYN_SENT, SYN_RCVD -> {
                if (now - c.createdAt() >= c.options.deadPeerNanos()) {
                    c.end(CloseReason.HANDSHAKE_TIMEOUT, false);
                } else {
                    sendSyn(c.state() == RdpConnection.State.SYN_RCVD);
                }
            }
            case OPEN -> {
                if (cs.flight() == 0) {
                    return;
                }
                stats.timeouts++;
                c.cc.onTimeout(cs);
                goBack = true;
                rtxNext = cs.sndUna();
                rtxHigh = cs.sndNxt();
                trySend();
            }
            default -> {
            }
        }
    }

    private void scheduleKeepAlive() {
        keepAlive = c.scheduler.schedule(c.options.keepAliveNanos(), this::keepAliveTick);
    }

    private void keepAliveTick() {
        if (c.state() != RdpConnection.State.OPEN) {
            return;
        }
        long idle = now() - c.lastHeard;
        if (idle >= c.options.deadPeerNanos()) {
            c.resetAndEnd(CloseReason.PEER_DEAD);
            return;
        }
        // ns-2 mode: no probe while data is outstanding. ns-2's agents send none, the peer's ACK of a NUL
        // would reach the agent as a duplicate ACK (a limited transmit, or a third duplicate) that ns-2
        // never sees, and the agent's own timer resends within maxrto_ anyway; the peer's probes (NUL,
        // which the agent ignores) keep this end from declaring it dead
        if (idle >= c.options.keepAliveNanos() && (agent == null || cs.flight() == 0)) {
            stats.keepAlivesSent++;
            emit(Segment.control(Segment.NUL | Segment.ACK, c.localPort, c.remotePort, cs.sndNxt(), c.rx.rcvCur()), false);
        }
        scheduleKeepAlive();
    }

    void stopTimers() {
        rtoRunning = false;
        rtoTimer.cancel();
        timerScheduled = false;
        keepAlive.cancel();
        pacer.stop();
        if (modern != null) {
            modern.stop();
        }
        if (port != null) {
            port.stop();
        }
    }
}
