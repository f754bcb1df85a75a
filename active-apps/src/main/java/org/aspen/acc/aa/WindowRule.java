package org.aspen.acc.aa;

import org.aspen.rdp.SenderState;

/**
 * ACC/Reno's decision for one dropped data segment: the window the sender would have chosen had it
 * seen the drop at once, and how many of its packets the filter unsends to make the network look as
 * if it already had.
 *
 * <pre>{@code
 * WindowRule.Reaction r = WindowRule.reno(carried, 256);
 * // carried cwnd 20 in congestion avoidance: r.cwnd() == 10, r.ssthresh() == 10, r.deleteCount() == 10
 * }</pre>
 *
 * Both phases halve the carried window (at least 1 packet), like Reno's fast retransmit: the drop is
 * seen at once, so the ACK clock is intact and no slow start follows. They differ in what is already
 * on its way: in congestion avoidance the sender has about {@code cwnd} packets out, so the filter
 * deletes {@code cwnd - cwnd/2}; in slow start the window keeps growing by one packet per ACK until
 * the notification arrives, up to twice the carried one, so the filter may delete up to
 * {@code 2 cwnd - cwnd/2}. The filter stops earlier as soon as the sender's packets show it reacted.
 */
public final class WindowRule {
    private WindowRule() {
    }

    /**
     * @param cwnd        window to notify, packets (at least 1)
     * @param ssthresh    threshold to notify, packets (at least 1)
     * @param deleteCount packets the filter deletes at most (0: no filter needed)
     */
    public record Reaction(double cwnd, double ssthresh, int deleteCount) {
    }

    public static Reaction reno(SenderState carried, int maxDelete) {
        double half = Math.max(carried.cwnd() / 2, 1);
        double outstanding = carried.slowStart() ? 2 * carried.cwnd() : carried.cwnd();
        int delete = (int) Math.min(maxDelete, Math.max(0, Math.ceil(outstanding - half - 1e-9)));
        return new Reaction(half, half, delete);
    }
}
