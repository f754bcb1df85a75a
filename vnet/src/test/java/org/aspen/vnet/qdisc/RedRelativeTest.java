package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.aspen.vnet.link.LinkCounters;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Relative checks in the style of mature AQM suites: the same scripted on-off load (200 ms bursts
 * at 1.2 times the link rate, then 400 ms of silence, so the link is not overloaded on average and
 * a large buffer alone would drop nothing) through RED with one parameter changed; the direction of the change in
 * RED's own drops (early + forced) is what the algorithm predicts.
 */
class RedRelativeTest {
    static final QueueLimit BIG = QueueLimit.packets(1000);

    static long redDrops(Map<String, Object> overrides) {
        Map<String, Object> p = new HashMap<>(Map.of("min_th", 5, "max_th", 15, "max_p", 0.1, "w_q", 0.01,
                "gentle", true));
        p.putAll(overrides);
        TwoNodeBench bench = new TwoNodeBench(11, BIG).discipline(QueueDisciplines.create("red", p, BIG));
        bench.onOff(10, 200, 400, 1.2).run(10_000_000_000L);
        LinkCounters c = bench.link.counters();
        assertEquals(0, c.drops(DropReason.QUEUE_OVERFLOW));
        assertEquals(c.enqueued, bench.received, "everything queued is delivered");
        return c.drops(DropReason.QUEUE_EARLY) + c.drops(DropReason.QUEUE_FORCED);
    }

    @Test
    void theLoadDropsNothingWithDropTail() {
        TwoNodeBench bench = new TwoNodeBench(11, BIG).onOff(10, 200, 400, 1.2).run(10_000_000_000L);
        assertEquals(0, bench.link.counters().totalDrops());
        assertEquals(2400, bench.received);
        assertEquals(40, bench.link.counters().peakQueue);
    }

    @ParameterizedTest(name = "{0}: {1} -> {2} gives more drops")
    @CsvSource({"w_q, 0.002, 0.02", "max_p, 0.02, 0.2", "max_th, 40, 10", "gentle, true, false"})
    void changingOneParameterMovesDropsTheWayRedPredicts(String parameter, String fewer, String more) {
        long a = redDrops(Map.of(parameter, fewer));
        long b = redDrops(Map.of(parameter, more));
        assertTrue(b > a * 1.2, parameter + " " + more + ": " + b + " drops, " + parameter + " " + fewer + ": " + a);
    }
}
