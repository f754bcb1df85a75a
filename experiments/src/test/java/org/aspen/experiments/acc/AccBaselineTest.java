package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.Map;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.acc.AccFigure4Run.Setup;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The readings docs/ns2-baseline.md fixed for ACC reach the scenario: agent, its variables, packet size, queues. */
class AccBaselineTest {
    private static Scenario scenario(Config c, AccBaseline b) {
        return AccFigure4Run.scenario(c, 100, Setup.defaults(20).withBaseline(b));
    }

    @Test
    void thePrimaryReadingRunsNs2RenoWithThe1998DefaultsOverNs2Red() {
        Scenario s = scenario(Config.RED_ECN, AccBaseline.NS2);
        for (Scenario.FlowSpec f : s.workload().flows()) {
            assertEquals("ns2-reno", f.transport());
            assertEquals(Map.of("window", 20, "windowInit", 1, "syn", 0, "singledup", 0, "tcpTick", 0.1, "minrto", 0,
                    "rtxcur_init", 6.0, "maxrto", 64), f.ns2());
            assertEquals(940, f.segment(), "1000 bytes on the wire: 940 data bytes + 60 header bytes");
            assertTrue(f.ecn());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> q = (Map<String, Object>) s.link("r2-r3").queue();
        assertEquals("ns2-red", q.get("kind"));
        assertEquals(5, q.get("thresh"));
        assertEquals(15, q.get("maxthresh"));
        assertEquals(0.002, q.get("q_weight"));
        assertEquals(10, q.get("linterm"));
        assertEquals(false, q.get("gentle"));
        assertEquals(false, q.get("bytes"));
        assertEquals(true, q.get("setbit"), "RED+ECN marks");
        assertEquals("ns2-droptail", scenario(Config.DROPTAIL, AccBaseline.NS2).link("r2-r3").queue());
    }

    @Test
    void redRedEcnAndAccShareOneRedButForMarking() {
        for (AccBaseline b : AccBaseline.values()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> red = (Map<String, Object>) b.queue(Config.RED);
            @SuppressWarnings("unchecked")
            Map<String, Object> acc = (Map<String, Object>) b.queue(Config.ACC);
            assertEquals(red, acc, b.id());
        }
    }

    @Test
    void sensitivityReadingsDifferWhereTheyClaimTo() {
        assertEquals(Map.of(), AccBaseline.NS2_235.agent(), "ns-2.35's defaults: no overrides");
        assertEquals(980, AccBaseline.NS2_235.segment(), "1040 bytes on the wire");
        assertEquals(10_000, AccBaseline.NS2_WIDE.agent().get("window"));
        Map<String, Object> wide = new java.util.LinkedHashMap<>(AccBaseline.NS2_WIDE.agent());
        wide.put("window", 20);
        assertEquals(AccBaseline.NS2.agent(), wide, "ns2-wide is ns2 but for window_");
    }

    @Test
    void aspenRdpIsTheScenarioEveryCommittedResultRan() {
        Setup old = new Setup(20, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, Placement.BETWEEN);
        Scenario s = AccFigure4Run.scenario(Config.ACC, 100, old.withBaseline(AccBaseline.RDP));
        assertEquals(AccFigure4Run.scenario(Config.ACC, 100, old), s);
        for (Scenario.FlowSpec f : s.workload().flows()) {
            assertNull(f.transport());
            assertNull(f.ns2());
        }
    }
}
