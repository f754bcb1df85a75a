package org.aspen.rdp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.time.Scheduler;

/**
 * One RDP connection: the application's handle and the RFC 908/1151 state machine behind it. The
 * receive path is {@link Receiver}; sending, retransmission and timers are {@link Transmitter};
 * network AAs' notifications and advice are checked by {@link NetworkFeedback}; the window comes
 * from the {@link CongestionControl} strategy.
 *
 * <pre>{@code
 * RdpConnection c = stack.connect(dest, 7000, RdpOptions.defaults(), listener);
 * // in listener.onOpen:
 * if (!c.send(bytes)) { ... wait for onWritable ... }
 * c.closeGracefully().thenRun(() -> log.info("all data acknowledged, RST sent"));
 * }</pre>
 *
 * Every method runs on the node's loop (the tests' blocking API, {@code org.aspen.rdp.blocking}, hops
 * there for its callers).
 *
 * <p>Over the ~400-line guideline as one piece on purpose: what is left is the public handle (some
 * 200 lines, most of them documented one-line accessors) and the state machine it drives. Each
 * public operation is legal only in some states and may move the machine ({@code send} before
 * OPEN queues, {@code close} goes to CLOSE-WAIT), and each transition ({@code becomeOpen},
 * {@code end}) calls the listener, completes or fails the flush futures and starts or stops both
 * halves in an order the application observes. In one file that order, and docs/rdp.md's table of
 * states, read from top to bottom.
 */
public final class RdpConnection {
    /** RFC 908 connection states (LISTEN belongs to {@link RdpListener}). */
    public enum State { CLOSED, LISTEN, SYN_SENT, SYN_RCVD, OPEN, CLOSE_WAIT }

    final RdpStack stack;
    final Scheduler scheduler;
    final VAddr remote;
    final int remotePort;
    final int localPort;
    final boolean passive;
    final RdpOptions options;
    final ConnectionStats stats;
    final ConnectionState cs;
    final CongestionControl cc;
    final SendBuffer sendBuf;
    final Transmitter tx;
    final Receiver rx;
    /** ACC-ABCD segment-size and pacing advice. */
    final SenderAdvice advice;
    private final NetworkFeedback feedback;
    private ConnectionListener listener;
    private State state = State.CLOSED;
    final int iss;
    int irs;
    private SynOptions peer;
    boolean sequenced;
    boolean ecn;
    /** AntiECN: both SYNs asked for it. */
    private boolean aecnNegotiated;
    /** AntiECN: the peer's SYN arrived with TTL == AECN-SYN TTL, so we echo its AECN bits. */
    boolean aecnEchoing;
    /** AntiECN: the peer confirmed our path, so our data carries the AECN bit and its echo counts. */
    boolean aecnSending;
    /** ACNS: both SYNs offered it (our strategy reacts to commands, the peer echoes them). */
    boolean acnsNegotiated;
    /** The VNet header priority (0-63) of every packet this connection sends; ACNS routers read it. */
    int priority;
    long lastHeard;
    private final long createdAt;
    private int offered;
    private boolean wantWritable;
    private List<Flush> flushes;
    private CompletableFuture<Void> closeFuture;
    private CloseReason closeReason;

    private record Flush(int seq, CompletableFuture<Void> future) {
    }

    RdpConnection(RdpStack stack, VAddr remote, int remotePort, int localPort, boolean passive, RdpOptions options,
                  ConnectionListener listener, int iss) {
        this.stack = stack;
        this.scheduler = stack.node().scheduler();
        this.remote = remote;
        this.remotePort = remotePort;
        this.localPort = localPort;
        this.passive = passive;
        this.options = options;
        this.listener = listener == null ? new ConnectionListener() { } : listener;
        this.iss = iss;
        this.stats = new ConnectionStats(scheduler::nanos, options.maxSamples());
        RttEstimator rtt = new RttEstimator(options.initialRtoNanos(), options.minRtoNanos(), options.maxRtoNanos());
        this.cs = new ConnectionState(options.initialWindow(), options.initialSsthresh(), stats, rtt);
        this.cc = options.congestionControl().get();
        this.sendBuf = new SendBuffer(options.sendBuffer());
        sendBuf.start(iss + 1);
        cs.setSndUna(iss + 1);
        cs.setSndNxt(iss + 1);
        cs.setRecover(iss);
        cs.startAt(iss);
        this.rx = new Receiver(this);
        this.tx = new Transmitter(this);
        this.advice = new SenderAdvice(scheduler, () -> tx.trySend());
        this.feedback = new NetworkFeedback(this);
        this.createdAt = scheduler.nanos();
        this.lastHeard = createdAt;
    }

