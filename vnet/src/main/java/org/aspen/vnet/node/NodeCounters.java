package org.aspen.vnet.node;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.packet.DropReason;

/** A node's packet counters, written on its loop. Link-level counters live on each link. */
public final class NodeCounters {
    public long received;
    public long forwarded;
    public long delivered;
    public long originated;
    public long intercepted;
    public long reinjected;
    final long[] drops = new long[DropReason.values().length];

    public long drops(DropReason r) {
        return drops[r.ordinal()];
    }

    public void countDrop(DropReason r) {
        drops[r.ordinal()]++;
    }

    public Map<DropReason, Long> dropsByReason() {
        Map<DropReason, Long> m = new EnumMap<>(DropReason.class);
        for (DropReason r : DropReason.values()) {
            if (drops[r.ordinal()] > 0) {
                m.put(r, drops[r.ordinal()]);
            }
        }
        return m;
    }

    /** The counters now, as reports carry them. */
    public NodeCounts counts() {
        Map<String, Long> d = new LinkedHashMap<>();
        dropsByReason().forEach((k, v) -> d.put(k.label, v));
        return new NodeCounts(received, forwarded, delivered, originated, intercepted, reinjected, d);
    }
}
