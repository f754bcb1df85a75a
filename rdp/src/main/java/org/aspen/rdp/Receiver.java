package org.aspen.rdp;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The receiving half of a connection: data segments into the acceptance window ({@link ReceiveBuffer}),
 * in-order data out to the application (held inside while delivery is paused), and our
 * acknowledgements: when they leave and what they tell the peer.
 *
 * <pre>{@code
 * rx.start(irs, sequenced);   // once the peer's SYN is accepted
 * rx.data(segment, ce);       // an OPEN connection's data segment; an ACK follows at the end of the loop task
 * rx.echoes(outgoing);        // every ACK-bearing segment we send: ECE, AntiECN and ACNS echoes, EACK list
 *                             // (ns-2 mode: none, or TCPSink/Sack1's blocks for Sack1)
 * }</pre>
 *
 * By default there is no delayed-ACK timer: {@link #ackSoon} acknowledges after the current loop task,
 * so the segments of one burst get one ACK, and not at all when a segment sent meanwhile carried it.
 * A stretch {@link AckPolicy} lets plain in-order segments wait for a few more, or for its delay
 * (docs/rdp.md, "ACK/EACK"). On the node's loop, like the rest of the connection.
 */
final class Receiver {
    private final RdpConnection c;
    private final ConnectionStats stats;
    /** Null until a SYN was accepted. */
    private ReceiveBuffer buf;
    private final ArrayDeque<byte[]> undelivered = new ArrayDeque<>();
    private boolean deliveryPaused;
    /** ECN: a CE mark arrived; every ACK says so (ECE) until a segment with CWR arrives. */
    private boolean eceToSend;
    /** AECN bit of the last data segment received (what the next ACK echoes). */
    private boolean aecnToEcho;
    /** ACNS: the strongest router command (0 none, 1 normal, 2 freeze, 3 fallback) on data received since our last ACK. */
    private int acnsToEcho;
    private boolean ackOwed;
    private boolean ackScheduled;
    /** In-order segments received since our last acknowledgement left (stretch ACKs). */
    private int unacked;
    private boolean delayArmed;
    private final AckPolicy ackPolicy;
    /** ns-2 mode ({@link CongestionControl#agent()}): every data segment is acknowledged at once, as TCPSink does. */
    private final boolean ackEach;
    /** ns-2 Sack1 mode: TCPSink/Sack1's SACK blocks go into our EACK lists (null otherwise). */
    private final Ns2Sacker sacker;
    private final ReceiveBuffer.Sink deliverer = this::deliver;
    /** Made on first use, so an idle connection does not carry them. */
    private Runnable endOfTaskAck;
    private Runnable delayedAck;

    Receiver(RdpConnection c) {
        this.c = c;
        this.stats = c.stats;
        this.ackPolicy = c.stack.ackPolicy();
        this.ackEach = c.cc.agent() != null;
        this.sacker = ackEach && c.cc.agent().sackBlocks() ? new Ns2Sacker(3) : null;
    }

    /** The peer's SYN was accepted: the acceptance window starts after its initial sequence number. */
    void start(int irs, boolean sequenced) {
        buf = new ReceiveBuffer(c.options.maxOutstanding(), sequenced);
        buf.start(irs);
    }

    boolean started() {
        return buf != null;
    }

    /** RCV.CUR: the last sequence number received in order, what our ACKs carry (once {@link #started}). */
    int rcvCur() {
        return buf.rcvCur();
    }

    /** A data segment on an OPEN connection; {@code ce} is the VNet header's congestion mark. */
    void data(Segment s, boolean ce) {
        stats.segmentsReceived++;
        if (s.has(Segment.CWR)) {
            eceToSend = false;
        }
        if (ce && c.ecn) {
            stats.ecnMarksReceived++;
            eceToSend = true;
        }
        aecnToEcho = s.aecnMarked;
        if (c.acnsNegotiated) {
            acnsToEcho = Math.max(acnsToEcho, s.acnsMarked);
        }
        if (undelivered.size() >= c.options.maxOutstanding() && ConnectionState.seqLt(buf.rcvCur(), s.seq)) {
            stats.receiveBufferDrops++;
            c.stack.counters().drop(RdpDrop.RECEIVE_BUFFER_FULL);
            return;
        }
        boolean heldBefore = buf.held() > 0;
        boolean inOrder = false;
        switch (buf.accept(s.seq, s.data, s.dataOffset, s.dataLength, deliverer)) {
            case DUPLICATE -> {
                stats.duplicates++;
                c.stack.counters().drop(RdpDrop.DUPLICATE);
            }
            case OUT_OF_WINDOW -> {
                stats.outOfWindowDrops++;
                c.stack.counters().drop(RdpDrop.OUT_OF_WINDOW);
            }
            case ACCEPTED -> {
                if (buf.held() > 0) {
                    stats.outOfOrder++;
                } else {
                    inOrder = !heldBefore;
                }
            }
        }
        if (sacker != null && c.state() == RdpConnection.State.OPEN) {
            sacker.arrived(s.seq - c.irs);
        }
        if (c.state() == RdpConnection.State.OPEN && ackEach) {
            // ns-2's TCPSink: one ACK per data packet, at once, cumulative (TcpSink::recv, tcp-sink.cc:358-385)
            sendAck();
        } else if (c.state() == RdpConnection.State.OPEN) {
            // stretch ACKs only for plain in-order arrivals; anything loss recovery, ECN or ACNS needs goes at once
            if (!inOrder || eceToSend || (c.acnsNegotiated && s.acnsMarked != 0)
                    || ++unacked >= ackPolicy.ratio(s.state)) {
                ackSoon();
            } else {
                ackLater();
            }
        }
    }

    private void deliver(byte[] d, int off, int len) {
        stats.bytesDelivered += len;
        if (deliveryPaused || !undelivered.isEmpty()) {
            undelivered.add(Arrays.copyOfRange(d, off, off + len));
        } else {
            c.listener().onData(c, d, off, len);
        }
    }

    void pauseDelivery() {
        deliveryPaused = true;
    }

    void resumeDelivery() {
        deliveryPaused = false;
        while (!deliveryPaused && !undelivered.isEmpty()) {
            byte[] d = undelivered.poll();
            c.listener().onData(c, d, 0, d.length);
        }
    }

    // ---- acknowledgements ----

    /**
     * Acknowledges after the current loop task, so the data segments of one burst handed over together
     * get one ACK (the simulation delivers each arrival as its own event, so there it is one per segment).
     * Skipped when a segment sent meanwhile already carried the acknowledgement.
     */
    void ackSoon() {
        ackOwed = true;
        if (!ackScheduled) {
            ackScheduled = true;
            if (endOfTaskAck == null) {
                endOfTaskAck = () -> {
                    ackScheduled = false;
                    sendOwedAck();
                };
            }
            c.scheduler.execute(endOfTaskAck);
        }
    }

    /** Stretch ACKs: the acknowledgement waits for more segments, at most the policy's delay. */
    private void ackLater() {
        ackOwed = true;
        if (!delayArmed) {
            delayArmed = true;
            if (delayedAck == null) {
                delayedAck = () -> {
                    delayArmed = false;
                    sendOwedAck();
                };
            }
            c.scheduler.schedule(ackPolicy.delayNanos(), delayedAck);
        }
    }

    private void sendOwedAck() {
        if (ackOwed && c.state() == RdpConnection.State.OPEN) {
            sendAck();
        }
    }

    /** Sends a plain ACK now. */
    void sendAck() {
        Segment s = Segment.control(Segment.ACK, c.localPort, c.remotePort, c.cs.sndNxt(), buf.rcvCur());
        echoes(s);
        c.tx.emit(s, false);
    }

    /** An ACK-bearing segment is leaving: the acknowledgement owed is paid. */
    void ackCarried() {
        ackOwed = false;
        unacked = 0;
    }

    /** The segments Sack1's blocks cover, in block order, at most an EACK list's worth. */
    private int[] sackedSegments() {
        int[] out = new int[SegmentCodec.MAX_EACKS];
        int n = 0;
        for (int[] b : sacker.blocks()) {
            for (int q = b[0]; q < b[1] && n < out.length; q++) {
                out[n++] = q + c.irs;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Puts on {@code s} what the receiver owes the peer besides RCV.CUR: ECE, the echoes, the EACK list. */
    void echoes(Segment s) {
        if (eceToSend) {
            s.flags |= Segment.ECE;
        }
        s.aecnEcho = c.aecnEchoing && aecnToEcho;
        s.acnsEcho = acnsToEcho;
        acnsToEcho = 0;
        if (sacker != null) {
            int[] listed = sackedSegments();
            if (listed.length > 0) {
                s.flags |= Segment.EAK;
                s.eacks = listed;
                stats.eacksSent++;
            }
        } else if (!ackEach && buf.held() > 0) {
            // ns-2's TCPSink (Reno, NewReno) acknowledges cumulatively only (TcpSink::ack, tcp-sink.cc:292:
            // Acker::Seqno()); the plain Acker's append_ack adds nothing (tcp-sink.cc:232): no EACK list
            s.flags |= Segment.EAK;
            s.eacks = buf.eacks(SegmentCodec.MAX_EACKS);
            stats.eacksSent++;
        }
    }
}
