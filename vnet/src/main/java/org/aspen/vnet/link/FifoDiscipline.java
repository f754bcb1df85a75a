package org.aspen.vnet.link;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Base for first-in-first-out disciplines that differ only in their admission decision (drop-tail,
 * RED, PURPLE, marking schemes). Subclasses implement {@link #admit}; the buffer limit is enforced
 * here as an overflow drop after {@code admit} agreed.
 */
public abstract class FifoDiscipline implements QueueDiscipline {
    protected final ArrayDeque<Packet> queue = new ArrayDeque<>();
    protected QueueLimit limit;
    protected QueueContext ctx;
    private long bytes;

    protected FifoDiscipline(QueueLimit limit) {
        this.limit = limit;
    }

    @Override
    public void attach(QueueContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Decides on an arriving packet before the overflow check. Return null to accept (possibly
     * after marking it and calling {@code ctx.marked}), or the reason to drop it.
     */
    protected abstract DropReason admit(Packet p);

    /** Hook after a packet left the queue (for averages that track departures). */
    protected void departed(Packet p) {
    }

    @Override
    public boolean enqueue(Packet p) {
        DropReason r = admit(p);
        if (r == null && limit.exceededBy(queue.size(), bytes, p.length())) {
            r = DropReason.QUEUE_OVERFLOW;
        }
        if (r != null) {
            ctx.drop(p, r);
            return false;
        }
        append(p);
        return true;
    }

    @Override
    public boolean adopt(Packet p) {
        if (limit.exceededBy(queue.size(), bytes, p.length())) {
            ctx.drop(p, DropReason.QUEUE_OVERFLOW);
            return false;
        }
        append(p);
        return true;
    }

    /**
     * Adds {@code p} at the tail without any check, keeping the byte count: for subclasses whose
     * admission rule is not "admit, then the buffer limit" (ns-2's queues override {@link #enqueue}).
     */
    protected final void append(Packet p) {
        queue.addLast(p);
        bytes += p.length();
    }

    @Override
    public Packet dequeue() {
        Packet p = queue.pollFirst();
        if (p != null) {
            bytes -= p.length();
            departed(p);
        }
        return p;
    }

    @Override
    public int packets() {
        return queue.size();
    }

    @Override
    public long bytes() {
        return bytes;
    }

    public QueueLimit limit() {
        return limit;
    }

    public void setLimit(QueueLimit limit) {
        this.limit = limit;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind());
        m.put("limit", limit.toString());
        return m;
    }
}
