package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** Exact, deterministic behaviour of single rules in simulated time. */
class ImpairmentBehaviourTest {
    static final long MS = Harness.MS;

    @Test
    void fixedDelayIsExact() {
        Harness h = new Harness(1, "name d; delay 50ms").offer(100, 3 * MS, 500);
        assertEquals(100, h.out.size());
        assertTrue(Arrays.stream(h.delays()).allMatch(d -> d == 50 * MS));
        assertTrue(h.inOrder());
    }

    @Test
    void jitterKeepsOrderUnlessReorderingIsOn() {
        // 1 ms apart with +-20 ms of jitter: without order keeping most neighbours would swap
        Harness kept = new Harness(2, "name j; delay 50ms jitter 20ms uniform").offer(2_000, MS, 100);
        assertTrue(kept.inOrder());
        assertTrue(Arrays.stream(kept.delays()).allMatch(d -> d >= 30 * MS));
        assertTrue(Arrays.stream(kept.delays()).distinct().count() > 100, "the jitter is really there");

        Harness mixed = new Harness(2, "name j; delay 50ms jitter 20ms uniform; reorder 10% gap 3").offer(2_000, MS, 100);
        assertFalse(mixed.inOrder());
        assertTrue(mixed.counters().reordered > 0);
    }

    @Test
    void reorderGapSpacesTheImmediatePackets() {
        Harness h = new Harness(3, "name r; delay 10ms; reorder 100% gap 5").offer(100, MS, 100);
        long[] d = h.delays();
        int[] seqs = h.out.stream().filter(o -> o.at() == Harness.MS * 0 + h.offeredAt.get(o.seq())).mapToInt(Harness.Out::seq).toArray();
        // with certainty after every 4 delayed packets: the 5th, 10th, ... go at once
        assertEquals(20, seqs.length);
        assertTrue(Arrays.stream(seqs).allMatch(s -> s % 5 == 4), Arrays.toString(seqs));
        assertEquals(80, Arrays.stream(d).filter(x -> x == 10 * MS).count());
    }

    @Test
    void serialisationRateLimitHolds() {
        // 1000-byte frames offered at 2 Mb/s (every 4 ms) through a 1 Mb/s limit: 8 ms apart out
        Harness h = new Harness(4, "name r; rate 1mbit; limit 1000").offer(1_000, 4 * MS, 1_000);
        assertEquals(1_000, h.out.size());
        for (int i = 1; i < h.out.size(); i++) {
            assertEquals(8 * MS, h.out.get(i).at() - h.out.get(i - 1).at());
        }
        long span = h.out.get(999).at() - h.out.get(0).at() + 8 * MS;
        assertEquals(1_000_000.0, 1_000 * 8_000 * 1e9 / span, 1e-6);

        // with the default buffer (64 KiB: no delay to size it from) the excess overflows, counted,
        // and what gets through still leaves at the limit's pace
        Harness d = new Harness(4, "name r; rate 1mbit").offer(1_000, 4 * MS, 1_000);
        assertEquals(1_000, d.out.size() + d.counters().overflow);
        assertTrue(d.counters().overflow > 400);
        for (int i = 1; i < d.out.size(); i++) {
            assertTrue(d.out.get(i).at() - d.out.get(i - 1).at() >= 8 * MS);
        }
    }

    @Test
    void tokenBucketPassesTheBurstThenHoldsTheRate() {
        Harness h = new Harness(5, "name b; rate 1mbit bucket burst 10KB").offer(30, 0, 1_000);
        // all 30 offered at t = 0: the 10 kB bucket lets 10 go at once, then one per 8 ms
        long[] at = h.out.stream().mapToLong(Harness.Out::at).toArray();
        assertEquals(10, Arrays.stream(at).filter(t -> t == 0).count());
        for (int i = 10; i < 30; i++) {
            assertEquals((i - 9) * 8 * MS, at[i], "packet " + i);
        }
    }

    @Test
    void bufferSizedFromTheBandwidthDelayProductDoesNotCapThroughput() {
        // 500 ms at 100 Mb/s holds 6250 frames of 1000 bytes: far more than netem's default 1000
        String rule = "name w; delay 500ms; bandwidth 100mbit";
        Harness h = new Harness(6, rule).offer(25_000, 80_000, 1_000);   // 100 Mb/s for 2 s
        assertEquals(0, h.counters().overflow);
        assertEquals(25_000, h.out.size());
        // 6250 in flight, one more when an arrival and a departure fall on the same instant
        assertTrue(h.counters().peakHeldPackets >= 6_250 && h.counters().peakHeldPackets <= 6_251);
        long span = h.out.get(24_999).at() - h.out.get(0).at() + 80_000;
        assertEquals(100e6, 25_000 * 8_000 * 1e9 / span, 1);

        Harness capped = new Harness(6, rule + "; limit 1000").offer(25_000, 80_000, 1_000);
        assertEquals(1_000, capped.counters().peakHeldPackets);
        assertTrue(capped.counters().overflow > 15_000, "the 1000-packet pitfall, counted: " + capped.counters().overflow);
        assertEquals(capped.counters().overflow, capped.overflowDrops);
    }

