package org.aspen.vnet.qdisc;

import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.packet.Packet;

/**
 * A discipline that only looks at (and may rewrite header bits of) arriving packets, in front of an
 * inner discipline that holds the packets and makes every queueing decision.
 *
 * <pre>{@code
 * class Counter extends MarkingLayer {
 *     Counter(QueueDiscipline inner) { super(inner); }
 *     public boolean enqueue(Packet p) { n++; return inner().enqueue(p); }
 *     public String kind() { return "counter"; }
 * }
 * }</pre>
 */
public abstract class MarkingLayer implements QueueDiscipline {
    private final QueueDiscipline inner;

    protected MarkingLayer(QueueDiscipline inner) {
        this.inner = inner;
    }

    /** The discipline that holds the packets. */
    public QueueDiscipline inner() {
        return inner;
    }

    @Override
    public void attach(QueueContext ctx) {
        inner.attach(ctx);
    }

    @Override
    public void detach() {
        inner.detach();
    }

    @Override
    public boolean adopt(Packet p) {
        return inner.adopt(p);
    }

    @Override
    public Packet dequeue() {
        return inner.dequeue();
    }

    @Override
    public int packets() {
        return inner.packets();
    }

    @Override
    public long bytes() {
        return inner.bytes();
    }

    @Override
    public double averageQueue() {
        return inner.averageQueue();
    }
}
