package org.aspen.bench.rdp;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.processes.NodeLauncher;
import org.aspen.rdp.ConnectionListener;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.udp.UdpNetwork;

/**
 * RDP's benchmarks, in one run. First the user's path: two {@code aspen node} processes on loopback,
 * one RDP transfer between them through their links ({@link NodePairBench}), beside a raw UDP blast
 * and kernel TCP of the same payload size measured in the same rounds; then, labelled as such, RDP
 * in one process over vnet's Netty runtime (no node processes); then the heap of 1,000 idle connections.
 *
 * <pre>{@code
 * RdpBench.run(NodeLauncher.javaMain(cliMainClass), 200, 1000, 3, System.out);   // aspen bench rdp
 * }</pre>
 * Wall time is allowed here (and only here in this module).
 */
public final class RdpBench {
    private RdpBench() {
    }

    /**
     * One round's figures, interleaved so a noisy neighbour hurts all of them alike; {@code rdpOff} and
     * {@code pathOff} (null unless offload is compared) are the same transfers with both nodes' UDP offload off.
     */
    private record Round(NodePairBench.Result rdp, NodePairBench.Result path, Throughput udp, Throughput tcp,
                         NodePairBench.Result rdpOff, NodePairBench.Result pathOff) {
    }

    /** Bits/s of payload and the CPU seconds of the sending and receiving threads. */
    record Throughput(double bps, long bytes, double sendCpuS, double recvCpuS) {
        double cpuSPerGB() {
            return (sendCpuS + recvCpuS) / (bytes / 1e9);
        }
    }

    public static void run(NodeLauncher launcher, int mib, int segment, int rounds, PrintStream out) throws Exception {
        run(launcher, mib, segment, rounds, false, out);
    }

