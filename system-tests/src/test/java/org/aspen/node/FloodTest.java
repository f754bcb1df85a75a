package org.aspen.node;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.management.ManagementFactory;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.aspen.lab.judge.CounterPaths;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A flood at a node, far above its link rates (issue 10, item 4), on real UDP sockets:
 * <pre>
 *   a --- b --- c        RDP transfer a -> c, checked byte for byte
 *        / \
 *       f   d            f: a neighbour's address that floods b with valid frames for d at full speed,
 *                        plus frames with bad checksums; and a stranger floods b's port with garbage
 * </pre>
 * b must keep its memory flat (bounded queues, drops counted by cause), keep answering its control
 * endpoint, and the RDP transfer across it must arrive intact. Checks function and bounds, not speed.
 */
class FloodTest {
    private static final Duration FLOOD = Duration.ofSeconds(8);

    @Test
    void floodIsDroppedAndCountedWhileControlAndRdpCarryOn(@TempDir Path dir) throws Exception {
        int[] udp = new int[5];
        for (int i = 0; i < udp.length; i++) {
            udp[i] = MultiPort.free(udp, i);
        }
        String yaml = """
                name: flood
                seed: 1
                routing: auto
                timers: {hello: 250ms, dead: 5s}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                  - {name: c, address: 10.0.0.3, udp: 127.0.0.1:%d}
                  - {name: d, address: 10.0.0.4, udp: 127.0.0.1:%d}
                  - {name: f, address: 10.0.0.9, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 50Mbps, delay: 1ms, buffer: 100}
                  - {between: [b, c], bandwidth: 50Mbps, delay: 1ms, buffer: 100}
                  - {between: [b, d], bandwidth: 5Mbps, delay: 1ms, buffer: 50}
                  - {between: [b, f], bandwidth: 50Mbps, delay: 1ms, buffer: 100}
                """.formatted(udp[0], udp[1], udp[2], udp[3], udp[4]);
        Path file = dir.resolve("flood.yaml");
        Files.writeString(file, yaml);
        Scenario s = ScenarioLoader.load(file);
        List<NodeHost> hosts = new ArrayList<>();
        AtomicBoolean flooding = new AtomicBoolean(true);
        List<Thread> flooders = new ArrayList<>();
        try {
            for (String n : List.of("a", "b", "c", "d")) {
                hosts.add(NodeHost.start(s, n, "127.0.0.1:0", null, dir));
            }
            NodeHost a = hosts.get(0);
            NodeHost b = hosts.get(1);
            NodeHost c = hosts.get(2);
            awaitRoute(a.controlAddress(), "10.0.0.3");
            awaitRoute(b.controlAddress(), "10.0.0.4");

            InetSocketAddress bUdp = new InetSocketAddress("127.0.0.1", udp[1]);
            AtomicLong validSent = new AtomicLong();
            AtomicLong junkSent = new AtomicLong();
            // f's own address: b accepts these frames as its neighbour's and forwards them to d (5 Mb/s)
            DatagramSocket fSocket = new DatagramSocket(udp[4], InetAddress.getLoopbackAddress());
            flooders.add(flooder("flood-f", fSocket, bUdp, flooding, validSent, (rnd, i) -> {
                Packet p = Packet.builder().source(VAddr.parse("10.0.0.9")).destination(VAddr.parse("10.0.0.4"))
                        .payload(new byte[1000]).build();
                byte[] frame = p.frame().clone();
                if (i % 8 == 0) {
                    frame[frame.length - 1] ^= 0x5a;   // payload damaged after sealing: a bad checksum
                }
                return frame;
            }));
            // a stranger: random bytes from an address that is no neighbour of b
            DatagramSocket stranger = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            flooders.add(flooder("flood-stranger", stranger, bUdp, flooding, junkSent, (rnd, i) -> {
                byte[] junk = new byte[1 + rnd.nextInt(1400)];
                rnd.nextBytes(junk);
                return junk;
            }));

            long heapBefore = usedHeapAfterGc();
            flooders.forEach(Thread::start);

            // an RDP transfer a -> c through b while the flood runs
            CompletableFuture<JsonNode> received = CompletableFuture.supplyAsync(() -> last(c.controlAddress(), "rdp.recv",
                    Map.of("port", 9100)));
            TimeUnit.MILLISECONDS.sleep(300);
            CompletableFuture<JsonNode> sent = CompletableFuture.supplyAsync(() -> last(a.controlAddress(), "rdp.send",
                    Map.of("target", "10.0.0.3", "port", 9100, "size", 1 << 20, "seed", 7)));

            // b's control endpoint keeps answering during the flood; heap sampled after GC
            List<Long> heap = new ArrayList<>();
            long end = System.nanoTime() + FLOOD.toNanos();
            int answered = 0;
            while (System.nanoTime() < end) {
                try (ControlClient cc = ControlClient.connect(b.controlAddress(), null, Duration.ofSeconds(10))) {
                    JsonNode st = cc.call("stats", Map.of());
                    assertEquals("b", st.path("node").asText());
                    answered++;
                }
                heap.add(usedHeapAfterGc());
                TimeUnit.MILLISECONDS.sleep(500);
            }
            JsonNode sender = sent.get(180, TimeUnit.SECONDS);
            JsonNode receiver = received.get(30, TimeUnit.SECONDS);
            flooding.set(false);
            for (Thread t : flooders) {
                t.join(5000);
            }
            fSocket.close();
            stranger.close();

            assertTrue(answered >= 5, "b's control endpoint answered " + answered + " times during the flood");
            assertTrue(validSent.get() > 10_000, "the flood was real: " + validSent.get() + " frames from f");
            assertTrue(sender.path("complete").asBoolean() && receiver.path("complete").asBoolean(), sender + " / " + receiver);
            assertEquals(sender.path("sha256").asText(), receiver.path("sha256").asText(), "RDP delivered every byte intact");
            assertEquals(1 << 20, receiver.path("bytes").asLong());

            JsonNode stats;
            try (ControlClient cc = ControlClient.connect(b.controlAddress(), null, Duration.ofSeconds(10))) {
                stats = cc.call("stats", Map.of());
            }
            Map<String, Object> flat = CounterPaths.of(stats);
            long overflow = num(flat.get("link.b-d.drops.overflow"));
            long badChecksum = num(flat.get("link.b-f.drops.bad-checksum"));
            long peak = num(flat.get("link.b-d.peakQueue"));
            long unknownPeer = stats.path("udp").path("unknownPeer").asLong();
            assertTrue(overflow > 1000, "b's queue to d dropped the excess, counted: " + overflow);
            assertTrue(badChecksum > 100, "damaged frames counted: " + badChecksum);
            assertTrue(unknownPeer > 100, "the stranger's datagrams counted: " + unknownPeer);
            assertTrue(peak <= 50, "b's queue to d never exceeded its 50-packet limit: " + peak);
            // memory: the flood adds no growth beyond noise (queues are bounded; drops keep nothing)
            long max = heap.stream().mapToLong(Long::longValue).max().orElseThrow();
            assertTrue(max - heapBefore < 96L << 20, "heap after GC grew by " + ((max - heapBefore) >> 20)
                    + " MiB during the flood (samples " + heap + ")");
            long lastHalfMax = heap.subList(heap.size() / 2, heap.size()).stream().mapToLong(Long::longValue).max().orElseThrow();
            long firstHalfMax = heap.subList(0, heap.size() / 2).stream().mapToLong(Long::longValue).max().orElseThrow();
            assertTrue(lastHalfMax < firstHalfMax + (32L << 20), "heap keeps rising: " + heap);
        } finally {
            flooding.set(false);
            for (NodeHost h : hosts) {
                h.close();
            }
        }
    }

