package org.aspen.vnet.udp;

import static org.aspen.vnet.udp.UdpNetworkTest.addr;
import static org.aspen.vnet.udp.UdpNetworkTest.onLoop;
import static org.aspen.vnet.udp.UdpNetworkTest.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.SegmentedDatagramPacket;
import io.netty.channel.socket.DatagramPacket;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * UDP receive offload over real loopback (function, never speed): a run of datagrams written as one
 * segmentation-offload send reaches a node with {@link UdpOptions#gro} as one aggregate, which must
 * come out as the same datagrams, including a last one shorter than the segment size (a buffer whose
 * length is not a multiple of it) and a malformed one in the middle; with offload off, the same.
 * Where the kernel or transport has no offload, the frames go as separate datagrams and the outcome
 * must not differ.
 */
class ReceiveOffloadTest {
    private static final int FULL_PAYLOAD = 200;
    private static final int SHORT_PAYLOAD = 41;

    private static byte[] frame(int seq, int payloadLength) {
        byte[] payload = new byte[payloadLength];
        payload[0] = (byte) seq;
        payload[payloadLength - 1] = (byte) payloadLength;
        return Packet.builder().source(addr(9)).destination(addr(2)).protocol(Protocol.RAW).payload(payload).build().frame();
    }

    /** A sender that writes {@code frames} as one segmentation-offload send where it can, else one by one. */
    private static boolean send(List<byte[]> frames, int segment, InetSocketAddress to, Channel ch) {
        boolean gso = SegmentedDatagramPacket.isSupported() && Transports.isEpoll(ch.eventLoop());
        if (gso) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            frames.forEach(all::writeBytes);
            ch.writeAndFlush(new SegmentedDatagramPacket(Unpooled.wrappedBuffer(all.toByteArray()), segment, to))
                    .syncUninterruptibly();
        } else {
            for (byte[] f : frames) {
                ch.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(f), to)).syncUninterruptibly();
            }
        }
        return gso;
    }

    /** Node b on a network with or without receive offload, its link x to a bare Netty socket that sends. */
    private static final class Rig implements AutoCloseable {
        final boolean epoll = Transports.useEpoll(false);
        final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, Transports.ioHandlerFactory(epoll));
        final UdpNetwork net;
        final Channel sender;
        final Node b;

        Rig(long seed, boolean offload) {
            net = new UdpNetwork(seed, UdpOptions.DEFAULT.withLoopThreads(1).withGro(offload));
            sender = new Bootstrap().group(group).channel(Transports.datagramChannel(epoll))
                    .handler(new ChannelInboundHandlerAdapter()).bind(new InetSocketAddress("127.0.0.1", 0))
                    .syncUninterruptibly().channel();
            b = net.addNode("b", addr(2), NodeConfig.DEFAULT, null);
            net.connectRemote("x", "b", (InetSocketAddress) sender.localAddress(), LinkConfig.DEFAULT);
        }

        @Override
        public void close() {
            sender.close().syncUninterruptibly();
            net.close();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @ParameterizedTest(name = "receive offload {0}")
    @ValueSource(booleans = {true, false})
    void anAggregateComesOutAsTheSameDatagramsShortLastAndBadMiddleIncluded(boolean offload) throws Exception {
        try (Rig rig = new Rig(11, offload)) {
            UdpNetwork net = rig.net;
            Node b = rig.b;
            assertEquals(offload && rig.epoll, net.receiveOffload("b"), "offload where epoll is (this kernel has UDP_GRO)");
            ConcurrentLinkedQueue<Integer> got = new ConcurrentLinkedQueue<>();
            int good = 7;   // 0, 1, 2, garbage, 3, 4, 5, then a short one
            CountDownLatch all = new CountDownLatch(good);
            b.registerHandler(Protocol.RAW, (p, in) -> {
                byte[] d = p.payload();
                assertEquals(d.length, d[d.length - 1] & 0xff, "payload intact");
                got.add(d[0] & 0xff);
                all.countDown();
            });
            start(net);
            List<byte[]> frames = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                frames.add(frame(i, FULL_PAYLOAD));
            }
            int segment = frames.get(0).length;
            frames.add(3, new byte[segment]);   // a whole segment of zeros in the middle: bad version
            frames.add(frame(99, SHORT_PAYLOAD));   // so the aggregate's length is no multiple of the segment size
            send(frames, segment, net.udpAddress("b"), rig.sender);
            assertTrue(all.await(UdpNetworkTest.TIMEOUT_S, TimeUnit.SECONDS), "got only " + got);
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 99), List.copyOf(got), "the same datagrams, in order");
            assertEquals(8L, (long) onLoop(net, "b", () -> net.udpCounters("b").datagramsIn));
            assertEquals(1L, (long) onLoop(net, "b", () -> b.link("x").counters().drops(DropReason.BAD_VERSION)));
            assertEquals(0L, (long) onLoop(net, "b", () -> net.udpCounters("b").socketErrors));
        }
    }

    @ParameterizedTest(name = "receive offload {0}")
    @ValueSource(booleans = {true, false})
    void aDatagramLongerThanMaxFrameIsOversizedNotCut(boolean offload) throws Exception {
        // with offload a read slot holds 64 KB, so a long datagram arrives whole; it must still be refused
        try (Rig rig = new Rig(12, offload)) {
            CountDownLatch after = new CountDownLatch(1);
            rig.b.registerHandler(Protocol.RAW, (p, in) -> after.countDown());
            start(rig.net);
            InetSocketAddress to = rig.net.udpAddress("b");
            byte[] f = frame(1, FULL_PAYLOAD);
            ByteBuf huge = Unpooled.buffer(60_000).writeBytes(f).writeZero(60_000 - f.length);
            rig.sender.writeAndFlush(new DatagramPacket(huge, to)).syncUninterruptibly();
            rig.sender.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(frame(2, FULL_PAYLOAD)), to)).syncUninterruptibly();
            assertTrue(after.await(UdpNetworkTest.TIMEOUT_S, TimeUnit.SECONDS), "the frame after the long one arrived");
            assertEquals(1L, (long) onLoop(rig.net, "b", () -> rig.b.link("x").counters().drops(DropReason.OVERSIZED)));
            assertFalse(onLoop(rig.net, "b", () -> rig.b.link("x").counters().drops(DropReason.TRUNCATED) > 0));
        }
    }

    @ParameterizedTest(name = "receive offload {0}")
    @ValueSource(booleans = {true, false})
    void anAggregateOfSegmentsLongerThanMaxFrameIsRefusedSegmentBySegment(boolean offload) throws Exception {
        // three 20,000-byte segments (maxFrame is 16,384) in one GSO write, 60,000 bytes: with offload they
        // arrive as one aggregate that is cut into three segments, each refused as oversized; without it,
        // each datagram is cut at maxFrame + 1 by its read slot and refused the same way
        try (Rig rig = new Rig(13, offload)) {
            int segment = 20_000;
            CountDownLatch after = new CountDownLatch(1);
            rig.b.registerHandler(Protocol.RAW, (p, in) -> after.countDown());
            start(rig.net);
            InetSocketAddress to = rig.net.udpAddress("b");
            List<byte[]> frames = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                byte[] f = frame(i, FULL_PAYLOAD);
                frames.add(java.util.Arrays.copyOf(f, segment));   // a sound header, then zeros to 20,000 bytes
            }
            send(frames, segment, to, rig.sender);
            rig.sender.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(frame(7, FULL_PAYLOAD)), to)).syncUninterruptibly();
            assertTrue(after.await(UdpNetworkTest.TIMEOUT_S, TimeUnit.SECONDS), "the frame after the aggregate arrived");
            assertEquals(3L, (long) onLoop(rig.net, "b", () -> rig.b.link("x").counters().drops(DropReason.OVERSIZED)));
            assertEquals(4L, (long) onLoop(rig.net, "b", () -> rig.net.udpCounters("b").datagramsIn));
            assertEquals(0L, (long) onLoop(rig.net, "b", () -> rig.b.link("x").counters().drops(DropReason.TRUNCATED)));
        }
    }

    @ParameterizedTest(name = "receive offload {0}")
    @ValueSource(booleans = {true, false})
    void segmentsShorterThanAHeaderAreRefusedAsTruncated(boolean offload) throws Exception {
        // five 10-byte segments in one GSO write (a VNet header is longer): five datagrams of 10 bytes,
        // each refused as truncated, none delivered, none taken for part of another
        try (Rig rig = new Rig(14, offload)) {
            CountDownLatch after = new CountDownLatch(1);
            ConcurrentLinkedQueue<Integer> got = new ConcurrentLinkedQueue<>();
            rig.b.registerHandler(Protocol.RAW, (p, in) -> {
                got.add(p.payload()[0] & 0xff);
                after.countDown();
            });
            start(rig.net);
            InetSocketAddress to = rig.net.udpAddress("b");
            List<byte[]> tiny = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                byte[] t = new byte[10];
                java.util.Arrays.fill(t, (byte) (i + 1));
                tiny.add(t);
            }
            send(tiny, 10, to, rig.sender);
            rig.sender.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(frame(7, FULL_PAYLOAD)), to)).syncUninterruptibly();
            assertTrue(after.await(UdpNetworkTest.TIMEOUT_S, TimeUnit.SECONDS), "the frame after the aggregate arrived");
            assertEquals(List.of(7), List.copyOf(got), "only the sound frame is delivered");
            assertEquals(5L, (long) onLoop(rig.net, "b", () -> rig.b.link("x").counters().drops(DropReason.TRUNCATED)));
            assertEquals(6L, (long) onLoop(rig.net, "b", () -> rig.net.udpCounters("b").datagramsIn));
            assertEquals(5L * 10 + frame(7, FULL_PAYLOAD).length, (long) onLoop(rig.net, "b", () -> rig.net.udpCounters("b").bytesIn));
        }
    }
}
