package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.aspen.node.BuildInfo;
import org.aspen.node.NodeHost;
import org.aspen.lab.report.NodeStats;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.mgmt.OverlayReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.udp.FreePorts;
import org.aspen.vnet.udp.UdpCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact text of a running daemon's {@code stats} and {@code overlay} replies, now that they are records: node a
 * of a static pair whose b never runs, so nothing but the clock moves. The text was checked by hand
 * field by field against docs/real-runtime.md and the reply of the build before the records (the
 * same scenario, an {@code aspen node} of commit e9feaa6); the clock, the ports, the build stamp and
 * the socket's offload flags (which depend on the host) are the run's own. It reads back as
 * {@link NodeStats} and writes the same text again.
 */
class StatsReplyTextTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aStaticNodesReplyHasItsTextAndRoundTrips(@TempDir Path dir) throws Exception {
        int pa = FreePorts.udpAndTcp();
        int pb = FreePorts.udpAndTcp();
        Path file = dir.resolve("pair.yaml");
        Files.writeString(file, """
                name: pair
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                links:
                  - {between: [a, b], bandwidth: 10Mbps, delay: 2ms, buffer: 20}
                """.formatted(pa, pb));
        try (NodeHost a = NodeHost.start(ScenarioLoader.load(file), "a", "127.0.0.1:0", null, dir);
             ControlClient c = ControlClient.connect(a.controlAddress(), null, Duration.ofSeconds(10))) {
            JsonNode reply = c.call("stats", Map.of());
            String text = JSON.writeValueAsString(reply);
            UdpCounts udp = NodeStats.of(reply).udp();
            BuildInfo build = BuildInfo.current();
            String expected = String.join("",
                    "{\"node\":\"a\",\"address\":\"10.0.0.1\",\"nowNanos\":" + reply.path("nowNanos").asLong() + ",",
                    "\"counters\":{\"received\":0,\"forwarded\":0,\"delivered\":0,\"originated\":0,\"intercepted\":0,\"reinjected\":0,",
                    "\"drops\":{}},",
                    "\"build\":{\"version\":\"" + build.version() + "\",\"commit\":\"" + build.commit() + "\"},",
                    "\"control\":{\"echoRepliesSent\":0,\"errorsSent\":0,\"errorsSuppressed\":0,\"echoesPending\":0},",
                    "\"ee\":{\"ee\":{\"started\":0,\"stopped\":0,\"refused\":0,\"fetches\":0,\"fetchFailures\":0,\"digestMismatches\":0,",
                    "\"pendingDrops\":0,\"undeliverableMessages\":0,\"remoteRefusals\":0,\"overruns\":0},\"aas\":[]},",
                    "\"neighbours\":[{\"link\":\"a-b\",\"address\":\"10.0.0.2\",\"name\":\"b\",\"state\":\"up\",",
                    "\"lastHelloSecondsAgo\":null,\"routing\":\"static\"}],",
                    "\"rdp\":{\"segmentsIn\":0,\"segmentsOut\":0,\"resetsSent\":0,\"connectionsOpened\":0,\"connectionsRefused\":0,",
                    "\"drops\":{},\"connections\":{}},",
                    "\"routeTable\":{\"size\":1},",
                    "\"udp\":{\"datagramsIn\":0,\"bytesIn\":0,\"datagramsOut\":0,\"bytesOut\":0,\"unknownPeer\":0,\"sendBacklogDrops\":0,",
                    "\"socketErrors\":0,\"gsoWrites\":0,\"receiveOffload\":" + udp.receiveOffload() + ",\"sendOffload\":" + udp.sendOffload() + "},",
                    "\"links\":[{\"name\":\"a-b\",\"peer\":\"10.0.0.2\",\"wire\":\"127.0.0.1:" + pb + "\",\"up\":true,",
                    "\"config\":{\"bandwidthBps\":10000000,\"delayNanos\":2000000,\"limit\":\"20 packets\",\"cost\":1},",
                    "\"discipline\":{\"kind\":\"droptail\",\"limit\":\"20 packets\",\"queuedPackets\":0,\"queuedBytes\":0},",
                    "\"counters\":{\"enqueued\":0,\"sentPackets\":0,\"sentBytes\":0,\"receivedPackets\":0,\"receivedBytes\":0,\"marked\":0,",
                    "\"peakQueue\":0,\"averageQueue\":0.0,\"utilisation\":0.0,\"drops\":{}}}]}");
            assertEquals(expected, text);
            assertEquals(text, ReportJson.MAPPER.writeValueAsString(NodeStats.of(reply)), "parse -> record -> the same text");

            // overlay ('aspen routes', 'aspen neighbours'): the same neighbour, the static route to b with its age
            JsonNode overlay = c.call("overlay", Map.of());
            String overlayText = JSON.writeValueAsString(overlay);
            assertEquals(String.join("",
                    "{\"node\":\"a\",\"address\":\"10.0.0.1\",\"routing\":\"static\",",
                    "\"neighbours\":[{\"link\":\"a-b\",\"address\":\"10.0.0.2\",\"name\":\"b\",\"state\":\"up\",",
                    "\"lastHelloSecondsAgo\":null,\"routing\":\"static\"}],",
                    "\"routes\":[{\"destination\":\"10.0.0.2/32\",\"name\":\"b\",\"nextHop\":\"10.0.0.2\",\"nextHopName\":\"b\",",
                    "\"link\":\"a-b\",\"cost\":1,\"origin\":\"static\",\"linkUp\":true,",
                    "\"ageSeconds\":" + overlay.path("routes").get(0).path("ageSeconds").asDouble() + "}]}"), overlayText);
            assertEquals(overlayText, ReportJson.MAPPER.writeValueAsString(ReportJson.MAPPER.treeToValue(overlay, OverlayReport.class)));
        }
    }
}
