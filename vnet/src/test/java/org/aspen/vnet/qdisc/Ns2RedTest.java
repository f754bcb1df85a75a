package org.aspen.vnet.qdisc;

import static org.aspen.vnet.qdisc.RedTest.params;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;

/**
 * ns-2.35's Queue/RED on scripted arrivals and departures, each expected value worked out by hand
 * from red.cc's rules (the comments give the arithmetic). A scripted random source returns 0.99
 * unless told otherwise, so a packet is dropped early only where ns-2's probability reaches 0.99,
 * and every draw is counted (one per call of ns-2's drop_early).
 */
class Ns2RedTest {
    static final long MBIT8 = 8_000_000;   // 1000-byte packets: ptc = 1000 per second
    static final long MS = 1_000_000L;

    static Ns2Red red(ScriptedContext ctx, QueueLimit limit, Object... kv) {
        Ns2Red r = (Ns2Red) QueueDisciplines.create("ns2-red", params(kv), limit);
        r.attach(ctx);
        return r;
    }

    /** Packet mode with the given thresholds, weight and linterm, the other settings ns-2's defaults. */
    static Object[] packets(double thresh, double maxthresh, double qWeight, double linterm, Object... more) {
        List<Object> kv = new ArrayList<>(List.of("bytes", false, "queue_in_bytes", false, "thresh", thresh,
                "maxthresh", maxthresh, "q_weight", qWeight, "linterm", linterm, "mean_pktsize", 1000));
        kv.addAll(List.of(more));
        return kv.toArray();
    }

    static Packet pkt(int size, Ecn ecn) {
        return StubContext.packet(size, ecn);
    }

    static void fill(Ns2Red d, int n, int size) {
        while (d.packets() < n) {
            d.enqueue(pkt(size, Ecn.NOT_ECT));
        }
    }

    /** One arrival that sees the queue as it is; if accepted, the head leaves, so the length stays. */
    static boolean held(Ns2Red d, Packet p) {
        boolean in = d.enqueue(p);
        if (in) {
            d.dequeue();
        }
        return in;
    }