    interface FrameMaker {
        byte[] make(SplittableRandom rnd, long i);
    }

    private static Thread flooder(String name, DatagramSocket socket, InetSocketAddress to, AtomicBoolean on,
                                  AtomicLong count, FrameMaker maker) {
        Thread t = new Thread(() -> {
            SplittableRandom rnd = new SplittableRandom(name.hashCode());
            long i = 0;
            // 100 datagrams every 10 ms: 10,000/s per flooder (80 Mb/s in 1000-byte frames, 16x b-d's
            // link rate), yet leaving a busy 2-core machine's node loops room to keep up
            while (on.get()) {
                for (int k = 0; k < 100 && on.get(); k++) {
                    byte[] b = maker.make(rnd, i++);
                    try {
                        socket.send(new DatagramPacket(b, b.length, to));
                        count.incrementAndGet();
                    } catch (java.io.IOException e) {
                        return;   // socket closed at the end
                    }
                }
                try {
                    TimeUnit.MILLISECONDS.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private static JsonNode last(InetSocketAddress control, String cmd, Map<String, ?> args) {
        try (ControlClient cc = ControlClient.connect(control, null, Duration.ofSeconds(180))) {
            JsonNode[] last = new JsonNode[1];
            cc.stream(cmd, args, d -> {
                if (d.path("summary").asBoolean(false)) {
                    last[0] = d;
                }
            });
            return last[0];
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void awaitRoute(InetSocketAddress control, String dest) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (ControlClient cc = ControlClient.connect(control, null, Duration.ofSeconds(10))) {
                for (JsonNode r : cc.call("routes", Map.of())) {
                    if (r.path("destination").asText().startsWith(dest + "/")) {
                        return;
                    }
                }
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("no route to " + dest + " after 60 s");
    }

    private static long usedHeapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long num(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    /** Free loopback UDP ports, distinct from the ones already chosen. */
    static final class MultiPort {
        static int free(int[] chosen, int upTo) throws java.io.IOException {
            while (true) {
                int p;
                try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                    p = d.getLocalPort();
                }
                boolean dup = false;
                for (int i = 0; i < upTo; i++) {
                    dup |= chosen[i] == p;
                }
                if (!dup) {
                    return p;
                }
            }
        }
    }
}
