package org.aspen.lab.report;

/**
 * The last line of a node's {@code trace} reply, after one {@link HopReply} per hop: how many hops
 * were probed.
 *
 * <pre>{@code
 * reply.done(new TraceSummaryReply(hops.size()));   // {"hops":3}
 * TraceSummaryReply t = ReportJson.MAPPER.treeToValue(line, TraceSummaryReply.class);
 * }</pre>
 */
public record TraceSummaryReply(int hops) {
}