    @Test
    void aRuleWithoutBandwidthGetsTheSafetyCapAndCountsOverflow() {
        RuleSpec s = RuleSpecs.parse("name x; delay 1s");
        assertEquals(RuleSpec.SAFETY_CAP_BYTES, s.bufferBytes());
        assertEquals(2 * 10_000_000L * 1 / 8, RuleSpecs.parse("name x; delay 1s; bandwidth 10mbit").bufferBytes());
        assertEquals(RuleSpec.MIN_BUFFER_BYTES, RuleSpecs.parse("name x; delay 1ms; bandwidth 10mbit").bufferBytes());
    }

    @Test
    void corruptionFlipsDistinctBitsInsideTheFrame() {
        Harness h = new Harness(7, "name c; corrupt 100% bits 3").offer(500, MS, 100);
        assertEquals(500, h.counters().corrupted);
        for (Harness.Out o : h.out) {
            int[] bits = o.flips().bits();
            assertEquals(3, Arrays.stream(bits).distinct().count());
            assertTrue(Arrays.stream(bits).allMatch(b -> b >= 0 && b < 800));
        }
    }

    @Test
    void sameSeedSameRunAndRulesDrawIndependently() {
        String rule = "name a; delay 10ms jitter 5ms normal; loss 10%";
        long[] one = new Harness(8, rule).offer(2_000, MS, 100).delays();
        long[] two = new Harness(8, rule).offer(2_000, MS, 100).delays();
        assertTrue(Arrays.equals(one, two));
        assertFalse(Arrays.equals(one, new Harness(9, rule).offer(2_000, MS, 100).delays()));

        // adding a rule that takes other packets does not change this rule's draws
        Harness both = new Harness(8, "name other; match dst=10.9.9.9; loss 50%");
        both.engine.set(RuleSpecs.parse(rule));
        assertTrue(Arrays.equals(one, both.offer(2_000, MS, 100).delays()));
    }

    @Test
    void rulesAreSetChangedAndClearedAtRunTime() {
        Harness h = new Harness(10, "name a; delay 10ms");
        h.offer(10, MS, 100);
        RuleCounters before = h.counters();
        h.engine.set(RuleSpecs.parse("name a; delay 30ms"));
        assertEquals(before, h.counters(), "changing keeps the counters");
        h.offer(10, MS, 100);
        assertEquals(20, h.counters().matched);
        assertEquals(30 * MS, h.delays()[15]);

        h.offer(5, 0, 100);
        h.engine.offer(Harness.packet(100), 99);   // held for 30 ms
        assertTrue(h.engine.clear("a"));
        h.drain();
        assertEquals(99, h.out.get(h.out.size() - 1).seq(), "a cleared rule still lets its packets out");
        assertFalse(h.engine.offer(Harness.packet(100), 100), "no rule: the caller keeps the packet");
        assertNull(h.engine.counters("a"));
        assertFalse(h.engine.clear("a"));
    }

    @Test
    void firstMatchingRuleTakesThePacketAndPortsComeFromTheReader() {
        Harness h = new Harness(11, "name web; match dport=80; delay 7ms");
        h.engine.set(RuleSpecs.parse("name rest; delay 1ms"));
        Packet web = Packet.builder().source(Harness.A).destination(Harness.C).protocol(Protocol.RAW)
                .payload(new byte[] {0x10, 0x00, 0x00, 80, 1, 2}).build();
        Packet other = Packet.builder().source(Harness.A).destination(Harness.C).protocol(Protocol.RAW)
                .payload(new byte[] {0x10, 0x00, 0x00, 81}).build();
        Packet rdp = Packet.builder().source(Harness.A).destination(Harness.C).protocol(Protocol.RDP)
                .payload(new byte[] {0x10, 0x00, 0x00, 80}).build();
        h.engine.offer(web, 0);
        h.engine.offer(other, 1);
        h.engine.offer(rdp, 2);
        h.drain();
        assertEquals(List.of(1, 2, 0), h.out.stream().map(Harness.Out::seq).toList());
        assertEquals(1, h.engine.counters("web").matched);
        // RDP's ports appear once its header owner registers a reader
        h.engine.setPortReader(Protocol.RDP, PortReader.LEADING_PAIR);   // RDP's own are at 4 and 6
        assertTrue(h.engine.offer(rdp.copy(), 3));
        assertEquals(2, h.engine.counters("web").matched);
        assertNotEquals(0, h.engine.describe().size());
    }
}
