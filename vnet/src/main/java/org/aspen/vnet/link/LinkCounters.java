package org.aspen.vnet.link;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.packet.DropReason;

/**
 * A link's counters. Written on the node's loop only; read them there (or after the node stopped).
 * The queue-length integral gives the time-averaged queue.
 */
public final class LinkCounters {
    public long enqueued;
    public long sentPackets;
    public long sentBytes;
    public long receivedPackets;
    public long receivedBytes;
    public long marked;
    public int peakQueue;
    public long busyNanos;
    final long[] drops = new long[DropReason.values().length];
    private long queueIntegral;
    private long lastChange;
    private int lastLen;
    private long since;
    private long busySince = -1;

    LinkCounters(long now) {
        since = now;
        lastChange = now;
    }

    void queueChanged(long now, int len) {
        queueIntegral += (long) lastLen * (now - lastChange);
        lastChange = now;
        lastLen = len;
        if (len > peakQueue) {
            peakQueue = len;
        }
    }

    /** The transmitter started (true) or went idle (false) at {@code now}. */
    void busy(long now, boolean on) {
        if (on && busySince < 0) {
            busySince = now;
        } else if (!on && busySince >= 0) {
            busyNanos += now - busySince;
            busySince = -1;
        }
    }

    public long drops(DropReason r) {
        return drops[r.ordinal()];
    }

    public long totalDrops() {
        long t = 0;
        for (long d : drops) {
            t += d;
        }
        return t;
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

    /** Time-averaged queue length in packets from creation (or the last reset) to {@code now}. */
    public double averageQueue(long now) {
        long span = now - since;
        if (span <= 0) {
            return lastLen;
        }
        return (queueIntegral + (long) lastLen * (now - lastChange)) / (double) span;
    }

    /**
     * Share of time the link was transmitting, 0..1 (only meaningful with a finite bandwidth),
     * counting a transmission still in progress at {@code now}.
     */
    public double utilisation(long now) {
        long span = now - since;
        long busy = busyNanos + (busySince >= 0 ? now - busySince : 0);
        return span <= 0 ? 0 : Math.min(1.0, busy / (double) span);
    }

    /** The counters at {@code now}, as reports carry them ({@link LinkCounts}). */
    public LinkCounts counts(long now) {
        Map<String, Long> d = new LinkedHashMap<>();
        dropsByReason().forEach((k, v) -> d.put(k.label, v));
        return new LinkCounts(enqueued, sentPackets, sentBytes, receivedPackets, receivedBytes, marked, peakQueue,
                Math.round(averageQueue(now) * 1000) / 1000.0, Math.round(utilisation(now) * 10000) / 10000.0, d);
    }
}