    // ---- public API ----

    public State state() {
        return state;
    }

    public RdpStack stack() {
        return stack;
    }

    public VAddr remoteAddress() {
        return remote;
    }

    public int remotePort() {
        return remotePort;
    }

    public VAddr localAddress() {
        return stack.node().address();
    }

    public int localPort() {
        return localPort;
    }

    public RdpOptions options() {
        return options;
    }

    public ConnectionStats stats() {
        return stats;
    }

    /** The sender's congestion state (read-only use outside the strategy, please). */
    public ConnectionState congestionState() {
        return cs;
    }

    public CongestionControl congestionControl() {
        return cc;
    }

    /** Sequenced delivery negotiated (valid once OPEN). */
    public boolean sequenced() {
        return sequenced;
    }

    /** ECN negotiated (valid once OPEN). */
    public boolean ecnEnabled() {
        return ecn;
    }

    /**
     * AntiECN in force for the data we send (both ends asked, and the peer saw our SYN arrive with
     * TTL == AECN-SYN TTL: every hop AECN-capable). False: the strategy sees no echo and behaves as Reno.
     */
    public boolean aecnEnabled() {
        return aecnSending;
    }

    /** AntiECN in force for the data we receive: we echo the peer's AECN bits. */
    public boolean aecnEchoing() {
        return aecnEchoing;
    }

    /** ACNS negotiated (valid once OPEN): we echo router commands and our strategy reacts to the peer's echoes. */
    public boolean acnsEnabled() {
        return acnsNegotiated;
    }

    /** Sets the priority (0-63) carried in the VNet header of every packet we send from now on. */
    public void setPriority(int priority) {
        if (priority < 0 || priority > 63) {
            throw new IllegalArgumentException("priority must be 0-63, got " + priority);
        }
        this.priority = priority;
    }

    public int priority() {
        return priority;
    }

    /**
     * Largest data length {@link #send} accepts: the peer's maximum segment once known, ours before;
     * with segments sized from the path ({@link RdpOptions#segmentFromPath}) never more than ours,
     * which is then our first link's limit.
     */
    public int maxSendSize() {
        if (peer == null) {
            return options.maxSegment();
        }
        return options.segmentFromPath() ? Math.min(peer.maxSegment(), options.maxSegment()) : peer.maxSegment();
    }

    /**
     * The data length the application should use for its next {@link #send}: {@link #maxSendSize()},
     * or less while a network AA (ACC-ABCD) advises smaller segments. Larger sends stay legal.
     */
    public int segmentSize() {
        return advice.segmentSize(maxSendSize());
    }

    /** The advice this connection's sender follows (size, pace, counters). */
    public SenderAdvice senderAdvice() {
        return advice;
    }

    /** New data segments held back by pacing so far (each wait counted once). */
    public long pacingWaits() {
        return tx.pacer.held;
    }

    public void setListener(ConnectionListener l) {
        this.listener = l;
    }

    /** Why the connection ended, or null while it has not. */
    public CloseReason closeReason() {
        return closeReason;
    }

    /** True when another {@link #send} would be queued. */
    public boolean writable() {
        return isSendState() && !sendBuf.queueFull();
    }

    /**
     * Queues one segment's data. Returns false when the send buffer is full ({@link ConnectionListener#onWritable}
     * follows when there is room). Throws when the connection cannot send or the data exceeds {@link #maxSendSize()}.
     */
    public boolean send(byte[] data) {
        return send(data, 0, data.length);
    }

    public boolean send(byte[] data, int off, int len) {
        checkSend(len);
        return queue(java.util.Arrays.copyOfRange(data, off, off + len));
    }

    /**
     * As {@link #send(byte[])}, but the connection takes {@code data} itself instead of a copy: the
     * caller must not change the array afterwards (RDP keeps it until the peer acknowledges it and may
     * retransmit it). For senders that fill a fresh array per segment, such as a bulk transfer.
     */
    public boolean sendOwned(byte[] data) {
        checkSend(data.length);
        return queue(data);
    }

    /**
     * Gives every segment's array back to {@code recycler} once the peer has acknowledged it, so that a
     * sender filling arrays for {@link #sendOwned} can reuse them instead of allocating one per segment.
     * The connection keeps no reference to an array it has handed back: each packet copies the data it
     * carries, and a retransmission is encoded afresh from the buffer, which holds only unacknowledged
     * arrays. Arrays still unacknowledged when the connection closes are not handed back. Called on the
     * node's loop, from inside acknowledgement processing: keep it short (queue the array, nothing more).
     */
    public void recycleAcknowledged(java.util.function.Consumer<byte[]> recycler) {
        sendBuf.releaseTo(recycler);
    }

