package org.aspen.ee;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One AA instance as the EE describes it ({@link AaInstance#describe()}): a row of {@code aa list},
 * of the {@code ee.aas} section of a node's {@code stats} reply and of a lab report node's
 * {@code ee.aas}, in this field order. {@code state} is {@code running}, {@code stopped}, ...;
 * {@code stopReason} only when it stopped (null and left out of the JSON otherwise); {@code counters}
 * the EE's counts of it, {@code metrics} the counters it keeps itself (AaCounter), by name.
 *
 * <pre>{@code
 * AaReport r = instance.describe();
 * long notified = r.metric("notificationsSent");
 * }</pre>
 */
public record AaReport(String id, String name, String version, String digest, String description, String state,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String stopReason, Map<String, String> params,
                       long startedAtNanos, int channels, int queued, AaCounts counters, Map<String, Long> metrics) {
    public AaReport {
        params = params == null ? Map.of() : params;
        metrics = metrics == null ? Map.of() : metrics;
    }

    /** The AA's own counter {@code name}, 0 when it keeps none by that name. */
    public long metric(String name) {
        Long n = metrics.get(name);
        return n == null ? 0 : n;
    }
}
