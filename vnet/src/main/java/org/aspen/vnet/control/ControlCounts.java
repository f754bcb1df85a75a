package org.aspen.vnet.control;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.aspen.vnet.routing.RoutingCounts;

/**
 * The control plane's counters at a moment: the {@code control} section of a node's {@code stats}
 * reply, in this field order; {@code routing} only with link-state routing (null and left out of the
 * JSON with static routes).
 *
 * <pre>{@code
 * ControlCounts c = plane.counters();
 * long spf = c.routing() == null ? 0 : c.routing().spfRuns();
 * }</pre>
 */
public record ControlCounts(long echoRepliesSent, long errorsSent, long errorsSuppressed, int echoesPending,
                            @JsonInclude(JsonInclude.Include.NON_NULL) RoutingCounts routing) {
}