    private void checkSend(int len) {
        if (!isSendState()) {
            throw new IllegalStateException("connection is " + state + ", cannot send");
        }
        if (len > maxSendSize()) {
            throw new IllegalArgumentException("segment of " + len + " bytes exceeds the maximum of " + maxSendSize());
        }
    }

    private boolean queue(byte[] data) {
        if (!sendBuf.offer(data)) {
            wantWritable = true;
            return false;
        }
        offered++;
        stats.bytesQueued += data.length;
        if (state == State.OPEN) {
            tx.trySend();
        }
        return true;
    }

    /**
     * Completes when every segment queued so far has been acknowledged (so the peer has received it;
     * in sequenced mode it has also been delivered in order). Fails if the connection ends first.
     */
    public CompletableFuture<Void> flush() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        int last = iss + offered;
        if (ConnectionState.seqLt(last, cs.sndUna())) {
            f.complete(null);
        } else if (!isSendState()) {
            f.completeExceptionally(new RdpException("connection " + (closeReason == null ? state : closeReason)));
        } else {
            if (flushes == null) {
                flushes = new ArrayList<>(2);
            }
            flushes.add(new Flush(last, f));
        }
        return f;
    }

    /**
     * RDP's way to end a connection knowing the data arrived: waits until everything queued is
     * acknowledged, then sends RST and enters CLOSE-WAIT. The future fails if the connection ends otherwise.
     */
    public CompletableFuture<Void> closeGracefully() {
        if (closeFuture == null) {
            closeFuture = flush().thenRun(this::close);
        }
        return closeFuture;
    }

    /** Aborts now: sends RST (if the peer may know us) and drops unsent data (RFC 908 close). */
    public void close() {
        switch (state) {
            case OPEN, SYN_RCVD, SYN_SENT -> {
                tx.sendControl(Segment.RST, cs.sndNxt(), rx.started() ? rx.rcvCur() : 0);
                end(CloseReason.LOCAL, state == State.OPEN);
            }
            default -> {
            }
        }
    }

    /** Holds delivered data inside the connection (the blocking API's reader is behind). */
    public void pauseDelivery() {
        rx.pauseDelivery();
    }

    public void resumeDelivery() {
        rx.resumeDelivery();
    }

    @Override
    public String toString() {
        return stack.node().address() + ":" + localPort + "<->" + remote + ":" + remotePort + " " + state;
    }

    // ---- state machine ----

    void openActive() {
        state = State.SYN_SENT;
        tx.sendSyn(false);
    }

    /** A listener got this SYN: SYN-RCVD (the stack sends SYN,ACK once the acceptor took the connection). */
    void synReceived(Segment syn) {
        acceptSyn(syn);
        state = State.SYN_RCVD;
    }

    private void acceptSyn(Segment s) {
        irs = s.seq;
        peer = s.syn;
        rx.start(irs, options.sequenced() && peer.sequenced());
        sequenced = options.sequenced() && peer.sequenced();
        ecn = options.ecn() && peer.ecn();
        aecnNegotiated = options.aecn() && peer.aecn();
        aecnEchoing = aecnNegotiated && s.aecnTtlIntact;
        acnsNegotiated = cc.acns() && peer.acns();
        cs.setPeerMaxOutstanding(peer.maxOutstanding());
        notePeerAecn(s);
    }

    /** The peer's segments carry AECN_PATH once it checked our SYN: from then on we mark our data. */
    private void notePeerAecn(Segment s) {
        if (aecnNegotiated && s.aecnPath) {
            aecnSending = true;
        }
    }

    /** A segment for this connection; {@code ce} is the VNet header's congestion mark. */
    void receive(Segment s, boolean ce) {
        if (s.advice != null) {
            feedback.rateAdvice(s.advice);
        }
        if (s.has(Segment.NTF)) {
            feedback.notification(s.notification);
            return;
        }
        if (s.advice != null) {
            return;
        }
        notePeerAecn(s);
        switch (state) {
            case SYN_SENT -> inSynSent(s);
            case SYN_RCVD -> inSynRcvd(s, ce);
            case OPEN -> inOpen(s, ce);
            default -> stack.counters().drop(RdpDrop.UNEXPECTED);
        }
    }

    private void inSynSent(Segment s) {
        if (s.has(Segment.RST)) {
            if (s.has(Segment.ACK) && s.ack == iss) {
                end(CloseReason.REFUSED, false);
            }
            return;
        }
        if (!s.has(Segment.SYN) || s.syn == null) {
            stack.counters().drop(RdpDrop.UNEXPECTED);
            return;
        }
        acceptSyn(s);
        lastHeard = scheduler.nanos();
        if (s.has(Segment.ACK) && s.ack == iss) {
            rx.sendAck();
            becomeOpen();
        } else {
            // simultaneous open: both sides sent SYN
            state = State.SYN_RCVD;
            tx.sendSyn(true);
        }
    }

    private void inSynRcvd(Segment s, boolean ce) {
        if (s.has(Segment.RST)) {
            end(passive ? CloseReason.PEER_RESET : CloseReason.REFUSED, false);
            return;
        }
        if (s.has(Segment.SYN) && s.seq != irs) {
            resetAndEnd(CloseReason.PROTOCOL_ERROR);
            return;
        }
        if (!s.has(Segment.ACK) || s.ack != iss) {
            if (s.has(Segment.SYN)) {
                tx.sendSyn(true);
            } else {
                stack.counters().drop(RdpDrop.UNEXPECTED);
            }
            return;
        }
        becomeOpen();
        if (s.has(Segment.SYN)) {
            rx.sendAck();
        }
        inOpen(s, ce);
    }

    private void becomeOpen() {
        state = State.OPEN;
        stack.counters().connectionsOpened++;
        tx.opened();
        listener.onOpen(this);
        if (state == State.OPEN) {
            tx.trySend();
        }
    }

    private void inOpen(Segment s, boolean ce) {
        lastHeard = scheduler.nanos();
        if (s.has(Segment.RST)) {
            // The peer's RST carries its final acknowledgement: data it covers was delivered, so a
            // flush (or closeGracefully) waiting for it completes instead of failing. This matters
            // when the peer closes right after reading: its RST can leave before a deferred ACK.
            if (s.has(Segment.ACK) && ConnectionState.seqLt(cs.sndUna() - 1, s.ack)
                    && !ConnectionState.seqLt(cs.sndNxt() - 1, s.ack)) {
                tx.ack(s);
            }
            if (state == State.OPEN) {
                end(CloseReason.PEER_RESET, true);
            }
            return;
        }
        if (s.has(Segment.SYN)) {
            if (s.seq == irs) {
                rx.sendAck();   // our ACK of its SYN was lost
            } else {
                resetAndEnd(CloseReason.PROTOCOL_ERROR);
            }
            return;
        }
        if (s.dataLength > options.maxSegment()) {
            resetAndEnd(CloseReason.OVERSIZED);
            return;
        }
        if (s.has(Segment.EAK)) {
            tx.eacks(s.eacks);
        }
        if (s.has(Segment.ACK)) {
            tx.ack(s);
            if (state != State.OPEN) {
                return;
            }
        }
        if (s.dataLength > 0) {
            rx.data(s, ce);
        } else if (s.has(Segment.NUL)) {
            rx.sendAck();
        }
        tx.trySend();
    }

    // ---- called by the transmitter ----

    void acknowledged() {
        if (flushes != null) {
            flushes.removeIf(f -> ConnectionState.seqLt(f.seq, cs.sndUna()) && f.future.complete(null));
        }
        refill();
    }

    /** Tells the application there is room again, when it found the send queue full. */
    void refill() {
        if (wantWritable && !sendBuf.queueFull()) {
            wantWritable = false;
            listener.onWritable(this);
        }
    }

    long createdAt() {
        return createdAt;
    }

    ConnectionListener listener() {
        return listener;
    }

    boolean isSendState() {
        return state == State.OPEN || state == State.SYN_SENT || state == State.SYN_RCVD;
    }

    void resetAndEnd(CloseReason why) {
        tx.sendControl(Segment.RST, cs.sndNxt(), rx.started() ? rx.rcvCur() : 0);
        end(why, state == State.OPEN);
    }

    /** Leaves the connection: to CLOSE-WAIT when it was open (RFC 908), otherwise straight to CLOSED. */
    void end(CloseReason why, boolean closeWait) {
        if (state == State.CLOSED || state == State.CLOSE_WAIT) {
            return;
        }
        closeReason = why;
        tx.stopTimers();
        advice.stop();
        if (closeWait) {
            state = State.CLOSE_WAIT;
            scheduler.schedule(options.closeWaitNanos(), this::closed);
        } else {
            closed();
        }
        if (flushes != null) {
            for (Flush f : flushes) {
                f.future.completeExceptionally(new RdpException("connection closed: " + why));
            }
            flushes = null;
        }
        resumeDelivery();
        listener.onClosed(this, why);
    }

    private void closed() {
        state = State.CLOSED;
        stack.remove(this);
    }
}
