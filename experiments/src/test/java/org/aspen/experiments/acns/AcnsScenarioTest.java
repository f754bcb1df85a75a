package org.aspen.experiments.acns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.AcnsReno;
import org.junit.jupiter.api.Test;

/**
 * The ACNS run's network is its scenario, the sender's reading included: what
 * {@code --print-scenario} prints parses back to the scenario the run used, and {@code aspen lab
 * --sim} on it counts at the last mile what the run counted.
 */
class AcnsScenarioTest {
    /** 16 s: flows #1 and #2 of the RDP flows, the first two constant-rate ones. */
    static final AcnsRun.Setup SHORT = new AcnsRun.Setup(16, AcnsRun.BOTTLENECK, AcnsRun.BUFFER);

    @Test
    void everyConfigsPrintedScenarioParsesBackWithItsReading() {
        for (AcnsBaseline b : AcnsBaseline.values()) {
            for (Config c : Config.values()) {
                Scenario s = AcnsRun.scenario(c, SHORT.withBaseline(b), 3);
                assertEquals(s, ScenarioYaml.read(ScenarioYaml.write(s), "acns.yaml"), c.id() + " on " + b.id());
                for (Scenario.FlowSpec f : s.workload().flows()) {
                    AcnsReno.Reading r = f.sender() == null ? AcnsReno.Reading.PAPER : f.sender().reading();
                    assertEquals(c.acns() ? c.reading() : AcnsReno.Reading.PAPER, r, c.id() + " " + f.name());
                }
            }
        }
        Scenario old = AcnsRun.scenario(Config.ACNS_OLD, SHORT, 1);
        assertEquals(List.of("every-segment", "on-its-ack"), old.workload().flows().get(0).sender().acnsReading());
        assertNull(AcnsRun.scenario(Config.ACNS, SHORT, 1).workload().flows().get(0).sender(), "the text's reading: no sender field");
    }

    /** Config acns-old (both non-default readings) on Aspen RDP: the lab's run of the printed file gives the last mile's ACNS counters. */
    @Test
    void aLabRunOfThePrintedScenarioCountsWhatTheRunCounted() throws Exception {
        AcnsRun run = AcnsRun.simulate(Config.ACNS_OLD, 1, SHORT);
        Scenario back = ScenarioYaml.read(ScenarioYaml.write(AcnsRun.scenario(Config.ACNS_OLD, SHORT, 1)), "acns.yaml");
        LabResult lab = LabRunner.run(back, new LabRunner.Options(true, 1L, null, null, null));
        Map<String, Object> probe = run.result().queues().get("ra-i1@ra");
        Map<String, Object> labQueue = lab.links().get("ra-i1@ra").discipline();
        assertTrue(((Number) probe.get("fallback")).longValue() > 0, probe.toString());
        for (String k : List.of("classified", "requests", "normal", "freeze", "fallback", "strengthened")) {
            assertEquals(probe.get(k), labQueue.get(k), k);
        }
    }
}
