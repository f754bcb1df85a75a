package org.aspen.rdp;

/** Why the RDP stack dropped a segment. Each is counted in {@link RdpCounters}; none throws. */
public enum RdpDrop {
    TRUNCATED, BAD_VERSION, BAD_LENGTH, BAD_CHECKSUM, BAD_OPTION,
    /** No connection or listener for the ports (answered with RST unless it was one). */
    NO_CONNECTION,
    /** Sequence number outside the acceptance window. */
    OUT_OF_WINDOW,
    /** Already received. */
    DUPLICATE,
    /** Receiver's unread buffer is full. */
    RECEIVE_BUFFER_FULL,
    /** A segment not allowed in the connection's state (e.g. data before the handshake completed). */
    UNEXPECTED,
    /** Window-setting notification that does not match or names a sequence number outside the send window. */
    NOTIFICATION_REJECTED
}
