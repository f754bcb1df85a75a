package org.aspen.lab.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.ConnectionStats;

/**
 * What the ACC paper's Figures 6 and 7 plot, per connection: window closes per second of the
 * connection's life, and the mean window reduction (packets) per close, overall and by cause
 * ({@code FAST_RETRANSMIT}, {@code TIMEOUT}, {@code ECN}: the sender's inference; {@code NOTIFICATION}:
 * ACC). A lab transfer's report carries them ({@link TransferReport}), and so does a node's
 * {@code rdp.send} summary when asked ({@code details: true}), so {@code stat} expectations read the
 * same numbers in either runner.
 *
 * <pre>{@code
 * CloseFigures f = CloseFigures.of(summary.series(), summary.seconds());
 * f.closesByCause();   // {FAST_RETRANSMIT=3, TIMEOUT=0, ECN=0, NOTIFICATION=0}
 * }</pre>
 */
public record CloseFigures(double closesPerSecond, double meanCloseMagnitude, Map<String, Long> closesByCause,
                           Map<String, Double> meanCloseMagnitudeByCause) {

    /** The figures of connection {@code c} over its life of {@code seconds}. */
    public static CloseFigures of(ConnectionStats c, double seconds) {
        long closes = c.windowCloses();
        Map<String, Long> count = new LinkedHashMap<>();
        Map<String, Double> mean = new LinkedHashMap<>();
        for (CloseCause cause : CloseCause.values()) {
            long n = c.windowCloses(cause);
            count.put(cause.name(), n);
            mean.put(cause.name(), n > 0 ? c.closeMagnitude(cause) / n : 0.0);
        }
        return new CloseFigures(seconds > 0 ? closes / seconds : 0.0, closes > 0 ? c.totalCloseMagnitude() / closes : 0.0,
                count, mean);
    }

    /** The four figures as map entries, in this order, for a summary that is a map. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("closesPerSecond", closesPerSecond);
        m.put("meanCloseMagnitude", meanCloseMagnitude);
        m.put("closesByCause", closesByCause);
        m.put("meanCloseMagnitudeByCause", meanCloseMagnitudeByCause);
        return m;
    }
}
