package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RED on a stub context, with the queue held at a chosen length (w_q = 1 makes the average equal
 * the instantaneous queue), so each check compares against the algorithm's own formulas.
 */
class RedTest {
    static final long MBIT8 = 8_000_000;

    static Map<String, Object> params(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /**
     * Fills the queue to {@code q} packets, then offers {@code n} arrivals each followed by one
     * departure; returns how many departed packets carried CE.
     */
    static long holdQueue(QueueDiscipline d, int q, int n, int size, Ecn ecn) {
        long ce = 0;
        while (d.packets() < q) {
            d.enqueue(StubContext.packet(size, ecn));
        }
        for (int i = 0; i < n; i++) {
            if (d.enqueue(StubContext.packet(size, ecn))) {
                ce += d.dequeue().ecn() == Ecn.CE ? 1 : 0;
            }
            while (d.packets() < q) {     // refill after a drop so every arrival sees q
                d.enqueue(StubContext.packet(size, ecn));
            }
        }
        return ce;
    }

    @ParameterizedTest
    @ValueSource(strings = {"droptail", "red", "ared"})
    void limitNGivenNPlusThreeAtOnceDropsExactlyThreeAsOverflow(String kind) {
        StubContext ctx = new StubContext(7, MBIT8);
        QueueDiscipline d = QueueDisciplines.create(kind, Map.of(), QueueLimit.packets(20));
        d.attach(ctx);
        int accepted = 0;
        for (int i = 0; i < 23; i++) {
            accepted += d.enqueue(StubContext.packet(1000, Ecn.NOT_ECT)) ? 1 : 0;
        }
        assertEquals(20, accepted);
        assertEquals(20, d.packets());
        assertEquals(Map.of(DropReason.QUEUE_OVERFLOW, 3L), ctx.drops);
    }

    /**
     * With count-based spacing, p_a = p_b / (1 - count p_b) makes the gap between drops take each
     * value 1..n (n = floor(1 / p_b)) with probability p_b, and n + 1 with the rest, 1 - n p_b (for
     * integer 1 / p_b: uniform, drop share 2 p_b / (1 + p_b)). The number of drops in N arrivals is
     * a renewal count: mean N / mu, standard deviation sqrt(N var / mu^3) with mu and var the gap's
     * mean and variance; the test allows 5 standard deviations.
     */
    @ParameterizedTest(name = "mode={0} size={1} q={2} gentle={3}")
    @CsvSource({"packets, 1000, 10, false", "packets, 1000, 7, false", "packets, 1000, 20, true", "bytes, 500, 20, false"})
    void earlyDropShareMatchesTheFormula(String mode, int size, int q, boolean gentle) {
        StubContext ctx = new StubContext(42, MBIT8);
        QueueDiscipline d = QueueDisciplines.create("red", params("w_q", 1, "min_th", 5, "max_th", 15, "max_p", 0.1,
                "gentle", gentle, "mode", mode, "mean_packet_size", 1000), QueueLimit.packets(1000));
        d.attach(ctx);
        holdQueue(d, q, 0, size, Ecn.NOT_ECT);
        long before = ctx.drops(DropReason.QUEUE_EARLY);
        int n = 200_000;
        holdQueue(d, q, n, size, Ecn.NOT_ECT);
        long drops = ctx.drops(DropReason.QUEUE_EARLY) - before;

        double avg = mode.equals("bytes") ? q * size / 1000.0 : q;
        double pb = avg < 15 ? 0.1 * (avg - 5) / 10 : 0.1 + 0.9 * (avg - 15) / 15;
        pb *= mode.equals("bytes") ? size / 1000.0 : 1;
        int last = (int) Math.floor(1 / pb);
        double mu = 0;
        double second = 0;
        for (int k = 1; k <= last + 1; k++) {
            double pk = k <= last ? pb : Math.max(0, 1 - last * pb);
            mu += k * pk;
            second += (double) k * k * pk;
        }
        double sd = Math.sqrt(n * (second - mu * mu) / (mu * mu * mu));
        double expected = n / mu;
        assertTrue(Math.abs(drops - expected) < 5 * sd, "drops " + drops + " expected " + expected + " +- " + 5 * sd);
        assertEquals(0, ctx.drops(DropReason.QUEUE_FORCED));
    }

    @Test
    void aboveMaxThresholdEveryArrivalIsAForcedDrop() {
        StubContext ctx = new StubContext(1, MBIT8);
        QueueDiscipline d = QueueDisciplines.create("red", params("w_q", 1, "gentle", false), QueueLimit.packets(100));
        d.attach(ctx);
        holdQueue(d, 15, 0, 1000, Ecn.NOT_ECT);
        long early = ctx.drops(DropReason.QUEUE_EARLY);
        for (int i = 0; i < 50; i++) {
            assertEquals(false, d.enqueue(StubContext.packet(1000, Ecn.ECT0)));
        }
        assertEquals(50, ctx.drops(DropReason.QUEUE_FORCED));
        assertEquals(early, ctx.drops(DropReason.QUEUE_EARLY));
    }

    @ParameterizedTest(name = "queue ecn={0} packet={1}")
    @CsvSource({"true, ECT0", "true, ECT1", "true, CE", "true, NOT_ECT", "false, ECT0", "false, NOT_ECT"})
    void ecnMarksOnlyWhenQueueAndPacketAreCapable(boolean queueEcn, Ecn packetEcn) {
        StubContext ctx = new StubContext(3, MBIT8);
        QueueDiscipline d = QueueDisciplines.create("red", params("w_q", 1, "ecn", queueEcn), QueueLimit.packets(100));
        d.attach(ctx);
        long ce = holdQueue(d, 10, 5000, 1000, packetEcn);
        boolean both = queueEcn && packetEcn.capable();
        if (both) {
            assertTrue(ctx.marks > 100, "marks " + ctx.marks);
            assertEquals(0, ctx.drops(DropReason.QUEUE_EARLY));
        } else {
            assertEquals(0, ctx.marks);
            assertTrue(ctx.drops(DropReason.QUEUE_EARLY) > 100);
        }
        assertEquals(packetEcn == Ecn.CE || both, ce > 0);
        if (!packetEcn.capable()) {
            assertEquals(0, ce, "a non-ECT packet is never marked");
        }
    }

    @Test
    void ecnStillDropsAboveTheHardLimit() {
        StubContext ctx = new StubContext(3, MBIT8);
        QueueDiscipline d = QueueDisciplines.create("red", params("w_q", 1, "ecn", true), QueueLimit.packets(100));
        d.attach(ctx);
        holdQueue(d, 30, 0, 1000, Ecn.ECT0);   // gentle: hard limit at 2 * max_th = 30
        assertEquals(false, d.enqueue(StubContext.packet(1000, Ecn.ECT0)));
        assertEquals(1, ctx.drops(DropReason.QUEUE_FORCED));
    }

    @Test
    void idleTimeDecaysTheAverageByTheSlotsTheLinkCouldHaveSent() {
        StubContext ctx = new StubContext(1, MBIT8);   // 1000-byte slot = 1 ms at 8 Mb/s
        Red d = (Red) QueueDisciplines.create("red", params("w_q", 0.5, "min_th", 50, "max_th", 100),
                QueueLimit.packets(100));
        d.attach(ctx);
        for (int i = 0; i < 10; i++) {
            d.enqueue(StubContext.packet(1000, Ecn.NOT_ECT));
        }
        double before = d.averageQueue();
        while (d.dequeue() != null) {
            // drain: the queue goes idle now, at t = 0
        }
        ctx.sim.runUntil(20_000_000L);                  // 20 slots idle
        d.enqueue(StubContext.packet(1000, Ecn.NOT_ECT));
        assertEquals(before * Math.pow(0.5, 20), d.averageQueue(), 1e-12);
        assertTrue(before > 1);
    }

    @Test
    void describeReportsParametersAndLiveState() {
        StubContext ctx = new StubContext(1, MBIT8);
        QueueDiscipline d = QueueDisciplines.create("red", params("w_q", 1, "ecn", "on", "max_p", "20%"),
                QueueLimit.packets(100));
        d.attach(ctx);
        holdQueue(d, 10, 100, 1000, Ecn.ECT0);
        Map<String, Object> m = d.describe();
        assertEquals("red", m.get("kind"));
        assertEquals(0.2, m.get("max_p"));
        assertEquals(10.0, m.get("average"));
        assertEquals(ctx.marks, m.get("marked"));
        assertEquals(true, m.get("ecn"));
    }
}
