package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.aspen.node.BuildInfo;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.udp.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator sees of the overlay, on two in-process nodes over loopback UDP (a needs a token,
 * b does not): {@code aspen routes} and {@code aspen neighbours} while b runs and after it stops,
 * {@code aspen stats}' summary on top, and the token options ({@code --token-file},
 * {@code ASPEN_TOKEN}) with refusals that name them.
 */
class OverlayCommandsTest {
    @Test
    void routesNeighboursStatsAndTokens(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        Path file = dir.resolve("pair.yaml");
        Files.writeString(file, """
                name: pair
                timers: {hello: 100ms, dead: 400ms}
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 10Mbps, delay: 2ms}
                """.formatted(pa, pb));
        Path token = Files.writeString(dir.resolve("token"), "s3cret\n");
        Path wrong = Files.writeString(dir.resolve("wrong"), "guess\n");
        Scenario s = ScenarioLoader.load(file);
        try (NodeHost a = NodeHost.start(s, "a", "127.0.0.1:0", "s3cret", dir)) {
            String node = "127.0.0.1:" + a.controlAddress().getPort();
            NodeHost b = NodeHost.start(s, "b", "127.0.0.1:0", null, dir);
            boolean converged = await(a, o -> o.path("neighbours").get(0).path("state").asText().equals("up") && o.path("routes").size() == 1);
            if (!converged) {
                b.close();
            }
            assertTrue(converged, "a and b became neighbours");

            CliTest.Run routes = CliTest.run("routes", "--node", node, "--token-file", token.toString());
            assertEquals(0, routes.code(), routes.err());
            List<String> r = routes.out().lines().toList();
            assertEquals("node a (10.0.0.1), link-state routing, 1 route", r.get(0));
            assertEquals("DESTINATION    NEXT HOP    LINK  COST  AGE    ORIGIN", r.get(1));
            assertTrue(r.get(2).matches("10\\.0\\.0\\.2/32 b  10\\.0\\.0\\.2 b  a-b   1     \\d+\\.\\d s  dynamic"), r.get(2));

            CliTest.Run neighbours = CliTest.run("neighbours", "--node", node, "--token-file", token.toString());
            List<String> n = neighbours.out().lines().toList();
            assertEquals("node a (10.0.0.1), link-state routing, 1 of 1 neighbours up", n.get(0), neighbours.out());
            assertEquals("LINK  NEIGHBOUR   STATE  LAST HELLO", n.get(1));
            assertTrue(n.get(2).matches("a-b   10\\.0\\.0\\.2 b  up     \\d+\\.\\d s ago"), n.get(2));

            CliTest.Run stats = CliTest.run("stats", "--node", node, "--token-file", token.toString());
            List<String> st = stats.out().lines().toList();
            BuildInfo build = BuildInfo.current();
            assertTrue(st.get(0).startsWith("node a (10.0.0.1), aspen " + build.version() + " (commit " + build.commit() + "), up "), st.get(0));
            assertTrue(st.get(1).startsWith("neighbours: 1 of 1 up: a-b b up (hello "), st.get(1));
            assertTrue(st.get(2).matches("routes: 1 in the table, \\d+ changes since start"), st.get(2));
            assertTrue(st.get(3).startsWith("packets: "), st.get(3));
            assertTrue(st.get(4).startsWith("link a-b -> 10.0.0.2: up, 10 Mbit/s, sent "), st.get(4));
            assertTrue(st.indexOf("details:") > 4 && st.indexOf("details:") < 10, stats.out());

            // tokens: none, a wrong one from a file; each refusal says which option gives one
            CliTest.Run none = CliTest.run("stats", "--node", node);
            assertEquals(Aspen.FAILURE, none.code());
            assertEquals("aspen: error: the node at " + node + " requires a control token: give --token-file FILE, set ASPEN_TOKEN,"
                    + " or --token TOKEN", none.err().strip());
            CliTest.Run refused = CliTest.run("stats", "--node", node, "--token-file", wrong.toString());
            assertEquals("aspen: error: the node at " + node + " refused the token from --token-file " + wrong
                    + " (not this node's token)", refused.err().strip());
            CliTest.Run missing = CliTest.run("stats", "--node", node, "--token-file", dir.resolve("nope").toString());
            assertEquals(Aspen.USAGE, missing.code());
            assertEquals("aspen: --token-file " + dir.resolve("nope") + ": no such file", missing.err().strip());

            // b stops: a's routing notices after the dead interval, and says so everywhere
            b.close();   // (a failed assertion above leaves b to the JVM's exit: the test has failed anyway)
            assertTrue(await(a, o -> o.path("neighbours").get(0).path("state").asText().equals("down")), "a noticed");
            List<String> after = CliTest.run("neighbours", "--node", node, "--token-file", token.toString()).out().lines().toList();
            assertEquals("node a (10.0.0.1), link-state routing, 0 of 1 neighbours up", after.get(0));
            assertTrue(after.get(2).matches("a-b   10\\.0\\.0\\.2 b  down   \\d+\\.\\d s ago"), after.get(2));
            assertEquals("node a (10.0.0.1), link-state routing, 0 routes",
                    CliTest.run("routes", "--node", node, "--token-file", token.toString()).out().lines().findFirst().orElseThrow());
        }
    }

    @Test
    void theTokenComesFromAnOptionOrAspenToken() {
        ControlOptions o = new ControlOptions();
        assertEquals("from-env", o.token(Map.of("ASPEN_TOKEN", "from-env\n")));
        assertNull(o.token(Map.of()));
        o.token = "given";
        assertEquals("given", o.token(Map.of("ASPEN_TOKEN", "from-env")), "an option wins over the environment");
        o.tokenFile = Path.of("t");
        assertEquals("give --token or --token-file, not both",
                assertThrows(IllegalArgumentException.class, () -> o.token(Map.of())).getMessage());
    }

    /** Polls a's overlay view until {@code done} holds (at most 10 s); whether it did. */
    private static boolean await(NodeHost a, Predicate<JsonNode> done) throws Exception {
        for (int i = 0; i < 200; i++) {
            try (ControlClient c = ControlClient.connect(a.controlAddress(), "s3cret", Duration.ofSeconds(5))) {
                if (done.test(c.call("overlay", Map.of()))) {
                    return true;
                }
            }
            Thread.sleep(50);
        }
        return false;
    }
}
