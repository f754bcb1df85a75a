package org.aspen.rdp;

/**
 * When a receiver acknowledges in-order data: after every arrival (the default, and what the
 * simulation's results were made with), or once per {@code every} segments with a timer for the rest
 * (stretch ACKs, for bulk transfers in the real runtime). Set per stack with
 * {@link RdpStack#setAckPolicy}; it applies to the connections the stack opens or accepts afterwards.
 *
 * <pre>{@code
 * stack.setAckPolicy(AckPolicy.stretch(8, 1_000_000L));   // at most one ACK per 8 segments, none later than 1 ms
 * }</pre>
 *
 * With a stretch policy a receiver still acknowledges at the end of the loop task (as the default
 * does) whenever the segment was a duplicate, out of window, out of order, filled a hole, or carried a
 * congestion mark or an ACNS command, so loss recovery, ECN and ACNS see no delay. The ratio also shrinks with the sender's
 * window, which every data segment carries ({@link SenderState}): at most a quarter of
 * {@code floor(cwnd)} segments wait, so a small window (slow start's first round trips, after a
 * loss) still gets the four ACKs per window that keep its clock running. See docs/rdp.md, "ACK/EACK".
 *
 * @param every      in-order segments per acknowledgement at most (1: every arrival)
 * @param delayNanos longest time an owed acknowledgement waits for the rest of its segments
 */
public record AckPolicy(int every, long delayNanos) {
    /** One acknowledgement per loop task in which data arrived. */
    public static final AckPolicy EACH_ARRIVAL = new AckPolicy(1, 0);

    public AckPolicy {
        if (every < 1 || every > 64) {
            throw new IllegalArgumentException("ACK ratio must be 1-64 segments, got " + every);
        }
        if (every > 1 && delayNanos <= 0) {
            throw new IllegalArgumentException("a stretch ACK policy needs a positive delay");
        }
    }

    /** At most one acknowledgement per {@code every} in-order segments, none owed longer than {@code delayNanos}. */
    public static AckPolicy stretch(int every, long delayNanos) {
        return new AckPolicy(every, delayNanos);
    }

    /** How many in-order segments may share one acknowledgement when the sender's window is {@code cwnd}. */
    int ratio(SenderState state) {
        if (every == 1 || state == null) {
            return 1;
        }
        return (int) Math.max(1, Math.min(every, Math.floor(state.cwnd()) / 4));
    }
}
