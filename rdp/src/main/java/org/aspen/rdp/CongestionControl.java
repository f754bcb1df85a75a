package org.aspen.rdp;

/**
 * A congestion-control strategy over one {@link ConnectionState}: Reno, and later AntiECN's increase,
 * ACNS commands or ACC's window-set all plug in here rather than into the transport.
 *
 * <pre>{@code
 * RdpOptions o = RdpOptions.defaults().withCongestionControl(Reno::new);
 * }</pre>
 *
 * The transport calls these on the connection's loop and decides which segments go out; the strategy
 * decides the window. Methods that return true ask the transport to retransmit the oldest
 * unacknowledged segment now.
 */
public interface CongestionControl {
    /** Short name for statistics ("reno"). */
    String name();

    /** A new cumulative ACK arrived ({@code e.newlyAcked() > 0}). True: retransmit the oldest unacked now (partial ACK). */
    boolean onAck(ConnectionState s, AckEvent e);

    /** A duplicate ACK arrived while data is outstanding. True: fast retransmit now. */
    boolean onDuplicateAck(ConnectionState s, AckEvent e);

    /**
     * EACKs show the oldest unacknowledged segment lost although fewer than three duplicate ACKs
     * arrived (some were lost). True: fast retransmit now. The default never does.
     */
    default boolean onLossDetected(ConnectionState s, AckEvent e) {
        return false;
    }

    /** The retransmission timer expired (the transport goes back to the oldest unacked segment). */
    void onTimeout(ConnectionState s);

    /** The receiver echoed a congestion mark. */
    void onEcnEcho(ConnectionState s);

    /** An accepted window-setting notification (the transport already checked it and will resend what the filter deletes). */
    void onNotification(ConnectionState s, WindowNotification n);

    /**
     * True when every retransmission now restarts the retransmission timer, not only one sent while it
     * is stopped (Reno in the recovery of a window-only ACC notification). The default never does.
     */
    default boolean timerFollowsRetransmissions(ConnectionState s) {
        return false;
    }

    /** True when this strategy reacts to ACNS commands: the connection then offers ACNS in its SYN (docs/acns.md). */
    default boolean acns() {
        return false;
    }

    /**
     * ACNS negotiated: the command (1 normal, 2 freeze, 3 fallback) the receiver echoed on the ACK that
     * is about to be passed to {@link #onAck} or {@link #onDuplicateAck} (only ACKs that carry one).
     * The default ignores it.
     */
    default void onAcnsCommand(ConnectionState s, int omega) {
    }

    /**
     * ACNS negotiated: whether new data segment {@code seq}, about to be sent, asks routers to set a
     * command (the ACNS paper's Table 1 messages 4/5: the last segment of each window). Default: never.
     */
    default boolean acnsRequest(ConnectionState s, int seq) {
        return false;
    }

    /**
     * A sender that runs the transport itself once the connection is open (ns-2's agents,
     * {@code org.aspen.rdp.ns2}); null (the default): RDP's own transport.
     */
    default AgentSender agent() {
        return null;
    }

    /** Whole packets the window allows in flight now (never a fraction: RDP sends whole packets only). */
    default int window(ConnectionState s) {
        return (int) Math.floor(s.cwnd() + 1e-9);
    }
}
