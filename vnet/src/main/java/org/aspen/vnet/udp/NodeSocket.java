package org.aspen.vnet.udp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.SegmentedDatagramPacket;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.FramePool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node's UDP socket: demultiplexes arriving datagrams to links by the sender's UDP address,
 * and batches outgoing datagrams so that one flush per loop turn lets epoll use sendmmsg; with epoll
 * on a kernel with UDP segmentation offload, a run of equal-sized frames to one peer (a transfer's
 * data segments) leaves as one GSO write, which the kernel cuts into the same datagrams.
 * Everything here runs on the node's loop.
 */
final class NodeSocket {
    private static final Logger log = LoggerFactory.getLogger(NodeSocket.class);
    /** Linux's limit of segments per GSO send (UDP_MAX_SEGMENTS). */
    static final int MAX_GSO_SEGMENTS = 64;
    /** Largest UDP payload of one GSO send over IPv4. */
    static final int MAX_GSO_BYTES = 65_507;
    /** Datagrams held for one read's processing; a longer read hands them over in batches of this many. */
    static final int READ_BATCH = 64;

    final Node node;
    final NettyScheduler scheduler;
    final UdpCounters counters = new UdpCounters();
    private final Map<InetSocketAddress, Link> peers = new HashMap<>();
    private final Runnable flushTask = this::flush;
    private final Inbound inbound = new Inbound();
    private final ChannelHandler handler = inbound;
    private Channel channel;
    private InetSocketAddress local;
    private boolean flushScheduled;
    private boolean errorLogged;
    /** Send frames of one size to one peer as one UDP GSO write (epoll on a kernel that has it). */
    private boolean gso;
    /** Reads with UDP receive offload (UDP_GRO): set once at bind, before the socket reads. */
    private boolean gro;
    /**
     * Frames waiting for this loop turn's flush: a run of equal-sized frames to one peer. Held by
     * reference, as a delayed link's {@link Transport#transmit} always has: a transmitted frame is not
     * changed afterwards.
     */
    private final byte[][] run = new byte[MAX_GSO_SEGMENTS][];
    /** Which of the run's frames go back to {@link #framePool} once copied out. */
    private final boolean[] runReusable = new boolean[MAX_GSO_SEGMENTS];
    /**
     * The node's frame pool: frames received into it go back once the node has consumed them, frames
     * the node sent from it go back once copied into the socket's buffer, so a bulk transfer allocates
     * no frame per packet (docs/real-runtime.md).
     */
    final FramePool framePool = new FramePool();
    private int runCount;
    /**
     * The node's input queue ({@link #setInputQueue}), or null: off, and every read's datagrams go to
     * their links at the end of the read, as they always have.
     */
    private InputQueue inputQueue;
    private boolean drainScheduled;
    private final Runnable drainTask = this::drainInput;
    private int runBytes;
    private InetSocketAddress runPeer;
    private final ChannelFutureListener gsoFailed = f -> {
        if (!f.isSuccess()) {
            // the kernel refused segmentation offload (counted once as a socket error): plain writes from now on
            gso = false;
            counters.sendOffload = false;
            socketError(f.cause());
        }
    };

    NodeSocket(Node node, NettyScheduler scheduler) {
        this.node = node;
        this.scheduler = scheduler;
        node.useFramePool(framePool);
    }

    ChannelHandler handler() {
        return handler;
    }

    void bound(Channel ch, boolean receiveOffload, boolean segmentationOffload) {
        this.channel = ch;
        this.local = (InetSocketAddress) ch.localAddress();
        this.gso = segmentationOffload && ch instanceof EpollDatagramChannel && SegmentedDatagramPacket.isSupported();
        counters.sendOffload = gso;
        this.gro = receiveOffload;
        counters.receiveOffload = receiveOffload;
    }

    boolean receiveOffload() {
        return gro;
    }

    InetSocketAddress localAddress() {
        return local;
    }

    /** The address a local peer sees as this socket's source (loopback when bound to the wildcard). */
    InetSocketAddress reachableAddress() {
        if (local.getAddress().isAnyLocalAddress()) {
            return new InetSocketAddress("127.0.0.1", local.getPort());
        }
        return local;
    }

    /** Adds a link whose far end is the socket at {@code peerUdp}. Runs on the loop. */
    Link attach(String linkName, InetSocketAddress peerUdp, LinkConfig config, VAddr peerVAddr) {
        if (peerUdp.isUnresolved()) {
            throw new IllegalArgumentException("link " + linkName + ": cannot resolve peer host " + peerUdp.getHostString());
        }
        if (peers.containsKey(peerUdp)) {
            throw new IllegalArgumentException("node " + node.name() + " already has a link to UDP " + describe(peerUdp)
                    + " (" + peers.get(peerUdp).name() + "); one link per pair of sockets");
        }
        Link l = node.addLink(linkName, config, new Transport(peerUdp));
        if (peerVAddr != null) {
            l.setPeer(peerVAddr);
        }
        peers.put(peerUdp, l);
        inbound.forget();   // a sender seen before as unknown may be this peer
        return l;
    }

