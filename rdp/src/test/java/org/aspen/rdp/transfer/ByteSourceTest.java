package org.aspen.rdp.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The seeded source's bytes are fixed by its definition (transfers compare digests across versions). */
class ByteSourceTest {
    /** The definition: each long of the seeded generator, lowest byte first; a short tail from nextInt. */
    private static byte[] reference(long seed, int size, int chunk) {
        SplittableRandom r = new SplittableRandom(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int left = size; left > 0; left -= chunk) {
            int n = Math.min(chunk, left);
            int i = 0;
            for (; i + 8 <= n; i += 8) {
                long v = r.nextLong();
                for (int k = 0; k < 8; k++) {
                    out.write((byte) (v >>> (8 * k)));
                }
            }
            for (; i < n; i++) {
                out.write((byte) r.nextInt());
            }
        }
        return out.toByteArray();
    }

    @Test
    void seededBytesFollowTheDefinitionInAnyChunking() {
        for (int chunk : new int[] {1000, 1400, 13, 8}) {
            ByteSource s = ByteSource.seeded(42, 10_007);
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[chunk];
            int n;
            while ((n = s.read(buf)) >= 0) {
                got.write(buf, 0, n);
            }
            assertEquals(10_007, got.size());
            assertArrayEquals(reference(42, 10_007, chunk), got.toByteArray(), "chunk " + chunk);
        }
    }

    @Test
    void arrivalGapsReportTheirTail() {
        ArrivalGaps g = new ArrivalGaps();
        long t = 0;
        g.arrived(t);
        for (int i = 0; i < 999; i++) {
            t += 3_000;            // 3 us: bucket [2, 4) us
            g.arrived(t);
        }
        t += 5_000_000;            // one stall of 5 ms
        g.arrived(t);
        assertEquals(1000, g.count());
        assertEquals(4, g.quantileMicros(0.99));
        assertEquals(8192, g.quantileMicros(1.0));
        assertEquals(5000, g.maxMicros());
        assertEquals(0, new ArrivalGaps().quantileMicros(0.99));
    }
}
