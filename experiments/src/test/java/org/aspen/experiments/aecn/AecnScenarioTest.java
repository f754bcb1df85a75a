package org.aspen.experiments.aecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.link.LinkCounts;
import org.junit.jupiter.api.Test;

/**
 * The AntiECN run's network is its scenario: what {@code --print-scenario} prints parses back to the
 * scenario the run used, and {@code aspen lab --sim} on it counts what the run counted.
 */
class AecnScenarioTest {
    /** Scale 0.02 (20 Mb/s), 50 RTTs at 40 ms: 2 s. */
    static final AecnExperiment.Params SHORT = AecnExperiment.Params.of(0.02, 50, 1);

    @Test
    void thePrintedScenarioParsesBackToTheOneTheRunUses() {
        for (AecnBaseline b : AecnBaseline.values()) {
            AecnRun.Setup s = SHORT.withBaseline(b).setup(40, 0.5, SHORT.bdp(40), 3, 2);
            Scenario sc = AecnRun.scenario(s);
            assertEquals(sc, ScenarioYaml.read(ScenarioYaml.write(sc), "aecn.yaml"), b.id());
        }
        Scenario sc = AecnRun.scenario(SHORT.withBaseline(AecnBaseline.NS2).setup(40, 0.5, 100, 1, 1));
        Scenario.LinkSpec bottleneck = sc.link("r-d");
        assertEquals(100, bottleneck.bufferAt("r"), "the real buffer on r's end");
        assertEquals(AecnRun.ACCESS_BUFFER, bottleneck.bufferAt("d"));
        assertEquals("aecn", Scenario.queueParams(bottleneck.queueAt("r")).get("kind"));
        assertEquals(null, bottleneck.queueAt("d"), "d's ACKs pass no AVQ");
        assertEquals("19ms", bottleneck.delay(), "the base RTT less the access hops' 1 ms each way");
        assertEquals("20Mbps", bottleneck.bandwidth());
        Scenario.FlowSpec f = sc.workload().flows().get(0);
        assertEquals(List.of("ns2-reno", "0s", "3s"), List.of(f.transport(), f.start(), f.stop()));
        assertEquals(AecnRun.SEND_BUFFER, f.sender().sendBuffer());
        assertTrue(f.aecn() && f.ecn());
        assertEquals(1000, f.segment() + org.aspen.rdp.RdpPackets.DATA_FRAME_OVERHEAD - 40, "ns-2's 1000-byte packets plus 40");
    }

    /** Three AntiECN flows on ns-2's Reno, started over [0, 0.2 s): the lab runs the printed file to the same counters. */
    @Test
    void aLabRunOfThePrintedScenarioCountsWhatTheRunCounted() throws Exception {
        AecnRun.Setup s = SHORT.withBaseline(AecnBaseline.NS2).setup(40, 0.5, SHORT.bdp(40), 3, 1);
        AecnRun run = AecnRun.simulate(s);
        Scenario back = ScenarioYaml.read(ScenarioYaml.write(AecnRun.scenario(s)), "aecn.yaml");
        RunReport lab = RunReport.of(LabRunner.run(back, new LabRunner.Options(true, s.seed(), null, null, null)));
        LinkCounts bottleneck = lab.link("r-d@r");
        assertTrue(run.bottleneckBytes() > 1_000_000, "the flows ran: " + run.bottleneckBytes());
        assertEquals(run.bottleneckBytes(), bottleneck.sentBytes());
        assertEquals(run.ecnMarks(), bottleneck.marked());
        assertEquals(3, lab.transfers().size());
        for (int i = 0; i < 3; i++) {
            assertTrue(run.aecnEnabled()[i], "flow " + i + " negotiated AntiECN");
        }
    }

    @Test
    void anUnknownRunToPrintIsOneLine() {
        AecnPaper p = new AecnPaper();
        AecnPaper.Options d = p.defaults();
        AecnPaper.Options o = new AecnPaper.Options(d.threads(), d.scale(), d.rtts(), d.seeds(), d.avqBuffer(), d.baseline(),
                d.preregistered(), "exp9-40ms-reno-seed1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.scenarioToPrint(o));
        assertEquals("--print-scenario: no run 'exp9-40ms-reno-seed1' in this sweep (e.g. exp1-40ms-reno-seed1, "
                + "exp3-40ms-aecn-50-seed3)", e.getMessage());
        AecnPaper.Options ok = new AecnPaper.Options(d.threads(), d.scale(), d.rtts(), d.seeds(), d.avqBuffer(), d.baseline(),
                d.preregistered(), "exp3-40ms-aecn-50-seed2");
        assertEquals(3, p.scenarioToPrint(ok).workload().flows().size());
    }
}
