package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.CloseCause;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;

/** The typed view of a lab report reads the same numbers the report's JSON holds. */
class RunReportTest {

    /** a - r - b with a slow r -> b, one bulk flow a -> b, one cross source a -> b, ACC on r. */
    static Scenario line() {
        return new ScenarioBuilder("line", "4.000s")
                .node("a", "10.0.0.1").node("r", "10.0.0.2", "monitor", List.of()).node("b", "10.0.0.3")
                .link("a", "r", "10Mbps", "5ms").link("r", "b", "1Mbps", "5ms", 10, null)
                .route("a", "10.0.0.0/8", "r").route("b", "10.0.0.0/8", "r").route("r", "a", "a").route("r", "b", "b")
                .flow(ScenarioBuilder.flow("bulk", "a", "b").start("100ms").segment(940).build())
                .cross(new Scenario.CrossSpec("x", "a", "b", "200kbps", "1s", "1s", 1000, null, null, "fixed"))
                .build();
    }

    @Test
    void readsTransfersCrossTrafficLinksAndAas() throws Exception {
        LabResult lab = LabRunner.run(line(), new LabRunner.Options(true, 1L, null, null, null));
        JsonNode json = ReportJson.MAPPER.valueToTree(lab.report());
        RunReport r = RunReport.of(lab);
        assertEquals(4.0, r.durationSeconds());
        assertEquals(lab.traceHash(), r.traceHash());
        JsonNode flow = json.path("transfers").get(0);
        RunReport.Transfer t = r.transfers().get(0);
        assertEquals("bulk", t.name());
        assertEquals(flow.path("goodputBps").asDouble(), t.goodputBps());
        assertEquals(flow.path("seconds").asDouble(), t.seconds());
        assertEquals(flow.path("windowCloses").asLong(), t.windowCloses());
        assertTrue(t.windowCloses() > 0, "the 10-packet queue closed the window");
        JsonNode causes = flow.path("closesByCause");
        causes.fieldNames().forEachRemaining(cause -> assertEquals(causes.path(cause).asLong(), t.closes(cause), cause));
        assertEquals(CloseCause.values().length, causes.size(), "every cause, 0 or not");
        assertEquals(0, t.closes("NO-SUCH-CAUSE"));
        assertEquals(json.path("cross").get(0).path("sentPackets").asLong(), r.cross().get(0).sentPackets());
        JsonNode bottleneck = json.path("links").path("r-b@r").path("counters");
        LinkCounts l = r.link("r-b@r");
        assertEquals(bottleneck.path("enqueued").asLong(), l.enqueued());
        assertEquals(bottleneck.path("averageQueue").asDouble(), l.averageQueue());
        long drops = 0;
        for (var e : bottleneck.path("drops").properties()) {
            drops += e.getKey().equals("node-stopped") ? 0 : e.getValue().asLong();
        }
        assertEquals(drops, l.congestionDrops());
        assertTrue(l.congestionDrops() > 0);
        assertEquals(l.drops(List.of("overflow")), l.drops().getOrDefault("overflow", 0L));
        assertEquals("running", r.aaState("r", "acc-monitor"));
        assertNull(r.aaState("a", "acc-monitor"));
        assertTrue(r.aaMetric("r", "notificationsSent") > 0, "the monitor notified the sender");
        assertEquals(0, r.aaMetric("a", "notificationsSent"));
        assertEquals(0, r.inputQueue("r").limit(), "a simulated node has no input queue");
        assertThrows(IllegalArgumentException.class, () -> r.link("no-such@link"));
    }
}
