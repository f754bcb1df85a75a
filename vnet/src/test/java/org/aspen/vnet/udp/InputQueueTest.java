package org.aspen.vnet.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.DropListener;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.link.QueueState;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.FramePool;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * The real runtime's input queue ({@link InputQueue}) driven by scripted arrivals while processing is
 * held: arrivals are offered one by one, and the node processes only when the test drains. No socket
 * and no timing: the queue is the same object the socket's reads feed.
 */
class InputQueueTest {
    private static final VAddr S = VAddr.parse("10.0.1.1");
    private static final VAddr C = VAddr.parse("10.0.0.3");
    /** Frames of this payload are longer than {@link FramePool#MIN_LENGTH}, so the pool keeps them. */
    private static final int PAYLOAD = 1200;

    private static final class Wire implements LinkTransport {
        @Override
        public void transmit(byte[] frame, long delayNanos) {
        }

        @Override
        public String describePeer() {
            return "test";
        }
    }

    private record Told(String link, int tag, DropReason reason, QueueState queue) {
    }

    /** A node c with links in1 and in2, consuming RAW packets addressed to it; {@code got} records their tags in order. */
    private static final class Rig {
        final SimNetwork net = new SimNetwork(1);
        final Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        final Link in1 = c.addLink("in1", LinkConfig.DEFAULT, new Wire());
        final Link in2 = c.addLink("in2", LinkConfig.DEFAULT, new Wire());
        final FramePool pool = new FramePool();
        final UdpCounters counters = new UdpCounters();
        final List<Integer> got = new ArrayList<>();
        final List<Told> told = new ArrayList<>();

        Rig() {
            c.registerHandler(Protocol.RAW, (p, from) -> {
                got.add(p.array()[p.payloadOffset()] & 0xff);
                p.consumed();
            });
            DropListener l = new DropListener() {
                @Override
                public void aboutToDrop(Link link, Packet p, DropReason why) {
                    throw new AssertionError("the four-argument form is called");
                }

                @Override
                public void aboutToDrop(Link link, Packet p, DropReason why, QueueState q) {
                    told.add(new Told(link.name(), p.array()[p.payloadOffset()] & 0xff, why, q));
                }
            };
            in1.addDropListener(l);
            in2.addDropListener(l);
        }

        /** Runs {@code script} on c's loop at time 0. */
        void run(Runnable script) {
            net.at(0, "c", script);
            net.run(1_000_000L);
        }
    }

    /** A valid RAW frame to c whose payload starts with {@code tag}. */
    private static byte[] frame(int tag) {
        byte[] payload = new byte[PAYLOAD];
        payload[0] = (byte) tag;
        return Packet.builder().source(S).destination(C).protocol(Protocol.RAW).payload(payload).build().frame().clone();
    }

