package org.aspen.bench.vnet;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.SegmentedDatagramPacket;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.udp.Transports;

/**
 * The traffic source and sink of the forwarding benchmark, built to cost as little CPU as possible
 * (so the relay under test is not starved): each on its own Netty loop, the sink reading with
 * recvmmsg, the sender writing paced bursts that leave in one sendmmsg per 100 us tick (or, asked for,
 * as UDP segmentation-offload writes of up to 64 frames, as an Aspen node's bursts leave).
 *
 * <pre>{@code
 * try (TrafficEnds ends = new TrafficEnds(frame)) {
 *     ends.go(relayAddress, 100_000);   // packets/s
 *     long got = ends.received();
 * }
 * }</pre>
 */
final class TrafficEnds implements AutoCloseable {
    private static final long TICK_NANOS = 100_000;
    private static final int SLOT = 2048;

    private final boolean epoll = Transports.useEpoll(false);
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, new DefaultThreadFactory("bench-ends", true),
            Transports.ioHandlerFactory(epoll));
    /** Linux's limits for one GSO send: segments, and UDP payload bytes over IPv4. */
    private static final int GSO_FRAMES = 64;
    private static final int MAX_GSO_BYTES = 65_507;

    private final ByteBuf frame;
    /** {@link #framesPerWrite} copies of the frame back to back, the payload of one GSO write. */
    private final ByteBuf frames;
    private final int frameLength;
    private final int framesPerWrite;
    private final boolean gso;
    private final Channel sender;
    private final Channel sink;
    private volatile long sent;
    private volatile long received;
    private ScheduledFuture<?> pacer;

    TrafficEnds(byte[] frameBytes) throws InterruptedException {
        this(frameBytes, false);
    }

    /**
     * @param segmentationOffload write each tick's frames as UDP GSO writes of up to {@link #GSO_FRAMES} frames
     *                            (epoll on a kernel that has it; else one datagram per frame, see {@link #gso})
     */
    TrafficEnds(byte[] frameBytes, boolean segmentationOffload) throws InterruptedException {
        frame = Unpooled.unreleasableBuffer(Unpooled.directBuffer(frameBytes.length).writeBytes(frameBytes));
        frameLength = frameBytes.length;
        int perWrite = Math.min(GSO_FRAMES, MAX_GSO_BYTES / frameBytes.length);
        gso = segmentationOffload && epoll && SegmentedDatagramPacket.isSupported() && perWrite > 1;
        ByteBuf run = Unpooled.directBuffer(frameBytes.length * perWrite);
        for (int i = 0; i < perWrite; i++) {
            run.writeBytes(frameBytes);
        }
        frames = Unpooled.unreleasableBuffer(run);
        framesPerWrite = perWrite;
        sender = bind(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
            }
        });
        sink = bind(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ReferenceCountUtil.release(msg);
                received++;
            }
        });
    }

    private Channel bind(ChannelInboundHandlerAdapter handler) throws InterruptedException {
        Bootstrap b = new Bootstrap().group(group).channel(Transports.datagramChannel(epoll))
                .option(ChannelOption.SO_RCVBUF, 4 << 20)
                .option(ChannelOption.SO_SNDBUF, 4 << 20)
                .handler(handler);
        if (epoll) {
            b.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, SLOT)
                    .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(SLOT * 64).maxMessagesPerRead(256));
        }
        return b.bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    /** True when the sender writes GSO runs (asked for, and epoll on a kernel that has UDP segmentation offload). */
    boolean gso() {
        return gso;
    }

    InetSocketAddress senderAddress() {
        return (InetSocketAddress) sender.localAddress();
    }

    InetSocketAddress sinkAddress() {
        return (InetSocketAddress) sink.localAddress();
    }

    long sent() {
        return sent;
    }

    long received() {
        return received;
    }

    /** Starts (or changes) the paced flow to {@code to} at {@code pps} packets per second. */
    void go(InetSocketAddress to, long pps) {
        sender.eventLoop().execute(() -> {
            stopPacer();
            long start = System.nanoTime();
            long[] done = {0};
            pacer = sender.eventLoop().scheduleAtFixedRate(() -> {
                long due = (System.nanoTime() - start) * pps / 1_000_000_000L;
                // at most 10 ms worth at once, so a long stall does not turn into one huge burst
                long n = Math.min(due - done[0], Math.max(1, pps / 100));
                long i = 0;
                while (i < n && sender.isWritable()) {
                    int k = gso ? (int) Math.min(framesPerWrite, n - i) : 1;
                    if (k > 1) {
                        sender.write(new SegmentedDatagramPacket(frames.retainedSlice(0, k * frameLength), frameLength, to),
                                sender.voidPromise());
                    } else {
                        sender.write(new DatagramPacket(frame.retainedDuplicate(), to), sender.voidPromise());
                    }
                    i += k;
                    done[0] += k;
                    sent += k;
                }
                done[0] = Math.max(done[0], due - n);
                sender.flush();
            }, 0, TICK_NANOS, TimeUnit.NANOSECONDS);
        });
    }

    void pause() {
        sender.eventLoop().submit(this::stopPacer).syncUninterruptibly();
    }

    private void stopPacer() {
        if (pacer != null) {
            pacer.cancel(false);
            pacer = null;
        }
    }

    @Override
    public void close() {
        sender.close().syncUninterruptibly();
        sink.close().syncUninterruptibly();
        group.shutdownGracefully(10, 1_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
}
