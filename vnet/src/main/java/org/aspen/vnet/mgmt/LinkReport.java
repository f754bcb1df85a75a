package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Map;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.link.QueueDiscipline;

/**
 * One link end as every report shows it: a node's {@code stats} reply lists them, and the lab's run
 * report keys them by {@code link@node}. {@code peer} is the neighbour's VNet address (null when the
 * link has none), {@code wire} where its frames go, {@code discipline} the queue's own
 * {@code describe()} plus {@code queuedPackets} and {@code queuedBytes} now, {@code counters} the
 * link's {@link LinkCounts}. The discipline's description is open (each kind writes its own state,
 * docs/queues.md); {@link #queueKind}, {@link #queueLimit}, {@link #queuedPackets} and
 * {@link #queuedBytes} read the four entries every one has. Call {@link #of} on the node's loop.
 *
 * <pre>{@code
 * LinkReport r = LinkReport.of(link, node.scheduler().nanos());
 * r.counters().sentPackets();
 * }</pre>
 */
public record LinkReport(String name, String peer, String wire, boolean up, Config config, Map<String, Object> discipline,
                         LinkCounts counters) {
    public LinkReport {
        discipline = discipline == null ? Map.of() : discipline;
    }

    /** The link's configuration: rate (bit/s, 0: unlimited), propagation delay, queue limit as text, routing cost. */
    public record Config(long bandwidthBps, long delayNanos, String limit, int cost) {
    }

    /** The queue's kind ({@code discipline.kind}; every discipline's {@code describe()} names it), or null. */
    @JsonIgnore
    public String queueKind() {
        return discipline.get("kind") instanceof String k ? k : null;
    }

    /** The queue's limit as its discipline writes it ({@code discipline.limit}, e.g. {@code 20 packets}), or null. */
    @JsonIgnore
    public String queueLimit() {
        return discipline.get("limit") instanceof String l ? l : null;
    }

    /** Packets in the queue when the report was made ({@code discipline.queuedPackets}). */
    @JsonIgnore
    public long queuedPackets() {
        return discipline.get("queuedPackets") instanceof Number n ? n.longValue() : 0;
    }

    /** Bytes in the queue when the report was made ({@code discipline.queuedBytes}). */
    @JsonIgnore
    public long queuedBytes() {
        return discipline.get("queuedBytes") instanceof Number n ? n.longValue() : 0;
    }

    /** The link's state and counters at {@code now}. */
    public static LinkReport of(Link l, long now) {
        LinkConfig c = l.config();
        QueueDiscipline d = l.discipline();
        Map<String, Object> disc = new java.util.LinkedHashMap<>(d.describe());
        disc.put("queuedPackets", d.packets());
        disc.put("queuedBytes", d.bytes());
        return new LinkReport(l.name(), l.peer().isUnspecified() ? null : l.peer().toString(), l.transport().describePeer(),
                l.isUp(), new Config(c.bandwidthBps(), c.delayNanos(), c.limit().toString(), c.cost()), disc,
                l.counters().counts(now));
    }
}
