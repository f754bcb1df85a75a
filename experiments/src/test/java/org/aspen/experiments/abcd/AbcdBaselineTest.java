package org.aspen.experiments.abcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.stack.NodeStack;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.node.TraceHasher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The readings docs/ns2-baseline.md fixed for ACC-ABCD reach the runs (agent, its variables, packet
 * size, the byte-mode drop-tail), and Aspen RDP is the run every committed ABCD result made.
 */
class AbcdBaselineTest {
    private static AbcdRun.Setup setup(double seconds, AbcdBaseline b) {
        return AbcdRun.Setup.defaults(seconds).withBaseline(b);
    }

    @Test
    void thePrimaryReadingRunsNs2RenoWithThe2002DefaultsOverAByteModeDropTail() {
        Scenario s = AbcdRun.scenario(AbcdRun.Config.ABCD, 100, setup(20, AbcdBaseline.NS2));
        assertEquals(10, s.workload().flows().size());
        for (Scenario.FlowSpec f : s.workload().flows()) {
            assertEquals("ns2-reno", f.transport());
            assertEquals(Map.of("window", 20, "minrto", 1.0, "rtxcur_init", 6.0, "maxrto", 64), f.ns2());
            assertEquals(980, f.segment(), "packetSize_ 1000 + 40 header bytes = 1040 on the wire, less Aspen's 60");
        }
        assertEquals(Map.of("kind", "ns2-droptail", "queue_in_bytes", true, "mean_pktsize", 1000), s.link("r2-r3").queue());
        assertEquals(50, s.link("r2-r3").buffer(), "limit_ 50 packets x mean_pktsize_ 1000 = 50,000 bytes");
        assertEquals(s.link("r2-r3").queue(), AbcdRun.topology(100, setup(20, AbcdBaseline.NS2)).link("r2-r3").queue());
        assertEquals(Map.of("window", 20), AbcdBaseline.NS2_235.agent(), "ns-2.35's defaults but for the window");
        assertEquals(AbcdBaseline.NS2.queue(), AbcdBaseline.NS2_235.queue(), "the text's queue in both ns-2 readings");
        assertEquals(0.2, AbcdBaseline.NS2_235.params().minrto());
        assertEquals(1.0, AbcdBaseline.NS2.params().minrto());
        assertEquals(2.0, AbcdBaseline.NS2.params().windowInit(), "2002: windowInit_ 2 after the SYN");
        assertEquals(0.01, AbcdBaseline.NS2.params().tcpTick());
    }

    @Test
    void theNs2SendersQueueOneSegmentAndAreAskedForMoreAsEachLeaves() {
        var o = AbcdBaseline.NS2.options();
        assertEquals(1, o.sendBuffer());
        assertTrue(o.refillOnSend());
        assertTrue(!o.ecn(), "ecn_ 0");
        assertEquals(980, o.maxSegment());
        var rdp = AbcdBaseline.RDP.options();
        assertEquals(List.of(8, false, 940), List.of(rdp.sendBuffer(), rdp.refillOnSend(), rdp.maxSegment()));
    }

    @Test
    void aspenRdpIsTheScenarioEveryCommittedResultRan() {
        for (AbcdRun.Config c : AbcdRun.Config.values()) {
            Scenario s = AbcdRun.scenario(c, 100, setup(20, AbcdBaseline.RDP));
            assertEquals(AbcdRun.scenario(c, 100, AbcdRun.Setup.defaults(20)), s);
            assertEquals("50000B", s.link("r2-r3").buffer());
            assertNull(s.link("r2-r3").queue());
            for (Scenario.FlowSpec f : s.workload().flows()) {
                assertNull(f.transport());
                assertNull(f.ns2());
                assertEquals(940, f.segment());
            }
        }
    }

    /**
     * An 8-second run per config on Aspen RDP moves exactly the packets it moved before issue #28's
     * baselines existed: the trace hashes, drops, segments and bytes were read off commit b491ae9 with
     * the same call. ACC's trace hash only was read again at dcffad8: that commit changed the classes of
     * package org.aspen.acc.aa (the {@code notify} option), which AccJars packs into the ACC monitor and
     * filter jars, so their digests, which the filter requests carry in their AA spec, changed; the events,
     * drops, segments and bytes did not (b491ae9's trace hash for ACC was a8dd18e9bbe37f77).
     */
    @ParameterizedTest
    @EnumSource(AbcdRun.Config.class)
    void aspenRdpRunsAsBeforeTheBaselines(AbcdRun.Config c) {
        Map<AbcdRun.Config, List<Object>> before = Map.of(
                AbcdRun.Config.RENO, List.of("2a2779e58481695a", 151L, 1550L, 1500360L, 0L),
                AbcdRun.Config.ACC, List.of("66277bd97e63cb07", 120L, 1563L, 1527620L, 0L),
                AbcdRun.Config.ABCD, List.of("271c28692334ebc3", 138L, 1584L, 1410703L, 69L),
                AbcdRun.Config.ABCD_SENDER, List.of("3606d52e4a831da3", 136L, 1589L, 1419348L, 71L));
        AbcdRun.Setup s = setup(8, AbcdBaseline.RDP);
        TraceHasher h = new TraceHasher();
        AbcdRun r = AbcdRun.simulate(c, 100, 2, s, net -> NodeStack.topology(AbcdRun.scenario(c, 100, 2, s), net,
                NodeStack.Mode.SIMULATED), h);
        assertEquals(before.get(c), List.of(h.hex(), r.drops(), r.segmentsSent(), r.bytesSent(), r.advices()));
    }

    @Test
    void onNs2AbcdAdvisesTheAgentsAndTheyShrinkTheirPackets() {
        AbcdRun abcd = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 1, setup(10, AbcdBaseline.NS2));
        AbcdRun reno = AbcdRun.simulate(AbcdRun.Config.RENO, 100, 1, setup(10, AbcdBaseline.NS2));
        assertTrue(abcd.advices() > 0, "the monitor advised the ns-2 senders");
        assertTrue(abcd.meanSegment() < 980, "they cut smaller segments: " + abcd.meanSegment());
        assertEquals(0, reno.advices());
        assertTrue(reno.meanSegment() >= 980, "Reno's segments are all full size (and one more cut, queued): " + reno.meanSegment());
        assertTrue(reno.totalKbps() > 0 && abcd.totalKbps() > 0);
    }
}
