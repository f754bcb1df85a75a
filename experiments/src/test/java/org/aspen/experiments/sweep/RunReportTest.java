package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
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
    @SuppressWarnings("unchecked")
    void readsTransfersCrossTrafficLinksAndAas() throws Exception {
        LabResult lab = LabRunner.run(line(), new LabRunner.Options(true, 1L, null, null, null));
        Map<String, Object> json = lab.toJson();
        RunReport r = RunReport.of(lab);
        assertEquals(4.0, r.durationSeconds());
        assertEquals(lab.traceHash(), r.traceHash());
        Map<String, Object> flow = ((List<Map<String, Object>>) json.get("transfers")).get(0);
        RunReport.Transfer t = r.transfers().get(0);
        assertEquals("bulk", t.name());
        assertEquals(((Number) flow.get("goodputBps")).doubleValue(), t.goodputBps());
        assertEquals(((Number) flow.get("seconds")).doubleValue(), t.seconds());
        assertEquals(((Number) flow.get("windowCloses")).longValue(), t.windowCloses());
        assertTrue(t.windowCloses() > 0, "the 10-packet queue closed the window");
        Map<String, Object> causes = (Map<String, Object>) flow.get("closesByCause");
        for (String cause : causes.keySet()) {
            assertEquals(((Number) causes.get(cause)).longValue(), t.closes(cause), cause);
        }
        assertEquals(0, t.closes("NO-SUCH-CAUSE"));
        Map<String, Object> cross = ((List<Map<String, Object>>) json.get("cross")).get(0);
        assertEquals(((Number) cross.get("sentPackets")).longValue(), r.cross().get(0).sentPackets());
        Map<String, Object> bottleneck = (Map<String, Object>) lab.links().get("r-b@r");
        RunReport.LinkEnd l = r.link("r-b@r");
        assertEquals(((Number) bottleneck.get("enqueued")).longValue(), l.enqueued());
        assertEquals(((Number) bottleneck.get("averageQueue")).doubleValue(), l.averageQueue());
        long drops = 0;
        for (Map.Entry<String, Object> e : ((Map<String, Object>) bottleneck.get("drops")).entrySet()) {
            drops += e.getKey().equals("node-stopped") ? 0 : ((Number) e.getValue()).longValue();
        }
        assertEquals(drops, l.congestionDrops());
        assertTrue(l.congestionDrops() > 0);
        assertEquals(l.drops(List.of("overflow")), l.drops().getOrDefault("overflow", 0L));
        assertEquals("running", r.aaState("r", "acc-monitor"));
        assertNull(r.aaState("a", "acc-monitor"));
        assertTrue(r.aaMetric("r", "notificationsSent") > 0, "the monitor notified the sender");
        assertEquals(0, r.aaMetric("a", "notificationsSent"));
        assertThrows(IllegalArgumentException.class, () -> r.link("no-such@link"));
    }
}
