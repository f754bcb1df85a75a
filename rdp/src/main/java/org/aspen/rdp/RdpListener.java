package org.aspen.rdp;

/**
 * A port in LISTEN: each SYN that arrives makes a new connection in SYN-RCVD and asks the
 * {@link Acceptor} for its listener.
 *
 * <pre>{@code
 * RdpListener l = stack.listen(7000, RdpOptions.defaults(), conn -> new MyHandler());
 * l.close();
 * }</pre>
 */
public final class RdpListener {
    /** Chooses the listener of a new passive connection; null refuses it with RST. */
    @FunctionalInterface
    public interface Acceptor {
        ConnectionListener accept(RdpConnection c);
    }

    private final RdpStack stack;
    private final int port;
    final RdpOptions options;
    final Acceptor acceptor;
    private boolean closed;

    RdpListener(RdpStack stack, int port, RdpOptions options, Acceptor acceptor) {
        this.stack = stack;
        this.port = port;
        this.options = options;
        this.acceptor = acceptor;
    }

    public int port() {
        return port;
    }

    public RdpOptions options() {
        return options;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Stops accepting; connections already made are not affected. */
    public void close() {
        if (!closed) {
            closed = true;
            stack.unlisten(this);
        }
    }
}
