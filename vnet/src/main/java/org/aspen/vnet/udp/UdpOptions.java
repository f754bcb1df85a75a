package org.aspen.vnet.udp;

/**
 * Settings of the real runtime's sockets and loops.
 *
 * <pre>{@code
 * new UdpNetwork(seed, UdpOptions.DEFAULT.withLoopThreads(1));
 * new UdpNetwork(seed, UdpOptions.singleNode());     // `aspen node`: one node, one loop
 * }</pre>
 *
 * @param loopThreads     event loops (0: the number of processors; a loop's thread only starts when a
 *                        node is placed on it, so at most min(nodes, loops) threads run)
 * @param maxNodes        largest number of nodes this network accepts (0: no limit)
 * @param socketBuffer    SO_RCVBUF and SO_SNDBUF in bytes (the kernel may cap it; see net.core.rmem_max)
 * @param readBatch       datagrams per recvmmsg call (epoll without receive offload only)
 * @param readsPerWakeup  upper bound of datagrams handled per readiness event before other work runs
 * @param sendBacklog     bytes waiting in a socket's outbound buffer above which frames are dropped
 *                        (counted as {@code sendBacklogDrops}) instead of queued without bound
 * @param forceNio        use the NIO transport even where epoll is available (tests, comparisons)
 * @param gro             ask the kernel for UDP receive offload (epoll only): a run of
 *                        datagrams of one size from one peer (a GSO write on loopback) is read as one
 *                        buffer and cut back into the same datagrams; off where the kernel refuses it
 * @param gso             send a loop turn's run of equal-sized frames to one peer as one UDP segmentation
 *                        offload write (epoll on a kernel that has it); off: one datagram per frame, still
 *                        one sendmmsg per loop turn. {@link #withOffload} sets this and {@code gro} together.
 */
public record UdpOptions(int loopThreads, int maxNodes, int socketBuffer, int readBatch, int readsPerWakeup,
                         int sendBacklog, boolean forceNio, boolean gro, boolean gso) {
    public static final UdpOptions DEFAULT = new UdpOptions(0, 0, 4 << 20, 32, 128, 4 << 20, false, true, true);

    public UdpOptions {
        if (loopThreads < 0 || maxNodes < 0) {
            throw new IllegalArgumentException("loopThreads and maxNodes must not be negative");
        }
        if (socketBuffer < 1024 || readBatch < 1 || readsPerWakeup < 1 || sendBacklog < 1024) {
            throw new IllegalArgumentException("socketBuffer and sendBacklog must be at least 1024 bytes, readBatch and readsPerWakeup at least 1");
        }
    }

    /** One node on one loop: the shape of a stand-alone {@code aspen node} process. */
    public static UdpOptions singleNode() {
        return DEFAULT.withLoopThreads(1).withMaxNodes(1);
    }

    public UdpOptions withLoopThreads(int n) {
        return new UdpOptions(n, maxNodes, socketBuffer, readBatch, readsPerWakeup, sendBacklog, forceNio, gro, gso);
    }

    public UdpOptions withMaxNodes(int n) {
        return new UdpOptions(loopThreads, n, socketBuffer, readBatch, readsPerWakeup, sendBacklog, forceNio, gro, gso);
    }

    public UdpOptions withSocketBuffer(int bytes) {
        return new UdpOptions(loopThreads, maxNodes, bytes, readBatch, readsPerWakeup, sendBacklog, forceNio, gro, gso);
    }

    public UdpOptions withForceNio(boolean nio) {
        return new UdpOptions(loopThreads, maxNodes, socketBuffer, readBatch, readsPerWakeup, sendBacklog, nio, gro, gso);
    }

    public UdpOptions withGro(boolean on) {
        return new UdpOptions(loopThreads, maxNodes, socketBuffer, readBatch, readsPerWakeup, sendBacklog, forceNio, on, gso);
    }

    public UdpOptions withGso(boolean on) {
        return new UdpOptions(loopThreads, maxNodes, socketBuffer, readBatch, readsPerWakeup, sendBacklog, forceNio, gro, on);
    }

    /** Both UDP offloads, segmentation on send ({@link #gso}) and receive ({@link #gro}), on or off. */
    public UdpOptions withOffload(boolean on) {
        return withGro(on).withGso(on);
    }
}