    /**
     * As {@link #run(NodeLauncher, int, int, int, PrintStream)}; with {@code compareOffload} each round also
     * runs both node-to-node transfers with UDP segmentation and receive offload off at both nodes
     * ({@code aspen node --offload off}), on and off alternating which goes first, and prints both.
     */
    public static void run(NodeLauncher launcher, int mib, int segment, int rounds, boolean compareOffload, PrintStream out)
            throws Exception {
        long bytes = (long) mib << 20;
        Path work = Files.createTempDirectory("aspen-bench-rdp");
        out.printf(Locale.ROOT, "RDP bulk transfer on loopback: %d MiB a round, %d-byte payloads, %d rounds%n"
                + "(each round: node to node in %d-byte segments; node to node in segments sized%n"
                + "from the path, aspen send's default; a UDP blast and TCP of %d-byte payloads)%n",
                mib, segment, rounds, segment, segment);
        List<Round> rs = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            NodePairBench.Result r;
            NodePairBench.Result p;
            NodePairBench.Result rOff = null;
            NodePairBench.Result pOff = null;
            if (!compareOffload) {
                r = NodePairBench.run(launcher, bytes, segment, 1 + i, work.resolve("r" + i));
                p = NodePairBench.run(launcher, bytes, 0, 1 + i, work.resolve("p" + i));
            } else if (i % 2 == 0) {
                r = NodePairBench.run(launcher, bytes, segment, 1 + i, work.resolve("r" + i), true);
                rOff = NodePairBench.run(launcher, bytes, segment, 1 + i, work.resolve("ro" + i), false);
                p = NodePairBench.run(launcher, bytes, 0, 1 + i, work.resolve("p" + i), true);
                pOff = NodePairBench.run(launcher, bytes, 0, 1 + i, work.resolve("po" + i), false);
            } else {
                rOff = NodePairBench.run(launcher, bytes, segment, 1 + i, work.resolve("ro" + i), false);
                r = NodePairBench.run(launcher, bytes, segment, 1 + i, work.resolve("r" + i), true);
                pOff = NodePairBench.run(launcher, bytes, 0, 1 + i, work.resolve("po" + i), false);
                p = NodePairBench.run(launcher, bytes, 0, 1 + i, work.resolve("p" + i), true);
            }
            Throughput u = udpBlast(bytes, segment);
            Throughput t = tcp(bytes, segment);
            out.printf(Locale.ROOT, "  round %d: node to node %.1f Mb/s (%s, %d rtx); from the path %.1f%n"
                    + "           (%d-byte segments, %s, %d rtx); blast %.1f, tcp %.1f%n", i + 1,
                    r.goodputBps() / 1e6, r.verified() ? "verified" : "NOT VERIFIED", r.retransmissions(),
                    p.goodputBps() / 1e6, p.segment(), p.verified() ? "verified" : "NOT VERIFIED", p.retransmissions(),
                    u.bps() / 1e6, t.bps() / 1e6);
            if (compareOffload) {
                out.printf(Locale.ROOT, "           offload off: node to node %.1f Mb/s (%s, %d rtx); from the path %.1f (%s, %d rtx)%n",
                        rOff.goodputBps() / 1e6, rOff.verified() ? "verified" : "NOT VERIFIED", rOff.retransmissions(),
                        pOff.goodputBps() / 1e6, pOff.verified() ? "verified" : "NOT VERIFIED", pOff.retransmissions());
            }
            if (!r.verified() || !p.verified() || (compareOffload && (!rOff.verified() || !pOff.verified()))) {
                throw new IllegalStateException("round " + (i + 1) + ": a transfer did not arrive intact");
            }
            rs.add(new Round(r, p, u, t, rOff, pOff));
        }
        NodePairBench.Result r = medianRun(rs, Round::rdp);
        NodePairBench.Result p = medianRun(rs, Round::path);
        double udp = median(rs.stream().mapToDouble(x -> x.udp().bps()).toArray());
        double tcp = median(rs.stream().mapToDouble(x -> x.tcp().bps()).toArray());
        double tcpRatio = median(rs.stream().mapToDouble(x -> x.tcp().bps() / x.udp().bps()).toArray());
        out.printf(Locale.ROOT, "%-22s %8s  %8s  %8s  %s%n", "median of " + rounds, "Mb/s", "vs blast", "CPU s/GB",
                "arrival gaps");
        nodeRow(out, "rdp, node to node", r,
                median(rs.stream().mapToDouble(x -> x.rdp().goodputBps() / x.udp().bps()).toArray()));
        if (compareOffload) {
            nodeRow(out, "  offload off", medianRun(rs, Round::rdpOff),
                    median(rs.stream().mapToDouble(x -> x.rdpOff().goodputBps() / x.udp().bps()).toArray()));
        }
        nodeRow(out, "rdp, from the path", p,
                median(rs.stream().mapToDouble(x -> x.path().goodputBps() / x.udp().bps()).toArray()));
        if (compareOffload) {
            nodeRow(out, "  offload off", medianRun(rs, Round::pathOff),
                    median(rs.stream().mapToDouble(x -> x.pathOff().goodputBps() / x.udp().bps()).toArray()));
        }
        out.printf(Locale.ROOT, "%-22s %8.1f  %8.2f  %8.2f%n", "raw UDP blast", udp / 1e6, 1.0,
                median(rs.stream().mapToDouble(x -> x.udp().cpuSPerGB()).toArray()));
        out.printf(Locale.ROOT, "%-22s %8.1f  %8.2f  %8.2f%n", "kernel TCP", tcp / 1e6, tcpRatio,
                median(rs.stream().mapToDouble(x -> x.tcp().cpuSPerGB()).toArray()));
        out.printf(Locale.ROOT, "node to node: 2 aspen node processes, CPU s/GB sender %.2f + receiver %.2f%n"
                + "(each whole process); from the path %.2f + %.2f in %d-byte segments;%n"
                + "blast and TCP: 2 threads of this JVM; vs blast: median of the per-round ratios%n",
                r.sendCpuSPerGB(), r.recvCpuSPerGB(), p.sendCpuSPerGB(), p.recvCpuSPerGB(), p.segment());
        if (compareOffload) {
            NodePairBench.Result ro = medianRun(rs, Round::rdpOff);
            NodePairBench.Result po = medianRun(rs, Round::pathOff);
            out.printf(Locale.ROOT, "offload on / off, median of the per-round goodput ratios: node to node %.2f,%n"
                    + "from the path %.2f; offload off: CPU s/GB sender %.2f + receiver %.2f, from the path %.2f + %.2f%n",
                    median(rs.stream().mapToDouble(x -> x.rdp().goodputBps() / x.rdpOff().goodputBps()).toArray()),
                    median(rs.stream().mapToDouble(x -> x.path().goodputBps() / x.pathOff().goodputBps()).toArray()),
                    ro.sendCpuSPerGB(), ro.recvCpuSPerGB(), po.sendCpuSPerGB(), po.recvCpuSPerGB());
        }
        double inProcess = rdpNetty(Math.min(bytes, 64L << 20), segment);
        out.printf(Locale.ROOT, "%-22s %8.1f  (one JVM, RdpStack on UdpNetwork, no node%n"
                + "%-22s           processes: not the user's path)%n", "rdp, in-process", inProcess / 1e6, "");
        idleHeap(1000, out);
    }

    /** The round whose node-to-node run ({@code which}) had the median goodput (the lower one for an even count). */
    private static NodePairBench.Result medianRun(List<Round> rs,
                                                  java.util.function.Function<Round, NodePairBench.Result> which) {
        return rs.stream().map(which).sorted(java.util.Comparator.comparingDouble(NodePairBench.Result::goodputBps))
                .toList().get((rs.size() - 1) / 2);
    }

    private static void nodeRow(PrintStream out, String label, NodePairBench.Result r, double ratio) {
        out.printf(Locale.ROOT, "%-22s %8.1f  %8.2f  %8.2f  p99 <= %d, max %d us%n", label, r.goodputBps() / 1e6, ratio,
                r.sendCpuSPerGB() + r.recvCpuSPerGB(), r.gapP99Us(), r.gapMaxUs());
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        java.util.Arrays.sort(c);
        return c[(c.length - 1) / 2];
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
        return r[0] * 8e9 / r[1];
    }

    /**
     * Payload the receiver got while a sender blasted {@code bytes} in datagrams of {@code size} bytes, with
     * no reliability and no pacing. The receiver blocks in receive and copies each datagram, as a VNet link does.
     */
    static Throughput udpBlast(long bytes, int size) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (java.net.DatagramSocket rx = new java.net.DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
             DatagramChannel tx = DatagramChannel.open()) {
            rx.setReceiveBufferSize(4 << 20);
            rx.setSoTimeout(500);
            InetSocketAddress to = (InetSocketAddress) rx.getLocalSocketAddress();
            long[] got = new long[1];
            long[] first = new long[1];
            long[] last = new long[1];
            long[] cpu = new long[1];
            Thread reader = new Thread(() -> {
                long c0 = mx.getCurrentThreadCpuTime();
                java.net.DatagramPacket p = new java.net.DatagramPacket(new byte[65_536], 65_536);
                try {
                    while (true) {
                        rx.receive(p);
                        long now = System.nanoTime();
                        if (got[0] == 0) {
                            first[0] = now;
                            c0 = mx.getCurrentThreadCpuTime();
                        }
                        last[0] = now;
                        got[0] += java.util.Arrays.copyOf(p.getData(), p.getLength()).length;
                        cpu[0] = mx.getCurrentThreadCpuTime() - c0;
                    }
                } catch (java.net.SocketTimeoutException e) {
                    // 500 ms of silence: the blast is over
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            reader.start();
            long c0 = mx.getCurrentThreadCpuTime();
            ByteBuffer d = ByteBuffer.allocate(size);
            for (long sent = 0; sent < bytes; sent += size) {
                d.clear();
                tx.send(d, to);
            }
            long sendCpu = mx.getCurrentThreadCpuTime() - c0;
            reader.join();
            double secs = (last[0] - first[0]) / 1e9;
            return new Throughput(got[0] * 8 / secs, got[0], sendCpu / 1e9, cpu[0] / 1e9);
        }
    }

    /** Kernel TCP over loopback, one write per {@code size}-byte payload (as the peers' harness does). */
    static Throughput tcp(long bytes, int size) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            CompletableFuture<double[]> rate = CompletableFuture.supplyAsync(() -> {
                try (SocketChannel s = server.accept()) {
                    long c0 = mx.getCurrentThreadCpuTime();
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
                    return new double[] {got * 8e9 / (System.nanoTime() - start), got,
                        (mx.getCurrentThreadCpuTime() - c0) / 1e9};
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            long c0 = mx.getCurrentThreadCpuTime();
            try (SocketChannel c = SocketChannel.open(server.getLocalAddress())) {
                ByteBuffer buf = ByteBuffer.allocate(size);
                for (long sent = 0; sent < bytes; sent += size) {
                    buf.clear();
                    while (buf.hasRemaining()) {
                        c.write(buf);
                    }
                }
            }
            double sendCpu = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
            double[] r = rate.get(60, TimeUnit.SECONDS);
            return new Throughput(r[0], (long) r[1], sendCpu, r[2]);
        }
    }

    /** Heap of {@code n} open idle connections between two simulated nodes (both ends counted). */
    static void idleHeap(int n, PrintStream out) throws Exception {
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
        out.printf(Locale.ROOT, "idle: %d open connections (x2 ends) use %.1f KiB of heap,%n      %.0f bytes per connection end%n",
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
