package org.aspen.rdp;

/**
 * What the transport offers an {@link AgentSender}: the clock, the application's queue, sending a
 * segment by number, one retransmission timer, the seeded random source and the counters the
 * connection's statistics keep.
 *
 * <pre>{@code
 * port.output(seq);                       // new (seq == nextNew()) or a retransmission
 * port.setRtxTimer(200_000_000L);          // (re)arms the one timer; timeout() follows unless cancelled
 * }</pre>
 */
public interface AgentPort {
    long nanos();

    /** RDP sequence number one past the last segment the application has queued (sent or not). */
    int queuedEnd();

    /** Sends segment {@code seq}: the next new one, or a retransmission of one outstanding. */
    void output(int seq);

    /**
     * Whether a segment may leave now under the connection's ACC-ABCD pacing advice (always, when none
     * is in force). When it may not, the transport calls {@link AgentSender#sendMuch} again at the
     * segment's turn, as ns-2's delayed-send timer resumes {@code send_much} ({@code tcp.cc:919},
     * {@code 1970-1973}). Every {@link #output} books its share of the pace, resends included.
     */
    boolean paceAllows();

    /**
     * Resends, lowest first and through {@link AgentSender#resend}, the segments the network named deleted
     * (ACC's notifications) that now lie within the agent's window; the others stay pending. Agents call
     * it at the top of their send_much, so the named segments go out ahead of new data as the window
     * allows. The default has nothing pending.
     */
    default void resendNotified() {
    }

    /** Arms the retransmission timer {@code nanos} from now, replacing any armed one. */
    void setRtxTimer(long nanos);

    void cancelRtxTimer();

    boolean rtxTimerPending();

    /** Whether the connection negotiated ECN (ns-2's {@code ecn_}). */
    boolean ecn();

    /**
     * Whether the acknowledgement the agent is handling now echoed the AntiECN bit (AntiECN negotiated
     * on the connection and every router on the path left the bit set; docs/aecn.md).
     */
    boolean aecnEcho();

    /** A uniform draw from [0, 1) from the stack's seeded random source. */
    double uniform();

    /** Counts a retransmission timeout with data outstanding. */
    void timedOut();

    /** Counts a fast retransmission. */
    void fastRetransmitted();
}
