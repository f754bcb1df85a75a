package org.aspen.vnet.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every value that prints parses back to itself: durations over [0, {@link Units#MAX_NANOS}], rates
 * and sizes over [0, {@link Long#MAX_VALUE}], with the edges and round values (exact multiples of
 * every unit) drawn more often than uniform draws would. The seed is fixed: every run draws the same values.
 */
class UnitsPropertyTest {
    @Property(tries = 2000, seed = "32")
    void durationsPrintAndParseBack(@ForAll("durations") long nanos) {
        assertEquals(nanos, Units.nanos("d", Units.formatNanos(nanos)), Units.formatNanos(nanos));
    }

    @Property(tries = 2000, seed = "32")
    void ratesPrintAndParseBack(@ForAll("wholeRange") long bps) {
        assertEquals(bps, Units.bitsPerSecond("r", Units.formatRate(bps)), Units.formatRate(bps));
    }

    @Property(tries = 2000, seed = "32")
    void sizesPrintAndParseBack(@ForAll("wholeRange") long bytes) {
        assertEquals(bytes, Units.bytes("b", Units.formatBytes(bytes)), Units.formatBytes(bytes));
    }

    @Provide
    Arbitrary<Long> durations() {
        return spread(Units.MAX_NANOS);
    }

    @Provide
    Arbitrary<Long> wholeRange() {
        return spread(Long.MAX_VALUE);
    }

    /** Uniform draws, small ones, and multiples of 1000^k and 1024^k (the values written with larger units). */
    private static Arbitrary<Long> spread(long max) {
        Arbitrary<Long> multiples = Arbitraries.integers().between(0, 6).flatMap(k -> {
            long unit = k == 0 ? 1 : k <= 3 ? (long) Math.pow(1000, k) : 1L << (10 * (k - 3));
            return Arbitraries.longs().between(0, max / unit).map(n -> n * unit);
        });
        return Arbitraries.oneOf(Arbitraries.longs().between(0, max), Arbitraries.longs().between(0, 100_000),
                multiples, Arbitraries.of(0L, 1L, 999L, 1000L, 1023L, 1024L, max, max - 1));
    }
}
