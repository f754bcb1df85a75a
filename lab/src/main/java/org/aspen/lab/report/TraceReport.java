package org.aspen.lab.report;

import java.util.List;

/**
 * One traceroute of a lab run's workload, as the report's {@code traces} list holds it: whether it
 * reached its destination and each hop in TTL order, in this field order.
 *
 * <pre>{@code
 * TraceReport t = result.report().traces().get(0);
 * List<String> path = t.hops().stream().map(TraceReport.Hop::node).toList();
 * }</pre>
 */
public record TraceReport(String from, String to, boolean reached, List<Hop> hops) {
    public TraceReport {
        hops = hops == null ? List.of() : hops;
    }

    /**
     * One hop: its TTL, how the probe ended ({@code ttl_exceeded}, {@code reply}, {@code timeout}, ...),
     * the node that answered (its scenario name and address; both null when none did) and the round trip in ms.
     */
    public record Hop(int ttl, String status, String node, String address, double rttMs) {
    }
}
