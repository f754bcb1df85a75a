package org.aspen.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.Recovery;
import org.junit.jupiter.api.Test;

/** A scenario's {@code recovery} reaches RDP's sender; without it a lab keeps classic recovery (docs/scenarios.md). */
class RecoveryLabTest {
    @Test
    void recoveryIsClassicUnlessTheScenarioAsksForModern() throws Exception {
        Scenario s = CrossAndAccTest.yaml("""
                name: recovery
                duration: 30s
                routing: static
                nodes: [{name: a, address: 10.0.0.1}, {name: b, address: 10.0.0.2}]
                links: [{between: [a, b], bandwidth: 10Mbps, delay: 10ms, buffer: 20}]
                routes: [{node: a, to: b, via: b}, {node: b, to: a, via: a}]
                workload:
                  transfers:
                    - {name: classic, from: a, to: b, size: 1MB, start: 1s}
                    - {name: modern, from: a, to: b, size: 1MB, start: 1s, recovery: modern}
                  flows:
                    - {from: a, to: b, start: 1s, stop: 2s, recovery: classic}
                """);
        List<Scenario.TransferSpec> ts = s.workload().transfers();
        assertEquals(Recovery.CLASSIC, new TransferRun(ts.get(0), 0).options().recovery());
        assertEquals(Recovery.MODERN, new TransferRun(ts.get(1), 1).options().recovery());
        assertEquals(Recovery.CLASSIC, TransferRun.flow(s.workload().flows().get(0), 0, 30_000_000_000L).options().recovery());
        // both share a 20-packet queue, so both lose segments; each arrives intact
        LabResult r = CrossAndAccTest.sim(s, 1);
        var out = r.report().transfers();
        assertEquals(true, out.get(0).digestMatch(), out.get(0).toString());
        assertEquals(true, out.get(1).digestMatch(), out.get(1).toString());
    }
}
