package org.aspen.vnet.udp;

import static org.aspen.vnet.udp.UdpNetworkTest.TIMEOUT_S;
import static org.aspen.vnet.udp.UdpNetworkTest.addr;
import static org.aspen.vnet.udp.UdpNetworkTest.line;
import static org.aspen.vnet.udp.UdpNetworkTest.onLoop;
import static org.aspen.vnet.udp.UdpNetworkTest.raw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * The input queue over real UDP on loopback: a burst sent while the receiving node's loop is held by a
 * scripted task waits in the kernel's socket buffer; once the loop is free, one read pulls the whole
 * burst, so a 2-packet input queue must drop some of it, and every drop reaches the drop listener of
 * the link it arrived on. Checks function and bookkeeping, never speed.
 */
class InputQueueUdpTest {
    @Test
    void aBurstIntoAHeldNodeOverflowsItsInputQueueAndEveryDropIsTold() throws Exception {
        try (UdpNetwork net = new UdpNetwork(11, UdpOptions.DEFAULT.withLoopThreads(2))) {
            line(net, 2);
            net.setInputQueue("n2", 2);
            assertEquals(2, net.inputQueueLimit("n2"));
            assertEquals(0, net.inputQueueLimit("n1"));
            Node n2 = net.node("n2");
            AtomicLong delivered = new AtomicLong();
            n2.registerHandler(Protocol.RAW, (p, in) -> delivered.incrementAndGet());
            ConcurrentLinkedQueue<String> told = new ConcurrentLinkedQueue<>();
            net.onLoop("n2", () -> {
                n2.setCongestionDetection(true);
                n2.link("l1").addDropListener((l, p, why) -> told.add(l.name() + " " + why.label + " " + p.payload()[1]));
            });
            Thread runner = UdpNetworkTest.start(net);
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            net.onLoop("n2", () -> {
                held.countDown();
                try {
                    release.await(TIMEOUT_S, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(held.await(TIMEOUT_S, TimeUnit.SECONDS), "n2's loop was not held");
            int n = 10;
            net.onLoop("n1", () -> {
                for (int i = 0; i < n; i++) {
                    net.node("n1").send(raw(addr(1), addr(2), i));
                }
            });
            // two hops on n1's loop: the second runs after the flush the sends scheduled, so the burst is in
            // n2's socket buffer (loopback delivers within the send call)
            onLoop(net, "n1", () -> 0);
            assertEquals(n, (long) onLoop(net, "n1", () -> net.udpCounters("n1").datagramsOut));
            release.countDown();
            long drops = 0;
            for (int tries = 0; tries < 200 && delivered.get() + drops < n; tries++) {
                drops = onLoop(net, "n2", () -> net.udpCounters("n2").inputQueueDrops);
            }
            UdpCounters c = onLoop(net, "n2", () -> net.udpCounters("n2"));
            long nodeDrops = onLoop(net, "n2", () -> n2.counters().drops(DropReason.INPUT_QUEUE));
            assertEquals(n, delivered.get() + drops, delivered.get() + " delivered, " + drops + " dropped");
            assertTrue(drops >= 1, "a 10-packet burst read at once overflows a 2-packet queue");
            assertEquals(drops, nodeDrops);
            assertEquals(2, c.inputQueuePeak);
            assertEquals(drops, told.size(), told.toString());
            assertTrue(told.stream().allMatch(t -> t.startsWith("l1 input-queue ")), told.toString());
            List<String> keys = new java.util.ArrayList<>();
            org.aspen.vnet.mgmt.ReportJson.MAPPER.valueToTree(c.counts()).fieldNames().forEachRemaining(keys::add);
            assertEquals(List.of("datagramsIn", "bytesIn", "datagramsOut", "bytesOut", "unknownPeer", "sendBacklogDrops",
                    "socketErrors", "gsoWrites", "receiveOffload", "sendOffload", "inputQueueLimit", "inputQueueDrops",
                    "inputQueuePeak"), keys);
            IllegalStateException twice = assertThrows(IllegalStateException.class, () -> net.setInputQueue("n2", 5));
            assertEquals("node n2 already has an input queue of 2 packets", twice.getMessage());
            IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> net.setInputQueue("n1", 0));
            assertEquals("node n1: an input queue holds at least 1 packet, not 0", zero.getMessage());
            net.close();
            runner.join(TimeUnit.SECONDS.toMillis(TIMEOUT_S));
        }
    }
}
