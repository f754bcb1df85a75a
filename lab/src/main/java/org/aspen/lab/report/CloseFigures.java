package org.aspen.lab.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.ConnectionStats;

/**
 * What the ACC paper's Figures 6 and 7 plot, per connection: window closes per second of the
 * connection's life, and the mean window reduction (packets) per close, overall and by cause
 * ({@code FAST_RETRANSMIT}, {@code TIMEOUT}, {@code ECN}: the sender's inference; {@code NOTIFICATION}:
 * ACC). A lab transfer's report carries them, and so does a node's {@code rdp.send} summary when asked
 * ({@code details: true}), so {@code stat} expectations read the same numbers in either runner.
 *
 * <pre>{@code
 * Map<String, Object> m = CloseFigures.of(summary.series(), summary.seconds());
 * m.get("closesByCause");   // {FAST_RETRANSMIT=3, TIMEOUT=0, ECN=0, NOTIFICATION=0}
 * }</pre>
 */
public final class CloseFigures {
    private CloseFigures() {
    }

    /** {@code closesPerSecond}, {@code meanCloseMagnitude}, {@code closesByCause}, {@code meanCloseMagnitudeByCause}. */
    public static Map<String, Object> of(ConnectionStats c, double seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        long closes = c.windowCloses();
        m.put("closesPerSecond", seconds > 0 ? closes / seconds : 0.0);
        m.put("meanCloseMagnitude", closes > 0 ? c.totalCloseMagnitude() / closes : 0.0);
        Map<String, Object> count = new LinkedHashMap<>();
        Map<String, Object> mean = new LinkedHashMap<>();
        for (CloseCause cause : CloseCause.values()) {
            long n = c.windowCloses(cause);
            count.put(cause.name(), n);
            mean.put(cause.name(), n > 0 ? c.closeMagnitude(cause) / n : 0.0);
        }
        m.put("closesByCause", count);
        m.put("meanCloseMagnitudeByCause", mean);
        return m;
    }
}
