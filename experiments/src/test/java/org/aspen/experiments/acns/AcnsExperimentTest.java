package org.aspen.experiments.acns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.aspen.experiments.acns.AcnsExperiment;
import org.aspen.experiments.acns.FlowProbeRun;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/**
 * The ACNS experiment on a shortened timeline (20 s: flows #1 and #2): its scenario loads and runs in
 * the lab runner with ACNS queues and prioritised ACNS flows, commands flow end to end, and the
 * command writes its files.
 */
class AcnsExperimentTest {
    static final AcnsExperiment.Setup SHORT = new AcnsExperiment.Setup(20, AcnsExperiment.BOTTLENECK, AcnsExperiment.BUFFER);

    @Test
    void commandsFlowAndTheOldFlowIsTheOneSentBack() {
        FlowProbeRun.Result r = AcnsExperiment.run("acns", 1, SHORT).result();
        FlowProbeRun.FlowResult old = r.flows().get(0);
        FlowProbeRun.FlowResult young = r.flows().get(1);
        assertTrue(old.acnsNegotiated() && young.acnsNegotiated());
        assertEquals(26, young.priority());
        @SuppressWarnings("unchecked")
        Map<String, Object> lastMile = (Map<String, Object>) r.queues().get("ra-i1@ra");
        assertEquals("acns", lastMile.get("kind"));
        assertTrue(((Number) lastMile.get("fallback")).longValue() > 0, lastMile.toString());
        assertTrue(old.commandsReceived()[3] > 0, "the receiver echoed fallbacks to the old flow");
        assertTrue(old.closesByCause().get("ACNS") > 0);
        assertTrue(old.commandsReceived()[3] > young.commandsReceived()[3]);
        assertTrue(old.avgRttMs() > 88 && old.maxRttMs() >= old.avgRttMs(), "path RTT above the 88 ms propagation");
        FlowProbeRun.Result plain = AcnsExperiment.run("reno", 1, SHORT).result();
        assertFalse(plain.flows().get(0).acnsNegotiated());
        assertEquals(0, plain.flows().get(0).commandsReceived()[3]);
        assertNotEquals(old.bytesAcked(), plain.flows().get(0).bytesAcked(), "ACNS changed the old flow's share");
    }

    @Test
    void badPriorityNamesTheField() {
        String yaml = AcnsExperiment.scenarioYaml("acns", SHORT).replace("priority: 46", "priority: 64");
        var e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> ScenarioLoader.parse(
                new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "a.yaml", true));
        assertTrue(e.getMessage().contains("workload.flows[2].priority"), e.getMessage());
    }
}
