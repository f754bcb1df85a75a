package org.aspen.ee.fetch;

/**
 * Events of one {@link ByteStream}, on the node's loop.
 *
 * <pre>{@code
 * StreamListener l = new StreamListener() {
 *     public void onData(ByteStream s, byte[] chunk) { buffer.append(chunk); }
 *     public void onClosed(ByteStream s, String error) { ... }
 * };
 * }</pre>
 */
public interface StreamListener {
    /** The next bytes, in order (chunk boundaries mean nothing). The array is the listener's. */
    void onData(ByteStream stream, byte[] chunk);

    /** The stream ended: {@code error} is null for a normal close by the peer, else why it broke. */
    void onClosed(ByteStream stream, String error);
}
