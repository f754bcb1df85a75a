package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.link.DropListener;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkCounters;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.link.QueueState;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;

/** Link counters for the lab report, congestion detection, and swapping disciplines at run time. */
class LinkQueueTest {
    static final long MS = TwoNodeBench.MS;

    @Test
    void utilisationOfALinkSaturatedHalfTheTimeIsOneHalf() {
        // 500 frames of 1 ms each at t = 0: busy for exactly 500 ms of the first second
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(1000)).send(0, 500, 0, Ecn.NOT_ECT);
        bench.run(250 * MS);
        assertEquals(1.0, bench.link.counters().utilisation(bench.net.now()), 1e-12, "busy so far, still sending");
        bench.run(750 * MS);
        assertEquals(0.5, bench.link.counters().utilisation(bench.net.now()), 1e-12);
        assertEquals(500, bench.received);
    }

    @Test
    void averageAndPeakQueueOfAKnownPattern() {
        // 11 frames at t = 0: one goes on the wire, 10 wait; one leaves each ms, so the waiting
        // queue is 10, 9, ..., 1 for a millisecond each: integral 55 packet-ms over 100 ms
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(100)).send(0, 11, 0, Ecn.NOT_ECT);
        bench.run(100 * MS);
        LinkCounters c = bench.link.counters();
        assertEquals(0.55, c.averageQueue(bench.net.now()), 1e-12);
        assertEquals(10, c.peakQueue);
        assertEquals(0.11, c.utilisation(bench.net.now()), 1e-12);
        LinkCounts snap = c.counts(bench.net.now());
        assertEquals(0.55, snap.averageQueue());
        assertEquals(Map.of(), snap.drops());
    }

    @Test
    void dropsByCauseAndMarksReachTheLinkCounters() {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(30));
        bench.discipline(QueueDisciplines.create("red", Map.of("w_q", 1, "ecn", true, "gentle", false), QueueLimit.packets(30)));
        bench.send(0, 20, 0, Ecn.ECT0).send(0, 20, 0, Ecn.NOT_ECT).run(1_000 * MS);
        LinkCounters c = bench.link.counters();
        Red red = (Red) bench.link.discipline();
        assertEquals(red.describe().get("marked"), c.marked);
        assertEquals(red.describe().get("early"), c.drops(DropReason.QUEUE_EARLY));
        assertEquals(red.describe().get("forced"), c.drops(DropReason.QUEUE_FORCED));
        assertTrue(c.marked > 0 && c.drops(DropReason.QUEUE_FORCED) > 0);
        assertEquals(40, c.enqueued + c.totalDrops());
        assertEquals(c.enqueued, bench.received);
    }

    @Test
    void congestionListenersAreSilentUntilDetectionIsTurnedOn() {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(5));
        List<QueueState> heard = new ArrayList<>();
        bench.link.addDropListener(new DropListener() {
            @Override
            public void aboutToDrop(Link link, Packet packet, DropReason reason) {
                throw new AssertionError("the four-argument form is the one called");
            }

            @Override
            public void aboutToDrop(Link link, Packet packet, DropReason reason, QueueState queue) {
                assertEquals(DropReason.QUEUE_OVERFLOW, reason);
                heard.add(queue);
            }
        });
        assertFalse(bench.a.congestionDetection());
        bench.send(0, 9, 0, Ecn.NOT_ECT).run(100 * MS);
        assertEquals(List.of(), heard);
        assertEquals(3, bench.link.counters().drops(DropReason.QUEUE_OVERFLOW));

        bench.a.setCongestionDetection(true);
        bench.send(bench.net.now(), 9, 0, Ecn.NOT_ECT).run(100 * MS);
        assertEquals(3, heard.size());
        QueueState q = heard.get(0);
        assertEquals("droptail", q.kind());
        assertEquals(5, q.packets());
        assertEquals(5000, q.bytes());
        assertEquals(QueueLimit.packets(5), q.limit());
        assertFalse(q.hasAverage());
        assertEquals(6, bench.link.counters().drops(DropReason.QUEUE_OVERFLOW));
    }

    @Test
    void listenersSeeRedsAverage() {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(100));
        bench.a.setCongestionDetection(true);
        bench.discipline(QueueDisciplines.create("red", Map.of("w_q", 1, "gentle", false), QueueLimit.packets(100)));
        List<QueueState> heard = new ArrayList<>();
        bench.link.addDropListener(new DropListener() {
            @Override
            public void aboutToDrop(Link link, Packet packet, DropReason reason) {
            }

            @Override
            public void aboutToDrop(Link link, Packet packet, DropReason reason, QueueState queue) {
                heard.add(queue);
            }
        });
        bench.send(0, 30, 0, Ecn.NOT_ECT).run(100 * MS);
        assertFalse(heard.isEmpty());
        assertTrue(heard.stream().allMatch(q -> q.hasAverage() && q.average() >= 5), heard.toString());
    }

    @Test
    void swappingTheDisciplineKeepsQueuedPacketsAndCounters() {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(100)).send(0, 41, 0, Ecn.NOT_ECT);
        bench.run(10 * MS + 1);   // 10 sent, 1 on the wire, 30 waiting
        Link l = bench.link;
        assertEquals(30, l.discipline().packets());
        long sentBefore = l.counters().sentPackets;
        // 30 waiting is above this RED's max_th: adopted packets are not judged again
        l.setDiscipline(QueueDisciplines.create("red", Map.of("w_q", 1, "gentle", false), QueueLimit.packets(100)));
        assertEquals(30, l.discipline().packets());
        l.setDiscipline(QueueDisciplines.create("ared", Map.of(), QueueLimit.packets(100)));
        assertEquals("ared", l.discipline().kind());
        assertEquals(30, l.discipline().packets());
        assertEquals(sentBefore, l.counters().sentPackets);
        l.setDiscipline(QueueDisciplines.create("droptail", Map.of(), QueueLimit.packets(100)));
        bench.run(1_000 * MS);
        assertEquals(41, bench.received);
        assertEquals(41, l.counters().sentPackets);
        assertEquals(0, l.counters().totalDrops());
        assertEquals(0, bench.net.scheduler().pending(), "the replaced ARED's timer was cancelled");
    }

    @Test
    void swappingToASmallerBufferDropsTheExcessAsOverflow() {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(100)).send(0, 41, 0, Ecn.NOT_ECT);
        bench.run(10 * MS + 1);
        bench.link.setDiscipline(QueueDisciplines.create("droptail", Map.of(), QueueLimit.packets(20)));
        bench.run(1_000 * MS);
        assertEquals(10, bench.link.counters().drops(DropReason.QUEUE_OVERFLOW));
        assertEquals(31, bench.received);
    }
}
