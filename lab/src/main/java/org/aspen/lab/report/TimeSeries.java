package org.aspen.lab.report;

import java.util.List;
import java.util.Map;

/**
 * The time series of a lab run ({@code timeSeries} in its report; what {@code aspen plot} draws),
 * sampled every {@code intervalSeconds} at the times {@code t}: each flow's and transfer's
 * congestion window (packets) and goodput (bit/s over the last interval), and each link end's
 * queue length (packets), keyed by {@code link@node}. A value not sampled (a flow not started yet,
 * or finished) is null.
 *
 * <pre>{@code
 * TimeSeries ts = result.report().timeSeries();
 * List<Double> q = ts.links().get("r-b@r").queuePackets();
 * }</pre>
 */
public record TimeSeries(double intervalSeconds, List<Double> t, Map<String, Flow> flows, Map<String, Queue> links) {
    public TimeSeries {
        t = t == null ? List.of() : t;
        flows = flows == null ? Map.of() : flows;
        links = links == null ? Map.of() : links;
    }

    /** One flow's samples. */
    public record Flow(List<Double> cwndPackets, List<Double> goodputBps) {
    }

    /** One link end's samples. */
    public record Queue(List<Double> queuePackets) {
    }
}