    /**
     * Gives the node an input queue of {@code limit} packets (ASP's congestion detection on the socket,
     * {@link InputQueue}): from now on reads only queue arriving frames, and the node processes them in
     * batches of {@link #READ_BATCH} on the same loop, a batch per loop turn, so reads and processing
     * interleave. Runs on the loop; once per node.
     */
    void setInputQueue(int limit) {
        if (inputQueue != null) {
            throw new IllegalStateException("node " + node.name() + " already has an input queue of " + inputQueue.limit() + " packets");
        }
        inputQueue = new InputQueue(limit, node, framePool, counters);
    }

    /** The input queue's limit in packets; 0 when the node has none. */
    int inputQueueLimit() {
        return inputQueue == null ? 0 : inputQueue.limit();
    }

    /**
     * One batch of the input queue, then again on a later loop turn while frames wait. A scheduled task
     * with no delay, not {@code execute}: Netty runs the tasks queued during a turn's task run in that
     * same run, but takes due scheduled tasks only at its start, so each batch waits for the loop's next
     * I/O poll and reads keep pulling datagrams from the kernel between batches.
     */
    private void drainInput() {
        drainScheduled = false;
        inputQueue.drain(READ_BATCH);
        scheduleDrain();
    }

    private void scheduleDrain() {
        if (!drainScheduled && inputQueue.size() > 0) {
            drainScheduled = true;
            scheduler.loop().schedule(drainTask, 0, TimeUnit.NANOSECONDS);
        }
    }

    /** Hands one frame from the node's pool to its link; the frame goes back to the pool when nothing keeps it. */
    static void deliver(Node node, Link link, byte[] frame, FramePool pool) {
        try {
            if (link.receivePooledFrame(frame)) {
                pool.give(frame);
            }
        } catch (RuntimeException e) {
            // a bug below (a discipline, a listener) costs this packet, not the socket
            node.counters().countDrop(DropReason.HANDLER_ERROR);
            log.warn("{}: packet processing failed: {}", node.name(), e.toString(), e);
        }
    }

    void start() {
        node.start();
        channel.config().setAutoRead(true);
    }

    void stop() {
        node.stop();
        if (inputQueue != null) {
            inputQueue.clear();
        }
        channel.close();
    }

    private void write(byte[] frame, InetSocketAddress to, boolean reusable) {
        if (!channel.isActive()) {
            return;
        }
        if (!channel.isWritable()) {
            counters.sendBacklogDrops++;
            return;
        }
        counters.datagramsOut++;
        counters.bytesOut += frame.length;
        if (runCount > 0 && (runCount == run.length || frame.length != run[0].length || !to.equals(runPeer)
                || runBytes + frame.length > MAX_GSO_BYTES)) {
            writeRun();
        }
        runReusable[runCount] = reusable;
        run[runCount++] = frame;
        runBytes += frame.length;
        runPeer = to;
        if (!gso) {
            writeRun();
        }
        if (!flushScheduled) {
            // runs after the current batch of reads or timers, so their writes leave in one sendmmsg
            flushScheduled = true;
            scheduler.loop().execute(flushTask);
        }
    }

    /**
     * Hands the waiting run to the channel: one datagram, or with GSO one write the kernel cuts into
     * datagrams of the run's frame size (the receiver sees the same datagrams either way).
     */
    private void writeRun() {
        // straight into a pooled direct buffer: the transport would otherwise copy a heap buffer into one
        ByteBuf out = channel.alloc().directBuffer(runBytes);
        for (int i = 0; i < runCount; i++) {
            out.writeBytes(run[i]);
            if (runReusable[i]) {
                framePool.give(run[i]);   // copied out: nothing else holds it
            }
            run[i] = null;
        }
        if (runCount == 1) {
            channel.write(new DatagramPacket(out, runPeer), channel.voidPromise());
        } else {
            counters.gsoWrites++;
            channel.write(new SegmentedDatagramPacket(out, runBytes / runCount, runPeer)).addListener(gsoFailed);
        }
        runCount = 0;
        runBytes = 0;
        runPeer = null;
    }

    private void flush() {
        flushScheduled = false;
        if (runCount > 0) {
            writeRun();
        }
        channel.flush();
    }

    private void socketError(Throwable cause) {
        counters.socketErrors++;
        if (!errorLogged) {
            errorLogged = true;
            log.warn("{}: UDP socket {} error (logged once, counted after): {}", node.name(), describe(local), cause.toString());
        } else {
            log.debug("{}: UDP socket error: {}", node.name(), cause.toString());
        }
    }

