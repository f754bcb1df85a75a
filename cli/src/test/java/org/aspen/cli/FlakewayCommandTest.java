package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Two {@code aspen node} hosts in this JVM on loopback UDP: {@code aspen flakeway} sets a delay
 * rule on b, shows and clears it, and a ping from a sees the delay while the rule is there.
 */
class FlakewayCommandTest {
    @Test
    void setShowAndClearARuleOnARunningNode() throws Exception {
        Scenario s = CliTest.loopbackPair("fw");
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null)) {
            String ca = "127.0.0.1:" + a.controlAddress().getPort();
            String cb = "127.0.0.1:" + b.controlAddress().getPort();
            CliTest.Run empty = CliTest.run("flakeway", "show", "--node", cb);
            assertEquals(0, empty.code(), empty.err());
            assertTrue(empty.out().contains("0 rule(s)"), empty.out());

            CliTest.Run set = CliTest.run("flakeway", "set", "--node", cb, "name slow; match dst=10.0.0.2 proto=control; delay 80ms");
            assertEquals(0, set.code(), set.err());
            assertTrue(set.out().contains("rule slow set"), set.out());
            int code = -1;
            CliTest.Run ping = null;
            for (int attempt = 0; attempt < 30 && code != 0; attempt++) {
                ping = CliTest.run("ping", "10.0.0.2", "--node", ca, "-c", "1", "-W", "2s", "--json");
                code = ping.code();
            }
            assertEquals(0, code, ping.out() + ping.err());
            JsonNode summary = new ObjectMapper().readTree(ping.out().lines().reduce((x, y) -> y).orElseThrow());
            assertTrue(summary.path("rttMinMs").asDouble() >= 80, "the request waited 80 ms at b: " + ping.out());

            CliTest.Run show = CliTest.run("flakeway", "show", "--node", cb, "--json");
            assertEquals(0, show.code(), show.err());
            JsonNode rules = new ObjectMapper().readTree(show.out()).path("rules");
            assertTrue(rules.path("slow").path("matched").asLong() >= 1, show.out());
            assertTrue(CliTest.run("flakeway", "show", "--node", cb).out().contains("slow: name slow; match dst=10.0.0.2 proto=control"));

            CliTest.Run bad = CliTest.run("flakeway", "set", "--node", cb, "name x; loss 150%");
            assertEquals(Aspen.FAILURE, bad.code());
            assertTrue(bad.err().contains("loss") && bad.err().lines().count() == 1, bad.err());
            CliTest.Run missing = CliTest.run("flakeway", "clear", "--node", cb, "nosuch");
            assertEquals(Aspen.FAILURE, missing.code());
            assertTrue(missing.err().contains("no flakeway rule named 'nosuch'"), missing.err());

            CliTest.Run clear = CliTest.run("flakeway", "clear", "--node", cb, "slow");
            assertEquals(0, clear.code(), clear.err());
            assertTrue(clear.out().contains("cleared 1 rule(s)"), clear.out());
            assertTrue(CliTest.run("flakeway", "show", "--node", cb).out().contains("0 rule(s)"));
            assertEquals(Aspen.USAGE, CliTest.run("flakeway").code());
        }
    }
}
