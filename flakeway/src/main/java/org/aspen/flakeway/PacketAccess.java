package org.aspen.flakeway;

/**
 * How the engine reads and copies the packets it handles, so one {@link FlakewayEngine} serves a
 * node's own packets ({@link FlakewayInterceptor}) and the packets an AA's diversion channel hands
 * over ({@link FlakewayAa}).
 *
 * <pre>{@code
 * FlakewayEngine<Packet, Link> e = new FlakewayEngine<>(timing, seed, NodePackets.INSTANCE, sink);
 * }</pre>
 *
 * @param <P> the packet type
 */
public interface PacketAccess<P> {
    /** Source address bits. */
    int source(P p);

    /** Destination address bits. */
    int destination(P p);

    int protocol(P p);

    /** The name in the packet's AA spec, or null. */
    String aaName(P p);

    /** Whole frame size in bytes (what the rule's buffer and rate limit count). */
    int length(P p);

    /** How many leading bytes corruption may hit (the sealed frame on a node, the payload for an AA). */
    int corruptibleBytes(P p);

    int payloadLength(P p);

    /** Unsigned byte of the payload at {@code offset} (within {@link #payloadLength}). */
    int payloadByte(P p, int offset);

    /** An independent copy, for duplication. */
    P copy(P p);
}
