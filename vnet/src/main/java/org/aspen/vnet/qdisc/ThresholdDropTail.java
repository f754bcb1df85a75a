package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * Drop-tail with a threshold below the buffer size: an arrival that finds {@code threshold} packets
 * (or {@code thresholdBytes} bytes) already waiting is dropped as {@code forced}, or, with ECN on
 * and an ECN-capable packet, marked CE and queued (a step marker). The buffer limit still applies
 * as {@code overflow}. This is ASP's "simple threshold" congestion detection.
 *
 * <pre>{@code
 * link.setDiscipline(new ThresholdDropTail(QueueLimit.packets(100), 20, Long.MAX_VALUE, false));
 * }</pre>
 */
public final class ThresholdDropTail extends FifoDiscipline {
    private final int threshold;
    private final long thresholdBytes;
    private final boolean ecn;
    private long forced;
    private long marks;

    public ThresholdDropTail(QueueLimit limit, int threshold, long thresholdBytes, boolean ecn) {
        super(limit);
        if (threshold < 0 || thresholdBytes < 0) {
            throw new IllegalArgumentException("threshold must not be negative");
        }
        this.threshold = threshold;
        this.thresholdBytes = thresholdBytes;
        this.ecn = ecn;
    }

    @Override
    protected DropReason admit(Packet p) {
        if (limit.exceededBy(packets(), bytes(), p.length())) {
            return DropReason.QUEUE_OVERFLOW;    // before marking: a packet that will not fit is not marked
        }
        if (packets() < threshold && bytes() + p.length() <= thresholdBytes) {
            return null;
        }
        if (ecn && p.ecn().capable()) {
            p.setEcn(Ecn.CE);
            marks++;
            ctx.marked(p);
            return null;
        }
        forced++;
        return DropReason.QUEUE_FORCED;
    }

    @Override
    public String kind() {
        return "droptail";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("threshold", threshold == Integer.MAX_VALUE ? "none" : threshold);
        m.put("threshold_bytes", thresholdBytes == Long.MAX_VALUE ? "none" : thresholdBytes);
        m.put("ecn", ecn);
        m.put("packets", packets());
        m.put("forced", forced);
        m.put("marked", marks);
        return m;
    }
}
