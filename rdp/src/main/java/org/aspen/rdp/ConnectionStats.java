package org.aspen.rdp;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Per-connection counters and a time series of cwnd, ssthresh, smoothed RTT and window closes,
 * exportable to CSV.
 *
 * <pre>{@code
 * ConnectionStats st = connection.stats();
 * st.retransmissions();  st.windowCloses(CloseCause.NOTIFICATION);
 * try (Writer w = Files.newBufferedWriter(path)) { st.writeCsv(w); }
 * }</pre>
 *
 * A sample is added when the whole-packet window, ssthresh or phase changes and at every close, so
 * the series stays small for long flows yet shows every change the sender acted on. Its step
 * function holds each whole-packet value until the next one, so its time mean runs low by up to a
 * packet in congestion avoidance; the exact time mean of the window is kept apart, as an integral over
 * every observation ({@link #cwndIntegral}):
 * <pre>{@code
 * double mean = st.cwndIntegral(end) / 1e9 / (endSeconds - startSeconds);   // packets, 0 before the first observation
 * }</pre>
 */
public final class ConnectionStats {
    /** One row of the time series; {@code cause} is null except on a window close. */
    public record Sample(long nanos, double cwnd, double ssthresh, int phase, long srttNanos, CloseCause cause,
                         double closedFrom) {
    }

    private final LongSupplier clock;
    private final int maxSamples;
    private final List<Sample> samples;
    private final EnumMap<CloseCause, Long> closes = new EnumMap<>(CloseCause.class);
    private double closeMagnitude;
    private final EnumMap<CloseCause, Double> magnitudes = new EnumMap<>(CloseCause.class);
    private int lastWindow = -1;
    private double lastSsthresh = -1;
    private int lastPhase = -1;
    /** The window's integral over time (packets x ns) from the first observation to {@code lastObserved}. */
    private double cwndNanos;
    private double lastCwnd;
    private long firstObserved = -1;
    private long lastObserved;
    long segmentsSent;
    long dataSegmentsSent;
    long retransmissions;
    long fastRetransmits;
    long timeouts;
    long bytesQueued;
    long bytesAcked;
    long segmentsReceived;
    long bytesDelivered;
    long duplicates;
    long outOfOrder;
    long eacksSent;
    long eackedSegments;
    long ecnMarksReceived;
    long ecnEchoes;
    long aecnEchoes;
    long notificationsAccepted;
    long notificationsStale;
    long notificationsDuplicate;
    long notificationsOutOfWindow;
    long notifiedNacks;
    long notificationsFollowUp;
    long keepAlivesSent;
    long receiveBufferDrops;
    long outOfWindowDrops;

    public ConnectionStats(LongSupplier clock, int maxSamples) {
        this.clock = clock;
        this.maxSamples = maxSamples;
        this.samples = maxSamples > 0 ? new ArrayList<>() : Collections.emptyList();
    }

    void windowClosed(CloseCause cause, double before, double after, double ssthresh) {
        closes.merge(cause, 1L, Long::sum);
        closeMagnitude += Math.max(0, before - after);
        magnitudes.merge(cause, Math.max(0, before - after), Double::sum);
        add(new Sample(clock.getAsLong(), after, ssthresh, -1, 0, cause, before));
    }

    /** Records a sample when the state the sender acts on changed since the last one. */
    void observe(ConnectionState s) {
        long now = clock.getAsLong();
        if (firstObserved < 0) {
            firstObserved = now;
        } else {
            cwndNanos += lastCwnd * (now - lastObserved);
        }
        lastObserved = now;
        lastCwnd = s.cwnd();
        int w = (int) Math.floor(s.cwnd() + 1e-9);
        if (w != lastWindow || s.ssthresh() != lastSsthresh || s.phase() != lastPhase) {
            lastWindow = w;
            lastSsthresh = s.ssthresh();
            lastPhase = s.phase();
            add(new Sample(clock.getAsLong(), s.cwnd(), s.ssthresh(), s.phase(), s.rtt().srttNanos(), null, 0));
        }
    }

    private void add(Sample sample) {
        if (samples.size() < maxSamples) {
            samples.add(sample);
        }
    }

    /**
     * The exact integral of the congestion window over time, in packets x ns, from the first
     * observation to {@code untilNanos} (not before the last observation): the sender observes its state
     * after every change it makes (each ACK, timeout, notification and send), so between two
     * observations the window is the one observed first. 0 before any observation.
     */
    public double cwndIntegral(long untilNanos) {
        if (firstObserved < 0) {
            return 0;
        }
        return cwndNanos + lastCwnd * Math.max(0, untilNanos - lastObserved);
    }

    /** When the window was first observed (ns), or -1 before. */
    public long firstObservedNanos() {
        return firstObserved;
    }

    public List<Sample> samples() {
        return Collections.unmodifiableList(samples);
    }

    public long windowCloses() {
        long n = 0;
        for (long v : closes.values()) {
            n += v;
        }
        return n;
    }

    public long windowCloses(CloseCause cause) {
        return closes.getOrDefault(cause, 0L);
    }

    /** Sum of (cwnd before - cwnd after) over all closes, in packets. */
    public double totalCloseMagnitude() {
        return closeMagnitude;
    }

    /** Sum of (cwnd before - cwnd after) over the closes with this cause, in packets. */
    public double closeMagnitude(CloseCause cause) {
        return magnitudes.getOrDefault(cause, 0.0);
    }

    public long segmentsSent() {
        return segmentsSent;
    }

    public long dataSegmentsSent() {
        return dataSegmentsSent;
    }

    public long retransmissions() {
        return retransmissions;
    }

    public long fastRetransmits() {
        return fastRetransmits;
    }

    public long timeouts() {
        return timeouts;
    }

    public long bytesQueued() {
        return bytesQueued;
    }

    public long bytesAcked() {
        return bytesAcked;
    }

    public long segmentsReceived() {
        return segmentsReceived;
    }

    public long bytesDelivered() {
        return bytesDelivered;
    }

    public long duplicates() {
        return duplicates;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    public long eacksSent() {
        return eacksSent;
    }

    public long eackedSegments() {
        return eackedSegments;
    }

    public long ecnMarksReceived() {
        return ecnMarksReceived;
    }

    public long ecnEchoes() {
        return ecnEchoes;
    }

    /** ACKs that echoed the AntiECN bit (counted only when AntiECN is in force for our data). */
    public long aecnEchoes() {
        return aecnEchoes;
    }

    public long notificationsAccepted() {
        return notificationsAccepted;
    }

    public long notificationsStale() {
        return notificationsStale;
    }

    public long notificationsDuplicate() {
        return notificationsDuplicate;
    }

    public long notificationsOutOfWindow() {
        return notificationsOutOfWindow;
    }

    /** Notifications about a reduction already made (ACC's filter naming what it deleted): NACKs only, no window change. */
    public long notificationsFollowUp() {
        return notificationsFollowUp;
    }

    /** Segments treated as negatively acknowledged because of accepted notifications. */
    public long notifiedNacks() {
        return notifiedNacks;
    }

    public long keepAlivesSent() {
        return keepAlivesSent;
    }

    public long receiveBufferDrops() {
        return receiveBufferDrops;
    }

    public long outOfWindowDrops() {
        return outOfWindowDrops;
    }

    /** Counters by name, for reports and {@code --json}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("segmentsSent", segmentsSent);
        m.put("dataSegmentsSent", dataSegmentsSent);
        m.put("retransmissions", retransmissions);
        m.put("fastRetransmits", fastRetransmits);
        m.put("timeouts", timeouts);
        m.put("bytesQueued", bytesQueued);
        m.put("bytesAcked", bytesAcked);
        m.put("segmentsReceived", segmentsReceived);
        m.put("bytesDelivered", bytesDelivered);
        m.put("duplicates", duplicates);
        m.put("outOfOrder", outOfOrder);
        m.put("eacksSent", eacksSent);
        m.put("ecnMarksReceived", ecnMarksReceived);
        m.put("ecnEchoes", ecnEchoes);
        m.put("aecnEchoes", aecnEchoes);
        m.put("windowCloses", windowCloses());
        for (CloseCause c : CloseCause.values()) {
            m.put("windowCloses." + c.name().toLowerCase(), windowCloses(c));
        }
        m.put("notificationsAccepted", notificationsAccepted);
        m.put("notificationsStale", notificationsStale);
        m.put("notificationsDuplicate", notificationsDuplicate);
        m.put("notificationsOutOfWindow", notificationsOutOfWindow);
        m.put("notificationsFollowUp", notificationsFollowUp);
        m.put("keepAlivesSent", keepAlivesSent);
        return m;
    }

    /** Writes the time series: {@code time_s,cwnd,ssthresh,phase,srtt_ms,event,closed_from}. */
    public void writeCsv(Writer w) throws IOException {
        w.write("time_s,cwnd,ssthresh,phase,srtt_ms,event,closed_from\n");
        for (Sample s : samples) {
            w.write(String.format(java.util.Locale.ROOT, "%.6f,%.4f,%.4f,%s,%.3f,%s,%s%n", s.nanos() / 1e9, s.cwnd(),
                    s.ssthresh(), s.phase() < 0 ? "" : Integer.toString(s.phase()), s.srttNanos() / 1e6,
                    s.cause() == null ? "" : "close-" + s.cause().name().toLowerCase(),
                    s.cause() == null ? "" : String.format(java.util.Locale.ROOT, "%.4f", s.closedFrom())));
        }
    }
}
