package org.aspen.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A simulated ACC lab watched by the dashboard (unpaced, so it takes no wall time to speak of): the
 * run is the same as without it, and a browser connecting after the run is replayed the topology,
 * samples of every node with the flows' cwnd and the bottleneck's queue, the ACC events and the end.
 */
class LabDashboardTest {
    static final String SCENARIO = """
            name: dash-acc
            seed: 3
            duration: 6s
            routing: static
            nodes:
              - {name: r1, address: 10.0.0.1, acc: filter}
              - {name: r2, address: 10.0.0.2, acc: monitor}
              - {name: s1, address: 10.0.1.1}
              - {name: d1, address: 10.0.3.1}
            links:
              - {between: [s1, r1], bandwidth: 10Mbps, delay: 5ms}
              - {between: [r1, r2], bandwidth: 10Mbps, delay: 40ms}
              - {between: [r2, d1], bandwidth: 1Mbps, delay: 5ms, buffer: 30, queue: {kind: red, min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002, ecn: false}}
            routes:
              - {node: s1, to: 10.0.0.0/8, via: r1}
              - {node: r1, to: s1, via: s1}
              - {node: r1, to: 10.0.0.0/8, via: r2}
              - {node: r2, to: d1, via: d1}
              - {node: r2, to: 10.0.0.0/8, via: r1}
              - {node: d1, to: 10.0.0.0/8, via: r2}
            workload:
              flows:
                - {name: bulk, from: s1, to: d1, start: 500ms, segment: 940, ecn: false}
            """;

    static Scenario scenario() {
        return ScenarioLoader.parse(new ByteArrayInputStream(SCENARIO.getBytes(StandardCharsets.UTF_8)), "dash-acc", true);
    }

    @Test
    void watchingDoesNotChangeTheRunAndLateBrowsersGetTheHistory() throws Exception {
        LabRunner.Options o = new LabRunner.Options(true, null, null, null, null);
        LabResult without = LabRunner.run(scenario(), o);
        try (LabDashboard d = LabDashboard.start(0, 0)) {
            LabResult with = LabRunner.run(scenario(), o, d);
            assertEquals(without.traceHash(), with.traceHash());
            assertEquals(without.traceEvents(), with.traceEvents());

            List<SseClient.Event> events = SseClient.readUntil(d.url() + "events", e -> e.kind().equals("end"), 20_000);
            ObjectMapper json = new ObjectMapper();
            JsonNode topo = json.readTree(events.get(0).data());
            assertEquals("topology", events.get(0).kind());
            assertEquals(4, topo.path("nodes").size());
            assertEquals(3, topo.path("links").size());

            Set<String> sampled = new TreeSet<>();
            List<Double> cwnd = new ArrayList<>();
            int maxQueue = 0;
            long bottleneckDrops = 0;
            List<String> log = new ArrayList<>();
            for (SseClient.Event e : events) {
                JsonNode m = json.readTree(e.data());
                if (e.kind().equals("sample")) {
                    sampled.add(m.path("node").asText());
                    for (JsonNode f : m.path("flows")) {
                        assertEquals("bulk", f.path("name").asText());
                        cwnd.add(f.path("cwnd").asDouble());
                    }
                    for (JsonNode l : m.path("links")) {
                        if (l.path("id").asText().equals("r2-d1@r2")) {
                            maxQueue = Math.max(maxQueue, l.path("queue").asInt());
                            bottleneckDrops = Math.max(bottleneckDrops, l.path("drops").asLong());
                        }
                    }
                } else if (e.kind().equals("log")) {
                    log.add(m.path("node").asText() + " " + m.path("event").asText());
                }
            }
            assertEquals(Set.of("d1", "r1", "r2", "s1"), sampled);
            // 6 s at one sample per 100 ms, from 0.5 s when the flow starts
            assertTrue(cwnd.size() >= 50, "cwnd samples: " + cwnd.size());
            assertTrue(cwnd.stream().mapToDouble(Double::doubleValue).max().orElse(0) > 4, "cwnd grew: " + cwnd);
            assertTrue(maxQueue > 0 && bottleneckDrops > 0, "the bottleneck queued and dropped");
            assertTrue(log.stream().anyMatch(s -> s.startsWith("r2 acc-monitor: notificationsSent")), String.join("\n", log));
            assertTrue(log.stream().anyMatch(s -> s.startsWith("r1 acc-filter: filtersStarted")), String.join("\n", log));
            assertTrue(log.contains("r1 AA acc-filter running"), "the filter AA started on demand: " + log);
            assertEquals("end", events.get(events.size() - 1).kind());
        }
    }

    @Test
    void pacingFollowsTheWallClockAtTheChosenSpeed() throws Exception {
        // 1 s of virtual time at 8x: at least 125 ms of wall time, and the same events as unpaced
        Scenario s = scenario();
        LabRunner.Options o = new LabRunner.Options(true, null, 1_000_000_000L, null, null);
        LabResult unpaced = LabRunner.run(s, o);
        try (LabDashboard d = LabDashboard.start(0, 8)) {
            long t0 = System.nanoTime();
            LabResult paced = LabRunner.run(s, o, d);
            long wall = System.nanoTime() - t0;
            assertTrue(wall >= 125_000_000L, "wall " + wall / 1e6 + " ms");
            assertEquals(unpaced.traceHash(), paced.traceHash());
        }
    }
}
