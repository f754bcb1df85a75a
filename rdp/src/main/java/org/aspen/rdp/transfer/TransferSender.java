package org.aspen.rdp.transfer;

import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;

/**
 * Sends a {@link ByteSource} over one RDP connection, entirely on the node's loop, and reports a
 * {@link TransferSummary} once every byte is acknowledged and the connection closed.
 *
 * <pre>{@code
 * // on the node's loop:
 * TransferSender t = TransferSender.start(stack, dest, 7000, ByteSource.seeded(1, 4 << 20),
 *         RdpOptions.defaults(), ProgressListener.NONE, 0);
 * t.result().thenAccept(summary -> ...);
 * }</pre>
 */
public final class TransferSender implements ConnectionListener {
    private final ByteSource source;
    private final MessageDigest digest = TransferHeader.sha256();
    private final CompletableFuture<TransferSummary> result = new CompletableFuture<>();
    private final ProgressListener progressListener;
    private final long progressInterval;
    private RdpConnection connection;
    private Progress progress;
    private byte[] pending;
    /**
     * Segment arrays the peer has acknowledged, for reuse: at most {@link #SPARE_LIMIT}, so the steady
     * path allocates nothing per segment and a transfer's arrays are those of one window.
     */
    private final ArrayDeque<byte[]> spare = new ArrayDeque<>();
    private static final int SPARE_LIMIT = 64;
    private boolean eof;
    /** ns-2 mode: the transfer header, until it leaves at the front of the first data segment. */
    private byte[] headerFirst;
    private long start;

    private TransferSender(ByteSource source, ProgressListener progress, long progressInterval) {
        this.source = source;
        this.progressListener = progress;
        this.progressInterval = progressInterval;
    }

    /** Connects and starts sending; call on the stack's node loop. */
    public static TransferSender start(RdpStack stack, VAddr dest, int port, ByteSource source, RdpOptions options,
                                       ProgressListener progress, long progressIntervalNanos) {
        TransferSender t = new TransferSender(source, progress, progressIntervalNanos);
        t.start = stack.node().scheduler().nanos();
        t.connection = stack.connect(dest, port, options, t);
        t.connection.recycleAcknowledged(t::recycle);
        return t;
    }

    public CompletableFuture<TransferSummary> result() {
        return result;
    }

    public RdpConnection connection() {
        return connection;
    }

    private void recycle(byte[] acknowledged) {
        if (spare.size() < SPARE_LIMIT) {
            spare.add(acknowledged);
        }
    }

    @Override
    public void onOpen(RdpConnection c) {
        progress = new Progress(c.stack().node().scheduler(), progressListener,
                () -> Math.max(0, c.stats().bytesAcked() - TransferHeader.LENGTH), source.size(), progressInterval);
        byte[] header = TransferHeader.encode(source.size());
        if (c.congestionControl().agent() != null && c.segmentSize() > TransferHeader.LENGTH) {
            // an ns-2 agent's peer (docs/rdp.md, "ns-2.35 agents"): ns-2's FTP source has no header and every
            // data packet is packetSize_ bytes, so the header shares the first segment with the first data
            headerFirst = header;
        } else {
            c.send(header);
        }
        pump(c);
    }

    @Override
    public void onWritable(RdpConnection c) {
        pump(c);
    }

    private void pump(RdpConnection c) {
        try {
            while (!eof && c.state() == RdpConnection.State.OPEN) {
                if (pending == null && headerFirst != null) {
                    pending = withHeader(c.segmentSize());
                } else if (pending == null) {
                    int size = c.segmentSize();   // smaller while ACC-ABCD advises it
                    byte[] buf = spare.poll();
                    if (buf == null || buf.length != size) {
                        buf = new byte[size];
                    }
                    int n = source.read(buf);
                    if (n < 0) {
                        eof = true;
                        c.closeGracefully().whenComplete((v, e) -> finish(c));
                        return;
                    }
                    pending = n == buf.length ? buf : Arrays.copyOf(buf, n);
                    digest.update(pending);
                }
                if (!c.sendOwned(pending)) {   // the connection keeps the array until it is acknowledged
                    return;
                }
                pending = null;
            }
        } catch (RuntimeException e) {
            // a failing source aborts the transfer; the summary says it is incomplete
            c.close();
        }
    }

    /**
     * The first segment of an ns-2 agent's transfer: the header, then as much data as fills {@code size}
     * bytes (the header alone when the source is empty, and {@link #eof} follows on the next read).
     */
    private byte[] withHeader(int size) {
        byte[] header = headerFirst;
        headerFirst = null;
        byte[] data = new byte[size - header.length];
        int n = Math.max(0, source.read(data));
        digest.update(data, 0, n);
        byte[] first = Arrays.copyOf(header, header.length + n);
        System.arraycopy(data, 0, first, header.length, n);
        return first;
    }

    @Override
    public void onClosed(RdpConnection c, CloseReason reason) {
        if (!eof || reason != CloseReason.LOCAL) {
            finish(c);
        }
    }

    private void finish(RdpConnection c) {
        if (result.isDone()) {
            return;
        }
        if (progress != null) {
            progress.stop();
        }
        long acked = Math.max(0, c.stats().bytesAcked() - TransferHeader.LENGTH);
        boolean complete = eof && c.closeReason() == CloseReason.LOCAL;
        long now = c.stack().node().scheduler().nanos();
        result.complete(new TransferSummary("send", c.remoteAddress() + ":" + c.remotePort(), acked, source.size(),
                c.maxSendSize(), now - start, c.stats().retransmissions(), c.stats().windowCloses(),
                TransferHeader.hex(digest.digest()), complete, c.closeReason(), c.stats().toMap(), c.stats()));
    }
}
