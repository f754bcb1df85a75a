package org.aspen.rdp;

/** Why a connection ended. */
public enum CloseReason {
    /** This side called close (after its data was acknowledged, with {@code closeGracefully}). */
    LOCAL,
    /** The peer sent RST: it closed, or it aborted. RDP has no separate orderly close. */
    PEER_RESET,
    /** Nothing heard from the peer for the dead-peer time despite keep-alives. */
    PEER_DEAD,
    /** The handshake got no answer within the dead-peer time. */
    HANDSHAKE_TIMEOUT,
    /** The peer answered the SYN with RST (no listener, or refused). */
    REFUSED,
    /** The peer sent a segment larger than our maximum segment size; we aborted with RST (RFC 908). */
    OVERSIZED,
    /** A segment that is not allowed in this state (e.g. a new SYN on an open connection); we sent RST. */
    PROTOCOL_ERROR,
    /** The stack was shut down. */
    SHUTDOWN
}
