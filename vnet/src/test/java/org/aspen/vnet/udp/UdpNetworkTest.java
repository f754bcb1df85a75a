package org.aspen.vnet.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.junit.jupiter.api.Test;

/** Real UDP on loopback: checks function (delivery, TTL, counters, drops), never speed. */
class UdpNetworkTest {
    static final long TIMEOUT_S = 20;
    static final long RUN_FOREVER = TimeUnit.SECONDS.toNanos(60);

    static VAddr addr(int i) {
        return VAddr.parse("10.0.0." + i);
    }

    /** Adds nodes n1..nk in a line with static host routes both ways. */
    static void line(UdpNetwork net, int k) {
        for (int i = 1; i <= k; i++) {
            net.addNode("n" + i, addr(i), NodeConfig.DEFAULT, null);
        }
        for (int i = 1; i < k; i++) {
            net.connect("l" + i, "n" + i, "n" + (i + 1), LinkConfig.DEFAULT);
        }
        for (int i = 1; i <= k; i++) {
            Node n = net.node("n" + i);
            for (int d = 1; d <= k; d++) {
                if (d == i) {
                    continue;
                }
                int next = d > i ? i + 1 : i - 1;
                String link = "l" + Math.min(i, next);
                n.routes().addStatic(Route.host(addr(d), n.link(link), addr(next), Math.abs(d - i), Route.Origin.STATIC));
            }
        }
    }

    static Packet raw(VAddr from, VAddr to, int seq) {
        return Packet.builder().source(from).destination(to).protocol(Protocol.RAW)
                .payload(new byte[] {(byte) (seq >> 8), (byte) seq, 1, 2, 3}).build();
    }

    /** Runs {@code read} on the node's loop (where its state lives) and returns the result. */
    static <T> T onLoop(UdpNetwork net, String node, Supplier<T> read) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        net.onLoop(node, () -> f.complete(read.get()));
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    /** Runs the network on a helper thread until the test closes it; returns once the nodes run. */
    static Thread start(UdpNetwork net) throws InterruptedException {
        return UdpLoops.start(net, RUN_FOREVER, "udp-test-run", TIMEOUT_S);
    }

