package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * Adaptive Virtual Queue (Kunniyur and Srikant, SIGCOMM 2001): the ECN marker the AntiECN paper
 * runs on its link ("AVQ with a desired utilisation of 0.96"). A virtual queue with the real
 * buffer's size drains at a virtual capacity that adapts so the link runs near {@code gamma} of
 * its capacity; an arrival that would overflow the virtual queue is marked CE (ECN-capable) or
 * dropped as {@code forced} (not capable). The real queue is a FIFO: overflow is its only drop.
 *
 * <pre>{@code
 * link.setDiscipline(new Avq(QueueLimit.packets(1000), 0.96, 0.15, 0));   // gamma, alpha, link rate
 * }</pre>
 *
 * On every arrival of {@code b} bytes at time {@code t} (previous arrival {@code s}), bytes and
 * seconds: {@code VQ = max(VQ - Cv (t - s), 0)}; if {@code VQ + b > B} mark (or drop), else
 * {@code VQ += b}; then {@code Cv = max(min(Cv + alpha gamma C (t - s), C) - alpha b, 0)}. B is the
 * buffer limit in bytes (a packet limit counts {@link #MEAN_PACKET} bytes a packet) unless a virtual
 * buffer is given; Cv starts at C.
 */
public final class Avq extends FifoDiscipline {
    /** Bytes per packet when the buffer limit is given in packets. */
    public static final int MEAN_PACKET = 1000;
    private final double gamma;
    private final double alpha;
    private final long bandwidthOverride;
    private final long virtualBufferOverride;
    private double vq;
    private double virtualCapacity = Double.NaN;    // bytes per second; NaN until the first arrival
    private long last;
    private long marks;
    private long forced;

    /**
     * @param gamma        desired utilisation, in (0, 1]
     * @param alpha        damping factor of the capacity adaptation, in (0, 1]
     * @param bandwidthBps capacity C in bit/s, or 0 for the link's rate
     */
    public Avq(QueueLimit limit, double gamma, double alpha, long bandwidthBps) {
        this(limit, gamma, alpha, bandwidthBps, 0);
    }

    /** As above with a virtual buffer of {@code virtualBufferBytes} instead of the buffer limit (0: the limit). */
    public Avq(QueueLimit limit, double gamma, double alpha, long bandwidthBps, long virtualBufferBytes) {
        super(limit);
        if (virtualBufferBytes < 0) {
            throw new IllegalArgumentException("virtual buffer must not be negative");
        }
        this.virtualBufferOverride = virtualBufferBytes;
        if (!(gamma > 0 && gamma <= 1) || !(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("gamma and alpha must be in (0, 1], got " + gamma + " and " + alpha);
        }
        if (bandwidthBps < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative");
        }
        this.gamma = gamma;
        this.alpha = alpha;
        this.bandwidthOverride = bandwidthBps;
    }

    private double capacityBytesPerSecond() {
        return (bandwidthOverride > 0 ? bandwidthOverride : ctx.bandwidthBps()) / 8.0;
    }

    private double virtualBuffer() {
        if (virtualBufferOverride > 0) {
            return virtualBufferOverride;
        }
        return limit.maxBytes() != Long.MAX_VALUE ? limit.maxBytes() : (double) limit.maxPackets() * MEAN_PACKET;
    }

    @Override
    protected DropReason admit(Packet p) {
        double c = capacityBytesPerSecond();
        if (c == 0) {
            return null;        // unlimited link: never congested
        }
        long now = ctx.now();
        if (Double.isNaN(virtualCapacity)) {
            virtualCapacity = c;
            last = now;
        }
        double dt = (now - last) / 1e9;
        last = now;                                                 // AVQ pseudo-code: s <- t
        vq = Math.max(vq - virtualCapacity * dt, 0);                // AVQ: VQ <- max(VQ - C~ (t - s), 0)
        int b = p.length();
        DropReason verdict = null;
        if (vq + b > virtualBuffer()) {                             // AVQ: if VQ + b > B, mark or drop
            if (p.ecn().capable() && !limit.exceededBy(packets(), bytes(), b)) {
                p.setEcn(Ecn.CE);
                marks++;
                ctx.marked(p);
            } else if (!p.ecn().capable()) {
                forced++;
                verdict = DropReason.QUEUE_FORCED;
            }
        } else {
            vq += b;                                                // AVQ: else VQ <- VQ + b
        }
        virtualCapacity = Math.max(Math.min(virtualCapacity + alpha * gamma * c * dt, c) - alpha * b, 0);   // AVQ: C~ update
        return verdict;
    }

    /** Bytes in the virtual queue after the last arrival. */
    public double virtualQueue() {
        return vq;
    }

    /** The virtual capacity after the last arrival, in bit/s (the link's rate before the first). */
    public double virtualCapacityBps() {
        if (Double.isNaN(virtualCapacity)) {
            return ctx == null ? bandwidthOverride : capacityBytesPerSecond() * 8;
        }
        return virtualCapacity * 8;
    }

    @Override
    public String kind() {
        return "avq";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("gamma", gamma);
        m.put("alpha", alpha);
        m.put("virtual_buffer", virtualBuffer());
        m.put("virtual_queue", Math.round(vq * 1000) / 1000.0);
        m.put("virtual_capacity", Math.round(virtualCapacityBps()));
        m.put("marked", marks);
        m.put("forced", forced);
        return m;
    }
}
