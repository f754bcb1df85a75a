package org.aspen.ee.fetch;

import org.aspen.vnet.VAddr;

/**
 * One reliable, ordered, bidirectional byte stream to a peer node (an RDP connection once bound).
 *
 * <pre>{@code
 * ByteStream s = transport.connect(peer, listener);
 * s.write(request);   // may be called at once; bytes are sent when the stream is open
 * s.close();
 * }</pre>
 *
 * Runs on the node's loop; {@code write} never blocks.
 */
public interface ByteStream {
    VAddr peer();

    void write(byte[] bytes);

    /** Closes after every written byte was sent; the peer sees a normal close. */
    void close();
}
