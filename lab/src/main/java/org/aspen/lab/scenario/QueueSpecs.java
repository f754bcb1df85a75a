package org.aspen.lab.scenario;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.qdisc.QueueDisciplines;

/**
 * A link's {@code buffer} and {@code queue} fields (and a {@code queue} event's {@code set}) read as
 * VNet objects; the loader calls them to check the fields, the runners to build the links.
 *
 * <pre>{@code
 * QueueLimit limit = QueueSpecs.bufferLimit(link.buffer());          // 100 packets when absent
 * QueueDiscipline d = QueueSpecs.discipline(link.queue(), limit);      // drop-tail when absent
 * }</pre>
 */
public final class QueueSpecs {
    public static final int DEFAULT_BUFFER_PACKETS = 100;

    private QueueSpecs() {
    }

    /**
     * A node's {@code inputQueue}: a whole number of packets, 1-1000000 (the real runtime's input queue,
     * {@code UdpNetwork.setInputQueue}). A fraction, a negative or zero count, or text is refused.
     */
    public static int inputQueueLimit(Object packets) {
        if (packets instanceof Integer || packets instanceof Long || packets instanceof java.math.BigInteger) {
            java.math.BigInteger n = new java.math.BigInteger(packets.toString());
            if (n.signum() <= 0 || n.compareTo(java.math.BigInteger.valueOf(1_000_000)) > 0) {
                throw new IllegalArgumentException("an input queue of " + n + " packets is outside 1-1000000");
            }
            return n.intValue();
        }
        throw new IllegalArgumentException("'" + packets + "' is not a whole number of packets (e.g. 25)");
    }

    /** {@code buffer: 100} (packets), {@code buffer: 64KB} (bytes), or absent (100 packets). */
    public static QueueLimit bufferLimit(Object buffer) {
        if (buffer == null) {
            return QueueLimit.packets(DEFAULT_BUFFER_PACKETS);
        }
        if (buffer instanceof Number n) {
            if (n.longValue() < 1 || n.longValue() > 1_000_000) {
                throw new IllegalArgumentException("a buffer of " + n + " packets is outside 1-1000000");
            }
            return QueueLimit.packets(n.intValue());
        }
        if (buffer instanceof String str) {
            String t = str.trim();
            if (t.matches("[0-9]+\\s*(p|pkts?|packets?)?")) {
                return bufferLimit(Long.parseLong(t.replaceAll("[^0-9]", "")));
            }
            long bytes = Units.bytes(t);
            if (bytes < 64) {
                throw new IllegalArgumentException("a buffer of " + bytes + " bytes cannot hold a packet");
            }
            return QueueLimit.bytes(bytes);
        }
        throw new IllegalArgumentException("expected a packet count (100) or a size (64KB)");
    }

    /**
     * {@code queue: red} or {@code queue: {kind: red, min_th: 5, ...}} (see {@code docs/queues.md});
     * absent means drop-tail.
     */
    public static QueueDiscipline discipline(Object queue, QueueLimit limit) {
        if (queue == null) {
            return new DropTail(limit);
        }
        if (queue instanceof String kind) {
            return QueueDisciplines.create(kind, Map.of(), limit);
        }
        if (queue instanceof Map<?, ?>) {
            Map<String, Object> params = new LinkedHashMap<>(Scenario.queueParams(queue));
            Object k = params.remove("kind");
            if (!(k instanceof String kind)) {
                throw new IllegalArgumentException("missing 'kind' (one of " + String.join(", ", QueueDisciplines.KINDS) + ")");
            }
            return QueueDisciplines.create(kind, params, limit);
        }
        throw new IllegalArgumentException("expected a discipline name or a mapping with 'kind'");
    }
}
