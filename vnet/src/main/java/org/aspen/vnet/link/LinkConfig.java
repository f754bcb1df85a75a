package org.aspen.vnet.link;

/**
 * A link's settings as seen from one end.
 *
 * <pre>{@code
 * new LinkConfig(10_000_000, 10_000_000, QueueLimit.packets(100), 1)   // 10 Mb/s, 10 ms, 100 packets, cost 1
 * }</pre>
 *
 * @param bandwidthBps rate of the output queue in bits/s (0: unlimited)
 * @param delayNanos   propagation delay: the in-memory wire's delay in the simulation, an added
 *                     delay before the UDP send in the real runtime (0: none)
 * @param limit        output buffer limit
 * @param cost         routing metric of this link (at least 1)
 */
public record LinkConfig(long bandwidthBps, long delayNanos, QueueLimit limit, int cost) {
    public static final LinkConfig DEFAULT = new LinkConfig(0, 0, QueueLimit.packets(1000), 1);

    public LinkConfig {
        if (bandwidthBps < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative");
        }
        if (delayNanos < 0) {
            throw new IllegalArgumentException("delay must not be negative");
        }
        if (cost < 1) {
            throw new IllegalArgumentException("link cost must be at least 1");
        }
    }

    /** Serialisation time of {@code bytes} at this rate, in ns (0 when unlimited). */
    public long txNanos(int bytes) {
        return bandwidthBps == 0 ? 0 : (bytes * 8L * 1_000_000_000L + bandwidthBps - 1) / bandwidthBps;
    }
}
