package org.aspen.vnet.time;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Derives independent, reproducible random streams from one scenario seed.
 *
 * <pre>{@code
 * SplittableRandom nodeRandom = Seeds.stream(scenarioSeed, "node", "r1");
 * }</pre>
 *
 * The derivation depends only on the seed and the labels (never on object identity or on the
 * order in which streams are created), so adding a node does not change another node's draws.
 */
public final class Seeds {
    private Seeds() {
    }

    public static SplittableRandom stream(long seed, String... labels) {
        return new SplittableRandom(derive(seed, labels));
    }

    public static long derive(long seed, String... labels) {
        long h = mix(seed ^ 0x9E3779B97F4A7C15L);
        for (String label : labels) {
            for (byte b : label.getBytes(StandardCharsets.UTF_8)) {
                h = mix(h ^ (b & 0xff));
            }
            h = mix(h ^ 0xFF);
        }
        return h;
    }

    /** SplitMix64's finaliser: a bijective 64-bit mixing function. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
