package org.aspen.experiments.purple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.Map;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The readings docs/ns2-baseline.md fixed for PURPLE reach the scenario; rdp is the scenario of before. */
class PurpleBaselineTest {
    static final PurpleRun.Setup SETUP = new PurpleRun.Setup(20_000_000L, 100, 10, 50);

    @Test
    void aspenRdpIsTheScenarioEveryCommittedResultRan() {
        for (Part p : Part.values()) {
            for (Aqm a : Aqm.values()) {
                Scenario s = PurpleRun.scenario(p, a, 10, SETUP.withBaseline(PurpleBaseline.RDP));
                assertEquals(PurpleRun.scenario(p, a, 10, SETUP), s, p.id + " " + a.id());
                assertEquals(a.queue(p), s.link("r1-r2").queue());
                for (Scenario.FlowSpec f : s.workload().flows()) {
                    assertNull(f.transport());
                    assertEquals(PurpleRun.SEGMENT, f.segment());
                }
            }
        }
    }

    @Test
    void thePrimaryReadingRunsNs2RenoWithEcnOverNs2RedAndAdaptiveRed() {
        PurpleRun.Setup ns2 = SETUP.withBaseline(PurpleBaseline.NS2);
        Scenario red = PurpleRun.scenario(Part.BDP, Aqm.RED, 10, ns2);
        for (Scenario.FlowSpec f : red.workload().flows()) {
            assertEquals("ns2-reno", f.transport());
            assertEquals(Map.of("window", 10_000, "minrto", 1.0, "rtxcur_init", 6.0, "maxrto", 64, "SetCWRonRetransmit", 1), f.ns2());
            assertEquals(1480, f.segment(), "packetSize_ 1500 + 40 header bytes: 1540 on the wire");
            assertTrue(f.ecn());
        }
        assertEquals(Map.of("kind", "ns2-red", "thresh", 10, "maxthresh", 600, "linterm", 50, "q_weight", 0.002,
                "setbit", true, "mean_pktsize", 1500, "gentle", true, "bytes", false, "queue_in_bytes", false),
                red.link("r1-r2").queue());
        @SuppressWarnings("unchecked")
        Map<String, Object> shortRed = (Map<String, Object>) PurpleRun.scenario(Part.SHORT, Aqm.RED, 10, ns2).link("r1-r2").queue();
        assertEquals(20, shortRed.get("thresh"));
        assertEquals(60, shortRed.get("maxthresh"));
        assertEquals(Map.of("kind", "ns2-red", "adaptive", true, "bottom", 0.01, "setbit", true, "mean_pktsize", 1500,
                "gentle", true, "bytes", false, "queue_in_bytes", false),
                PurpleRun.scenario(Part.MULTI, Aqm.ARED, 10, ns2).link("r2-r3").queue());
        assertEquals(Aqm.PURPLE.queue(Part.SHORT), PurpleRun.scenario(Part.SHORT, Aqm.PURPLE, 10, ns2).link("r1-r2").queue(),
                "PURPLE's router is the same on every baseline");
    }

    @Test
    void theSensitivityReadingKeepsTheTextsValuesAndNs235sDefaults() {
        PurpleRun.Setup s235 = SETUP.withBaseline(PurpleBaseline.NS2_235);
        Scenario red = PurpleRun.scenario(Part.BDP, Aqm.RED, 10, s235);
        // window_ 20, minrto_ 0.2, rtxcur_init_ 3, maxrto_ 60 by default; SetCWRonRetransmit_ true is ns-2.35's too (ns-default.tcl:1027)
        assertEquals(Map.of("SetCWRonRetransmit", 1), red.workload().flows().get(0).ns2());
        assertEquals(1480, red.workload().flows().get(0).segment());
        assertEquals(Map.of("kind", "ns2-red", "thresh", 10, "maxthresh", 600, "linterm", 50, "q_weight", 0.002,
                "setbit", true, "mean_pktsize", 1500), red.link("r1-r2").queue());
        assertEquals(Map.of("kind", "ns2-red", "adaptive", true, "setbit", true, "mean_pktsize", 1500),
                PurpleRun.scenario(Part.BDP, Aqm.ARED, 10, s235).link("r1-r2").queue());
    }

    @Test
    void aShortNs2RunMarksAtTheRedQueue() throws InterruptedException {
        PurpleRun r = PurpleRun.simulate(Part.SHORT, Aqm.ARED, 10, 1,
                new PurpleRun.Setup(20_000_000L, 6, 2, 50).withBaseline(PurpleBaseline.NS2));
        assertTrue(r.markRate() > 0, "ECN marks from ns-2's A-RED to ns-2's Reno with ecn_ 1: " + r.markRate());
        assertTrue(r.goodputMbps() > 0);
    }
}
