package org.aspen.rdp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An RDP stack at a moment: the {@code rdp} section of a node daemon's {@code stats} reply, in this
 * field order. {@code drops} holds only the reasons that happened, by {@link RdpDrop} label
 * ({@code no-listener}: lower case, dashes), in the enum's order; {@code connections} the open
 * connections by state label ({@code established}, {@code close-wait}, ...), in name order.
 *
 * <pre>{@code
 * RdpStackReport r = RdpStackReport.of(stack);   // on the node's loop
 * long open = r.connections().getOrDefault("established", 0);
 * }</pre>
 */
public record RdpStackReport(long segmentsIn, long segmentsOut, long resetsSent, long connectionsOpened, long connectionsRefused,
                             Map<String, Long> drops, Map<String, Integer> connections) {
    public RdpStackReport {
        drops = drops == null ? Map.of() : drops;
        connections = connections == null ? Map.of() : connections;
    }

    /** {@code NO_LISTENER} -> {@code no-listener}: how drop reasons and states are named in reports. */
    public static String label(Enum<?> e) {
        return e.name().toLowerCase().replace('_', '-');
    }

    /** The stack's counters and its connections by state now; call on the node's loop. */
    public static RdpStackReport of(RdpStack stack) {
        RdpCounters c = stack.counters();
        Map<String, Long> drops = new LinkedHashMap<>();
        c.drops().forEach((why, n) -> drops.put(label(why), n));
        Map<String, Integer> states = new TreeMap<>();
        for (RdpConnection conn : stack.connections()) {
            states.merge(label(conn.state()), 1, Integer::sum);
        }
        return new RdpStackReport(c.segmentsIn(), c.segmentsOut(), c.resetsSent(), c.connectionsOpened(), c.connectionsRefused(),
                drops, states);
    }
}
