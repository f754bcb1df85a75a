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

    /**
     * One segment's data, in sequence order in sequenced mode, in arrival order otherwise. The array
     * is the listener's own.
     */
    default void onData(RdpConnection c, byte[] data) {
    }

    /**
     * The same data, {@code array[offset, offset+length)}, where it lies: usually inside the frame it
     * arrived in, so no copy is made. Read it during the call only, and do not write into it: once the
     * call returns the node may reuse the array for another packet (a node over UDP does, see
     * {@code org.aspen.vnet.packet.FramePool}). The default copies the bytes into an array of their own
     * and calls {@link #onData(RdpConnection, byte[])}; a listener that only reads the bytes as they
     * come (a digest, a file) overrides this one instead.
     */
    default void onData(RdpConnection c, byte[] array, int offset, int length) {
        onData(c, java.util.Arrays.copyOfRange(array, offset, offset + length));
    }

    /** The send buffer has room again after {@link RdpConnection#send} returned false. */
    default void onWritable(RdpConnection c) {
    }

    /** The connection left OPEN (or never got there); it sends and delivers nothing more. */
    default void onClosed(RdpConnection c, CloseReason reason) {
    }
}
