package org.aspen.rdp;

/**
 * What a data segment tells the routers about its sender's congestion control (ACC reads it).
 *
 * <pre>{@code
 * SenderState s = RdpPackets.senderState(packet);   // null when the packet carries none
 * double halved = s.cwnd() / 2;
 * }</pre>
 *
 * @param cwnd     congestion window in packets (16.16 fixed point on the wire)
 * @param ssthresh slow-start threshold in packets (16.16 fixed point on the wire)
 * @param phase    {@link #PHASE_SLOW_START}, {@link #PHASE_AVOIDANCE} or {@link #PHASE_RECOVERY}
 * @param srttMicros smoothed round-trip time in microseconds (0 before the first sample)
 */
public record SenderState(double cwnd, double ssthresh, int phase, long srttMicros) {
    public static final int PHASE_SLOW_START = 0;
    public static final int PHASE_AVOIDANCE = 1;
    /** Fast recovery, or recovering after a window-setting notification or a timeout. */
    public static final int PHASE_RECOVERY = 2;

    public boolean slowStart() {
        return phase == PHASE_SLOW_START;
    }

    public boolean recovering() {
        return phase == PHASE_RECOVERY;
    }
}
