package org.aspen.bench.vnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Checks what the benchmark counts, not how fast it runs. */
class SimSpeedTest {
    @Test
    void countsHopsAndIsDeterministic() {
        SimSpeed.Result a = SimSpeed.run(10, 20_000_000L, 1);
        SimSpeed.Result b = SimSpeed.run(10, 20_000_000L, 1);
        SimSpeed.Result c = SimSpeed.run(10, 20_000_000L, 2);
        assertEquals(a.traceHash(), b.traceHash());
        assertEquals(a.packetHops(), b.packetHops());
        assertEquals(a.events(), b.events());
        assertNotEquals(a.traceHash(), c.traceHash());
        // 10 sources, one packet per interval each, for 20 ms (the last few ms still in flight)
        long sent = 10 * 20_000_000L / SimSpeed.SEND_INTERVAL_NANOS;
        assertTrue(a.delivered() > sent * 3 / 4 && a.delivered() <= sent, "delivered " + a.delivered());
        assertTrue(a.packetHops() > 2 * a.delivered(), "multi-hop: " + a.packetHops());
        assertTrue(a.hopsPerSecond() > 0 && a.eventsPerSecond() > 0);
    }
}
