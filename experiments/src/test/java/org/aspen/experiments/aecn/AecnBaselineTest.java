package org.aspen.experiments.aecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.rdp.AntiEcnReno;
import org.aspen.rdp.Recovery;
import org.junit.jupiter.api.Test;

/** The baselines' transports: rdp-impatient is rdp with RFC 6582's timer, and nothing else changes. */
class AecnBaselineTest {
    @Test
    void rdpImpatientIsRdpWithTheImpatientRecovery() {
        AecnBaseline b = AecnBaseline.byId("rdp-impatient");
        assertEquals(AecnBaseline.RDP_IMPATIENT, b);
        assertTrue(b.rdp());
        assertFalse(b.ns2());
        assertEquals(Recovery.IMPATIENT, b.recovery());
        assertNull(b.agent());
        assertEquals(AecnRun.SEGMENT, b.segment());
        assertTrue(b.sender(true).get() instanceof AntiEcnReno);
        // the committed baselines keep CLASSIC (an ns-2 agent recovers itself and ignores it)
        assertEquals(Recovery.CLASSIC, AecnBaseline.RDP.recovery());
        assertEquals(Recovery.CLASSIC, AecnBaseline.NS2.recovery());
        assertTrue(AecnBaseline.RDP.rdp());
        assertFalse(AecnBaseline.NS2_235.rdp());
    }
}
