package org.aspen.experiments.acns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The readings docs/ns2-baseline.md fixed for ACNS reach the scenario and the senders; rdp is the scenario of before. */
class AcnsBaselineTest {
    static final AcnsRun.Setup SHORT = new AcnsRun.Setup(20, AcnsRun.BOTTLENECK, AcnsRun.BUFFER);

    @Test
    void aspenRdpIsTheScenarioEveryCommittedResultRan() {
        for (Config c : Config.values()) {
            Scenario s = AcnsRun.scenario(c, SHORT.withBaseline(AcnsBaseline.RDP), 3);
            assertEquals(AcnsRun.scenario(c, SHORT, 3), s, c.id());
            assertEquals("acns-paper-" + c.id(), s.name());
            assertEquals(c.queue(), s.link("ra-i1").queue());
            for (Scenario.FlowSpec f : s.workload().flows()) {
                assertNull(f.transport());
                assertNull(f.ns2());
                assertNull(f.segment(), "RDP's default segment, as before");
            }
        }
    }

    @Test
    void thePrimaryReadingRunsNs2RenoOverNs2DropTailAndAcnsOverIt() {
        Scenario reno = AcnsRun.scenario(Config.RENO, SHORT.withBaseline(AcnsBaseline.NS2), 1);
        Scenario acns = AcnsRun.scenario(Config.ACNS, SHORT.withBaseline(AcnsBaseline.NS2), 1);
        assertEquals("ns2-droptail", reno.link("ra-i1").queue());
        assertEquals(Map.of("kind", "acns", "p_max", 63, "age", "normalised", "inner", Map.of("kind", "ns2-droptail")),
                acns.link("i2-rb").queue());
        for (Scenario.FlowSpec f : acns.workload().flows()) {
            assertEquals("ns2-reno", f.transport());
            assertEquals(Map.of("window", 10_000), f.ns2(), "window_ from Tables 7-8; ns-2.35's defaults for the rest");
            assertEquals(980, f.segment(), "packetSize_ 1000 + 40 header bytes: 1040 on the wire");
            assertEquals(false, f.ecn());
            assertTrue(f.acns());
        }
        Scenario s235 = AcnsRun.scenario(Config.ACNS, SHORT.withBaseline(AcnsBaseline.NS2_235), 1);
        assertNull(s235.workload().flows().get(0).ns2(), "ns-2.35's defaults throughout: window_ 20");
        assertEquals(980, s235.workload().flows().get(0).segment());
        assertEquals(acns.workload().cross(), reno.workload().cross(), "the constant-rate flows are the set-up's");
    }

    @Test
    void aCubicBetaReachesTheNs2CubicFlowsOnly() {
        AcnsRun.Setup keep = new AcnsRun.Setup(20, AcnsRun.BOTTLENECK, AcnsRun.BUFFER, AcnsBaseline.NS2_CUBIC,
                org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.PRIMARY, 1024);
        for (Scenario.FlowSpec f : AcnsRun.scenario(Config.RENO, keep, 1).workload().flows()) {
            assertEquals(Map.of("window", 10_000, "cubic.beta", 1024), f.ns2());
        }
        assertEquals(Map.of("window", 10_000), SHORT.withBaseline(AcnsBaseline.NS2_CUBIC).agent(), "ns-2's beta: no key");
        assertNull(keep.withBaseline(AcnsBaseline.RDP).cubicBeta());
        assertEquals("--cubic-beta sets CUBIC's beta: it needs --baseline ns2-cubic, not ns2",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new AcnsRun.Setup(20,
                        AcnsRun.BOTTLENECK, AcnsRun.BUFFER, AcnsBaseline.NS2, org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.PRIMARY,
                        1024)).getMessage());
    }

    @Test
    void theDropsByLinkEndAddUpToEachFlowsDrops() {
        AcnsRun.Setup keep = new AcnsRun.Setup(4, AcnsRun.BOTTLENECK, AcnsRun.BUFFER, AcnsBaseline.NS2_CUBIC,
                org.aspen.rdp.ns2.Ns2AcnsCubic.CubicReading.PRIMARY, 1024);
        FlowProbeRun.Result r = AcnsRun.simulate(Config.RENO, 1, keep).result();
        FlowProbeRun.FlowResult f = r.flows().get(0);
        Map<String, long[]> ends = r.dropsByLink().get("tcp1");
        assertTrue(f.drops() > 0, "the window kept at cwnd 243 overflows the last mile in 4 s");
        assertEquals(f.drops(), ends.values().stream().mapToLong(v -> java.util.Arrays.stream(v).sum()).sum());
        assertTrue(ends.containsKey("ra-i1@ra"), ends.keySet().toString());
        assertEquals(5, ends.get("ra-i1@ra").length, "one bin a second, 0-4 s");
    }

    @Test
    void acnsCommandsReachTheSenderBuiltOnNs2Reno() {
        FlowProbeRun.Result r = AcnsRun.simulate(Config.ACNS, 1, SHORT.withBaseline(AcnsBaseline.NS2)).result();
        FlowProbeRun.FlowResult old = r.flows().get(0);
        assertTrue(old.acnsNegotiated(), "Ns2AcnsReno offers ACNS at both ends");
        assertTrue(old.requests() > 0);
        long commands = old.commandsReceived()[1] + old.commandsReceived()[2] + old.commandsReceived()[3];
        assertTrue(commands > 0 && commands <= old.requests(), commands + " commands for " + old.requests() + " requests");
        FlowProbeRun.Result plain = AcnsRun.simulate(Config.RENO, 1, SHORT.withBaseline(AcnsBaseline.NS2)).result();
        assertEquals(false, plain.flows().get(0).acnsNegotiated());
        assertEquals(0, plain.flows().get(0).requests());
    }

    @Test
    void namesParse() {
        assertEquals(AcnsBaseline.NS2, AcnsBaseline.byId("ns2"));
        assertEquals(AcnsBaseline.NS2_235, AcnsBaseline.byId("ns2-2.35"));
        assertEquals(AcnsBaseline.RDP, AcnsBaseline.byId("rdp"));
        assertNull(AcnsBaseline.byId("ns3"));
    }
}
