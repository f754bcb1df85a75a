package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One ping of a lab run's workload, as the report's {@code pings} list holds it, in this field
 * order: probes sent and answered, how many ended in each outcome ({@code reply}, {@code timeout},
 * {@code unreachable}, ..., in the order they first happened), and the round-trip times of the
 * answered ones in milliseconds (rounded to the microsecond; null and left out of the JSON when
 * none was answered).
 *
 * <pre>{@code
 * PingReport p = result.report().pings().get(0);
 * double lost = 1 - p.answered() / (double) p.sent();
 * }</pre>
 */
public record PingReport(String from, String to, int sent, int answered, Map<String, Integer> outcomes,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double rttMinMs,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double rttAvgMs,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double rttP50Ms,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double rttMaxMs) {
    public PingReport {
        outcomes = outcomes == null ? Map.of() : outcomes;
    }
}