    @Test
    void dropTailAtTheLimitTellsTheArrivalLinkAndDrainsInOrder() {
        Rig r = new Rig();
        r.c.setCongestionDetection(true);
        InputQueue q = new InputQueue(3, r.c, r.pool, r.counters);
        boolean[] offered = new boolean[6];
        int[] drained = new int[3];
        List<List<Integer>> gotAfter = new ArrayList<>();
        long[] givenAfter = new long[4];
        r.run(() -> {
            offered[0] = q.offer(frame(1), r.in1);
            offered[1] = q.offer(frame(2), r.in2);
            offered[2] = q.offer(frame(3), r.in1);
            offered[3] = q.offer(frame(4), r.in2);                  // full: dropped, told with in2
            byte[] garbage = new byte[PAYLOAD];                       // not a VNet frame: dropped, told to no one
            offered[4] = q.offer(garbage, r.in1);
            givenAfter[0] = r.pool.given();
            drained[0] = q.drain(2);                                  // a batch of 2: tags 1, 2
            gotAfter.add(List.copyOf(r.got));
            givenAfter[1] = r.pool.given();
            offered[5] = q.offer(frame(5), r.in2);                    // room again; the ring wraps
            drained[1] = q.drain(64);                                 // 3, 5
            gotAfter.add(List.copyOf(r.got));
            givenAfter[2] = r.pool.given();
            drained[2] = q.drain(64);                                 // nothing waits
        });
        assertTrue(offered[0] && offered[1] && offered[2] && offered[5]);
        assertFalse(offered[3]);
        assertFalse(offered[4]);
        assertEquals(1, r.told.size(), r.told.toString());
        Told t = r.told.get(0);
        assertEquals("in2", t.link());
        assertEquals(4, t.tag());
        assertEquals(DropReason.INPUT_QUEUE, t.reason());
        assertEquals("input-droptail", t.queue().kind());
        assertEquals(3, t.queue().packets());
        assertEquals(3, t.queue().limit().maxPackets());
        assertEquals(3L * frame(1).length, t.queue().bytes());
        assertFalse(t.queue().hasAverage());
        assertEquals(2, r.counters.inputQueueDrops);
        assertEquals(3, r.counters.inputQueuePeak);
        assertEquals(3, r.counters.inputQueueLimit);
        assertEquals(2, r.c.counters().drops(DropReason.INPUT_QUEUE));
        assertEquals(2, givenAfter[0]);                               // both dropped frames back to the pool
        assertEquals(2, drained[0]);
        assertEquals(List.of(1, 2), gotAfter.get(0));
        assertEquals(4, givenAfter[1]);                               // consumed frames back too
        assertEquals(2, drained[1]);
        assertEquals(List.of(1, 2, 3, 5), gotAfter.get(1));
        assertEquals(6, givenAfter[2]);
        assertEquals(0, drained[2]);
        assertEquals(0, q.size());
    }

    @Test
    void withDetectionOffADropIsCountedButToldToNoOne() {
        Rig r = new Rig();
        InputQueue q = new InputQueue(1, r.c, r.pool, r.counters);
        r.run(() -> {
            q.offer(frame(1), r.in1);
            q.offer(frame(2), r.in1);
            q.offer(frame(3), r.in2);
            q.drain(64);
        });
        assertEquals(List.of(), r.told);
        assertEquals(2, r.counters.inputQueueDrops);
        assertEquals(1, r.counters.inputQueuePeak);
        assertEquals(2, r.c.counters().drops(DropReason.INPUT_QUEUE));
        assertEquals(List.of(1), r.got);
    }

    @Test
    void aListenerThatThrowsCostsOnlyTheDroppedPacket() {
        Rig r = new Rig();
        r.c.setCongestionDetection(true);
        r.in1.addDropListener((l, p, why) -> {
            throw new IllegalStateException("listener bug");
        });
        InputQueue q = new InputQueue(1, r.c, r.pool, r.counters);
        r.run(() -> {
            q.offer(frame(1), r.in1);
            q.offer(frame(2), r.in1);
            q.drain(64);
        });
        assertEquals(1, r.told.size());                               // the well-behaved listener still heard it
        assertEquals(1, r.in1.counters().drops(DropReason.HANDLER_ERROR));
        assertEquals(1, r.counters.inputQueueDrops);
        assertEquals(List.of(1), r.got);
    }

    @Test
    void clearingDropsWhatWaitsAsNodeStoppedAndReturnsTheFrames() {
        Rig r = new Rig();
        InputQueue q = new InputQueue(4, r.c, r.pool, r.counters);
        r.run(() -> {
            q.offer(frame(1), r.in1);
            q.offer(frame(2), r.in2);
            q.clear();
        });
        assertEquals(0, q.size());
        assertEquals(2, r.c.counters().drops(DropReason.NODE_STOPPED));
        assertEquals(2, r.pool.given());
        assertEquals(List.of(), r.got);
    }

    @Test
    void aLimitBelowOneIsRefused() {
        Rig r = new Rig();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InputQueue(0, r.c, r.pool, r.counters));
        assertEquals("an input queue holds at least 1 packet, not 0", e.getMessage());
        assertEquals(0, r.counters.inputQueueLimit);
        assertTrue(org.aspen.vnet.mgmt.ReportJson.MAPPER.valueToTree(r.counters.counts()).properties().stream()
                .noneMatch(p -> p.getKey().startsWith("inputQueue")));
    }
}
