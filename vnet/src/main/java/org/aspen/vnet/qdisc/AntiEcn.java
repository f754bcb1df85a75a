package org.aspen.vnet.qdisc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.QueueContext;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;

/**
 * AntiECN marking (Kunniyur, ICC 2003): a virtual queue that lets a packet keep its AECN bit only
 * while the link runs below {@code eta} of its capacity, in front of the link's real queue (drop-tail
 * by default, or any other discipline, e.g. RED with ECN for the congestion marks).
 *
 * <pre>{@code
 * link.setDiscipline(new AntiEcn(QueueLimit.packets(100), 0.5, 5_000_000, 0));   // eta, B bytes, link rate
 * link.setDiscipline(new AntiEcn(new Red(QueueLimit.packets(100), redParams), 0.5, 5_000_000, 0));
 * }</pre>
 *
 * On every arrival (the paper's pseudo-code, bytes and nanoseconds):
 * {@code VQ = max(VQ - eta C (t - s), 0)}; if {@code VQ > 0} the AECN bit is cleared (it is never set:
 * the sender sets it, routers only clear it, so the bit that reaches the receiver is the AND over the
 * path); then the packet's bytes are added to VQ if they fit in the virtual buffer B (a virtual
 * queue drops what does not fit, as in AVQ). Then the inner discipline decides on the real packet;
 * this layer never touches ECN codepoints. {@link #aecnCapable()} is true, so the node also
 * decrements the AECN-SYN TTL of packets it forwards over this link (see {@code docs/aecn.md}).
 */
public class AntiEcn extends MarkingLayer {
    private QueueContext ctx;
    private final double eta;
    private final long virtualBuffer;
    private final long bandwidthOverride;
    private double vq;
    private long lastArrival;
    private long arrivals;
    private long kept;
    private long cleared;
    private long virtualDrops;

    /**
     * @param eta            share of the link capacity the virtual queue drains at, in (0, 1]
     * @param virtualBuffer  virtual buffer B in bytes (at least one byte)
     * @param bandwidthBps   capacity C in bit/s, or 0 for the link's rate
     */
    public AntiEcn(QueueLimit limit, double eta, long virtualBuffer, long bandwidthBps) {
        this(new DropTail(limit), eta, virtualBuffer, bandwidthBps);
    }

    /** AntiECN marking in front of {@code inner}, which holds the packets and makes every other decision. */
    public AntiEcn(QueueDiscipline inner, double eta, long virtualBuffer, long bandwidthBps) {
        super(inner);
        if (!(eta > 0 && eta <= 1)) {
            throw new IllegalArgumentException("eta must be in (0, 1], got " + eta);
        }
        if (virtualBuffer < 1) {
            throw new IllegalArgumentException("virtual buffer must be at least 1 byte, got " + virtualBuffer);
        }
        if (bandwidthBps < 0) {
            throw new IllegalArgumentException("bandwidth must not be negative");
        }
        this.eta = eta;
        this.virtualBuffer = virtualBuffer;
        this.bandwidthOverride = bandwidthBps;
    }

    @Override
    public void attach(QueueContext ctx) {
        this.ctx = ctx;
        super.attach(ctx);
        lastArrival = ctx.now();
    }

    /** Capacity C in bit/s (0: unlimited, so the virtual queue is always empty). */
    public long capacityBps() {
        return bandwidthOverride > 0 ? bandwidthOverride : ctx.bandwidthBps();
    }

    /**
     * Runs the virtual-queue update for an arrival of {@code bytes} at the context's time and returns
     * whether the virtual queue was empty (the packet may keep its AECN bit).
     */
    boolean arrive(int bytes) {
        long now = ctx.now();
        long c = capacityBps();
        if (c == 0) {
            vq = 0;
        } else {
            vq = Math.max(vq - eta * c * (now - lastArrival) / 8e9, 0);    // AECN pseudo-code: VQ <- max(VQ - eta C (t - s), 0)
        }
        lastArrival = now;
        boolean empty = vq == 0;                                    // AECN: if VQ = 0 the bit stays one, else zero
        if (c == 0) {
            return true;
        }
        if (vq + bytes <= virtualBuffer) {                          // B caps the queue (the pseudo-code omits it; docs/aecn.md)
            vq += bytes;                                            // AECN: VQ <- VQ + b
        } else {
            virtualDrops++;
        }
        return empty;
    }

    @Override
    public boolean enqueue(Packet p) {
        arrivals++;
        boolean empty = arrive(p.length());
        if (p.aecn()) {
            if (empty) {
                kept++;
            } else {
                p.setAecn(false);
                cleared++;
            }
        }
        return inner().enqueue(p);
    }

    /** Bytes in the virtual queue after the last arrival (not drained to now). */
    public double virtualQueue() {
        return vq;
    }

    public double eta() {
        return eta;
    }

    public long virtualBuffer() {
        return virtualBuffer;
    }

    @Override
    public boolean aecnCapable() {
        return true;
    }

    @Override
    public String kind() {
        return "aecn";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind());
        m.put("eta", eta);
        m.put("virtual_buffer", virtualBuffer);
        m.put("bandwidth", ctx == null ? bandwidthOverride : capacityBps());
        m.put("virtual_queue", Math.round(vq * 1000) / 1000.0);
        m.put("packets", packets());
        m.put("bytes", bytes());
        m.put("arrivals", arrivals);
        m.put("aecn_kept", kept);
        m.put("aecn_cleared", cleared);
        m.put("virtual_drops", virtualDrops);
        m.put("inner", inner().describe());
        return m;
    }
}
