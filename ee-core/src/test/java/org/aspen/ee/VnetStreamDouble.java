package org.aspen.ee;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.aspen.ee.fetch.ByteStream;
import org.aspen.ee.fetch.StreamListener;
import org.aspen.ee.fetch.StreamTransport;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;

/**
 * A test double for RDP: a byte stream carried in VNet packets of a test-only protocol, so the
 * code-fetch bytes really cross the simulated links hop by hop. It has no retransmission or
 * reordering: it is only correct on the lossless, in-order links the tests build.
 * Payload: u8 flags (bit 0: from the opener, bit 1: end of stream) | u32 stream id | data.
 *
 * <pre>{@code
 * StreamTransport t = new VnetStreamDouble(node);
 * }</pre>
 */
final class VnetStreamDouble implements StreamTransport {
    static final int PROTOCOL = 200;
    static final int CHUNK = 1000;

    private final Node node;
    private final Map<String, Stream> streams = new HashMap<>();
    private Function<ByteStream, StreamListener> acceptor;
    private int nextId;

    VnetStreamDouble(Node node) {
        this.node = node;
        node.registerHandler(PROTOCOL, (p, in) -> receive(p));
    }

    @Override
    public ByteStream connect(VAddr peer, StreamListener listener) {
        Stream s = new Stream(peer, ++nextId, true);
        s.listener = listener;
        streams.put(s.key(), s);
        return s;
    }

    @Override
    public void listen(Function<ByteStream, StreamListener> acceptor) {
        this.acceptor = acceptor;
    }

    private void receive(Packet p) {
        byte[] b = p.payload();
        boolean fromOpener = (b[0] & 1) != 0;
        boolean fin = (b[0] & 2) != 0;
        int id = (b[1] & 0xff) << 24 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 8 | (b[4] & 0xff);
        String key = p.source() + "/" + id + "/" + !fromOpener;
        Stream s = streams.get(key);
        if (s == null) {
            if (!fromOpener || acceptor == null) {
                return;
            }
            s = new Stream(p.source(), id, false);
            streams.put(key, s);
            s.listener = acceptor.apply(s);
        }
        if (b.length > 5) {
            s.listener.onData(s, Arrays.copyOfRange(b, 5, b.length));
        }
        if (fin) {
            streams.remove(key);
            s.listener.onClosed(s, null);
        }
    }

    private final class Stream implements ByteStream {
        final VAddr peer;
        final int id;
        final boolean opener;
        StreamListener listener;
        boolean closed;

        Stream(VAddr peer, int id, boolean opener) {
            this.peer = peer;
            this.id = id;
            this.opener = opener;
        }

        String key() {
            return peer + "/" + id + "/" + opener;
        }

        @Override
        public VAddr peer() {
            return peer;
        }

        @Override
        public void write(byte[] bytes) {
            for (int off = 0; off < bytes.length; off += CHUNK) {
                segment(Arrays.copyOfRange(bytes, off, Math.min(bytes.length, off + CHUNK)), false);
            }
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                segment(new byte[0], true);
                streams.remove(key());
            }
        }

        private void segment(byte[] data, boolean fin) {
            byte[] p = new byte[5 + data.length];
            p[0] = (byte) ((opener ? 1 : 0) | (fin ? 2 : 0));
            p[1] = (byte) (id >>> 24);
            p[2] = (byte) (id >>> 16);
            p[3] = (byte) (id >>> 8);
            p[4] = (byte) id;
            System.arraycopy(data, 0, p, 5, data.length);
            node.send(Packet.builder().source(node.address()).destination(peer).protocol(PROTOCOL).payload(p).build());
        }
    }
}
