package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * ns-2.35's Queue/DropTail ({@code queue/drop-tail.cc:85-105}): an arrival is dropped when the
 * queue, with it, would reach {@code limit_}, so at most limit - 1 packets wait (limit with the one
 * on the wire); with {@code queue_in_bytes_}, when the bytes queued plus the arrival's would reach
 * limit * mean_pktsize. With {@code drop_front_} the arrival is queued and the head packet dropped.
 *
 * <pre>{@code
 * link.setDiscipline(new Ns2DropTail(QueueLimit.packets(50), false, 500, false));   // ns-2's Queue/DropTail, limit_ 50
 * }</pre>
 *
 * Aspen's {@link org.aspen.vnet.link.DropTail} with the same limit keeps one packet more (limit
 * waiting, plus the one on the wire); docs/queues.md, "ns-2.35's queues", has the lines. The
 * limit maps onto {@code limit_} as in {@link Ns2Red#qlim}.
 */
public final class Ns2DropTail extends FifoDiscipline {
    private final boolean queueInBytes;
    private final int meanPktsize;
    private final boolean dropFront;
    private long overflow;

    /**
     * @param queueInBytes {@code queue_in_bytes_} (ns-default.tcl:104: false)
     * @param meanPktsize  {@code mean_pktsize_} (ns-default.tcl:105: 500)
     * @param dropFront    {@code drop_front_} (ns-default.tcl:102: false)
     */
    public Ns2DropTail(QueueLimit limit, boolean queueInBytes, int meanPktsize, boolean dropFront) {
        super(limit);
        if (meanPktsize < 1) {
            throw new IllegalArgumentException("mean_pktsize must be at least 1 byte, got " + meanPktsize);
        }
        this.queueInBytes = queueInBytes;
        this.meanPktsize = meanPktsize;
        this.dropFront = dropFront;
    }

    /** drop-tail.cc:91-93: would this arrival overflow? */
    private boolean overflows(Packet p) {
        long qlim = Ns2Red.ns2Limit(limit, queueInBytes, meanPktsize);
        return queueInBytes ? bytes() + p.length() >= qlim : packets() + 1 >= qlim;
    }

    /** DropTail::enque, drop-tail.cc:85-105. */
    @Override
    public boolean enqueue(Packet p) {
        if (!overflows(p)) {
            append(p);                                                  // drop-tail.cc:103
            return true;
        }
        overflow++;
        if (dropFront) {                                                // drop-tail.cc:95-98
            append(p);
            Packet head = super.dequeue();
            ctx.drop(head, DropReason.QUEUE_OVERFLOW);
            return head != p;
        }
        ctx.drop(p, DropReason.QUEUE_OVERFLOW);                         // drop-tail.cc:100
        return false;
    }

    /** A packet moved over from a replaced discipline: the same rule, the newcomer dropped. */
    @Override
    public boolean adopt(Packet p) {
        if (overflows(p)) {
            overflow++;
            ctx.drop(p, DropReason.QUEUE_OVERFLOW);
            return false;
        }
        append(p);
        return true;
    }

    @Override
    protected DropReason admit(Packet p) {
        throw new UnsupportedOperationException("Ns2DropTail decides in enqueue");
    }

    @Override
    public String kind() {
        return "ns2-droptail";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("queue_in_bytes", queueInBytes);
        m.put("mean_pktsize", meanPktsize);
        m.put("drop_front", dropFront);
        m.put("packets", packets());
        m.put("overflow", overflow);
        return m;
    }
}
