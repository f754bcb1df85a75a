package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.aspen.experiments.validation.Ns2Runner;
import org.junit.jupiter.api.Test;

/** {@code aspen validate}: its one-line refusal, and one quick case as table and as JSON. */
class ValidateCommandTest {
    @Test
    void anUnknownCaseIsRefusedInOneLineNamingTheKnownOnes() {
        CliTest.Run r = CliTest.run("validate", "--case", "nope");
        assertEquals(Aspen.USAGE, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("aspen validate: no validation case 'nope' (known: reno-droptail, reno-timeout,"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void anUnknownBaselineIsRefusedInOneLine() {
        CliTest.Run r = CliTest.run("validate", "--baseline", "ns3");
        assertEquals(Aspen.USAGE, r.code(), r.out() + r.err());
        assertEquals("aspen validate: --baseline 'ns3' is not ns2 or rdp\n", r.err());
    }

    @Test
    void renoTimeoutPrintsItsRowsAndFailsAsTheTableSays() throws Exception {
        assumeTrue(Ns2Runner.available(), "ns-2.35 is not installed at /usr/bin/ns (apt-get install ns2): skipped");
        CliTest.Run r = CliTest.run("validate", "--case", "reno-timeout", "--baseline", "rdp");
        assertEquals(Aspen.EXPECTATION_FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("reno-timeout   case verdict: FAIL (Aspen RDP; 1 run each)"), r.out());
        assertTrue(r.out().contains("ns-2 [48, 50, 55, 395, 431, 432, 433, 780, 816, 817, 818]"), r.out());
        CliTest.Run j = CliTest.run("validate", "--case", "reno-timeout", "--baseline", "rdp", "--json");
        assertEquals(Aspen.EXPECTATION_FAILED, j.code(), j.out() + j.err());
        JsonNode c = new ObjectMapper().readTree(j.out()).get(0);
        assertEquals("reno-timeout", c.path("case").asText());
        assertEquals(false, c.path("passed").asBoolean(true));
        assertEquals("timeouts", c.path("rows").get(1).path("quantity").asText());
        assertEquals(3.0, c.path("rows").get(1).path("ns2").asDouble(), 0);
    }
}
