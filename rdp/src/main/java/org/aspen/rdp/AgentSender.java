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

    /**
     * As {@link #recv(int, boolean, boolean)}, with the segments the ACK's EACK list names ({@code sacks},
     * null when it has none). Agents without SACK ignore them (the default).
     */
    default void recv(int ack, boolean ece, boolean isNew, int[] sacks) {
        recv(ack, ece, isNew);
    }

    /**
     * True when the peer's receiver should put ns-2's TCPSink/Sack1 SACK blocks (at most three, most
     * recent first, tcp-sink.cc:605-758) into its EACK lists instead of every segment it holds.
     */
    default boolean sackBlocks() {
        return false;
    }

    /**
     * The retransmission timer for our SYN (or SYN,ACK) after {@code timeouts} expiries, in ns, as the
     * agent times its first packet; -1 (the default): the transport's own timer (RDP's initial RTO,
     * doubled per expiry). ns-2's agents send the SYN as seqno 0 under their own timer, so theirs
     * answer here.
     */
    default long synTimeoutNanos(int timeouts) {
        return -1;
    }

    /**
     * Whether a pending CWR goes on the next segment even when it is a retransmission (ns-2's
     * SetCWRonRetransmit_, tcp.cc:694); false (the default): on the next new segment, as RDP does.
     */
    default boolean cwrOnRetransmit() {
        return false;
    }

    /** Sends what the window allows (the application queued data, or the path opened). */
    void sendMuch();

    /** The retransmission timer the agent set through {@link AgentPort#setRtxTimer} expired. */
    void timeout();

    /** Resends segment {@code seq} now (one the network named deleted, ACC), under the agent's timer rules. */
    void resend(int seq);

    /** Whole packets the agent's window allows in flight now. */
    int window();
}
