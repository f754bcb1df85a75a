package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One transfer or bulk flow of a lab run, as the report's {@code transfers} list holds it. A bulk flow
 * has {@code bulk} and {@code stopSeconds}, a transfer {@code complete} and {@code digestMatch}; the
 * other pair is absent from the JSON. {@code seconds}, {@code goodputBps}, {@code retransmissions},
 * {@code windowCloses} and {@code sha256} are null while the sender has not finished; the window-close
 * figures ({@link CloseFigures}) are absent when the sender kept no series.
 *
 * <pre>{@code
 * TransferReport t = result.report().transfers().get(0);
 * Long bps = t.goodputBps();             // null while the sender has not finished
 * long timeouts = t.closes("TIMEOUT");    // 0 without a series
 * }</pre>
 */
public record TransferReport(String name, String from, String to,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean bulk,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double stopSeconds,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean complete,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean digestMatch,
                             long bytesSent, long bytesReceived, Double seconds, Long goodputBps, Long retransmissions,
                             Long windowCloses,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double closesPerSecond,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double meanCloseMagnitude,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Long> closesByCause,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Double> meanCloseMagnitudeByCause,
                             String sha256, String cwndTrace) {

    /** The report of a sender with these close figures (null: none kept); the rest as the components say. */
    public static TransferReport of(String name, String from, String to, Boolean bulk, Double stopSeconds, Boolean complete,
                                    Boolean digestMatch, long bytesSent, long bytesReceived, Double seconds, Long goodputBps,
                                    Long retransmissions, Long windowCloses, CloseFigures f, String sha256, String cwndTrace) {
        return new TransferReport(name, from, to, bulk, stopSeconds, complete, digestMatch, bytesSent, bytesReceived, seconds,
                goodputBps, retransmissions, windowCloses, f == null ? null : f.closesPerSecond(),
                f == null ? null : f.meanCloseMagnitude(), f == null ? null : f.closesByCause(),
                f == null ? null : f.meanCloseMagnitudeByCause(), sha256, cwndTrace);
    }

    /** Window closes of one cause ({@code TIMEOUT}, {@code NOTIFICATION}, ...); 0 when none or no series. */
    public long closes(String cause) {
        Long n = closesByCause == null ? null : closesByCause.get(cause);
        return n == null ? 0 : n;
    }

    /** Mean window reduction (packets) of the closes of one cause; 0 when there were none. */
    public double meanCloseMagnitude(String cause) {
        Double m = meanCloseMagnitudeByCause == null ? null : meanCloseMagnitudeByCause.get(cause);
        return m == null ? 0 : m;
    }
}
