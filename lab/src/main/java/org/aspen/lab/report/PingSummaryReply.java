package org.aspen.lab.report;

import org.aspen.vnet.control.PingSummary;

/**
 * The last line of a node's {@code ping} reply, after one {@link EchoReply} per probe, in this field
 * order: probes sent, answered and lost, and the round trips of the answered ones (minimum, mean,
 * maximum) in milliseconds, all 0 when none was answered.
 *
 * <pre>{@code
 * reply.done(PingSummaryReply.of(summary));   // {"sent":4,"received":3,"lost":1,"rttMinMs":1.5,"rttAvgMs":2.0,"rttMaxMs":2.5}
 * PingSummaryReply s = ReportJson.MAPPER.treeToValue(line, PingSummaryReply.class);
 * }</pre>
 */
public record PingSummaryReply(int sent, int received, int lost, double rttMinMs, double rttAvgMs, double rttMaxMs) {

    /** The line for the node's summary {@code s} of a ping. */
    public static PingSummaryReply of(PingSummary s) {
        return new PingSummaryReply(s.sent(), s.received(), s.lost(), s.rttMinNanos() / 1e6, s.rttAvgNanos() / 1e6,
                s.rttMaxNanos() / 1e6);
    }

    /** Whether any probe was answered. */
    public boolean answered() {
        return received > 0;
    }
}
