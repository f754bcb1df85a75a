package org.aspen.rdp.blocking;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.vnet.time.Scheduler;

/**
 * A blocking RDP connection for program threads (never the node's loop: that is refused).
 *
 * <pre>{@code
 * try (RdpSocket s = rdp.connect(VAddr.parse("10.0.0.2"), 7000, RdpOptions.defaults(), Duration.ofSeconds(5))) {
 *     s.send(bytes);               // blocks while the send buffer is full
 *     byte[] reply = s.receive();  // null at the end of the stream
 * }                                // close(): waits until everything sent is acknowledged, then RST
 * }</pre>
 *
 * Segments go through a bounded queue to the loop (backpressure: {@link #send} blocks when it is
 * full) and come back through a queue that pauses delivery inside the connection when the reader
 * falls behind by the connection's maximum outstanding segments.
 */
public final class RdpSocket implements AutoCloseable {
    private static final byte[] EOF = new byte[0];

    private final Scheduler loop;
    private final BlockingQueue<byte[]> outbox;
    private final LinkedBlockingQueue<byte[]> inbox = new LinkedBlockingQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final CompletableFuture<RdpSocket> opened = new CompletableFuture<>();
    private final Listener listener = new Listener();
    private final int highWater;
    private volatile RdpConnection connection;
    private volatile CloseReason closed;
    private volatile boolean paused;
    private boolean eof;
    private CompletableFuture<Void> afterDrain;
    private boolean closeAfterDrain;

    RdpSocket(Scheduler loop, int sendBuffer, int maxOutstanding) {
        this.loop = loop;
        this.outbox = new ArrayBlockingQueue<>(sendBuffer);
        this.highWater = maxOutstanding;
    }

    ConnectionListener listener() {
        return listener;
    }

    CompletableFuture<RdpSocket> opened() {
        return opened;
    }

    void bind(RdpConnection c) {
        connection = c;
    }

    public RdpConnection connection() {
        return connection;
    }

    /** Largest segment {@link #send} accepts. */
    public int maxSendSize() {
        return connection.maxSendSize();
    }

    /** Why the connection ended, or null while open. */
    public CloseReason closeReason() {
        return closed;
    }

    /** Queues one segment; blocks while the send buffer is full. Throws if the connection has ended. */
    public void send(byte[] data) throws IOException {
        Loop.refuseOnLoop(loop);
        if (data.length > maxSendSize()) {
            throw new IllegalArgumentException("segment of " + data.length + " bytes exceeds " + maxSendSize());
        }
        try {
            while (!outbox.offer(data, 100, TimeUnit.MILLISECONDS)) {
                checkOpen();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted in send");
        }
        checkOpen();
        scheduleDrain();
    }

    private void checkOpen() throws IOException {
        if (closed != null) {
            throw new IOException("connection closed: " + closed);
        }
    }

    /** The next segment's data; null at the end of the stream (the connection ended and everything was read). */
    public byte[] receive() throws IOException {
        return receive(null);
    }

    /** Like {@link #receive()}, but throws {@link IOException} when nothing arrives within {@code timeout}. */
    public byte[] receive(Duration timeout) throws IOException {
        Loop.refuseOnLoop(loop);
        if (eof) {
            return null;
        }
        byte[] d;
        try {
            d = timeout == null ? inbox.take() : inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted in receive");
        }
        if (d == null) {
            throw new IOException("nothing received within " + timeout);
        }
        if (d == EOF) {
            eof = true;
            return null;
        }
        if (paused && inbox.size() < highWater / 2) {
            paused = false;
            loop.execute(() -> connection.resumeDelivery());
        }
        return d;
    }

    /** Waits until everything sent so far is acknowledged by the peer. */
    public void flush() throws IOException {
        Loop.await(afterDrain(false), null);
    }

    /** Waits until everything sent is acknowledged, then ends the connection (RST; RDP has no other close). */
    @Override
    public void close() throws IOException {
        if (closed != null) {
            return;
        }
        Loop.await(afterDrain(true), null);
    }

    /** Ends the connection now; unsent data is dropped. */
    public void abort() throws IOException {
        Loop.call(loop, () -> {
            connection.close();
            return null;
        });
    }

    private CompletableFuture<Void> afterDrain(boolean close) throws IOException {
        return Loop.call(loop, () -> {
            CompletableFuture<Void> f = new CompletableFuture<>();
            afterDrain = f;
            closeAfterDrain = close;
            drain();
            return f;
        });
    }

    private void scheduleDrain() {
        if (drainScheduled.compareAndSet(false, true)) {
            loop.execute(() -> {
                drainScheduled.set(false);
                drain();
            });
        }
    }

    /** On the loop: moves queued segments into the connection while it takes them. */
    private void drain() {
        RdpConnection c = connection;
        byte[] d;
        while ((d = outbox.peek()) != null) {
            if (closed != null || !c.send(d)) {
                break;   // full: the connection calls onWritable, which drains again
            }
            outbox.poll();
        }
        if (afterDrain != null && outbox.isEmpty()) {
            CompletableFuture<Void> f = afterDrain;
            afterDrain = null;
            (closeAfterDrain ? c.closeGracefully() : c.flush()).whenComplete((v, e) -> {
                if (e == null) {
                    f.complete(null);
                } else {
                    f.completeExceptionally(e);
                }
            });
        }
    }

    private final class Listener implements ConnectionListener {
        @Override
        public void onOpen(RdpConnection c) {
            connection = c;
            opened.complete(RdpSocket.this);
        }

        @Override
        public void onData(RdpConnection c, byte[] data) {
            inbox.add(data);
            if (inbox.size() >= highWater && !paused) {
                paused = true;
                c.pauseDelivery();
            }
        }

        @Override
        public void onWritable(RdpConnection c) {
            drain();
        }

        @Override
        public void onClosed(RdpConnection c, CloseReason reason) {
            closed = reason;
            inbox.add(EOF);
            opened.completeExceptionally(new org.aspen.rdp.RdpException("connection ended: " + reason));
            if (afterDrain != null) {
                afterDrain.completeExceptionally(new org.aspen.rdp.RdpException("connection ended: " + reason));
                afterDrain = null;
            }
        }
    }

    /** Counters of the connection, read on the loop. */
    public Map<String, Object> stats() throws IOException {
        return Loop.call(loop, () -> connection.stats().toMap());
    }
}