    @Test
    void constantRateArrivalsGiveNs2sAverageSequenceAndIdleDecay() {
        // 1000-byte frames every 0.65 ms into an 8 Mb/s link (1 ms each): arrival k finds
        // k - 1 - floor(0.65 k) packets waiting: 0 0 0 1 1 1 2 2 2 3 3 3. With q_weight 1/4,
        // ave_k = 3/4 ave_{k-1} + q_k / 4. The link empties at 12 ms and finds the queue empty then;
        // the arrival at 20.5 ms has been idle 8.5 ms = 8.5 packet times: m = int(8.5) = 8, so
        // ave = 2.325061798095703 (3/4)^(8+1) + 0; the one at 20.9 ms finds 0 waiting: * 3/4.
        // ns-2.35 (/usr/bin/ns, same set-up, ave_ printed after each send) gives 0 0 0 0.25 0.4375
        // 0.578125 0.933594 1.2002 1.40015 1.80011 2.10008 2.32506 0.174577 0.130932.
        TwoNodeBench bench = new TwoNodeBench(1, QueueLimit.packets(100));
        Ns2Red red = (Ns2Red) QueueDisciplines.create("ns2-red", params(packets(100, 200, 0.25, 10)), QueueLimit.packets(100));
        bench.discipline(red);
        List<Double> seen = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            at.add(k * 650_000L);
        }
        at.add(20_500_000L);
        at.add(20_900_000L);
        for (long t : at) {
            bench.net.at(t, "a", () -> {
                bench.a.send(TwoNodeBench.frame(Ecn.NOT_ECT));
                seen.add(red.ave());
            });
        }
        bench.run(100 * MS);
        assertEquals(List.of(0.0, 0.0, 0.0, 0.25, 0.4375, 0.578125, 0.93359375, 1.2001953125, 1.400146484375,
                1.80010986328125, 2.1000823974609375, 2.325061798095703, 0.17457653568999376, 0.13093240176749532), seen);
        assertEquals(14, bench.received);
    }

    @Test
    void noDropWhileAtMostOnePacketWaitsEvenAboveMaxthresh() {
        // thresh 2, maxthresh 4, q_weight 1/8, not gentle, use_mark_p off (so ave >= 4 is a forced drop).
        // 20 arrivals at once: the first 9 see 0..8 waiting and are kept (two draws, at 7 and 8
        // waiting: wait_ makes p = 0); ave reaches 4 at the 10th, which with 9 waiting is a forced drop,
        // as are the 10 after it: ave = 7.712141037044643 (ave_k = 7/8 ave + 9/8 from there).
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(2, 4, 0.125, 10, "gentle", false, "use_mark_p", false));
        for (int i = 0; i < 20; i++) {
            red.enqueue(pkt(1000, Ecn.NOT_ECT));
        }
        assertEquals(9, red.packets());
        assertEquals(11, ctx.drops(DropReason.QUEUE_FORCED));
        assertEquals(2, ctx.draws);
        assertEquals(7.712141037044643, red.ave());
        while (red.packets() > 1) {
            red.dequeue();
        }
        // one packet waits: ave = 7/8 ave + 1/8 each time, all >= maxthresh, all kept, no draw
        for (double expected : new double[] {6.873123407414062, 6.138982981487304, 5.4966101088013914}) {
            assertTrue(held(red, pkt(1000, Ecn.NOT_ECT)));
            assertEquals(expected, red.ave());
        }
        assertTrue(red.enqueue(pkt(1000, Ecn.NOT_ECT)));       // sees 1: ave 4.9345338452012175, kept; now 2 wait
        assertEquals(4.9345338452012175, red.ave());
        assertFalse(red.enqueue(pkt(1000, Ecn.NOT_ECT)));      // sees 2: ave 7/8 * 4.934... + 2/8 = 4.567... >= 4
        assertEquals(4.5677171145510655, red.ave());
        assertEquals(12, ctx.drops(DropReason.QUEUE_FORCED));
        assertEquals(2, ctx.draws);
    }

    @Test
    void waitSpacesDropsUntilCountTimesPReachesOne() {
        // thresh 4, maxthresh 12, linterm 8 (max_p 1/8), q_weight 1 (ave = the queue an arrival sees).
        // Filling to 8: the arrival that sees 4 sets count = 1 (ns-2's "old" step), those seeing 5, 6, 7
        // make it 2, 3, 4. Held at 8: p1 = 1/8 (8 - 4) / 8 = 1/16 and the k-th arrival has count 4 + k.
        // wait_: p = 0 while count p1 < 1 (count < 16), p1 / (2 - count p1) below 2, i.e. 1 / (32 - count):
        // count 16: 1/16, count 24: 1/8, count 30: 1/2, count 31: 1 (dropped, the draw being 0.99).
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8));
        fill(red, 8, 1000);
        assertEquals(4, red.count());
        assertEquals(3, ctx.draws);
        for (int k = 1; k <= 26; k++) {
            assertTrue(held(red, pkt(1000, Ecn.NOT_ECT)), "arrival " + k);
            int count = 4 + k;
            assertEquals(count, red.count());
            assertEquals(0.0625, red.prob1());
            if (count < 16) {
                assertEquals(0.0, red.prob(), "count " + count);
            } else if (count == 16) {
                assertEquals(0.0625, red.prob());
            } else if (count == 24) {
                assertEquals(0.125, red.prob());
            } else if (count == 30) {
                assertEquals(0.5, red.prob());
            }
        }
        assertFalse(held(red, pkt(1000, Ecn.NOT_ECT)));       // count 31: p = 1
        assertEquals(1.0, red.prob());
        assertEquals(0, red.count());
        assertEquals(List.of(DropReason.QUEUE_EARLY), ctx.drops);
        assertEquals(3 + 27, ctx.draws);
        assertTrue(held(red, pkt(1000, Ecn.NOT_ECT)));        // count 1: p = 0 again
        assertEquals(0.0, red.prob());
    }

    @Test
    void withoutWaitTheCountCorrectionIsPOverOneMinusCountP() {
        // As above with wait_ off: p = p1 / (1 - count p1) = 1 / (16 - count): count 8: 1/8, count 14: 1/2,
        // count 15: 1 (dropped)
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8, "wait", false));
        fill(red, 8, 1000);
        for (int k = 1; k <= 10; k++) {
            assertTrue(held(red, pkt(1000, Ecn.NOT_ECT)));
            if (4 + k == 8) {
                assertEquals(0.125, red.prob());
            } else if (4 + k == 14) {
                assertEquals(0.5, red.prob());
            }
        }
        assertFalse(held(red, pkt(1000, Ecn.NOT_ECT)));
        assertEquals(1.0, red.prob());
        assertEquals(List.of(DropReason.QUEUE_EARLY), ctx.drops);
    }

    @Test
    void countGoesOnBelowThreshAndRestartsAtOneWhenCrossingIt() {
        // red.cc:673 counts every arrival; below thresh only old is cleared (709-713), and the first
        // arrival above thresh sets count = 1 (696-705)
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8));
        fill(red, 3, 1000);
        for (int i = 0; i < 5; i++) {
            held(red, pkt(1000, Ecn.NOT_ECT));
        }
        assertEquals(8, red.count());
        red.enqueue(pkt(1000, Ecn.NOT_ECT));                  // sees 3 (< 4)
        red.enqueue(pkt(1000, Ecn.NOT_ECT));                  // sees 4: count = 1
        assertEquals(1, red.count());
        assertEquals(0, ctx.draws);
    }

    @Test
    void idleTimeDecaysTheAverageByIntPtcTimesIdlePlusOneSteps() {
        // ptc = 8 Mb/s / (8 * 1000 bytes) = 1000 per second; q_weight 1/2
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(100, 200, 0.5, 10));
        for (int i = 0; i < 4; i++) {
            red.enqueue(pkt(1000, Ecn.NOT_ECT));               // sees 0 1 2 3: ave 0, 0.5, 1.25, 2.125
        }
        assertEquals(2.125, red.ave());
        ctx.now = 1 * MS;
        for (int i = 0; i < 4; i++) {
            red.dequeue();                                     // empty now, but the link has not yet found it empty
        }
        ctx.now = 2 * MS;
        red.enqueue(pkt(1000, Ecn.NOT_ECT));                   // not idle: one step with 0 waiting
        assertEquals(1.0625, red.ave());
        red.dequeue();
        ctx.now = 3 * MS;
        assertEquals(null, red.dequeue());                     // the link finds it empty: idle from 3 ms
        ctx.now = 3 * MS + 3_990_000;
        red.enqueue(pkt(1000, Ecn.NOT_ECT));                   // m = int(1000 * 0.00399) = 3: 1.0625 / 2^4
        assertEquals(0.06640625, red.ave());
        red.enqueue(pkt(1000, Ecn.NOT_ECT));                   // 1 waiting: 0.06640625 / 2 + 1 / 2
        assertEquals(0.533203125, red.ave());
    }

    @Test
    void aLongIdlePeriodEndsWithOnePowerStep() {
        // q_weight 1e-7, 2000 s idle = 2,000,000 packet times (> 2^20 done one by one)
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(100, 200, 1e-7, 10));
        for (int i = 0; i < 3; i++) {
            red.enqueue(pkt(1000, Ecn.NOT_ECT));
        }
        double before = red.ave();                             // 1e-7 + 2e-7 (1 - 1e-7)
        while (red.dequeue() != null) {
            // drain; the last call finds it empty at t = 0
        }
        ctx.now = 2_000_000_000_000L + 500_000;                // m = int(2,000,000.5) = 2,000,000
        red.enqueue(pkt(1000, Ecn.NOT_ECT));
        double expected = before * Math.pow(1 - 1e-7, 2_000_001);
        assertEquals(expected, red.ave(), expected * 1e-9);   // a million roundings apart
    }

    @Test
    void gentleRegionRisesFromMaxPToOneAndDropsAtTwiceMaxthresh() {
        // thresh 4, maxthresh 12, max_p 1/8, gentle, q_weight 1. Held at 16:
        // p1 = max_p + (1 - max_p)(16 - 12) / 12 = 1/8 + 7/24 = 5/12 (ns-2: v_c ave + v_d).
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8, "use_mark_p", false));
        fill(red, 16, 1000);
        ctx.drops.clear();
        held(red, pkt(1000, Ecn.NOT_ECT));
        assertEquals(5.0 / 12, red.prob1(), 1e-15);
        fill(red, 24, 1000);
        ctx.drops.clear();
        int draws = ctx.draws;
        for (int i = 0; i < 5; i++) {                          // ave 24 = 2 maxthresh: forced, no draw
            assertFalse(red.enqueue(pkt(1000, Ecn.NOT_ECT)));
        }
        assertEquals(5, ctx.drops(DropReason.QUEUE_FORCED));
        assertEquals(draws, ctx.draws);
    }

    @Test
    void withUseMarkPTheDropsAboveTwiceMaxthreshAreEarlyDropsWithADraw() {
        // ns-2's default use_mark_p_ true skips the forced branch (red.cc:692): p1 = 1, drawn against
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8));
        fill(red, 24, 1000);
        ctx.drops.clear();
        int draws = ctx.draws;
        for (int i = 0; i < 5; i++) {
            assertFalse(red.enqueue(pkt(1000, Ecn.NOT_ECT)));
        }
        assertEquals(1.0, red.prob1(), 1e-15);
        assertEquals(5, ctx.drops(DropReason.QUEUE_EARLY));
        assertEquals(draws + 5, ctx.draws);
    }

    @Test
    void notGentleForcesAtMaxthresh() {
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8, "gentle", false, "use_mark_p", false));
        fill(red, 12, 1000);
        ctx.drops.clear();
        assertFalse(red.enqueue(pkt(1000, Ecn.NOT_ECT)));
        assertEquals(List.of(DropReason.QUEUE_FORCED), ctx.drops);
    }

    @Test
    void byteModeMeasuresBytesAndScalesByPacketSize() {
        // bytes_ and queue_in_bytes_, mean_pktsize 500: thresh 4 -> 2000 bytes, maxthresh 12 -> 6000.
        // 1000-byte packets held at 4000 bytes: p1 = 1/8 (4000 - 2000) / 4000 = 1/16. Filling: the
        // arrival seeing 2000 bytes sets count_bytes = 1000, the one seeing 3000 makes it 2000; the
        // k-th held arrival has count_bytes 2000 + 1000 k, count1 = that / 500 = 4 + 2k.
        // wait_: count1 16 (k = 6): p = 1/16 / (2 - 1) = 1/16, times size / mean = 2: 1/8;
        // count1 24 (k = 10): 1/16 / (1/2) * 2 = 1/4; count1 30 (k = 13): 1/16 / (1/8) * 2 = 1: dropped.
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), "thresh", 4, "maxthresh", 12, "q_weight", 1, "linterm", 8);
        assertEquals(2000.0, red.thMin());
        assertEquals(6000.0, red.thMax());
        fill(red, 4, 1000);
        assertEquals(2000, red.countBytes());
        for (int k = 1; k <= 12; k++) {
            assertTrue(held(red, pkt(1000, Ecn.NOT_ECT)));
            assertEquals(4000.0, red.ave());
            if (k == 6) {
                assertEquals(0.125, red.prob());
            } else if (k == 10) {
                assertEquals(0.25, red.prob());
            } else if (k < 6) {
                assertEquals(0.0, red.prob());
            }
        }
        assertFalse(held(red, pkt(1000, Ecn.NOT_ECT)));
        assertEquals(1.0, red.prob());
        assertEquals(List.of(DropReason.QUEUE_EARLY), ctx.drops);
        assertEquals(4.0 * 1000 / 500, red.averageQueue());  // reported in mean-sized packets
    }

    @Test
    void byteCountIsTruncatedToWholeMeanPackets() {
        // modify_p (red.cc:481-483): count1 = count_bytes / mean_pktsize in integer arithmetic
        assertEquals(0.0, Ns2Red.modifyP(1.0 / 16, 0, 7999, true, 500, true, 500));          // 15 / 16 < 1
        assertEquals(1.0 / 16, Ns2Red.modifyP(1.0 / 16, 0, 8000, true, 500, true, 500));    // 16: 1/16 / 1
        assertEquals(1.0 / 32, Ns2Red.modifyP(1.0 / 16, 0, 8000, true, 500, true, 250));    // * 250 / 500
        assertEquals(1.0 / 8, Ns2Red.modifyP(1.0 / 16, 8, 0, false, 500, false, 500));     // 1/16 / (1 - 1/2)
    }

    @Test
    void inByteModeOneWaitingPacketIsMoreThanOneByte() {
        // red.cc:691 compares qlen > 1 in the queue's unit: in bytes a single waiting packet counts
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red bytes = red(ctx, QueueLimit.packets(100), "thresh", 1, "maxthresh", 1, "q_weight", 1, "gentle", false,
                "use_mark_p", false);
        bytes.enqueue(pkt(1000, Ecn.NOT_ECT));
        assertFalse(bytes.enqueue(pkt(1000, Ecn.NOT_ECT)));   // ave 1000 >= 500 bytes and 1000 > 1: forced
        assertEquals(List.of(DropReason.QUEUE_FORCED), ctx.drops);
        ScriptedContext ctx2 = new ScriptedContext(MBIT8);
        Ns2Red pkts = red(ctx2, QueueLimit.packets(100), packets(1, 1, 1, 10, "gentle", false, "use_mark_p", false));
        pkts.enqueue(pkt(1000, Ecn.NOT_ECT));
        assertTrue(pkts.enqueue(pkt(1000, Ecn.NOT_ECT)));     // one packet waiting: kept
    }

    @Test
    void setbitMarksEcnCapablePacketsWhileP1IsBelowMarkP() {
        // held at 8 (p1 = 1/16 < mark_p 0.1), wait off, draw 0: selected
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8, "wait", false, "setbit", true));
        fill(red, 8, 1000);
        ctx.draws(0.0, 0.0);
        Packet ect = pkt(1000, Ecn.ECT0);
        assertTrue(red.enqueue(ect));
        assertEquals(Ecn.CE, ect.ecn());
        assertEquals(1, ctx.marks);
        assertEquals(0, red.count());
        red.dequeue();
        assertFalse(red.enqueue(pkt(1000, Ecn.NOT_ECT)));     // not ECN-capable: dropped early
        assertEquals(List.of(DropReason.QUEUE_EARLY), ctx.drops);
        // held at 16 (gentle, p1 = 5/12 >= mark_p): an ECT packet selected is dropped, not marked
        fill(red, 16, 1000);
        ctx.drops.clear();
        ctx.draws(0.0);
        Packet ect2 = pkt(1000, Ecn.ECT0);
        assertFalse(red.enqueue(ect2));
        assertEquals(Ecn.ECT0, ect2.ecn());
        assertEquals(List.of(DropReason.QUEUE_EARLY), ctx.drops);
        assertEquals(1, ctx.marks);
    }

    @Test
    void withoutUseMarkPSetbitMarksAtAnyProbability() {
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100),
                packets(4, 12, 1, 8, "wait", false, "setbit", true, "use_mark_p", false));
        fill(red, 16, 1000);
        ctx.drops.clear();
        long marks = ctx.marks;
        ctx.draws(0.0);
        Packet ect = pkt(1000, Ecn.ECT1);
        assertTrue(red.enqueue(ect));
        assertEquals(Ecn.CE, ect.ecn());
        assertEquals(marks + 1, ctx.marks);
        assertEquals(List.of(), ctx.drops);
    }

    @Test
    void limitCountsWaitingPacketsOnlyAndOverflowResetsCount() {
        // red.cc:714: dropped when the waiting queue already holds limit_ packets
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(5), packets(100, 200, 0.002, 10));
        for (int i = 0; i < 7; i++) {
            red.enqueue(pkt(1000, Ecn.NOT_ECT));
        }
        assertEquals(5, red.packets());
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW, DropReason.QUEUE_OVERFLOW), ctx.drops);
        assertEquals(0, red.count());
        // in byte mode the limit is limit_ * mean_pktsize bytes and the arrival's size is not looked at
        ScriptedContext ctx2 = new ScriptedContext(MBIT8);
        Ns2Red bytes = red(ctx2, QueueLimit.packets(5), "thresh", 100, "maxthresh", 200, "q_weight", 0.002);
        for (int i = 0; i < 4; i++) {
            bytes.enqueue(pkt(1000, Ecn.NOT_ECT));             // sees 0, 1000, 2000 (< 2500): kept; 3000: dropped
        }
        assertEquals(3000, bytes.bytes());
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW), ctx2.drops);
    }

    @Test
    void limitMapping() {
        assertEquals(50, Ns2Red.ns2Limit(QueueLimit.packets(50), false, 500));
        assertEquals(25_000, Ns2Red.ns2Limit(QueueLimit.packets(50), true, 500));
        assertEquals(64_000, Ns2Red.ns2Limit(QueueLimit.bytes(64_000), true, 500));
        assertEquals(128, Ns2Red.ns2Limit(QueueLimit.bytes(64_000), false, 500));
        assertEquals(40, Ns2Red.ns2Limit(new QueueLimit(50, 20_000), false, 500));
    }

    @Test
    void adaptiveRedMovesMaxPUpAndDownOnArrivals() {
        // thresh 4, maxthresh 12, linterm 8 (max_p 1/8), q_weight 1. Target band (red.cc:366-372):
        // decrease below 4 + 0.4 * 8 = 7.2, increase above 12 - 3.2 = 8.8, at most once per interval 0.5 s.
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 8, "adaptive", true));
        assertEquals(0.01, red.bottom());                      // min(0.01, 80000 / 8e6 = 0.01)
        ctx.now = 100 * MS;
        fill(red, 10, 1000);                                   // before lastset (0) + 0.5 s: no change
        assertEquals(0.125, red.curMaxP());
        ctx.now = 600 * MS;
        held(red, pkt(1000, Ecn.NOT_ECT));                     // ave 10 > 8.8: + min(alpha 0.01, max_p / 4)
        assertEquals(0.125 + 0.01, red.curMaxP());
        ctx.now = 1000 * MS;
        held(red, pkt(1000, Ecn.NOT_ECT));                     // 1.0 s is not after 0.6 + 0.5
        assertEquals(0.125 + 0.01, red.curMaxP());
        ctx.now = 1200 * MS;
        held(red, pkt(1000, Ecn.NOT_ECT));
        assertEquals(0.125 + 0.01 + 0.01, red.curMaxP());
        // gentle's upper line keeps the initial max_p (v_c, v_d set at reset, red.cc:317-320): at ave 12, p1 = 1/8
        fill(red, 12, 1000);
        held(red, pkt(1000, Ecn.NOT_ECT));
        assertEquals(0.125, red.prob1(), 1e-15);
        while (red.packets() > 2) {
            red.dequeue();
        }
        ctx.now = 1800 * MS;
        held(red, pkt(1000, Ecn.NOT_ECT));                     // ave 2 < 7.2: * beta 0.9
        assertEquals((0.125 + 0.01 + 0.01) * 0.9, red.curMaxP());
        ctx.now = 1850 * MS;
        fill(red, 8, 1000);
        ctx.now = 2400 * MS;
        held(red, pkt(1000, Ecn.NOT_ECT));                     // ave 8 is inside [7.2, 8.8]: no change
        assertEquals((0.125 + 0.01 + 0.01) * 0.9, red.curMaxP());
    }

    @Test
    void adaptiveIncreaseIsCappedAtAQuarterOfMaxPAndBoundedByTopAndBottom() {
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red small = red(ctx, QueueLimit.packets(100), packets(4, 12, 1, 50, "adaptive", true));
        fill(small, 10, 1000);
        ctx.now = 600 * MS;
        held(small, pkt(1000, Ecn.NOT_ECT));
        assertEquals(0.02 + 0.005, small.curMaxP());           // alpha 0.01 > 0.02 / 4

        ScriptedContext c2 = new ScriptedContext(MBIT8);
        Ns2Red atTop = red(c2, QueueLimit.packets(100), packets(4, 12, 1, 2, "adaptive", true));
        fill(atTop, 10, 1000);
        c2.now = 600 * MS;
        held(atTop, pkt(1000, Ecn.NOT_ECT));
        assertEquals(0.5, atTop.curMaxP());                    // top 0.5 is not above 0.5

        ScriptedContext c3 = new ScriptedContext(MBIT8);
        Ns2Red atBottom = red(c3, QueueLimit.packets(100), packets(4, 12, 1, 100, "adaptive", true));
        c3.now = 600 * MS;
        atBottom.enqueue(pkt(1000, Ecn.NOT_ECT));
        assertEquals(0.01, atBottom.curMaxP());                // bottom 0.01 is not below 0.01
    }

    @Test
    void automaticSettingsFollowInitializeParams() {
        // 10 Mb/s, mean_pktsize 500: ptc = 1e7 / 4000 = 2500 per second
        ScriptedContext ctx = new ScriptedContext(10_000_000);
        ctx.delay = 50 * MS;
        Ns2Red d = red(ctx, QueueLimit.packets(100));          // all of ns-default.tcl's values
        // q_weight -1: rtt = 3 (0.05 + 1/2500) = 0.1512; 1 - exp(-1 / (10 * 0.1512 * 2500))
        assertEquals(1 - Math.exp(-1 / (10 * 3 * (0.05 + 1 / 2500.0) * 2500)), d.qWeight(), 1e-18);
        // thresh 0: target queue 0.005 * 2500 = 12.5 packets, half is 6.25 > 5; maxthresh 3 * 6.25; in bytes
        assertEquals(6.25 * 500, d.thMin());
        assertEquals(18.75 * 500, d.thMax());
        assertEquals(0.008, d.bottom());                       // 80000 / 1e7 < 0.01
        ctx.delay = 20 * MS;                                   // rtt 0.0612 < 0.1: 0.1
        assertEquals(1 - Math.exp(-1 / 2500.0), red(ctx, QueueLimit.packets(100)).qWeight(), 1e-18);
        assertEquals(1 - Math.exp(-1 / 2500.0), red(ctx, QueueLimit.packets(100), "q_weight", 0).qWeight(), 1e-18);
        assertEquals(1 - Math.exp(-10 / 2500.0), red(ctx, QueueLimit.packets(100), "q_weight", -2).qWeight(), 1e-18);
        ScriptedContext slow = new ScriptedContext(1_000_000);  // ptc 250: 1.25 / 2 < 5
        Ns2Red s = red(slow, QueueLimit.packets(100), "queue_in_bytes", false);
        assertEquals(5.0, s.thMin());
        assertEquals(15.0, s.thMax());
        assertEquals(0.01, s.bottom());
    }

    @Test
    void automaticSettingsNeedALinkRate() {
        Ns2Red d = (Ns2Red) QueueDisciplines.create("ns2-red", Map.of(), QueueLimit.packets(100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.attach(new ScriptedContext(0)));
        assertTrue(e.getMessage().startsWith("ns2-red: q_weight <= 0, thresh 0"), e.getMessage());
        Ns2Red fixed = (Ns2Red) QueueDisciplines.create("ns2-red", params(packets(5, 15, 0.002, 10)), QueueLimit.packets(100));
        fixed.attach(new ScriptedContext(0));                  // nothing automatic: fine
        assertEquals(0.002, fixed.qWeight());
    }

    @Test
    void adoptedPacketsOnlyMeetTheLimit() {
        ScriptedContext ctx = new ScriptedContext(MBIT8);
        Ns2Red red = red(ctx, QueueLimit.packets(2), packets(1, 2, 1, 10, "use_mark_p", false, "gentle", false));
        assertTrue(red.adopt(pkt(1000, Ecn.NOT_ECT)));
        assertTrue(red.adopt(pkt(1000, Ecn.NOT_ECT)));
        assertFalse(red.adopt(pkt(1000, Ecn.NOT_ECT)));
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW), ctx.drops);
        assertEquals(0.0, red.ave());
    }
}
