package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;
import org.aspen.vnet.control.EchoResult;

/**
 * One line of a node's {@code ping} reply (one probe), in this field order: the probe's sequence
 * number, how it ended ({@code reply}, {@code ttl_exceeded}, {@code unreachable}, {@code timeout}),
 * the address that answered (null when none did), that node's scenario name (left out when the
 * node does not know it), the TTL of the answer and the round trip in milliseconds.
 *
 * <pre>{@code
 * reply.next(EchoReply.of(result, nameOf(result.from())));   // {"seq":0,"status":"reply","from":"10.0.0.3","name":"c","ttl":62,"rttMs":10.5}
 * EchoReply e = ReportJson.MAPPER.treeToValue(line, EchoReply.class);
 * }</pre>
 */
public record EchoReply(int seq, String status, String from, @JsonInclude(JsonInclude.Include.NON_NULL) String name,
                        int ttl, double rttMs) {

    /** The line of probe {@code r}, answered by the node called {@code name} (null: unknown). */
    public static EchoReply of(EchoResult r, String name) {
        return new EchoReply(r.seq(), r.status().name().toLowerCase(Locale.ROOT), r.from() == null ? null : r.from().toString(),
                name, r.ttl(), r.rttNanos() / 1e6);
    }

    /** Whether the destination answered the probe. */
    public boolean answered() {
        return "reply".equals(status);
    }
}
