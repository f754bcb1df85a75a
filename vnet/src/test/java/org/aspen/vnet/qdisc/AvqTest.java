package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;

/** AVQ: the virtual queue and capacity against a hand run, the ECN matrix, and the adaptation's direction. */
class AvqTest {
    static final long US = 1_000L;

    /**
     * C = 8 Mbit/s (1e6 bytes/s), gamma = alpha = 0.5, B = 3000 bytes, 1000-byte packets, the real
     * queue emptied after each arrival. Hand run (VQ, Cv in bytes/s after each arrival) in the comments.
     */
    @Test
    void virtualQueueAndCapacityFollowTheAlgorithmOnScriptedArrivals() {
        StubContext ctx = new StubContext(1, 8_000_000);
        Avq d = new Avq(QueueLimit.bytes(3000), 0.5, 0.5, 0);
        d.attach(ctx);
        // t=0: 1000, Cv 999500 | 2000, 999000 | 3000, 998500 | 4000 > B: mark, 998000
        // t=1000us: 3000 - 998 = 2002, +1000 > B: mark; Cv min(998000 + 250, C) - 500 = 997750
        // t=2000us: 2002 - 997.75 = 1004.25 -> 2004.25; Cv 997500
        long[] at = {0, 0, 0, 0, 1000, 2000};
        boolean[] marked = {false, false, false, true, true, false};
        double[] vq = {1000, 2000, 3000, 3000, 2002, 2004.25};
        double[] cv = {999_500, 999_000, 998_500, 998_000, 997_750, 997_500};
        for (int i = 0; i < at.length; i++) {
            ctx.sim.runUntil(at[i] * US);
            Packet p = StubContext.packet(1000, Ecn.ECT0);
            assertTrue(d.enqueue(p));
            assertEquals(marked[i] ? Ecn.CE : Ecn.ECT0, d.dequeue().ecn(), "arrival " + i);
            assertEquals(vq[i], d.virtualQueue(), 1e-6, "VQ after arrival " + i);
            assertEquals(cv[i] * 8, d.virtualCapacityBps(), 1e-3, "Cv after arrival " + i);
        }
        assertEquals(2, ctx.marks);
    }

    /** Marks only ECN-capable packets; the others are dropped where a mark would be, never marked. */
    @Test
    void ecnMatrix() {
        for (Ecn ecn : Ecn.values()) {
            StubContext ctx = new StubContext(1, 8_000_000);
            Avq d = new Avq(QueueLimit.bytes(1000), 0.98, 0.15, 0);
            d.attach(ctx);
            assertTrue(d.enqueue(StubContext.packet(1000, ecn)), "fits the virtual queue");
            d.dequeue();
            Packet p = StubContext.packet(1000, ecn);
            boolean queued = d.enqueue(p);
            if (ecn.capable()) {
                assertTrue(queued);
                assertEquals(Ecn.CE, p.ecn(), ecn.toString());
                assertEquals(1, ctx.marks);
            } else {
                assertFalse(queued, ecn.toString());
                assertEquals(1, ctx.drops(DropReason.QUEUE_FORCED));
                assertEquals(0, ctx.marks, "never marks a packet that is not ECN-capable");
            }
        }
    }

    /** Offered 0.9 C against gamma 0.5 the virtual capacity sinks and marks start; at 0.3 C neither. */
    @Test
    void capacityAdaptsTowardsTheDesiredUtilisation() {
        long[] marks = new long[2];
        double[] capacity = new double[2];
        double[] load = {0.9, 0.3};
        for (int k = 0; k < 2; k++) {
            StubContext ctx = new StubContext(1, 8_000_000);
            Avq d = new Avq(QueueLimit.packets(20), 0.5, 0.15, 0);
            d.attach(ctx);
            long gapNanos = Math.round(1000 / (1e6 * load[k]) * 1e9);     // 1000-byte packets at load x C
            for (int i = 0; i < 5000; i++) {
                ctx.sim.runUntil(i * gapNanos);
                d.enqueue(StubContext.packet(1000, Ecn.ECT1));
                d.dequeue();
            }
            marks[k] = ctx.marks;
            capacity[k] = d.virtualCapacityBps();
        }
        assertTrue(marks[0] > 100, "overload is marked: " + marks[0]);
        assertEquals(0, marks[1], "under gamma: no marks");
        assertTrue(capacity[0] < 0.75 * 8_000_000, "virtual capacity fell: " + capacity[0]);
        assertEquals(8_000_000 - 0.15 * 1000 * 8, capacity[1], 1.0, "and stays at C (less the last arrival's alpha b) under gamma");
    }

    @Test
    void factoryBuildsIt() {
        Avq d = (Avq) QueueDisciplines.create("avq", Map.of("gamma", 0.96), QueueLimit.packets(100));
        assertEquals("avq", d.kind());
        assertEquals(0.96, d.describe().get("gamma"));
        assertEquals(0.15, d.describe().get("alpha"));
        assertEquals(100_000.0, d.describe().get("virtual_buffer"), "defaults to the buffer limit, 1000 bytes a packet");
        Avq small = (Avq) QueueDisciplines.create("avq", Map.of("virtual_buffer_packets", 10), QueueLimit.packets(100));
        assertEquals(10_000.0, small.describe().get("virtual_buffer"));
    }
}
