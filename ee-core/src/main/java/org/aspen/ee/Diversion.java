package org.aspen.ee;

import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

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
    private final Diversions diversions;
    /** The match reads header fields other than the protocol, or the payload: {@link Match#matches} decides. */
    private final boolean general;
    private State state = State.OPEN;
    int queued;

    Diversion(long seq, AaInstance owner, Match match, Handler handler, Diversions diversions) {
        this.seq = seq;
        this.owner = owner;
        this.match = match;
        this.handler = handler;
        this.diversions = diversions;
        this.general = match.source() != null || match.destination() != null || match.aaName() != null || !match.fields().isEmpty();
    }

    /**
     * Whether {@link #match} takes {@code p} (whose protocol is {@code protocol}): a match on the
     * protocol alone is decided here; any other is {@link Match#matches}, reading the payload
     * through {@code payload}, which is pointed at {@code p} only for the call.
     */
    boolean takes(Packet p, int protocol, Diversions.Payload payload) {
        if (!general) {
            int want = match.protocol();
            return want < 0 || want == protocol;
        }
        String specName = match.aaName() != null && p.hasAaSpec() ? p.aaSpec().name() : null;
        payload.packet = p;
        try {
            return match.matches(p.sourceBits(), p.destinationBits(), protocol, specName, payload);
        } finally {
            payload.packet = null;
        }
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
        diversions.resume(v, seq);
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
        diversions.remove(this);
    }

    @Override
    public String toString() {
        return "channel#" + seq + " " + match + " " + state;
    }
}
