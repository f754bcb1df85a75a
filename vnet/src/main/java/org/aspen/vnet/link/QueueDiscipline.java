package org.aspen.vnet.link;

import java.util.Map;
import org.aspen.vnet.packet.Packet;

/**
 * A link's output queue: decides on arrival (enqueue, mark, drop) and owns the queued packets.
 *
 * <pre>{@code
 * link.setDiscipline(new DropTail(QueueLimit.packets(100)));
 * }</pre>
 *
 * Every method runs on the node's loop. A discipline drops only through
 * {@link QueueContext#drop}, so drops are counted by cause and seen by congestion listeners.
 */
public interface QueueDiscipline {
    /** Called once before use, and again if the discipline moves to another link. */
    void attach(QueueContext ctx);

    /** Offers an arriving packet; returns false when it was dropped (already reported to the context). */
    boolean enqueue(Packet p);

    /**
     * Takes a packet the previous discipline had already accepted, when the link swaps disciplines
     * at run time: no early decision, only the buffer limit (overflow). The default offers it
     * like a new arrival.
     */
    default boolean adopt(Packet p) {
        return enqueue(p);
    }

    /** Removes and returns the head packet, or null when empty. */
    Packet dequeue();

    /** Packets queued now. */
    int packets();

    /** Bytes queued now (VNet frame bytes). */
    long bytes();

    /** Short name used in configuration and reports, e.g. {@code droptail}. */
    String kind();

    /**
     * Called when the link stops using this discipline (replaced or closed): cancel timers here.
     * The packets still queued are taken by the link, not lost.
     */
    default void detach() {
    }

    /** The discipline's averaged queue length in packets (RED's EWMA), or NaN when it keeps none. */
    default double averageQueue() {
        return Double.NaN;
    }

    /**
     * True when this discipline takes part in AntiECN marking (it may clear the AECN bit): the node
     * then decrements the AECN-SYN TTL of packets it forwards onto this link, so a receiver sees
     * TTL == AECN-SYN TTL only when every hop's output queue is AECN-capable.
     */
    default boolean aecnCapable() {
        return false;
    }

    /** Parameters and internal state for reports and the management endpoint. */
    default Map<String, Object> describe() {
        return Map.of("kind", kind());
    }
}
