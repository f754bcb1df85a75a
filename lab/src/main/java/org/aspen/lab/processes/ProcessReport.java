package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.NodeStats;

/**
 * The report of a {@link ProcessLab} run ({@code aspen lab FILE --processes --json}, docs/scenarios.md),
 * written by {@link org.aspen.vnet.mgmt.ReportJson} in this field order: {@code runtime} is always
 * {@code processes}; {@code workload} what the node processes answered; {@code events} the run's
 * event lines; {@code nodes} each node's final {@code stats} reply, by node name.
 *
 * <pre>{@code
 * ProcessReport r = ProcessLab.run(scenario, file, options).report();
 * long forwarded = r.nodes().get("r").counters().forwarded();
 * }</pre>
 */
public record ProcessReport(String scenario, String runtime, long seed, long durationNanos, boolean passed,
                            List<ExpectationResult> expectations, Workload workload, List<String> events,
                            Map<String, NodeStats> nodes) {
    public ProcessReport {
        expectations = expectations == null ? List.of() : expectations;
        events = events == null ? List.of() : events;
        nodes = nodes == null ? Map.of() : nodes;
    }

    /**
     * The workload's replies: each transfer's {@code rdp.send} and {@code rdp.recv} summaries by name
     * (null: none came), each ping's reply lines as the node streamed them, and what failed, by what it
     * was ({@code "transfer bulk sender"}), in name order.
     */
    public record Workload(Map<String, Transfer> transfers, List<Ping> pings, Map<String, String> failures) {
        public Workload {
            transfers = transfers == null ? Map.of() : transfers;
            pings = pings == null ? List.of() : pings;
            failures = failures == null ? Map.of() : failures;
        }
    }

    /** One transfer's two summaries, as the nodes sent them ({@code rdp.send}, {@code rdp.recv}). */
    public record Transfer(JsonNode sender, JsonNode receiver) {
    }

    /** One ping workload entry and the {@code ping} reply lines its node streamed. */
    public record Ping(String from, String to, List<JsonNode> replies) {
        public Ping {
            replies = replies == null ? List.of() : replies;
        }
    }
}