    @Test
    void threeNodesForwardRawPacketsWithTtlDecrementedAndCountersMatching() throws Exception {
        try (UdpNetwork net = new UdpNetwork(1)) {
            line(net, 3);
            int n = 50;
            CountDownLatch got = new CountDownLatch(n);
            ConcurrentLinkedQueue<Integer> ttls = new ConcurrentLinkedQueue<>();
            net.node("n3").registerHandler(Protocol.RAW, (p, in) -> {
                ttls.add(p.ttl());
                got.countDown();
            });
            Thread runner = start(net);
            net.onLoop("n1", () -> {
                for (int i = 0; i < n; i++) {
                    net.node("n1").send(raw(addr(1), addr(3), i));
                }
            });
            assertTrue(got.await(TIMEOUT_S, TimeUnit.SECONDS), "only " + (n - got.getCount()) + " of " + n + " arrived");
            assertTrue(ttls.stream().allMatch(t -> t == Packet.DEFAULT_TTL - 1), "TTL decremented once: " + ttls);
            assertEquals(n, (long) onLoop(net, "n2", () -> net.node("n2").counters().forwarded));
            assertEquals(n, (long) onLoop(net, "n1", () -> net.node("n1").link("l1").counters().sentPackets));
            assertEquals(n, (long) onLoop(net, "n2", () -> net.node("n2").link("l1").counters().receivedPackets));
            assertEquals(n, (long) onLoop(net, "n2", () -> net.node("n2").link("l2").counters().sentPackets));
            assertEquals(n, (long) onLoop(net, "n3", () -> net.node("n3").counters().delivered));
            assertEquals(n, (long) onLoop(net, "n3", () -> net.udpCounters("n3").datagramsIn));
            net.close();
            runner.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "segmentation offload {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void burstsOfEqualFramesArriveAsTheSameDatagramsInOrder(boolean segmentationOffload) throws Exception {
        // a run of equal-sized frames to one peer leaves as one GSO write where the kernel has it (and
        // UdpOptions.gso is on); the receiver must still see each frame as its own datagram, in order,
        // whatever the sizes around it; with gso off the same frames leave one datagram each
        try (UdpNetwork net = new UdpNetwork(1, UdpOptions.DEFAULT.withGso(segmentationOffload))) {
            line(net, 2);
            int n = 150;
            ConcurrentLinkedQueue<Integer> seqs = new ConcurrentLinkedQueue<>();
            CountDownLatch got = new CountDownLatch(n);
            net.node("n2").registerHandler(Protocol.RAW, (p, in) -> {
                byte[] d = p.payload();
                seqs.add(((d[0] & 0xff) << 8) | (d[1] & 0xff));
                assertEquals(d.length, d[d.length - 1] & 0xff, "payload intact");
                got.countDown();
            });
            Thread runner = start(net);
            net.onLoop("n1", () -> {
                for (int i = 0; i < n; i++) {
                    int len = i == 70 ? 33 : 200;   // one odd size breaks the run in the middle
                    byte[] payload = new byte[len];
                    payload[0] = (byte) (i >> 8);
                    payload[1] = (byte) i;
                    payload[len - 1] = (byte) len;
                    net.node("n1").send(Packet.builder().source(addr(1)).destination(addr(2)).protocol(Protocol.RAW)
                            .payload(payload).build());
                }
            });
            assertTrue(got.await(TIMEOUT_S, TimeUnit.SECONDS), "only " + (n - got.getCount()) + " of " + n + " arrived");
            assertEquals(java.util.stream.IntStream.range(0, n).boxed().toList(), List.copyOf(seqs));
            assertEquals(n, (long) onLoop(net, "n2", () -> net.udpCounters("n2").datagramsIn));
            long gso = onLoop(net, "n1", () -> net.udpCounters("n1").gsoWrites);
            boolean offload = segmentationOffload && Transports.useEpoll(false)
                    && io.netty.channel.epoll.SegmentedDatagramPacket.isSupported();
            assertEquals(offload, gso > 0, "GSO writes " + gso + " with offload " + offload);
            assertEquals(offload, onLoop(net, "n1", () -> net.udpCounters("n1").sendOffload));
            assertEquals(0L, (long) onLoop(net, "n1", () -> net.udpCounters("n1").socketErrors));
            net.close();
            runner.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));
        }
    }

    @Test
    void fourNodeLineCarriesTrafficBothWays() throws Exception {
        try (UdpNetwork net = new UdpNetwork(2, UdpOptions.DEFAULT.withLoopThreads(2))) {
            line(net, 4);
            CountDownLatch atD = new CountDownLatch(10);
            CountDownLatch atA = new CountDownLatch(10);
            ConcurrentLinkedQueue<Integer> ttls = new ConcurrentLinkedQueue<>();
            net.node("n4").registerHandler(Protocol.RAW, (p, in) -> {
                ttls.add(p.ttl());
                // answer each packet, so the way back is exercised too
                net.node("n4").send(raw(addr(4), addr(1), 0));
                atD.countDown();
            });
            net.node("n1").registerHandler(Protocol.RAW, (p, in) -> atA.countDown());
            start(net);
            net.onLoop("n1", () -> {
                for (int i = 0; i < 10; i++) {
                    net.node("n1").send(raw(addr(1), addr(4), i));
                }
            });
            assertTrue(atD.await(TIMEOUT_S, TimeUnit.SECONDS));
            assertTrue(atA.await(TIMEOUT_S, TimeUnit.SECONDS));
            assertTrue(ttls.stream().allMatch(t -> t == Packet.DEFAULT_TTL - 2), "two transit hops: " + ttls);
            assertEquals(20, (long) onLoop(net, "n2", () -> net.node("n2").counters().forwarded));
            assertEquals(20, (long) onLoop(net, "n3", () -> net.node("n3").counters().forwarded));
        }
    }

    @Test
    void twoNetworksJoinedByConnectRemoteExchangePackets() throws Exception {
        try (UdpNetwork h1 = new UdpNetwork(3, UdpOptions.singleNode());
             UdpNetwork h2 = new UdpNetwork(3, UdpOptions.singleNode())) {
            Node a = h1.addNode("a", addr(1), NodeConfig.DEFAULT, new InetSocketAddress("127.0.0.1", 0));
            Node b = h2.addNode("b", addr(2), NodeConfig.DEFAULT, null);
            assertThrows(IllegalStateException.class, () -> h1.addNode("c", addr(3), NodeConfig.DEFAULT, null));
            assertNotEquals(0, h1.udpAddress("a").getPort());
            h1.connectRemote("a-b", "a", h2.udpAddress("b"), LinkConfig.DEFAULT);
            h2.connectRemote("a-b", "b", h1.udpAddress("a"), LinkConfig.DEFAULT);
            // the peer's VNet address is unknown until routing hellos; static routes need only the link
            assertEquals(VAddr.UNSPECIFIED, a.link("a-b").peer());
            a.routes().addStatic(Route.host(addr(2), a.link("a-b"), addr(2), 1, Route.Origin.STATIC));
            b.routes().addStatic(Route.host(addr(1), b.link("a-b"), addr(1), 1, Route.Origin.STATIC));
            CountDownLatch echoed = new CountDownLatch(1);
            b.registerHandler(Protocol.RAW, (p, in) -> b.send(raw(addr(2), p.source(), 7)));
            a.registerHandler(Protocol.RAW, (p, in) -> echoed.countDown());
            start(h1);
            start(h2);
            h1.onLoop("a", () -> a.send(raw(addr(1), addr(2), 1)));
            assertTrue(echoed.await(TIMEOUT_S, TimeUnit.SECONDS));
            assertEquals(1L, (long) onLoop(h2, "b", () -> b.link("a-b").counters().receivedPackets));
        }
    }

    private static byte[] good() {
        return raw(addr(9), addr(3), 42).frame();
    }

    @Test
    void malformedAndUnknownPeerDatagramsAreCountedAndForwardingGoesOn() throws Exception {
        try (UdpNetwork net = new UdpNetwork(4);
             DatagramSocket known = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
             DatagramSocket stranger = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            line(net, 3);
            net.connectRemote("x", "n2", (InetSocketAddress) known.getLocalSocketAddress(), LinkConfig.DEFAULT);
            List<Integer> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            CountDownLatch got = new CountDownLatch(2);
            net.node("n3").registerHandler(Protocol.RAW, (p, in) -> {
                seen.add(p.payload()[1] & 0xff);
                got.countDown();
            });
            start(net);
            InetSocketAddress n2 = net.udpAddress("n2");
            byte[] junk = {1, 2, 3};
            byte[] badSum = raw(addr(9), addr(3), 0).frame().clone();
            badSum[badSum.length - 1] ^= 0x55;
            stranger.send(new DatagramPacket(junk, junk.length, n2));
            known.send(new DatagramPacket(junk, junk.length, n2));
            known.send(new DatagramPacket(badSum, badSum.length, n2));
            // longer than the node's maxFrame (16,384): oversized, as docs/wire-format.md says, not truncated
            byte[] huge = new byte[NodeConfig.DEFAULT.maxFrame() + 3616];
            System.arraycopy(good(), 0, huge, 0, good().length);
            known.send(new DatagramPacket(huge, huge.length, n2));
            // one socket's datagrams arrive in order: once this one is through, the bad ones were handled
            byte[] good = raw(addr(9), addr(3), 42).frame();
            known.send(new DatagramPacket(good, good.length, n2));
            net.onLoop("n1", () -> net.node("n1").send(raw(addr(1), addr(3), 43)));
            assertTrue(got.await(TIMEOUT_S, TimeUnit.SECONDS), "forwarding stopped after bad input: " + seen);
            assertTrue(seen.containsAll(List.of(42, 43)));
            Node b = net.node("n2");
            assertEquals(1L, (long) onLoop(net, "n2", () -> b.counters().drops(DropReason.UNKNOWN_PEER)));
            assertEquals(1L, (long) onLoop(net, "n2", () -> net.udpCounters("n2").unknownPeer));
            assertEquals(1L, (long) onLoop(net, "n2", () -> b.link("x").counters().drops(DropReason.TRUNCATED)));
            assertEquals(1L, (long) onLoop(net, "n2", () -> b.link("x").counters().drops(DropReason.OVERSIZED)));
            assertEquals(1L, (long) onLoop(net, "n2", () -> b.link("x").counters().drops(DropReason.BAD_CHECKSUM)));
            assertEquals(1L, (long) onLoop(net, "n2", () -> b.counters().drops(DropReason.BAD_CHECKSUM)));
            assertEquals(2L, (long) onLoop(net, "n2", () -> b.counters().forwarded));
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "receive offload {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
    void aBurstIsReadCompletelyWhenReadsStopAtTheirLimit(boolean offload) throws Exception {
        // small batches and a small per-wakeup limit: reads stop with datagrams still queued, often
        // (with receive offload a read takes one datagram, and stopping at the limit must resume)
        UdpOptions tight = new UdpOptions(1, 0, 4 << 20, 8, 16, 4 << 20, false, offload, true);
        int n = 1000;
        try (UdpNetwork net = new UdpNetwork(8, tight);
             DatagramSocket blaster = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            Node b = net.addNode("b", addr(2), NodeConfig.DEFAULT, null);
            net.connectRemote("x", "b", (InetSocketAddress) blaster.getLocalSocketAddress(), LinkConfig.DEFAULT);
            CountDownLatch got = new CountDownLatch(n);
            b.registerHandler(Protocol.RAW, (p, in) -> got.countDown());
            start(net);
            InetSocketAddress to = net.udpAddress("b");
            for (int i = 0; i < n; i++) {
                byte[] f = raw(addr(9), addr(2), i).frame();
                blaster.send(new DatagramPacket(f, f.length, to));
            }
            assertTrue(got.await(TIMEOUT_S, TimeUnit.SECONDS), (n - got.getCount()) + " of " + n + " read");
        }
    }

    @Test
    void linkDelayIsAddedBeforeTheSend() throws Exception {
        long delay = TimeUnit.MILLISECONDS.toNanos(40);
        try (UdpNetwork net = new UdpNetwork(5)) {
            net.addNode("a", addr(1), NodeConfig.DEFAULT, null);
            net.addNode("b", addr(2), NodeConfig.DEFAULT, null);
            net.connect("a-b", "a", "b", new LinkConfig(0, delay, QueueLimit.packets(100), 1));
            Node a = net.node("a");
            a.routes().addStatic(Route.host(addr(2), a.link("a-b"), addr(2), 1, Route.Origin.STATIC));
            CompletableFuture<Long> arrived = new CompletableFuture<>();
            net.node("b").registerHandler(Protocol.RAW, (p, in) -> arrived.complete(net.now()));
            start(net);
            CompletableFuture<Long> sent = new CompletableFuture<>();
            net.onLoop("a", () -> {
                sent.complete(net.now());
                a.send(raw(addr(1), addr(2), 1));
            });
            long took = arrived.get(TIMEOUT_S, TimeUnit.SECONDS) - sent.get(TIMEOUT_S, TimeUnit.SECONDS);
            assertTrue(took >= delay, "arrived after " + took + " ns, link delay is " + delay);
        }
    }

    @Test
    void nioTransportForwardsLikeEpoll() throws Exception {
        try (UdpNetwork net = new UdpNetwork(7, UdpOptions.DEFAULT.withForceNio(true))) {
            assertFalse(net.epoll());
            line(net, 3);
            CountDownLatch got = new CountDownLatch(20);
            net.node("n3").registerHandler(Protocol.RAW, (p, in) -> got.countDown());
            start(net);
            net.onLoop("n1", () -> {
                for (int i = 0; i < 20; i++) {
                    net.node("n1").send(raw(addr(1), addr(3), i));
                }
            });
            assertTrue(got.await(TIMEOUT_S, TimeUnit.SECONDS));
            assertEquals(20, (long) onLoop(net, "n2", () -> net.node("n2").counters().forwarded));
        }
    }

    @Test
    void setUpErrorsAreClear() {
        try (UdpNetwork net = new UdpNetwork(6, UdpOptions.DEFAULT.withLoopThreads(1))) {
            net.addNode("a", addr(1), NodeConfig.DEFAULT, null);
            net.addNode("b", addr(2), NodeConfig.DEFAULT, null);
            net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
            IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                    () -> net.connect("a-b2", "a", "b", LinkConfig.DEFAULT));
            assertTrue(twice.getMessage().contains("already has a link"), twice.getMessage());
            InetSocketAddress taken = net.udpAddress("a");
            IllegalStateException bind = assertThrows(IllegalStateException.class,
                    () -> net.addNode("c", addr(3), NodeConfig.DEFAULT, taken));
            assertTrue(bind.getMessage().contains("cannot bind"), bind.getMessage());
            assertThrows(IllegalArgumentException.class, () -> net.addNode("a", addr(4), NodeConfig.DEFAULT, null));
        }
    }
}
