package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.aspen.ee.AaReport;
import org.aspen.ee.EeReport;
import org.aspen.vnet.auth.AuthCounts;

/**
 * One node at the end of a lab run, as the report's {@code nodes} map holds it: its packet counters
 * and drops by reason (only reasons that happened), then, only when the node has them, its
 * authentication counters ({@code auth}, {@link AuthCounts}: by message kind), its flakeway rules ({@code flakeway}), its
 * input queue ({@code inputQueue}, real UDP runs with one) and its execution environment's AAs
 * ({@code ee}, {@link EeReport}, when any ran).
 *
 * <pre>{@code
 * NodeReport r = result.report().nodes().get("r2");
 * long notified = r.aaMetric("notificationsSent");
 * }</pre>
 */
public record NodeReport(long received, long forwarded, long delivered, long originated, long intercepted, long reinjected,
                         Map<String, Long> drops,
                         @JsonInclude(JsonInclude.Include.NON_NULL) AuthCounts auth,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> flakeway,
                         @JsonInclude(JsonInclude.Include.NON_NULL) InputQueue inputQueue,
                         @JsonInclude(JsonInclude.Include.NON_NULL) EeReport ee) {
    public NodeReport {
        drops = drops == null ? Map.of() : drops;
    }

    /** The node's UDP input queue: its limit (frames), the frames it dropped, its longest length. */
    public record InputQueue(int limit, long drops, long peak) {
    }

    /** The AAs on the node (none without an EE report). */
    public List<AaReport> aas() {
        return ee == null ? List.of() : ee.aas();
    }

    /** The sum of an AA metric over the node's AAs that report it (0 when none does). */
    public long aaMetric(String metric) {
        return ee == null ? 0 : ee.aaMetric(metric);
    }

    /** The state of the AA named {@code name}, or null when none ran. */
    public String aaState(String name) {
        return ee == null ? null : ee.aaState(name);
    }
}