    static String describe(InetSocketAddress a) {
        return a == null ? "?" : a.getHostString() + ":" + a.getPort();
    }

    /**
     * Copies each datagram into a fresh array and releases the buffer right here, before node code runs;
     * hands the read's datagrams to their links together once the read is over (channelReadComplete),
     * in arrival order. Processing a read's datagrams in one loop keeps Netty's per-datagram path short:
     * the node's whole receive path is then compiled once, under {@link #process}, instead of being
     * inlined again under each of Netty's pipeline methods.
     */
    private final class Inbound extends ChannelInboundHandlerAdapter {
        /** The last datagram's sender (by identity) and its link (null: not a peer), so a run skips the lookup. */
        private InetSocketAddress lastSender;
        private Link lastLink;
        /** This read's datagrams and their links, waiting for the end of the read. */
        private final byte[][] frames = new byte[READ_BATCH][];
        private final Link[] links = new Link[READ_BATCH];
        private int waiting;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (!(msg instanceof DatagramPacket dp)) {
                    return;
                }
                ByteBuf content = dp.content();
                int n = content.readableBytes();
                counters.datagramsIn++;
                counters.bytesIn += n;
                InetSocketAddress from = dp.sender();
                if (from != lastSender) {
                    // the datagrams cut from one aggregate (receive offload) share their sender object
                    lastSender = from;
                    lastLink = peers.get(from);
                }
                if (lastLink == null) {
                    counters.unknownPeer++;
                    node.counters().countDrop(DropReason.UNKNOWN_PEER);
                    return;
                }
                byte[] frame = framePool.take(n);   // every byte is overwritten here
                content.getBytes(content.readerIndex(), frame);
                if (inputQueue != null) {
                    inputQueue.offer(frame, lastLink);   // processed later, in batches (drainInput)
                    return;
                }
                if (waiting == frames.length) {
                    process();
                }
                frames[waiting] = frame;
                links[waiting] = lastLink;
                waiting++;
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            process();
            if (inputQueue != null) {
                scheduleDrain();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            process();
            ctx.fireChannelInactive();
        }

        /** Hands the waiting datagrams to their links, in arrival order. */
        private void process() {
            for (int i = 0; i < waiting; i++) {
                byte[] frame = frames[i];
                Link link = links[i];
                frames[i] = null;
                links[i] = null;
                deliver(node, link, frame, framePool);   // a frame kept by no one: the next datagram may land in it
            }
            waiting = 0;
        }

        void forget() {
            lastSender = null;
            lastLink = null;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            socketError(cause);
        }

        @Override
        public boolean isSharable() {
            return false;
        }
    }

    /**
     * The largest UDP payload that reaches {@code peer} without IP fragmentation on the first hop:
     * the MTU of the interface the host routes to it through, less the IP (20, IPv6 40) and UDP (8)
     * headers; 0 when it cannot be told. Asks the host's routing by connecting a throw-away UDP socket
     * (no datagram is sent). Like TCP's MSS, this is the first hop's limit, not a discovered path MTU.
     */
    static int underlayMtu(InetSocketAddress peer) {
        try (java.net.DatagramSocket probe = new java.net.DatagramSocket()) {
            probe.connect(peer);
            java.net.NetworkInterface nic = java.net.NetworkInterface.getByInetAddress(probe.getLocalAddress());
            int mtu = nic == null ? -1 : nic.getMTU();
            if (mtu <= 0) {
                return 0;
            }
            int headers = (peer.getAddress() instanceof java.net.Inet6Address ? 40 : 20) + 8;
            return Math.max(0, Math.min(mtu, 65_535) - headers);
        } catch (java.io.IOException | RuntimeException e) {
            log.debug("no MTU toward {}: {}", describe(peer), e.toString());
            return 0;
        }
    }

    /** A link end: datagrams to one peer socket, after the emulated propagation delay. */
    private final class Transport implements LinkTransport {
        private final InetSocketAddress peer;
        private final int mtu;

        Transport(InetSocketAddress peer) {
            this.peer = peer;
            this.mtu = underlayMtu(peer);
        }

        @Override
        public int mtu() {
            return mtu;
        }

        @Override
        public void transmit(byte[] frame, long delayNanos) {
            send(frame, delayNanos, false);
        }

        @Override
        public void transmitReusable(byte[] frame, long delayNanos) {
            send(frame, delayNanos, true);
        }

        private void send(byte[] frame, long delayNanos, boolean reusable) {
            if (delayNanos <= 0) {
                write(frame, peer, reusable);
            } else {
                scheduler.loop().schedule(() -> write(frame, peer, reusable), delayNanos, TimeUnit.NANOSECONDS);
            }
        }

        @Override
        public String describePeer() {
            return describe(peer);
        }
    }
}
