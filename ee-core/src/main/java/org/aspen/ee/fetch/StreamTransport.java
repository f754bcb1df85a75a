package org.aspen.ee.fetch;

import java.util.function.Function;
import org.aspen.vnet.VAddr;

/**
 * The small slice of a reliable transport the code-fetch protocol needs: open a stream to a peer's
 * code service, and accept streams to ours. Bound to RDP by {@link RdpStreamTransport}; tests use
 * an in-memory double.
 *
 * <pre>{@code
 * transport.listen(stream -> new CodeFetchServer.Session(cache, stream));
 * ByteStream s = transport.connect(peer, listener);
 * }</pre>
 */
public interface StreamTransport {
    /** Opens a stream to {@code peer}'s code-fetch service. Failures arrive as {@code onClosed(error)}. */
    ByteStream connect(VAddr peer, StreamListener listener);

    /** Accepts incoming streams; {@code acceptor} returns the listener for each. */
    void listen(Function<ByteStream, StreamListener> acceptor);
}
