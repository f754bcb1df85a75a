package org.aspen.rdp.blocking;

import java.io.IOException;
import java.time.Duration;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.time.Scheduler;

/**
 * The blocking convenience API over a node's {@link RdpStack}, for program threads in the real
 * runtime. Each call hops onto the node's loop with {@link Scheduler#execute} and waits on the
 * caller's thread; calling it on the loop (or in the single-threaded simulation) throws
 * {@link IllegalStateException} instead of deadlocking. Test scope since issue 32: no product code
 * uses it; the tests drive RDP from program threads through it.
 *
 * <pre>{@code
 * BlockingRdp rdp = new BlockingRdp(node);   // node of the real runtime
 * RdpSocket s = rdp.connect(dest, 7000, RdpOptions.defaults(), Duration.ofSeconds(5));
 * }</pre>
 */
public final class BlockingRdp {
    private final org.aspen.vnet.node.Node node;
    private final Scheduler loop;

    public BlockingRdp(org.aspen.vnet.node.Node node) {
        this.node = node;
        this.loop = node.scheduler();
    }

    public RdpSocket connect(VAddr remote, int port, RdpOptions options, Duration timeout) throws IOException {
        RdpSocket s = new RdpSocket(loop, options.sendBuffer(), options.maxOutstanding());
        Loop.call(loop, () -> {
            s.bind(RdpStack.install(node).connect(remote, port, options, s.listener()));
            return null;
        });
        try {
            return Loop.await(s.opened(), timeout);
        } catch (IOException e) {
            s.abort();
            throw new IOException("connect to " + remote + ":" + port + " failed: " + e.getMessage(), e);
        }
    }

    public RdpServerSocket listen(int port, RdpOptions options) throws IOException {
        RdpServerSocket server = new RdpServerSocket(loop);
        Loop.call(loop, () -> {
            server.bind(RdpStack.install(node).listen(port, options, c -> {
                RdpSocket s = new RdpSocket(loop, options.sendBuffer(), options.maxOutstanding());
                s.bind(c);
                s.opened().thenAccept(server::offer);
                return s.listener();
            }));
            return null;
        });
        return server;
    }
}
