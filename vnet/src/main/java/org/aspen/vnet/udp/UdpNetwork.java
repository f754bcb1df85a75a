package org.aspen.vnet.udp;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelException;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannelConfig;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.time.Seeds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real runtime: every node on a Netty event loop with its own UDP socket; each link end is
 * identified by the UDP address of the socket at its far end.
 *
 * <pre>{@code
 * try (UdpNetwork net = new UdpNetwork(seed)) {
 *     net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);   // 127.0.0.1, ephemeral port
 *     net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, new InetSocketAddress("127.0.0.1", 7002));
 *     net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
 *     net.connectRemote("b-x", "b", new InetSocketAddress("192.0.2.7", 7000), LinkConfig.DEFAULT);
 *     net.run(10_000_000_000L);
 * }
 * }</pre>
 *
 * Set-up calls (addNode, connect, connectRemote, at before run) come from an ordinary thread;
 * they hop onto the node's loop where needed and wait. Sockets read nothing until {@link #run}
 * starts the nodes, so no packet reaches a half-built node. Uses epoll (recvmmsg/sendmmsg) where
 * available, NIO otherwise.
 */
public final class UdpNetwork implements Network {
    private static final Logger log = LoggerFactory.getLogger(UdpNetwork.class);
    private static final long STOP_WAIT_MS = 5_000;
    /** A read slot with receive offload: any UDP payload, and any aggregate the kernel builds (at most 64 KB). */
    static final int OFFLOAD_SLOT = 65_536;

    private final long seed;
    private final UdpOptions options;
    private final boolean epoll;
    private final WallClock clock = new WallClock();
    private final EventLoopGroup group;
    private final Map<String, NodeSocket> sockets = new ConcurrentHashMap<>();
    private final List<NodeSocket> order = new CopyOnWriteArrayList<>();
    private final Object setupLock = new Object();
    private final List<Pending> pending = new ArrayList<>();
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private volatile boolean started;
    private volatile boolean closed;

    public UdpNetwork(long seed) {
        this(seed, UdpOptions.DEFAULT);
    }

    public UdpNetwork(long seed, UdpOptions options) {
        this.seed = seed;
        this.options = options;
        this.epoll = Transports.useEpoll(options.forceNio());
        int loops = options.loopThreads() > 0 ? options.loopThreads() : Runtime.getRuntime().availableProcessors();
        if (options.maxNodes() > 0) {
            loops = Math.min(loops, options.maxNodes());
        }
        // daemon threads: a network that is never closed must not keep the JVM alive
        this.group = new MultiThreadIoEventLoopGroup(loops, new DefaultThreadFactory("aspen-udp", true),
                Transports.ioHandlerFactory(epoll));
    }

    /** True when the native epoll transport is in use. */
    public boolean epoll() {
        return epoll;
    }

    public long seed() {
        return seed;
    }

    public WallClock clock() {
        return clock;
    }

    @Override
    public Node addNode(String name, VAddr address, NodeConfig config, InetSocketAddress udp) {
        NodeSocket socket;
        boolean startNow;
        // setupLock serialises set-up callers; loop threads never take it, so waiting here is safe
        synchronized (setupLock) {
            checkOpen();
            if (sockets.containsKey(name)) {
                throw new IllegalArgumentException("duplicate node name: " + name);
            }
            if (options.maxNodes() > 0 && sockets.size() >= options.maxNodes()) {
                throw new IllegalStateException("this network holds at most " + options.maxNodes() + " node(s)");
            }
            InetSocketAddress bind = bindAddress(name, udp);
            EventLoop loop = group.next();
            NettyScheduler scheduler = new NettyScheduler(loop, clock, name);
            Node node = new Node(name, address, scheduler, Seeds.stream(seed, "node", name), config);
            socket = new NodeSocket(node, scheduler);
            ChannelFuture f = bootstrap(loop, config, socket).bind(bind).awaitUninterruptibly();
            if (!f.isSuccess()) {
                throw new IllegalStateException("node " + name + ": cannot bind UDP " + NodeSocket.describe(bind) + ": "
                        + f.cause().getMessage(), f.cause());
            }
            socket.bound(f.channel(), epoll && options.gro() && enableReceiveOffload(f.channel(), options), options.gso());
            synchronized (this) {
                sockets.put(name, socket);
                order.add(socket);
                startNow = started;
            }
        }
        log.debug("node {} ({}) on UDP {} ({})", name, address, NodeSocket.describe(socket.localAddress()), epoll ? "epoll" : "nio");
        if (startNow) {
            onLoopAndWait(socket, () -> {
                socket.start();
                return null;
            });
        }
        return socket.node;
    }

