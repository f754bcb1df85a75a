package org.aspen.bench.rdp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.nio.UdpNode;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.udp.UdpNetwork;

/**
 * RDP's benchmarks, in one run: bulk goodput over one loopback UDP hop against a raw UDP blast of the
 * same datagram size and against kernel TCP, and the heap a node spends on 1,000 idle connections.
 *
 * <pre>
 * java -cp rdp/target/classes:vnet/target/classes:$(cat cp.txt) org.aspen.bench.rdp.RdpBench [MiB] [segment] [rounds]
 * </pre>
 * Wall time is allowed here (and only here in this module).
 */
public final class RdpBench {
    private RdpBench() {
    }

    public static void main(String[] args) throws Exception {
        int mib = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int segment = args.length > 1 ? Integer.parseInt(args[1]) : 1400;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long bytes = (long) mib << 20;
        int datagram = Packet.HEADER_LENGTH + SegmentCodec.FIXED_LENGTH + SegmentCodec.STATE_LENGTH + segment;
        System.out.printf(Locale.ROOT, "bulk %d MiB, RDP segment %d B (datagram %d B), loopback, %d rounds%n",
                mib, segment, datagram, rounds);
        rdp(Math.min(8 << 20, bytes), segment);   // warm-up
        rdpNetty(Math.min(8 << 20, bytes), segment);
        double[] rdp = new double[rounds];
        double[] netty = new double[rounds];
        double[] nettyRatio = new double[rounds];
        double[] udp = new double[rounds];
        double[] tcp = new double[rounds];
        double[] ratio = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            // interleaved, so a noisy neighbour hurts all three alike
            rdp[i] = rdp(bytes, segment);
            netty[i] = rdpNetty(bytes, segment);
            udp[i] = udpBlast(bytes, datagram);
            tcp[i] = tcp(bytes);
            ratio[i] = rdp[i] / udp[i];
            nettyRatio[i] = netty[i] / udp[i];
        }
        System.out.printf(Locale.ROOT, "median rdp goodput (nio stand-in runtime)   %8.1f Mb/s%n", median(rdp) / 1e6);
        System.out.printf(Locale.ROOT, "median rdp goodput (vnet UdpNetwork, Netty) %8.1f Mb/s%n", median(netty) / 1e6);
        System.out.printf(Locale.ROOT, "median udp blast received %8.1f Mb/s (same %d B datagrams, no reliability)%n",
                median(udp) / 1e6, datagram);
        System.out.printf(Locale.ROOT, "median kernel tcp         %8.1f Mb/s%n", median(tcp) / 1e6);
        System.out.printf(Locale.ROOT, "median per-round ratio rdp/udp: nio %.2f, netty %.2f; rdp/tcp: nio %.3f, netty %.3f%n",
                median(ratio), median(nettyRatio), median(rdp) / median(tcp), median(netty) / median(tcp));
        idleHeap(1000);
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        java.util.Arrays.sort(c);
        return c[c.length / 2];
    }

    /** RDP between two nodes of the minimal java.nio runtime ({@link UdpNode}), bits/s. */
    static double rdp(long bytes, int segment) throws Exception {
        VAddr a = VAddr.parse("10.0.0.1");
        VAddr b = VAddr.parse("10.0.0.2");
        try (UdpNode na = UdpNode.bind("a", a, 0, 1); UdpNode nb = UdpNode.bind("b", b, 0, 2)) {
            na.linkTo(b, new InetSocketAddress("127.0.0.1", nb.udpPort()));
            nb.linkTo(a, new InetSocketAddress("127.0.0.1", na.udpPort()));
            return measure("rdp/nio", na.rdp(), nb.rdp(), bytes, segment);
        }
    }

    /** RDP between two nodes of vnet's Netty runtime ({@link UdpNetwork}), bits/s. */
    static double rdpNetty(long bytes, int segment) throws Exception {
        VAddr a = VAddr.parse("10.0.0.1");
        VAddr b = VAddr.parse("10.0.0.2");
        try (UdpNetwork net = new UdpNetwork(1)) {
            net.addNode("a", a, NodeConfig.DEFAULT, null);
            net.addNode("b", b, NodeConfig.DEFAULT, null);
            net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
            CompletableFuture<Void> routed = new CompletableFuture<>();
            net.onLoop("a", () -> {
                net.node("a").routes().addStatic(Route.host(b, net.node("a").link("a-b"), b, 1, Route.Origin.STATIC));
                net.onLoop("b", () -> {
                    net.node("b").routes().addStatic(Route.host(a, net.node("b").link("a-b"), a, 1, Route.Origin.STATIC));
                    routed.complete(null);
                });
            });
            routed.get(10, TimeUnit.SECONDS);
            net.run(0);
            return measure("rdp/netty", RdpStack.install(net.node("a")), RdpStack.install(net.node("b")), bytes, segment);
        }
    }

    /**
     * Payload goodput of one RDP connection from {@code sa} to {@code sb}, bits/s: the sender keeps its
     * send buffer full of one reused segment, the receiver only counts, so the figure is the protocol's
     * cost (the transfer engine adds a source and SHA-256 at both ends on top).
     */
    static double measure(String label, RdpStack sa, RdpStack sb, long bytes, int segment) throws Exception {
        RdpOptions o = RdpOptions.defaults().withMaxSegment(segment).withMaxOutstanding(1024).withSendBuffer(1024)
                .withMaxSamples(0);
        long segments = (bytes + segment - 1) / segment;
        CompletableFuture<long[]> received = new CompletableFuture<>();
        CompletableFuture<RdpConnection> sent = new CompletableFuture<>();
        sb.node().scheduler().execute(() -> sb.listen(7000, o, c -> new ConnectionListener() {
            long got;
            long first;

            @Override
            public void onData(RdpConnection conn, byte[] data) {
                if (got == 0) {
                    first = System.nanoTime();
                }
                got += data.length;
                if (got >= segments * segment) {
                    received.complete(new long[] {got, System.nanoTime() - first});
                }
            }
        }));
        byte[] payload = new byte[segment];
        Thread.sleep(50);   // the listener is in place (bench only: wall time is allowed here)
        sa.node().scheduler().execute(() -> sa.connect(sb.node().address(), 7000, o, new ConnectionListener() {
            long queued;

            @Override
            public void onOpen(RdpConnection c) {
                onWritable(c);
            }

            @Override
            public void onWritable(RdpConnection c) {
                while (queued < segments && c.send(payload)) {
                    queued++;
                }
                if (queued == segments) {
                    queued++;
                    c.closeGracefully().thenRun(() -> sent.complete(c));
                }
            }
        }));
        long[] r = received.get(300, TimeUnit.SECONDS);
        RdpConnection c = sent.get(30, TimeUnit.SECONDS);
        System.out.printf(Locale.ROOT, "  %s: %d bytes in %.3f s, %d retransmissions, %d window closes%n",
                label, r[0], r[1] / 1e9, c.stats().retransmissions(), c.stats().windowCloses());
        return r[0] * 8e9 / r[1];
    }

    /**
     * Bytes/s the receiver got while a sender blasted {@code bytes} in datagrams of {@code size}, bits/s.
     * The receiver blocks in receive (as UdpNode's reader does) and copies each datagram, as a VNet link does.
     */
    static double udpBlast(long bytes, int size) throws Exception {
        try (java.net.DatagramSocket rx = new java.net.DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
             DatagramChannel tx = DatagramChannel.open()) {
            rx.setReceiveBufferSize(4 << 20);
            rx.setSoTimeout(500);
            InetSocketAddress to = (InetSocketAddress) rx.getLocalSocketAddress();
            long[] got = new long[1];
            long[] first = new long[1];
            long[] last = new long[1];
            Thread reader = new Thread(() -> {
                java.net.DatagramPacket p = new java.net.DatagramPacket(new byte[65_536], 65_536);
                try {
                    while (true) {
                        rx.receive(p);
                        long now = System.nanoTime();
                        if (got[0] == 0) {
                            first[0] = now;
                        }
                        last[0] = now;
                        got[0] += java.util.Arrays.copyOf(p.getData(), p.getLength()).length;
                    }
                } catch (java.net.SocketTimeoutException e) {
                    // 500 ms of silence: the blast is over
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            reader.start();
            ByteBuffer d = ByteBuffer.allocate(size);
            for (long sent = 0; sent < bytes; sent += size) {
                d.clear();
                tx.send(d, to);
            }
            reader.join();
            double secs = (last[0] - first[0]) / 1e9;
            System.out.printf(Locale.ROOT, "  udp: %d of %d bytes received in %.3f s%n", got[0], bytes, secs);
            return got[0] * 8 / secs;
        }
    }

    /** Goodput of kernel TCP over loopback with 64 KiB writes, bits/s. */
    static double tcp(long bytes) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            CompletableFuture<Double> rate = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    ByteBuffer buf = ByteBuffer.allocate(1 << 16);
                    long got = 0;
                    long start = 0;
                    while (got < bytes) {
                        buf.clear();
                        int n = s.read(buf);
                        if (n < 0) {
                            break;
                        }
                        if (start == 0) {
                            start = System.nanoTime();
                        }
                        got += n;
                    }
                    return got * 8e9 / (System.nanoTime() - start);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (SocketChannel c = SocketChannel.open(server.getLocalAddress())) {
                ByteBuffer buf = ByteBuffer.allocate(1 << 16);
                for (long sent = 0; sent < bytes; sent += buf.capacity()) {
                    buf.clear();
                    while (buf.hasRemaining()) {
                        c.write(buf);
                    }
                }
            }
            return rate.get(60, TimeUnit.SECONDS);
        }
    }

    /** Heap of {@code n} open idle connections between two simulated nodes (both ends counted). */
    static void idleHeap(int n) throws Exception {
        SimNetwork net = new SimNetwork(1);
        net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
        net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.node("a").routes().addStatic(org.aspen.vnet.routing.Route.host(VAddr.parse("10.0.0.2"),
                net.node("a").link("a-b"), VAddr.parse("10.0.0.2"), 1, org.aspen.vnet.routing.Route.Origin.STATIC));
        net.node("b").routes().addStatic(org.aspen.vnet.routing.Route.host(VAddr.parse("10.0.0.1"),
                net.node("b").link("a-b"), VAddr.parse("10.0.0.1"), 1, org.aspen.vnet.routing.Route.Origin.STATIC));
        RdpStack ra = RdpStack.install(net.node("a"));
        RdpStack rb = RdpStack.install(net.node("b"));
        RdpOptions o = RdpOptions.defaults().withMaxSamples(0);
        rb.listen(7000, o, c -> new ConnectionListener() { });
        net.run(1_000_000L);
        long before = usedHeap();
        net.onLoop("a", () -> {
            for (int i = 0; i < n; i++) {
                ra.connect(VAddr.parse("10.0.0.2"), 7000, o, null);
            }
        });
        net.run(5_000_000_000L);
        long after = usedHeap();
        long open = ra.connections().stream().filter(c -> c.state() == org.aspen.rdp.RdpConnection.State.OPEN).count();
        System.out.printf(Locale.ROOT, "idle: %d open connections (x2 ends) use %.1f KiB of heap, %.0f bytes per connection end%n",
                open, (after - before) / 1024.0, (after - before) / (2.0 * n));
        if (open != n || rb.connections().size() != n) {
            throw new IllegalStateException("not all connections open: " + open);
        }
    }

    private static long usedHeap() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
