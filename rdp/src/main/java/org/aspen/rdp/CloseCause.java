package org.aspen.rdp;

/** Why a congestion window was closed (reduced); counted per connection and kept in the time series. */
public enum CloseCause {
    /** Three duplicate acknowledgements (fast retransmit). */
    FAST_RETRANSMIT,
    /** Retransmission timer expired. */
    TIMEOUT,
    /** ECN echo from the receiver. */
    ECN,
    /** Window-setting notification from a network AA (ACC). */
    NOTIFICATION,
    /** ACNS: a router's fallback command, or a loss handled by the trend command (docs/acns.md). */
    ACNS
}
