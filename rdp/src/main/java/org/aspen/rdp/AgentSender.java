package org.aspen.rdp;

/**
 * A sender that runs the window, the retransmission timer and the choice of what to (re)send itself,
 * as ns-2's TCP agents do ({@code org.aspen.rdp.ns2}): a {@link CongestionControl} that returns one
 * from {@link CongestionControl#agent()} switches its connection's transport to it once the connection
 * is open. The transport then ignores EACKs, runs no RFC 6298 timer and no EACK-driven repair of its
 * own: it numbers, buffers and sends segments when the agent says so, and hands the agent every
 * acknowledgement.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(Ns2Params.defaults()));
 * }</pre>
 */
public interface AgentSender {
    /**
     * The connection opened. {@code synRttNanos} is the round trip of our SYN (or SYN,ACK) when it was
     * sent once, otherwise -1; {@code synTimeouts} how often it was resent.
     */
    void start(AgentPort port, ConnectionState cs, int iss, long synRttNanos, int synTimeouts);

    /**
     * An acknowledgement of {@code ack} (RDP sequence number: everything up to it has arrived). The
     * transport already dropped what it newly acknowledges ({@code isNew}); a duplicate is passed only
     * when it is a pure ACK and data is outstanding. The agent sends what its rules allow.
     */
    void recv(int ack, boolean ece, boolean isNew);

    /** Sends what the window allows (the application queued data, or the path opened). */
    void sendMuch();

    /** The retransmission timer the agent set through {@link AgentPort#setRtxTimer} expired. */
    void timeout();

    /** Resends segment {@code seq} now (one the network named deleted, ACC), under the agent's timer rules. */
    void resend(int seq);

    /** Whole packets the agent's window allows in flight now. */
    int window();
}
