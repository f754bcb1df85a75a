package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.aspen.dashboard.LabDashboard;
import org.aspen.dashboard.SseClient;
import org.aspen.node.NodeHost;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * {@code aspen node --dashboard}, in this JVM on loopback UDP: the dashboard of node a serves the
 * page on 127.0.0.1 only, streams the whole file's topology, samples of a (its link to b), and logs
 * the route to b that the routing protocol finds. And {@code aspen lab FILE --dashboard}: the option
 * wiring and its usage errors.
 */
class NodeDashboardTest {
    @Test
    void aNodeStreamsItsTopologySamplesAndRouteChanges() throws Exception {
        Scenario s = CliTest.loopbackPair("nd");
        try (NodeHost a = NodeHost.start(s, "a", null, null); NodeHost b = NodeHost.start(s, "b", null, null);
             LabDashboard dash = LabDashboard.start(0, 0)) {
            dash.attach(a, s);
            assertTrue(dash.server().address().getAddress().isLoopbackAddress());

            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(dash.url())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("<script src=\"dashboard.js\">"), page.body());
            assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(dash.url() + "nothing")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());

            boolean[] routed = new boolean[2];
            // the sample that noticed the route follows its log line; the neighbour's coming up is logged too
            List<SseClient.Event> events = SseClient.readUntil(dash.url() + "events", e -> {
                routed[0] |= e.kind().equals("log") && e.data().contains("route to b via b");
                routed[1] |= e.kind().equals("log") && e.data().contains("neighbour b on a-b up");
                return routed[0] && routed[1] && e.kind().equals("sample");
            }, 20_000);
            ObjectMapper json = new ObjectMapper();
            JsonNode topo = json.readTree(events.get(0).data());
            assertEquals("node", topo.path("mode").asText());
            assertEquals(2, topo.path("nodes").size());
            JsonNode sample = events.stream().filter(e -> e.kind().equals("sample")).map(e -> read(json, e.data()))
                    .reduce((x, y) -> y).orElseThrow();
            assertEquals("a", sample.path("node").asText());
            assertEquals("a-b", sample.path("links").get(0).path("link").asText());
            assertEquals("b", sample.path("links").get(0).path("peer").asText());
            // (a late browser gets the logged history before the samples': this one may predate the neighbour's coming up)
            assertEquals("a-b", sample.path("neighbours").get(0).path("link").asText(), sample.toString());
        }
    }

    @Test
    void labCommandServesTheDashboardAndChecksItsOptions() {
        String file = CliTest.EXAMPLES.resolve("line3.yaml").toString();
        CliTest.Run r = CliTest.run("lab", file, "--sim", "--speed", "0", "--dashboard", "0");
        assertEquals(Aspen.OK, r.code(), r.out() + r.err());
        assertTrue(r.err().matches("(?s)dashboard: http://127\\.0\\.0\\.1:[0-9]+/\\n.*"), r.err());
        assertTrue(r.out().contains("result: PASS"), r.out());
        assertEquals(Aspen.USAGE, CliTest.run("lab", file, "--sim", "--dashboard", "70000").code());
        assertEquals(Aspen.USAGE, CliTest.run("lab", file, "--sim", "--speed", "-1", "--dashboard", "0").code());
        assertEquals(Aspen.USAGE, CliTest.run("lab", file, "--processes", "--dashboard", "0").code());
        CliTest.Run fileAsPort = CliTest.run("lab", "--dashboard", file);
        assertEquals(Aspen.USAGE, fileAsPort.code());
        assertTrue(fileAsPort.err().contains("'--dashboard'"), fileAsPort.err());
    }

    private static JsonNode read(ObjectMapper json, String s) {
        try {
            return json.readTree(s);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
