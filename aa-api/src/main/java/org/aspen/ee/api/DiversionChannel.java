package org.aspen.ee.api;

/**
 * A NodeOS-style diversion channel: packets arriving at this node that match go to the AA instead
 * of being forwarded or delivered. Each one must end in {@link #reinject} (forwarding resumes as if
 * the channel were not there, with the AA's edits) or {@link #drop}; a packet the AA just forgets is
 * also gone, but uncounted.
 *
 * <pre>{@code
 * DiversionChannel ch = ctx.divert(match, (c, p) -> {
 *     if (deleted < window) { deleted++; c.drop(p); } else c.reinject(p);
 *     if (deleted == window) c.flushClose();   // the packets still queued are delivered first
 * });
 * }</pre>
 *
 * Matched packets wait in the AA's bounded inbound queue until the handler runs (a full queue drops
 * them, counted as queue drops). Channels are checked in the order they were opened; a re-injected
 * packet continues with the channels opened after this one.
 */
public interface DiversionChannel {
    /** Receives each diverted packet. */
    @FunctionalInterface
    interface Handler {
        void onPacket(DiversionChannel channel, AaPacket packet);
    }

    Match match();

    /** Hands a diverted packet back to the node; forwarding continues after this channel. */
    void reinject(AaPacket packet);

    /** Drops a diverted packet (counted by the node as filtered). */
    void drop(AaPacket packet);

    /** Packets matched but not yet handed to the AA. */
    int queued();

    /** True until closed (a flush-closing channel is no longer open: it captures nothing new). */
    boolean isOpen();

    /** Stops capturing and discards the packets still queued (counted as queue drops). */
    void close();

    /**
     * Stops capturing now and delivers every packet still queued to the handler, then closes.
     * New arrivals are no longer captured.
     */
    void flushClose();
}
