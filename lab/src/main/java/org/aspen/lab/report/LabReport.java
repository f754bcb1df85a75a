package org.aspen.lab.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.vnet.mgmt.LinkReport;

/**
 * The report of one lab run ({@code aspen lab run --json}, docs/scenarios.md "The report"), written
 * by {@link org.aspen.vnet.mgmt.ReportJson} in this field order. {@code mode} is {@code simulated} or
 * {@code real-udp}; {@code traceHash} and {@code traceEvents} are there for simulated runs only,
 * {@code cross} only when the workload has cross traffic and {@code timeSeries} only when sampled.
 * {@code links} are keyed by {@code link@node}, {@code nodes} by node name; pings, traceroutes and
 * the time series are the records {@link PingReport}, {@link TraceReport} and {@link TimeSeries}.
 *
 * <pre>{@code
 * LabReport r = LabRunner.run(scenario, options).report();
 * long drops = r.link("r2-r3@r2").counters().congestionDrops();
 * String json = ReportJson.INDENTED.writeValueAsString(r);
 * }</pre>
 */
public record LabReport(String scenario, String mode, long seed, double durationSeconds, double wallSeconds, boolean passed,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String traceHash,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long traceEvents,
                        List<ExpectationResult> expectations, List<PingReport> pings,
                        List<TraceReport> traces, List<TransferReport> transfers,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<CrossReport> cross, List<Event> events,
                        Map<String, NodeReport> nodes, Map<String, LinkReport> links,
                        @JsonInclude(JsonInclude.Include.NON_NULL) TimeSeries timeSeries) {
    public LabReport {
        expectations = expectations == null ? List.of() : expectations;
        pings = pings == null ? List.of() : pings;
        traces = traces == null ? List.of() : traces;
        transfers = transfers == null ? List.of() : transfers;
        events = events == null ? List.of() : events;
        nodes = nodes == null ? Map.of() : nodes;
        links = links == null ? Map.of() : links;
    }

    /** One entry of the run's event log: when (seconds), where ({@code *}: the whole network), what. */
    public record Event(double t, String node, String event) {
    }

    /** The cross-traffic sources (none when the workload has no cross traffic). */
    public List<CrossReport> crossOrEmpty() {
        return cross == null ? List.of() : cross;
    }

    /** A link end by {@code link@node}, e.g. {@code r2-r3@r2}; one line naming the ends there are when it is not one. */
    public LinkReport link(String linkAtNode) {
        LinkReport l = links.get(linkAtNode);
        if (l == null) {
            throw new IllegalArgumentException("no link end '" + linkAtNode + "' in the report (" + links.keySet() + ")");
        }
        return l;
    }
}
