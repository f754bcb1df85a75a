package org.aspen.flakeway;

import java.util.LinkedHashMap;
import java.util.Map;

/** A rule's counters, written on the node's loop. Changing a rule keeps them; clearing it drops them. */
public final class RuleCounters {
    /** Packets the rule took. */
    public long matched;
    /** Packets (and duplicates) handed to the sink. */
    public long emitted;
    public long lostRandom;
    public long lostBurst;
    public long duplicated;
    /** Packets sent at once by the reorder share. */
    public long reordered;
    public long corrupted;
    /** Packets dropped because the delay buffer was full. */
    public long overflow;
    /** Packets and bytes waiting in the rule now, and the most packets ever waiting. */
    public long heldPackets;
    public long heldBytes;
    public long peakHeldPackets;

    public long lost() {
        return lostRandom + lostBurst;
    }

    public Map<String, Object> snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("matched", matched);
        m.put("emitted", emitted);
        m.put("lostRandom", lostRandom);
        m.put("lostBurst", lostBurst);
        m.put("duplicated", duplicated);
        m.put("reordered", reordered);
        m.put("corrupted", corrupted);
        m.put("overflow", overflow);
        m.put("heldPackets", heldPackets);
        m.put("heldBytes", heldBytes);
        m.put("peakHeldPackets", peakHeldPackets);
        return m;
    }
}
