package org.aspen.rdp.transfer;

import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpListener;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;

/**
 * Receives transfers on a port: every accepted connection writes into its own {@link ByteSink}
 * and ends with a {@link TransferSummary} (digest, completeness against the announced size).
 *
 * <pre>{@code
 * TransferReceiver.listen(stack, 7000, RdpOptions.defaults(), ByteSink::discard,
 *         summary -> log.info("{}", summary.toMap()), ProgressListener.NONE, 0);
 * }</pre>
 */
public final class TransferReceiver implements ConnectionListener {
    private final ByteSink sink;
    private final MessageDigest digest = TransferHeader.sha256();
    private final CompletableFuture<TransferSummary> result = new CompletableFuture<>();
    private final ProgressListener progressListener;
    private final long progressInterval;
    private Progress progress;
    private long expected = -1;
    private long bytes;
    private boolean headerSeen;
    private long start;
    private final ArrivalGaps gaps = new ArrivalGaps();

    private TransferReceiver(ByteSink sink, ProgressListener progress, long progressInterval) {
        this.sink = sink;
        this.progressListener = progress;
        this.progressInterval = progressInterval;
    }

    /** Listens on {@code port}; each transfer's summary goes to {@code done}. Call on the node's loop. */
    public static RdpListener listen(RdpStack stack, int port, RdpOptions options, Supplier<ByteSink> sinks,
                                     Consumer<TransferSummary> done, ProgressListener progress, long progressIntervalNanos) {
        return stack.listen(port, options, c -> {
            TransferReceiver r = new TransferReceiver(sinks.get(), progress, progressIntervalNanos);
            r.start = stack.node().scheduler().nanos();
            r.result.thenAccept(done);
            return r;
        });
    }

    public CompletableFuture<TransferSummary> result() {
        return result;
    }

    @Override
    public void onOpen(RdpConnection c) {
        progress = new Progress(c.stack().node().scheduler(), progressListener, () -> bytes, -1, progressInterval);
    }

    @Override
    public void onData(RdpConnection c, byte[] data) {
        onData(c, data, 0, data.length);
    }

    /** Reads the segment where it arrived: the digest and the sink take a range, so nothing is copied. */
    @Override
    public void onData(RdpConnection c, byte[] array, int offset, int length) {
        if (!headerSeen) {
            headerSeen = true;
            Long size = TransferHeader.decodePrefix(array, offset, length);
            if (size != null) {
                // alone (RDP's transport) or followed by the first data (an ns-2 agent's, TransferSender)
                expected = size;
                offset += TransferHeader.LENGTH;
                length -= TransferHeader.LENGTH;
                if (length == 0) {
                    return;
                }
            }
        }
        bytes += length;
        gaps.arrived(c.stack().node().scheduler().nanos());
        digest.update(array, offset, length);
        try {
            sink.write(array, offset, length);
        } catch (RuntimeException e) {
            c.close();
        }
    }

    @Override
    public void onClosed(RdpConnection c, CloseReason reason) {
        if (progress != null) {
            progress.stop();
        }
        try {
            sink.close();
        } catch (RuntimeException e) {
            // the summary still reports what arrived
        }
        long now = c.stack().node().scheduler().nanos();
        boolean complete = expected < 0 ? reason == CloseReason.PEER_RESET : bytes == expected;
        result.complete(new TransferSummary("recv", c.remoteAddress() + ":" + c.remotePort(), bytes, expected,
                c.options().maxSegment(), now - start, c.stats().retransmissions(), c.stats().windowCloses(),
                TransferHeader.hex(digest.digest()), complete, reason, statsWithGaps(c), c.stats()));
    }

    /** The connection's counters and the tail of the gaps between deliveries (docs/real-runtime.md). */
    private Map<String, Object> statsWithGaps(RdpConnection c) {
        Map<String, Object> m = new LinkedHashMap<>(c.stats().toMap());
        m.put("arrivalGapP99Us", gaps.quantileMicros(0.99));
        m.put("arrivalGapP999Us", gaps.quantileMicros(0.999));
        m.put("arrivalGapMaxUs", gaps.maxMicros());
        return m;
    }
}