    private static InetSocketAddress bindAddress(String name, InetSocketAddress udp) {
        if (udp == null) {
            return new InetSocketAddress("127.0.0.1", 0);
        }
        if (udp.isUnresolved()) {
            throw new IllegalArgumentException("node " + name + ": cannot resolve UDP host " + udp.getHostString());
        }
        return udp;
    }

    private Bootstrap bootstrap(EventLoop loop, NodeConfig config, NodeSocket socket) {
        // one byte over maxFrame: a longer datagram then arrives as maxFrame + 1 bytes (the kernel cuts
        // the rest), which the codec counts as oversized, not as a truncated frame of maxFrame bytes
        int chunk = config.maxFrame() + 1;
        Bootstrap b = new Bootstrap().group(loop).channel(Transports.datagramChannel(epoll))
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.SO_RCVBUF, options.socketBuffer())
                .option(ChannelOption.SO_SNDBUF, options.socketBuffer())
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(options.sendBacklog() / 2, options.sendBacklog()))
                .handler(socket.handler());
        if (epoll && options.readBatch() > 1) {
            // recvmmsg: one read fills readBatch slots of maxFrame + 1 bytes each
            b.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, chunk)
                    .option(ChannelOption.RCVBUF_ALLOCATOR,
                            new BatchReadAllocator(chunk, options.readBatch(), options.readsPerWakeup()));
        } else {
            b.option(ChannelOption.RCVBUF_ALLOCATOR,
                    new FixedRecvByteBufAllocator(chunk).maxMessagesPerRead(options.readsPerWakeup()));
        }
        return b;
    }

    /**
     * Asks the kernel for UDP receive offload (UDP_GRO) on a bound epoll socket, before it reads anything.
     * Then each read is one recvmsg into an {@link #OFFLOAD_SLOT}-byte buffer (Netty reads the segment size
     * of an aggregate with recvmsg only, not with recvmmsg): a datagram, or an aggregate of up to 64 KB
     * (the kernel never builds a larger one), which Netty cuts back into datagrams of the segment size the
     * kernel reports, the last one possibly shorter. A datagram longer than maxFrame then arrives whole
     * and is counted as oversized, as before. False (and recvmmsg reads) where the kernel refuses it.
     */
    private static boolean enableReceiveOffload(io.netty.channel.Channel ch, UdpOptions options) {
        if (!(ch.config() instanceof EpollDatagramChannelConfig cfg)) {
            return false;
        }
        try {
            cfg.setUdpGro(true);
        } catch (ChannelException e) {
            log.debug("UDP_GRO refused, reading datagram by datagram: {}", e.toString());
            return false;
        }
        cfg.setMaxDatagramPayloadSize(0);   // one datagram per read
        cfg.setRecvByteBufAllocator(new BatchReadAllocator(OFFLOAD_SLOT, 1, options.readsPerWakeup()));
        return true;
    }

    @Override
    public void connect(String linkName, String a, String b, LinkConfig config) {
        NodeSocket sa = require(a);
        NodeSocket sb = require(b);
        if (sa == sb) {
            throw new IllegalArgumentException("link " + linkName + " joins node " + a + " to itself");
        }
        onLoopAndWait(sa, () -> sa.attach(linkName, sb.reachableAddress(), config, sb.node.address()));
        onLoopAndWait(sb, () -> sb.attach(linkName, sa.reachableAddress(), config, sa.node.address()));
    }

    /**
     * Adds a link from {@code localNode} to a node in another process or on another host, known by
     * its UDP address. The far end's VNet address is learned later (routing hellos). The far end
     * must configure this node's {@link #udpAddress} as its peer.
     */
    public Link connectRemote(String linkName, String localNode, InetSocketAddress peerUdp, LinkConfig config) {
        NodeSocket s = require(localNode);
        return onLoopAndWait(s, () -> s.attach(linkName, peerUdp, config, null));
    }

    /** The UDP address {@code node}'s socket is bound to (the real port, even when 0 was asked for). */
    public InetSocketAddress udpAddress(String node) {
        return require(node).localAddress();
    }

    /** The event loop that runs {@code node} (for endpoints that must run on it, such as the control server). */
    public EventLoop eventLoop(String node) {
        return require(node).scheduler.loop();
    }

    /** True when {@code node}'s socket reads with UDP receive offload (see {@link UdpOptions#gro}). */
    public boolean receiveOffload(String node) {
        return require(node).receiveOffload();
    }

    /**
     * Gives {@code node} an input queue of {@code limit} packets: ASP's congestion detection on the
     * socket (off by default, as in ASP). The socket's reads then only queue arriving frames; the node
     * processes them in batches on its loop; a frame arriving while {@code limit} wait is dropped
     * ({@code input-queue}) and told to the drop listeners of the link it arrived on, as a link queue's
     * drop is (docs/real-runtime.md, "Input queue"). Once per node, before or during the run.
     */
    public void setInputQueue(String node, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("node " + node + ": an input queue holds at least 1 packet, not " + limit);
        }
        NodeSocket s = require(node);
        onLoopAndWait(s, () -> {
            s.setInputQueue(limit);
            return null;
        });
    }

    /** {@code node}'s input queue limit in packets; 0 when it has none ({@link #setInputQueue}). */
    public int inputQueueLimit(String node) {
        NodeSocket s = require(node);
        return onLoopAndWait(s, s::inputQueueLimit);
    }

    /** The node socket's counters; read them on the node's loop (or after close). */
    public UdpCounters udpCounters(String node) {
        return require(node).counters;
    }

    private NodeSocket require(String name) {
        NodeSocket s = sockets.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no node named " + name);
        }
        return s;
    }

    @Override
    public Node node(String name) {
        NodeSocket s = sockets.get(name);
        return s == null ? null : s.node;
    }

    @Override
    public Collection<Node> nodes() {
        return order.stream().map(s -> s.node).collect(Collectors.toUnmodifiableList());
    }

    @Override
    public void at(long atNanos, String node, Runnable task) {
        NodeSocket s = require(node);
        synchronized (this) {
            if (!started) {
                pending.add(new Pending(atNanos, s, task));
                return;
            }
        }
        s.scheduler.schedule(atNanos - clock.nanos(), task);
    }

    @Override
    public void onLoop(String node, Runnable task) {
        require(node).scheduler.execute(task);
    }

    @Override
    public void run(long durationNanos) throws InterruptedException {
        checkOpen();
        List<Pending> toSchedule = List.of();
        List<NodeSocket> toStart = List.of();
        synchronized (this) {
            if (!started) {
                started = true;
                clock.start();
                toStart = new ArrayList<>(order);
                toSchedule = new ArrayList<>(pending);
                pending.clear();
            }
        }
        for (NodeSocket s : toStart) {
            onLoopAndWait(s, () -> {
                s.start();
                return null;
            });
        }
        for (Pending p : toSchedule) {
            p.socket.scheduler.schedule(p.atNanos - clock.nanos(), p.task);
        }
        closedLatch.await(durationNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public long now() {
        return clock.nanos();
    }

    @Override
    public boolean simulated() {
        return false;
    }

    /** Stops every node on its loop, closes the sockets and shuts the loops down (quickly). */
    @Override
    public void close() {
        List<NodeSocket> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(order);
        }
        boolean fromLoop = false;
        for (EventExecutor e : group) {
            fromLoop |= e.inEventLoop();
        }
        List<Future<?>> stops = new ArrayList<>();
        for (NodeSocket s : all) {
            stops.add(s.scheduler.loop().submit(s::stop));
        }
        // waiting from one of our own loops would deadlock: then the shutdown just proceeds on its own
        if (!fromLoop) {
            for (Future<?> f : stops) {
                f.awaitUninterruptibly(STOP_WAIT_MS);
            }
        }
        Future<?> down = group.shutdownGracefully(10, 1_000, TimeUnit.MILLISECONDS);
        if (!fromLoop) {
            down.awaitUninterruptibly(STOP_WAIT_MS);
        }
        closedLatch.countDown();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("network is closed");
        }
    }

    private static <T> T onLoopAndWait(NodeSocket s, Callable<T> work) {
        if (s.scheduler.inLoop()) {
            try {
                return work.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        Future<T> f = s.scheduler.loop().submit(work).awaitUninterruptibly();
        if (!f.isSuccess()) {
            Throwable c = f.cause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("node " + s.node.name() + ": " + c, c);
        }
        return f.getNow();
    }

    private record Pending(long atNanos, NodeSocket socket, Runnable task) {
    }
}
