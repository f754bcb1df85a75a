package org.aspen.ee.fetch;

import java.util.function.Function;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.time.Scheduler;

/**
 * THE ADAPTER TO BIND TO RDP. The code-fetch protocol runs over any {@link StreamTransport}; in a
 * real deployment that must be an RDP connection to port {@link #CODE_FETCH_PORT} of the peer.
 * The RDP module was being written in parallel with the EE, so this class is not bound yet: every
 * connect fails at once with a clear error (on-demand starts then fall back to the configured code
 * server, or are refused with that reason), and {@code listen} accepts nothing.
 *
 * <pre>{@code
 * ee.setCodeFetcher(new StreamCodeFetcher(new RdpStreamTransport(node.scheduler()), maxJar));
 * }</pre>
 *
 * To bind: open an RDP connection in {@code connect} and forward its delivered segments to
 * {@link StreamListener#onData}, its close/reset to {@link StreamListener#onClosed}; in
 * {@code listen}, accept RDP connections on {@link #CODE_FETCH_PORT}.
 */
public final class RdpStreamTransport implements StreamTransport {
    /** The RDP port of the code-fetch service. */
    public static final int CODE_FETCH_PORT = 70;

    private final Scheduler scheduler;

    public RdpStreamTransport(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public ByteStream connect(VAddr peer, StreamListener listener) {
        ByteStream s = new ByteStream() {
            @Override
            public VAddr peer() {
                return peer;
            }

            @Override
            public void write(byte[] bytes) {
            }

            @Override
            public void close() {
            }
        };
        scheduler.execute(() -> listener.onClosed(s, "code fetch over RDP is not bound yet (RdpStreamTransport)"));
        return s;
    }

    @Override
    public void listen(Function<ByteStream, StreamListener> acceptor) {
    }
}
