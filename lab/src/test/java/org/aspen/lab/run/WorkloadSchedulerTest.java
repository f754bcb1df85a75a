package org.aspen.lab.run;

import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.Recovery;
import org.aspen.rdp.ns2.Ns2AcnsReno;
import org.aspen.rdp.ns2.Ns2Reno;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadSchedulerTest {
    private static Scenario.TransferSpec spec(Integer window, Boolean ecn, Boolean aecn, Boolean acns, String transport,
                                              String recovery) {
        return new Scenario.TransferSpec("t", "a", "b", null, "1MB", null, null, window, null, ecn, aecn, acns, null,
                transport, null, recovery);
    }

    @Test
    void plainRdpKeepsTheBaseOptions() {
        RdpOptions base = RdpOptions.defaults().withMaxSamples(0);
        assertEquals(base, WorkloadScheduler.options(spec(null, null, null, null, null, null), "t", base, AcnsReno.Reading.PAPER));
    }

    @Test
    void windowEcnAntiEcnAndRecoveryComeFromTheSpec() {
        RdpOptions o = WorkloadScheduler.options(spec(32, true, true, null, null, "modern"), "t", RdpOptions.defaults(),
                AcnsReno.Reading.PAPER);
        assertEquals(32, o.maxOutstanding());
        assertTrue(o.ecn());
        assertTrue(o.aecn(), "the AECN branch: the one the ACNS probe had no copy of");
        assertEquals(Recovery.MODERN, o.recovery());
    }

    @Test
    void acnsOnRdpUsesAcnsRenoAndOnNs2RenoAcnsOnTheAgent() {
        RdpOptions rdp = WorkloadScheduler.options(spec(null, null, null, true, null, null), "t", RdpOptions.defaults(),
                AcnsReno.Reading.PAPER);
        assertTrue(rdp.congestionControl().get() instanceof AcnsReno);
        RdpOptions ns2 = WorkloadScheduler.options(spec(null, null, null, true, "ns2-reno", null), "t", RdpOptions.defaults(),
                AcnsReno.Reading.PAPER);
        assertTrue(ns2.congestionControl().get() instanceof Ns2AcnsReno);
        assertFalse(ns2.ecn(), "ns-2's ecn_ 0 unless the spec sets ecn");
    }

    @Test
    void anNs2TransportWithEcnSetKeepsIt() {
        RdpOptions o = WorkloadScheduler.options(spec(null, true, null, null, "ns2-reno", null), "t", RdpOptions.defaults(),
                AcnsReno.Reading.PAPER);
        assertTrue(o.congestionControl().get() instanceof Ns2Reno);
        assertTrue(o.ecn());
    }

    @Test
    void aBulkFlowCloses1msBeforeItsStopAndATransferNever() {
        Scenario.FlowSpec f = new Scenario.FlowSpec(null, "a", "b", null, "2s", "5s", null, null, null, null, null, null,
                null, null, null);
        TransferRun flow = TransferRun.flow(f, 3, 10_000_000_000L);
        assertEquals("flow-a-b-3", flow.name);
        assertEquals(6003, flow.port);
        assertEquals(4_999_000_000L, flow.closeAtNanos());
        Scenario.FlowSpec late = new Scenario.FlowSpec(null, "a", "b", null, "5s", "5.0005s", null, null, null, null, null,
                null, null, null, null);
        assertEquals(5_000_000_000L, TransferRun.flow(late, 0, 10_000_000_000L).closeAtNanos(), "never before its start");
        TransferRun t = new TransferRun(spec(null, null, null, null, null, null), 0);
        assertEquals(null, t.closeAtNanos());
    }
}
