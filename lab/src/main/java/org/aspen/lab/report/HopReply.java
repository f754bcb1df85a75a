package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import org.aspen.vnet.control.TraceHop;

/**
 * One line of a node's {@code trace} reply (one hop), in this field order: the probe's TTL, how it
 * ended ({@code ttl_exceeded}, {@code reply}, {@code unreachable}, {@code timeout}), the address
 * that answered (null when none did), that node's scenario name (left out when the node does not
 * know it) and the round trip in milliseconds. {@link TraceReport.Hop} is a lab report's hop.
 *
 * <pre>{@code
 * reply.next(HopReply.of(hop, nameOf(hop.from())));   // {"ttl":1,"status":"ttl_exceeded","from":"10.0.0.2","name":"b","rttMs":5.2}
 * HopReply h = ReportJson.MAPPER.treeToValue(line, HopReply.class);
 * }</pre>
 */
public record HopReply(int ttl, String status, String from, @JsonInclude(JsonInclude.Include.NON_NULL) String name,
                       double rttMs) {

    /** The line of hop {@code h}, answered by the node called {@code name} (null: unknown). */
    public static HopReply of(TraceHop h, String name) {
        return new HopReply(h.ttl(), h.status().name().toLowerCase(Locale.ROOT), h.from() == null ? null : h.from().toString(),
                name, h.rttNanos() / 1e6);
    }

    /** Whether some node answered this hop (a silent hop has no address, or timed out). */
    public boolean heard() {
        return from != null && !"timeout".equals(status);
    }
}
