package org.aspen.vnet.mgmt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ControlServerTest {
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");

    UdpNetwork net;
    ControlServer server;

    @BeforeEach
    void setUp() {
        net = new UdpNetwork(1, UdpOptions.DEFAULT.withLoopThreads(1));
        net.addNode("a", A, NodeConfig.DEFAULT, null);
        net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", new LinkConfig(10_000_000, 2_000_000, QueueLimit.packets(50), 3));
        Node a = net.node("a");
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 3, Route.Origin.STATIC));
    }

    @AfterEach
    void tearDown() {
        if (server != null) {
            server.close();
        }
        net.close();
    }

    ControlClient client(ControlConfig cfg, String token) throws Exception {
        server = ControlServer.forUdpNode(net, "a", cfg);
        server.register("count", (args, reply) -> {
            int n = args.path("n").asInt(-1);
            if (n < 0) {
                throw new IllegalArgumentException("count needs n >= 0");
            }
            for (int i = 0; i < n; i++) {
                reply.next(Map.of("i", i));
            }
            reply.done(Map.of("total", n));
        });
        InetSocketAddress at = server.start();
        return ControlClient.connect(at, token, TIMEOUT);
    }

    @Test
    void statsAndRoutesDescribeTheNode() throws Exception {
        CompletableFuture<Boolean> sent = new CompletableFuture<>();
        net.onLoop("a", () -> sent.complete(net.node("a").send(Packet.builder().source(A).destination(B).payload(new byte[10]).build())));
        assertTrue(sent.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        try (ControlClient c = client(ControlConfig.loopback(0), null)) {
            JsonNode stats = c.call("stats", Map.of());
            assertEquals("a", stats.get("node").asText());
            assertEquals("10.0.0.1", stats.get("address").asText());
            assertEquals(1, stats.at("/counters/originated").asLong());
            JsonNode link = stats.at("/links/0");
            assertEquals("a-b", link.get("name").asText());
            assertEquals("10.0.0.2", link.get("peer").asText());
            assertEquals(2_000_000, link.at("/config/delayNanos").asLong());
            assertEquals(3, link.at("/config/cost").asInt());
            assertEquals("droptail", link.at("/discipline/kind").asText());
            assertEquals(1, link.at("/counters/enqueued").asLong());
            // the packet waits out the 2 ms link delay before the socket sees it; enqueued is immediate
            assertTrue(stats.has("udp"), stats.toString());
            JsonNode routes = c.call("routes", Map.of());
            assertEquals("10.0.0.2/32", routes.at("/0/destination").asText());
            assertEquals("a-b", routes.at("/0/link").asText());
            assertEquals("static", routes.at("/0/origin").asText());
            assertTrue(c.call("help", null).get("commands").toString().contains("stats"));
        }
    }

    @Test
    void streamingCommandSendsLinesWithTheSameIdThenDone() throws Exception {
        try (ControlClient c = client(ControlConfig.loopback(0), null)) {
            List<JsonNode> lines = new ArrayList<>();
            c.stream("count", Map.of("n", 3), lines::add);
            assertEquals(4, lines.size());
            assertEquals(2, lines.get(2).get("i").asInt());
            assertEquals(3, lines.get(3).get("total").asInt());
            ControlException bad = assertThrows(ControlException.class, () -> c.call("count", Map.of("n", -1)));
            assertEquals("count needs n >= 0", bad.getMessage());
        }
    }

    @Test
    void aStreamingCommandHearsWhenItsClientLeaves() throws Exception {
        CountDownLatch gone = new CountDownLatch(1);
        CountDownLatch streaming = new CountDownLatch(1);
        ControlClient c = client(ControlConfig.loopback(0), null);
        server.register("forever", (args, reply) -> {
            reply.onClose(gone::countDown);
            reply.next(Map.of("tick", 1));
            streaming.countDown();
        });
        c.sendLine("{\"id\":1,\"cmd\":\"forever\"}");
        assertEquals(1, c.readReply().at("/data/tick").asInt());
        assertTrue(streaming.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        c.close();
        assertTrue(gone.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "close hook did not run");
    }

    @Test
    void aStreamingCommandSeesWhatItsClientHasNotReadYet() throws Exception {
        ControlClient c = client(ControlConfig.loopback(0), null);
        CompletableFuture<ReplySink> sink = new CompletableFuture<>();
        String mb = "x".repeat(1 << 20);
        server.register("flood", (args, reply) -> {
            for (int i = 0; i < 64; i++) {
                reply.next(Map.of("chunk", mb));
            }
            reply.done();
            sink.complete(reply);
        });
        c.sendLine("{\"id\":1,\"cmd\":\"flood\"}");
        ReplySink r = sink.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        // the client reads nothing: 64 MB cannot all sit in loopback's socket buffers (at most 4 MB to
        // send, 32 MB to receive here), so the node's count must show the rest waiting
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (r.unsentBytes() < (16L << 20) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(r.unsentBytes() >= (16L << 20), "unsent " + r.unsentBytes());
        for (int i = 0; i < 64; i++) {
            assertEquals(1 << 20, c.readReply().at("/data/chunk").asText().length());
        }
        assertTrue(c.readReply().path("done").asBoolean());
        while (r.unsentBytes() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, r.unsentBytes(), "every line written once the client read");
    }

    @Test
    void unknownCommandAndMalformedRequestsGetOneErrorLineAndTheConnectionStaysUp() throws Exception {
        ControlConfig small = new ControlConfig(new InetSocketAddress("127.0.0.1", 0), null, false, 1024);
        try (ControlClient c = client(small, null)) {
            ControlException unknown = assertThrows(ControlException.class, () -> c.call("frobnicate", Map.of()));
            assertTrue(unknown.getMessage().contains("unknown command 'frobnicate'"), unknown.getMessage());

            c.sendLine("{\"id\": 5, \"cmd\": ");
            JsonNode badJson = c.readReply();
            assertTrue(badJson.get("error").asText().startsWith("bad JSON"), badJson.toString());
            assertTrue(badJson.get("done").asBoolean());

            c.sendLine("[1,2,3]");
            assertTrue(c.readReply().get("error").asText().contains("JSON object"));

            c.sendLine("{\"id\":6,\"cmd\":\"stats\",\"args\":[1]}");
            JsonNode badArgs = c.readReply();
            assertEquals(6, badArgs.get("id").asInt());
            assertTrue(badArgs.get("error").asText().contains("args"));

            c.sendLine("{\"id\":7,\"cmd\":\"" + "x".repeat(5000) + "\"}");
            assertTrue(c.readReply().get("error").asText().contains("longer than 1024"));

            assertEquals("a", c.call("stats", Map.of()).get("node").asText());
        }
    }

    @Test
    void tokenIsRequiredWhenConfiguredAndCheckedOnEveryRequest() throws Exception {
        ControlConfig guarded = new ControlConfig(new InetSocketAddress("127.0.0.1", 0), "s3cret", true, 4096);
        try (ControlClient none = client(guarded, null)) {
            ControlException e = assertThrows(ControlException.class, () -> none.call("stats", Map.of()));
            assertTrue(e.getMessage().startsWith("refused"), e.getMessage());
        }
        try (ControlClient wrong = ControlClient.connect(server.address(), "guess", TIMEOUT)) {
            ControlException e = assertThrows(ControlException.class, () -> wrong.call("stats", Map.of()));
            assertEquals("refused: wrong token", e.getMessage());
        }
        try (ControlClient right = ControlClient.connect(server.address(), "s3cret", TIMEOUT)) {
            assertEquals("a", right.call("stats", Map.of()).get("node").asText());
        }
    }

    @Test
    void theIpv4WildcardListensOnIpv4Only() throws Exception {
        try (ControlClient v4 = client(new ControlConfig(new InetSocketAddress("0.0.0.0", 0), "t", false, 4096), "t")) {
            assertEquals("a", v4.call("stats", Map.of()).get("node").asText(), "reached over 127.0.0.1");
            int port = server.address().getPort();
            // the same port on IPv6 loopback: nobody listens there (a dual-stack socket would answer)
            assertThrows(java.net.ConnectException.class,
                    () -> ControlClient.connect(new InetSocketAddress("::1", port), "t", TIMEOUT).close());
        }
    }

    @Test
    void anEndpointReachableFromOtherHostsCannotRunWithoutAToken() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ControlConfig(new InetSocketAddress("0.0.0.0", 0), null, false, 4096));
        assertTrue(e.getMessage().contains("must have a token"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new ControlConfig(new InetSocketAddress("127.0.0.1", 0), null, true, 4096));
        assertTrue(new ControlConfig(new InetSocketAddress("0.0.0.0", 0), "t", false, 4096).tokenRequired());
    }
}
