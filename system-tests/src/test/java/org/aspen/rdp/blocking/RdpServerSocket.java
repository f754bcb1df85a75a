package org.aspen.rdp.blocking;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.RdpListener;
import org.aspen.vnet.time.Scheduler;

/**
 * A listening port for program threads.
 *
 * <pre>{@code
 * try (RdpServerSocket server = rdp.listen(7000, RdpOptions.defaults())) {
 *     RdpSocket s = server.accept(Duration.ofSeconds(30));
 * }
 * }</pre>
 */
public final class RdpServerSocket implements AutoCloseable {
    private final Scheduler loop;
    private final LinkedBlockingQueue<RdpSocket> accepted = new LinkedBlockingQueue<>();
    private volatile RdpListener listener;

    RdpServerSocket(Scheduler loop) {
        this.loop = loop;
    }

    void bind(RdpListener l) {
        listener = l;
    }

    /** Called on the loop when a connection reached OPEN. */
    void offer(RdpSocket s) {
        accepted.add(s);
    }

    /** The next connection that completed its handshake; throws {@link IOException} on timeout. */
    public RdpSocket accept(Duration timeout) throws IOException {
        Loop.refuseOnLoop(loop);
        try {
            RdpSocket s = accepted.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (s == null) {
                throw new IOException("no connection within " + timeout);
            }
            return s;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted in accept");
        }
    }

    public int port() {
        return listener.port();
    }

    @Override
    public void close() throws IOException {
        Loop.call(loop, () -> {
            listener.close();
            return null;
        });
    }
}
