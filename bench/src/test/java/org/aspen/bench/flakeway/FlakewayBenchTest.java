package org.aspen.bench.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The real-mode benchmark runs end to end, small: function, not speed. */
class FlakewayBenchTest {
    @Test
    void smallRunReportsEveryRowAndNeverADelayBelowTheAskedOne() throws Exception {
        FlakewayBench.Result r = FlakewayBench.run(new FlakewayBench.Options(List.of(0, 20), 100, 1000, 2000, 1, 200));
        assertEquals(4, r.delays().size(), "a no-flakeway row before each delay");
        FlakewayBench.DelayRow twenty = r.delays().get(3);
        assertEquals(20, twenty.delayMs());
        assertTrue(twenty.p50Nanos() >= 20_000_000L, "seen " + twenty.p50Nanos());
        assertEquals(List.of(FlakewayBench.Mode.NONE, FlakewayBench.Mode.NODE, FlakewayBench.Mode.AA, FlakewayBench.Mode.PASS),
                r.rates().stream().map(FlakewayBench.RateRow::mode).toList());
        assertTrue(r.rates().stream().allMatch(x -> x.deliveredPps() > 0), r.summary());
        // the node forwards every frame it is handed, with or without an AA (an AA's queue never overflows)
        assertTrue(r.rates().stream().allMatch(x -> x.forwarded() == 2000), r.summary());
        assertTrue(r.summary().contains("constant overhead"));
    }
}
