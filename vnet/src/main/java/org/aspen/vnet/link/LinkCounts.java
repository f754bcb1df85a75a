package org.aspen.vnet.link;

import java.util.List;
import java.util.Map;

/**
 * One link end's counters at a moment: the one shape a link's counters have in every report (the lab
 * run report, a node's {@code stats} reply, {@code qdisc.show}, the EE's stats). Serialised by
 * Jackson in this field order; {@code averageQueue} is rounded to 3 decimals and {@code utilisation}
 * to 4; {@code drops} holds only the reasons that happened, by {@code DropReason} label.
 *
 * <pre>{@code
 * LinkCounts c = link.counters().counts(net.now());
 * long lost = c.congestionDrops();   // every reason but node-stopped
 * }</pre>
 */
public record LinkCounts(long enqueued, long sentPackets, long sentBytes, long receivedPackets, long receivedBytes,
                         long marked, int peakQueue, double averageQueue, double utilisation, Map<String, Long> drops) {
    public LinkCounts {
        drops = drops == null ? Map.of() : drops;
    }

    /** Drops for every reason but {@code node-stopped} (packets still queued when the run stops). */
    public long congestionDrops() {
        long n = 0;
        for (Map.Entry<String, Long> e : drops.entrySet()) {
            if (!e.getKey().equals("node-stopped")) {
                n += e.getValue();
            }
        }
        return n;
    }

    /** Drops for the named reasons only. */
    public long drops(List<String> reasons) {
        long n = 0;
        for (String r : reasons) {
            n += drops.getOrDefault(r, 0L);
        }
        return n;
    }
}
