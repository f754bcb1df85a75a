package org.aspen.experiments.abcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.link.LinkCounts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ABCD's run is built from its scenario: what {@code --print-scenario} prints parses back to the
 * scenario the run used (seeded start times, send buffers, cross traffic from a random phase), and
 * {@code aspen lab --sim} on it counts at the bottleneck what the run counted.
 */
class AbcdScenarioTest {
    @ParameterizedTest
    @EnumSource(AbcdBaseline.class)
    void thePrintedScenarioParsesBackToTheOneTheRunUses(AbcdBaseline b) {
        AbcdRun.Setup setup = AbcdRun.Setup.defaults(10).withBaseline(b);
        for (AbcdRun.Config c : AbcdRun.Config.values()) {
            Scenario s = AbcdRun.scenario(c, 100, 3, setup);
            assertEquals(s, ScenarioYaml.read(ScenarioYaml.write(s), "abcd.yaml"), c.id());
        }
        Scenario s = AbcdRun.scenario(AbcdRun.Config.RENO, 100, 1, setup);
        Scenario.FlowSpec f = s.workload().flows().get(0);
        assertEquals(b == AbcdBaseline.RDP ? new Scenario.SenderSpec(8, null, List.of()) : new Scenario.SenderSpec(1, true, List.of()),
                f.sender());
        // the scenario's flow gives the sender the baseline's own options (AbcdBaseline.options)
        var o = org.aspen.lab.run.WorkloadScheduler.options(f.asTransfer(f.name()), f.name(), org.aspen.rdp.RdpOptions.defaults());
        var want = b.options();
        assertEquals(List.of(want.maxSegment(), want.sendBuffer(), want.refillOnSend(), want.ecn(), want.congestionControl().get().name()),
                List.of(o.maxSegment(), o.sendBuffer(), o.refillOnSend(), o.ecn(), o.congestionControl().get().name()));
        Scenario.CrossSpec x = s.workload().cross().get(1);
        assertEquals(List.of("1-2", "x1", "y2", "fixed", "random"), List.of(x.name(), x.from(), x.to(), x.durations(), x.phase()));
    }

    /** 10 s on Aspen RDP: the lab's run of the printed Reno scenario drops at r2 -> r3 what the experiment's run dropped. */
    @ParameterizedTest
    @EnumSource(value = AbcdRun.Config.class, names = {"RENO", "ACC", "ABCD"})
    void aLabRunOfThePrintedScenarioCountsWhatTheRunCounted(AbcdRun.Config c) throws Exception {
        AbcdRun.Setup setup = AbcdRun.Setup.defaults(10);
        AbcdRun run = AbcdRun.simulate(c, 100, 1, setup);
        Scenario back = ScenarioYaml.read(ScenarioYaml.write(AbcdRun.scenario(c, 100, 1, setup)), "abcd.yaml");
        LabResult lab = LabRunner.run(back, new LabRunner.Options(true, 1L, null, null, null));
        LinkCounts bottleneck = lab.links().get("r2-r3@r2").counters();
        assertTrue(run.drops() > 10, "the bottleneck dropped: " + run.drops());
        assertEquals(run.drops(), bottleneck.congestionDrops());
        assertTrue(lab.report().transfers().stream().allMatch(t -> t.bytesReceived() > 0));
    }
}
