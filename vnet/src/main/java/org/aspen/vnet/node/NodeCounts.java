package org.aspen.vnet.node;

import java.util.Map;

/**
 * A node's packet counters at a moment, as a node's {@code stats} reply carries them
 * ({@code counters}); {@code drops} holds only the reasons that happened, by {@code DropReason} label.
 *
 * <pre>{@code
 * NodeCounts c = node.counters().counts();
 * long lost = c.drops().getOrDefault("no-route", 0L);
 * }</pre>
 */
public record NodeCounts(long received, long forwarded, long delivered, long originated, long intercepted, long reinjected,
                         Map<String, Long> drops) {
    public NodeCounts {
        drops = drops == null ? Map.of() : drops;
    }
}
