package org.aspen.ee.fetch;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Function;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;

/**
 * The code-fetch protocol's byte streams over RDP: one sequenced RDP connection per fetch, to port
 * {@link #CODE_FETCH_PORT} of the peer.
 *
 * <pre>{@code
 * RdpStreamTransport rdp = new RdpStreamTransport(node);
 * CodeFetchServer.serve(rdp, ee.cache(), node.name());
 * ee.setCodeFetcher(new StreamCodeFetcher(rdp, ee.config().maxJarBytes()));
 * }</pre>
 *
 * RDP carries datagrams (segments), not a byte stream: writes are cut into segments of at most the
 * peer's maximum size and delivered in order (sequenced mode). Writes wait for the handshake and,
 * when RDP's send buffer is full, for {@code onWritable}. RDP has no orderly close: {@code close}
 * waits until everything written was acknowledged, then resets; the peer sees that reset as the
 * normal end of the stream.
 */
public final class RdpStreamTransport implements StreamTransport {
    /** The RDP port of the code-fetch service. */
    public static final int CODE_FETCH_PORT = 70;
    /** The connections' options unless given: RDP's defaults, sequenced. */
    public static final RdpOptions DEFAULT_OPTIONS = RdpOptions.defaults().withSequenced(true);

    private final RdpStack stack;
    private final RdpOptions options;

    public RdpStreamTransport(Node node) {
        this(RdpStack.install(node), DEFAULT_OPTIONS);
    }

    public RdpStreamTransport(RdpStack stack, RdpOptions options) {
        this.stack = stack;
        this.options = options;
    }

    @Override
    public ByteStream connect(VAddr peer, StreamListener listener) {
        RdpByteStream s = new RdpByteStream(peer, listener);
        s.conn = stack.connect(peer, CODE_FETCH_PORT, options, s);
        return s;
    }

    @Override
    public void listen(Function<ByteStream, StreamListener> acceptor) {
        stack.listen(CODE_FETCH_PORT, options, conn -> {
            RdpByteStream s = new RdpByteStream(conn.remoteAddress(), null);
            s.conn = conn;
            s.open = true;
            s.listener = acceptor.apply(s);
            return s;
        });
    }

    /** One stream: an RDP connection plus the segments not yet accepted by its send buffer. */
    private static final class RdpByteStream implements ByteStream, ConnectionListener {
        private final VAddr peer;
        private final ArrayDeque<byte[]> unsent = new ArrayDeque<>();
        StreamListener listener;
        RdpConnection conn;
        boolean open;
        private boolean closing;
        private boolean ended;

        RdpByteStream(VAddr peer, StreamListener listener) {
            this.peer = peer;
            this.listener = listener;
        }

        @Override
        public VAddr peer() {
            return peer;
        }

        @Override
        public void write(byte[] bytes) {
            if (ended) {
                return;
            }
            int seg = Math.max(1, open ? conn.maxSendSize() : 512);
            for (int off = 0; off < bytes.length; off += seg) {
                unsent.add(Arrays.copyOfRange(bytes, off, Math.min(bytes.length, off + seg)));
            }
            pump();
        }

        private void pump() {
            if (!open || ended) {
                return;
            }
            while (!unsent.isEmpty()) {
                byte[] next = unsent.peek();
                if (next.length > conn.maxSendSize()) {
                    // written before the handshake told us the peer's segment size: cut again
                    unsent.poll();
                    int seg = conn.maxSendSize();
                    ArrayDeque<byte[]> parts = new ArrayDeque<>();
                    for (int off = 0; off < next.length; off += seg) {
                        parts.add(Arrays.copyOfRange(next, off, Math.min(next.length, off + seg)));
                    }
                    while (!parts.isEmpty()) {
                        unsent.addFirst(parts.pollLast());
                    }
                    continue;
                }
                if (!conn.send(next)) {
                    return;  // onWritable resumes
                }
                unsent.poll();
            }
            if (closing) {
                conn.closeGracefully();
            }
        }

        @Override
        public void close() {
            if (closing || ended) {
                return;
            }
            closing = true;
            if (open && unsent.isEmpty()) {
                conn.closeGracefully();
            } else if (!open && conn != null && unsent.isEmpty()) {
                conn.close();
            }
        }

        @Override
        public void onOpen(RdpConnection c) {
            open = true;
            pump();
        }

        @Override
        public void onData(RdpConnection c, byte[] data) {
            if (!ended && listener != null) {
                listener.onData(this, data);
            }
        }

        @Override
        public void onWritable(RdpConnection c) {
            pump();
        }

        @Override
        public void onClosed(RdpConnection c, CloseReason reason) {
            if (ended) {
                return;
            }
            ended = true;
            if (listener != null) {
                boolean normal = reason == CloseReason.PEER_RESET || (reason == CloseReason.LOCAL && closing);
                listener.onClosed(this, normal ? null : "RDP connection ended: " + reason.name().toLowerCase());
            }
        }
    }
}
