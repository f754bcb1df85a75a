package org.aspen.rdp;

import java.util.EnumMap;
import java.util.Map;

/** Stack-wide counters: drops by reason, resets, connections. Read on the node's loop. */
public final class RdpCounters {
    private final EnumMap<RdpDrop, Long> drops = new EnumMap<>(RdpDrop.class);
    long segmentsIn;
    long segmentsOut;
    long resetsSent;
    long connectionsOpened;
    long connectionsRefused;

    void drop(RdpDrop why) {
        drops.merge(why, 1L, Long::sum);
    }

    public long drops(RdpDrop why) {
        return drops.getOrDefault(why, 0L);
    }

    public Map<RdpDrop, Long> drops() {
        return new EnumMap<>(drops);
    }

    public long segmentsIn() {
        return segmentsIn;
    }

    public long segmentsOut() {
        return segmentsOut;
    }

    public long resetsSent() {
        return resetsSent;
    }

    public long connectionsOpened() {
        return connectionsOpened;
    }

    public long connectionsRefused() {
        return connectionsRefused;
    }
}
