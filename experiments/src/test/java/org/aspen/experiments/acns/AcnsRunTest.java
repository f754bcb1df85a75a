package org.aspen.experiments.acns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.junit.jupiter.api.Test;

/**
 * The ACNS experiment on a shortened timeline (20 s: flows #1 and #2): ACNS queues and prioritised
 * ACNS flows, commands flow end to end, and the printed scenario is checked like a file.
 */
class AcnsRunTest {
    static final AcnsRun.Setup SHORT = new AcnsRun.Setup(20, AcnsRun.BOTTLENECK, AcnsRun.BUFFER);

    @Test
    void commandsFlowAndTheOldFlowIsTheOneSentBack() {
        FlowProbeRun.Result r = AcnsRun.simulate(Config.ACNS, 1, SHORT).result();
        FlowProbeRun.FlowResult old = r.flows().get(0);
        FlowProbeRun.FlowResult young = r.flows().get(1);
        assertTrue(old.acnsNegotiated() && young.acnsNegotiated());
        assertEquals(26, young.priority());
        Map<String, Object> lastMile = r.queues().get("ra-i1@ra");
        assertEquals("acns", lastMile.get("kind"));
        assertTrue(((Number) lastMile.get("fallback")).longValue() > 0, lastMile.toString());
        assertTrue(old.commandsReceived()[3] > 0, "the receiver echoed fallbacks to the old flow");
        assertTrue(old.closesByCause().get("ACNS") > 0);
        assertTrue(old.commandsReceived()[3] > young.commandsReceived()[3]);
        // docs/results-acns.md: equations 3-5 tell a young flow only "normal" at first, so most of its losses
        // come in its first slow start, while the old flow, told to fall back, loses (almost) nothing there
        assertTrue(young.dropsInSlowStart() * 2 > young.drops(), young.dropsInSlowStart() + " of " + young.drops());
        assertTrue(old.dropsInSlowStart() < young.dropsInSlowStart());
        assertTrue(old.commandsReceived()[1] + old.commandsReceived()[2] + old.commandsReceived()[3] <= old.requests(),
                "a command comes back only for a segment that asked, once per window");
        assertTrue(old.avgRttMs() > 88 && old.maxRttMs() >= old.avgRttMs(), "path RTT above the 88 ms propagation");
        FlowProbeRun.Result plain = AcnsRun.simulate(Config.RENO, 1, SHORT).result();
        assertFalse(plain.flows().get(0).acnsNegotiated());
        assertEquals(0, plain.flows().get(0).commandsReceived()[3]);
        assertNotEquals(old.bytesAcked(), plain.flows().get(0).bytesAcked(), "ACNS changed the old flow's share");
    }

    @Test
    void smokeRunOfTheExperimentIsDeterministicAndComparesWithThePaper() {
        AcnsExperiment e = new AcnsExperiment(new AcnsExperiment.Params(List.of(Config.RENO, Config.ACNS), 2, SHORT));
        List<AcnsRun> runs = e.plan().stream().map(e::run).toList();
        AcnsExperiment.Summary a = e.summarise(runs, 0);
        AcnsExperiment.Summary b = e.summarise(e.plan().stream().map(e::run).toList(), 0);
        assertEquals(a.tables(), b.tables(), "same seeds, same figures");
        assertEquals(7, a.paperComparison().size());
        assertTrue(a.paperComparison().get(3).result().startsWith("Table 10"));
        assertNotEquals(runs.get(0).result().flows().get(0).bytesAcked(), runs.get(1).result().flows().get(0).bytesAcked(),
                "the seed moves the start times: seeds differ");
        assertTrue(a.configs().get("acns").avgMbps()[0].ci95() > 0, "an interval over two seeds");
        assertEquals(AcnsSites.start(15.1, "tcp2", 1), AcnsRun.scenario(Config.RENO, SHORT, 1).workload().flows().get(1).start(),
                "both systems start their flows at the same seeded times");
        double offset = Double.parseDouble(AcnsSites.start(15.1, "tcp2", 1).replace("s", "")) - 15.1;
        assertTrue(Math.abs(offset) <= 0.05, "within ±50 ms: " + offset);
    }

    @Test
    void badPriorityNamesTheField() {
        String yaml = ScenarioYaml.write(AcnsRun.scenario(Config.ACNS, SHORT, 1)).replace("priority: 46", "priority: 64");
        var e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> ScenarioYaml.read(yaml, "a.yaml"));
        assertTrue(e.getMessage().contains("workload.flows[2].priority"), e.getMessage());
    }
}
