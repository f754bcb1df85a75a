package org.aspen.vnet.node;

import org.aspen.vnet.packet.Packet;

/**
 * Node-wide settings.
 *
 * @param maxFrame     largest frame accepted from a link (larger: counted as oversized)
 * @param defaultTtl   TTL of packets this node originates
 * @param helloNanos   interval between routing hellos on each link
 * @param deadNanos    a neighbour silent this long is declared down
 * @param lsaRefreshNanos interval at which a node re-floods its own link-state advert
 */
public record NodeConfig(int maxFrame, int defaultTtl, long helloNanos, long deadNanos, long lsaRefreshNanos) {
    public static final NodeConfig DEFAULT = new NodeConfig(16_384, Packet.DEFAULT_TTL,
            250_000_000L, 1_000_000_000L, 30_000_000_000L);

    public NodeConfig {
        if (maxFrame < Packet.HEADER_LENGTH || maxFrame > Packet.MAX_FRAME) {
            throw new IllegalArgumentException("maxFrame must be " + Packet.HEADER_LENGTH + "-" + Packet.MAX_FRAME);
        }
        if (defaultTtl < 1 || defaultTtl > 255) {
            throw new IllegalArgumentException("defaultTtl must be 1-255");
        }
        if (helloNanos <= 0 || deadNanos <= helloNanos) {
            throw new IllegalArgumentException("hello interval must be positive and shorter than the dead interval");
        }
        if (lsaRefreshNanos <= 0) {
            throw new IllegalArgumentException("LSA refresh interval must be positive");
        }
    }

    public NodeConfig withTimers(long helloNanos, long deadNanos) {
        return new NodeConfig(maxFrame, defaultTtl, helloNanos, deadNanos, lsaRefreshNanos);
    }
}
