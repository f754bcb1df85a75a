package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;

/**
 * ns-2.35's Queue/DropTail ({@code queue/drop-tail.cc:85-105}) against Aspen's drop-tail and ns-2's
 * RED on the same limit. The burst counts were measured with /usr/bin/ns (ns-2.35): 10 packets sent
 * at once into a 1 Mb/s link with {@code queue-limit 5}: DropTail passes 5 and drops 5, RED passes
 * 6 and drops 4; with limit 1, DropTail drops all 10 and RED passes 2.
 */
class Ns2DropTailTest {
    static Packet pkt(int size) {
        return StubContext.packet(size, Ecn.NOT_ECT);
    }

    static long burstThrough(QueueDiscipline d, int limit) {
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(limit)).discipline(d);
        bench.send(0, 10, 0, Ecn.NOT_ECT).run(100 * TwoNodeBench.MS);
        assertEquals(10 - bench.received, bench.link.counters().drops(DropReason.QUEUE_OVERFLOW));
        return bench.received;
    }

    @Test
    void aBurstOnALinkPassesAsInNs2() {
        // ns-2's DropTail keeps limit - 1 waiting plus the one on the wire
        assertEquals(5, burstThrough(new Ns2DropTail(QueueLimit.packets(5), false, 500, false), 5));
        assertEquals(0, burstThrough(new Ns2DropTail(QueueLimit.packets(1), false, 500, false), 1));
        // ns-2's RED, and Aspen's drop-tail, keep limit waiting plus the one on the wire
        Map<String, Object> noEarly = RedTest.params("bytes", false, "queue_in_bytes", false, "thresh", 100,
                "maxthresh", 200, "q_weight", 0.002);
        assertEquals(6, burstThrough(QueueDisciplines.create("ns2-red", noEarly, QueueLimit.packets(5)), 5));
        assertEquals(2, burstThrough(QueueDisciplines.create("ns2-red", noEarly, QueueLimit.packets(1)), 1));
        assertEquals(6, burstThrough(new DropTail(QueueLimit.packets(5)), 5));
    }

    @Test
    void packetModeDropsWhenTheQueueWithTheArrivalWouldReachTheLimit() {
        ScriptedContext ctx = new ScriptedContext(8_000_000);
        Ns2DropTail d = new Ns2DropTail(QueueLimit.packets(5), false, 500, false);
        d.attach(ctx);
        for (int i = 0; i < 6; i++) {
            d.enqueue(pkt(1000));          // 0+1, 1+1, 2+1, 3+1 < 5: kept; 4+1 >= 5: dropped
        }
        assertEquals(4, d.packets());
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW, DropReason.QUEUE_OVERFLOW), ctx.drops);
        assertEquals(0, ctx.draws);
    }

    @Test
    void byteModeKeepsTheQueueStrictlyBelowLimitTimesMeanPktsize() {
        // limit 5 * mean_pktsize 500 = 2500 bytes; kept while bytes + size < 2500
        ScriptedContext ctx = new ScriptedContext(8_000_000);
        Ns2DropTail d = new Ns2DropTail(QueueLimit.packets(5), true, 500, false);
        d.attach(ctx);
        for (int i = 0; i < 5; i++) {
            d.enqueue(pkt(500));           // 500, 1000, 1500, 2000 kept; 2000 + 500 = 2500: dropped
        }
        assertEquals(2000, d.bytes());
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW), ctx.drops);
        assertTrue(d.enqueue(pkt(120)));   // the arrival's own size counts: 2000 + 120 < 2500 fits
        assertEquals(2120, d.bytes());
    }

    @Test
    void dropFrontQueuesTheArrivalAndDropsTheHead() {
        ScriptedContext ctx = new ScriptedContext(8_000_000);
        Ns2DropTail d = (Ns2DropTail) QueueDisciplines.create("ns2-droptail", Map.of("drop_front", true), QueueLimit.packets(3));
        d.attach(ctx);
        Packet p1 = pkt(1000);
        Packet p2 = pkt(1000);
        Packet p3 = pkt(1000);
        assertTrue(d.enqueue(p1));
        assertTrue(d.enqueue(p2));
        assertTrue(d.enqueue(p3));          // 2 + 1 >= 3: p3 queued, p1 dropped from the front
        assertEquals(List.of(p1), ctx.dropped);
        assertSame(p2, d.dequeue());
        assertSame(p3, d.dequeue());
        assertEquals(0, d.bytes());
    }

    @Test
    void adoptedPacketsMeetTheSameLimit() {
        ScriptedContext ctx = new ScriptedContext(8_000_000);
        Ns2DropTail d = new Ns2DropTail(QueueLimit.packets(3), false, 500, true);
        d.attach(ctx);
        Packet p3 = pkt(1000);
        assertTrue(d.adopt(pkt(1000)));
        assertTrue(d.adopt(pkt(1000)));
        assertFalse(d.adopt(p3));
        assertEquals(List.of(p3), ctx.dropped);
        assertEquals(2, d.packets());
    }
}
