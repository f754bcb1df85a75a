package org.aspen.rdp;

/**
 * Events of one connection, called on the node's loop (never block in them).
 *
 * <pre>{@code
 * stack.connect(dest, 7000, RdpOptions.defaults(), new ConnectionListener() {
 *     public void onOpen(RdpConnection c) { c.send(hello); }
 *     public void onData(RdpConnection c, byte[] data) { ... }
 * });
 * }</pre>
 */
public interface ConnectionListener {
    /** The handshake completed: the connection is OPEN. */
    default void onOpen(RdpConnection c) {
    }

    /** One segment's data, in sequence order in sequenced mode, in arrival order otherwise. */
    default void onData(RdpConnection c, byte[] data) {
    }

    /** The send buffer has room again after {@link RdpConnection#send} returned false. */
    default void onWritable(RdpConnection c) {
    }

    /** The connection left OPEN (or never got there); it sends and delivers nothing more. */
    default void onClosed(RdpConnection c, CloseReason reason) {
    }
}
