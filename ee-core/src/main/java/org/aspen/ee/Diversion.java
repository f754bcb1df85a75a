package org.aspen.ee;

import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;
import org.aspen.vnet.packet.DropReason;

/**
 * The EE's {@link DiversionChannel}. Captured packets wait in the owning AA's inbound queue; the
 * channel counts how many of them are its own, so {@link #close} can discard exactly those and
 * {@link #flushClose} knows when the last one has been handed over.
 *
 * <pre>{@code
 * Diversion d = ee.diversions().open(instance, match, handler);   // via AaContext.divert
 * }</pre>
 */
final class Diversion implements DiversionChannel {
    enum State { OPEN, FLUSHING, CLOSED }

    final long seq;
    private final AaInstance owner;
    private final Match match;
    private final Handler handler;
    private State state = State.OPEN;
    int queued;

    Diversion(long seq, AaInstance owner, Match match, Handler handler) {
        this.seq = seq;
        this.owner = owner;
        this.match = match;
        this.handler = handler;
    }

    Handler handler() {
        return handler;
    }

    AaInstance owner() {
        return owner;
    }

    @Override
    public Match match() {
        return match;
    }

    /** Takes a matching packet: queues it for the AA (or drops it, counted, when the queue is full). */
    void capture(PacketView v) {
        v.channel = this;
        if (!owner.enqueueDiverted(this, v)) {
            owner.ee().node().discardTaken(v.packet, v.in, owner.taker() + ":queue-full", DropReason.FILTERED);
        }
    }

    /** Called after the AA was handed one of this channel's packets. */
    void delivered() {
        if (state == State.FLUSHING && queued == 0) {
            finish();
        }
    }

    private PacketView own(AaPacket p) {
        if (!(p instanceof PacketView v) || v.channel != this || v.disposed) {
            throw new IllegalArgumentException("not a packet diverted by this channel, or already re-injected or dropped");
        }
        v.disposed = true;
        return v;
    }

    @Override
    public void reinject(AaPacket packet) {
        PacketView v = own(packet);
        owner.counters().reinjected++;
        owner.ee().diversions().resume(v, seq);
    }

    @Override
    public void drop(AaPacket packet) {
        PacketView v = own(packet);
        owner.counters().dropped++;
        owner.ee().node().discardTaken(v.packet, v.in, owner.taker(), DropReason.FILTERED);
    }

    @Override
    public int queued() {
        return queued;
    }

    @Override
    public boolean isOpen() {
        return state == State.OPEN;
    }

    boolean isClosed() {
        return state == State.CLOSED;
    }

    @Override
    public void close() {
        if (state == State.CLOSED) {
            return;
        }
        owner.discard(this);
        finish();
    }

    @Override
    public void flushClose() {
        if (state != State.OPEN) {
            return;
        }
        state = State.FLUSHING;
        if (queued == 0) {
            finish();
        }
    }

    private void finish() {
        state = State.CLOSED;
        owner.ee().diversions().remove(this);
    }

    @Override
    public String toString() {
        return "channel#" + seq + " " + match + " " + state;
    }
}
