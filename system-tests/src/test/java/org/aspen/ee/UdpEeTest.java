package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.ee.mgmt.EeControl;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.mgmt.ControlConfig;
import org.aspen.vnet.mgmt.ControlException;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The EE over real UDP on loopback: a - b - c, code fetched over RDP across two hops on demand,
 * and the management commands through c's control endpoint. Checks function, not speed.
 */
class UdpEeTest {
    private static final long TIMEOUT_S = 20;
    private static final VAddr A = VAddr.parse("10.0.0.1");
    private static final VAddr B = VAddr.parse("10.0.0.2");
    private static final VAddr C = VAddr.parse("10.0.0.3");

    private final UdpNetwork net = new UdpNetwork(3, UdpOptions.DEFAULT.withLoopThreads(1));
    private final List<ExecutionEnvironment> ees = new ArrayList<>();
    private final LinkedBlockingQueue<String> atA = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<String> atC = new LinkedBlockingQueue<>();
    private ControlServer control;

    @AfterEach
    void tearDown() {
        if (control != null) {
            control.close();
        }
        net.close();
    }

    private void build() throws Exception {
        build(EeConfig.DEFAULT);
    }

    private void build(EeConfig config) throws Exception {
        for (String n : List.of("a", "b", "c")) {
            net.addNode(n, VAddr.parse("10.0.0." + (n.charAt(0) - 'a' + 1)), NodeConfig.DEFAULT, null);
        }
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.connect("b-c", "b", "c", LinkConfig.DEFAULT);
        route(net.node("a"), "a-b", B, B, C);
        route(net.node("b"), "a-b", A, A);
        route(net.node("b"), "b-c", C, C);
        route(net.node("c"), "b-c", B, B, A);
        for (Node n : net.nodes()) {
            ExecutionEnvironment ee = new ExecutionEnvironment(n, config, new TrustPolicy());
            CodeFetch.overRdp(ee);
            ees.add(ee);
        }
        net.node("a").registerHandler(Protocol.RAW, (p, in) -> atA.add(new String(p.payload(), StandardCharsets.UTF_8)));
        net.node("c").registerHandler(Protocol.RAW, (p, in) -> atC.add(new String(p.payload(), StandardCharsets.UTF_8)));
        control = ControlServer.forUdpNode(net, "c", ControlConfig.loopback(0));
        EeControl.bind(ees.get(2), control);
        control.start();
        net.run(1_000_000L);  // starts the loops; the test drives them from here
    }

    /** A raw packet with {@code payload} from {@code from} to {@code to} (as ee-core's tests' SimLab sends). */
    private static void sendRaw(Node from, VAddr to, String payload) {
        from.send(Packet.builder().source(from.address()).destination(to).protocol(Protocol.RAW)
                .payload(payload.getBytes(StandardCharsets.UTF_8)).build());
    }

    /** A raw packet that names {@code code} in its AA spec, so the EE at {@code to} starts it on demand. */
    private static void sendWithSpec(Node from, VAddr to, AaCode code, String payload) {
        from.send(Packet.builder().source(from.address()).destination(to).protocol(Protocol.RAW)
                .aaSpec(new AaSpec(code.name(), code.version(), code.digest()))
                .payload(payload.getBytes(StandardCharsets.UTF_8)).build());
    }

    private static void route(Node n, String link, VAddr via, VAddr... dests) {
        for (VAddr d : dests) {
            n.routes().addStatic(Route.host(d, n.link(link), via, 1, Route.Origin.STATIC));
        }
    }

    /** Runs {@code task} on {@code node}'s loop and waits for its result. */
    private <T> T onLoop(String node, java.util.function.Supplier<T> task) throws Exception {
        java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
        net.onLoop(node, () -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(TIMEOUT_S, TimeUnit.SECONDS);
    }

    @Test
    void anEndlessHandlerIsUnwoundByTheWatchdogAndTheLoopForwardsAndAnswersAgain() throws Exception {
        // a count of checks too large to matter: only the watchdog's CPU reading can stop this loop
        build(EeConfig.DEFAULT.withHandlerBudgetChecks(Long.MAX_VALUE / 100));
        byte[] jar = TestJars.jar("runaway", "1", "t.Runaway", TestAas.RUNAWAY);
        try (HandlerWatchdog dog = new HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), net.clock())) {
            AaInstance spin = onLoop("b", () -> {
                ees.get(1).setWatchdog(dog);
                ees.get(1).trust().allowJar(jar);
                return ees.get(1).startAa(jar, Map.of("mode", "loop"));
            });
            onLoop("a", () -> {
                for (int i = 0; i < 3; i++) {
                    sendRaw(net.node("a"), C, "r" + i);
                }
                return true;
            });
            // r0 is inside the endless handler and goes with it; the node forwards the rest
            // (all three nodes share one loop thread here: c hears nothing until b's handler is unwound)
            assertEquals("r1", atC.poll(TIMEOUT_S, TimeUnit.SECONDS));
            assertEquals("r2", atC.poll(TIMEOUT_S, TimeUnit.SECONDS));
            assertEquals(AaInstance.State.STOPPED, onLoop("b", spin::state));
            String why = onLoop("b", spin::stopReason);
            assertTrue(why.startsWith("packet handler used ") && why.endsWith("ms of CPU, over its 100.0 ms budget"), why);
            assertEquals(1L, (long) onLoop("b", () -> spin.counters().overruns));
            // the loop answers its control endpoint and forwards again
            try (ControlClient cli = ControlClient.connect(control.address(), null, Duration.ofSeconds(TIMEOUT_S))) {
                assertTrue(cli.call("aa.list", Map.of()).path("ok").asBoolean(true));
            }
            onLoop("a", () -> {
                sendRaw(net.node("a"), C, "after");
                return true;
            });
            assertEquals("after", atC.poll(TIMEOUT_S, TimeUnit.SECONDS));
            assertEquals(3L, (long) onLoop("b", () -> net.node("b").counters().forwarded));
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"loop", "alloc", "recurse", "swallow", "start", "ctor"})
    void runawayCodeOnTheRealLoopIsStoppedAndTheNodeForwardsAndAnswers(String mode) throws Exception {
        build();
        byte[] jar = TestJars.jar("runaway-" + mode, "1", mode.equals("ctor") ? "t.SpinCtor" : "t.Runaway", TestAas.RUNAWAY);
        Map<String, String> params = mode.equals("start") ? Map.of("startMode", "loop") : Map.of("mode", mode);
        try (HandlerWatchdog dog = new HandlerWatchdog(EeConfig.DEFAULT.handlerBudgetNanos(), net.clock())) {
            String refused = onLoop("b", () -> {
                ees.get(1).setWatchdog(dog);
                ees.get(1).trust().allowJar(jar);
                try {
                    ees.get(1).startAa(jar, params);
                    return null;
                } catch (AaException e) {
                    return e.getMessage();
                }
            });
            boolean startsAtAll = !mode.equals("start") && !mode.equals("ctor");
            assertEquals(startsAtAll, refused == null, refused);
            onLoop("a", () -> {
                for (int i = 0; i < 3; i++) {
                    sendRaw(net.node("a"), C, "r" + i);
                }
                return true;
            });
            // a running runaway AA takes r0 down with it; the node forwards the rest
            for (int i = startsAtAll ? 1 : 0; i < 3; i++) {
                assertEquals("r" + i, atC.poll(TIMEOUT_S, TimeUnit.SECONDS));
            }
            AaInstance aa = onLoop("b", () -> ees.get(1).instance("runaway-" + mode + "@1"));
            if (aa != null) {
                assertEquals(AaInstance.State.STOPPED, onLoop("b", aa::state));
                String why = onLoop("b", aa::stopReason);
                assertTrue(why.matches("(packet|start) handler (ran past its budget of [0-9,]+ checks|used .* ms of CPU, over its .* ms budget"
                        + "|ran out of stack \\(StackOverflowError\\))"), why);
            }
            assertEquals(1L, (long) onLoop("b", () -> ees.get(1).counters().overruns));
            try (ControlClient cli = ControlClient.connect(control.address(), null, Duration.ofSeconds(TIMEOUT_S))) {
                assertTrue(cli.call("aa.list", Map.of()).isObject());
            }
        }
    }

    /**
     * Issue 30 over real UDP: the hostile AAs deployed with --allow --start through c's control
     * endpoint are refused in one line each; a memory hog is stopped at its quota; c delivers
     * throughout and its control endpoint answers.
     */
    @Test
    void hostileAasAreRefusedAtDeployAndAHogIsStoppedWhileTheNodeDeliversAndAnswers() throws Exception {
        // without a watchdog the node's clock is charged: time enough that only the memory quota stops the hog
        build(EeConfig.DEFAULT.withHandlerBudgetNanos(20_000_000_000L));
        try (ControlClient cli = ControlClient.connect(control.address(), null, Duration.ofSeconds(TIMEOUT_S))) {
            Map<String, String> expected = Map.of(
                    "Exit", "t.Exit.lambda$start$0 references java.lang.System.exit(int), which is not on the AA allow-list",
                    "Halt", "t.Halt.lambda$start$0 references java.lang.Runtime.getRuntime(), which is not on the AA allow-list",
                    "ReflectiveSleep", "t.ReflectiveSleep.lambda$start$0 references java.lang.Class.forName(java.lang.String),",
                    "Spawn", "t.Spawn.start references class java.lang.Thread, which is not on the AA allow-list",
                    "Dice", "t.Dice.<init> references new java.util.Random(), which is not on the AA allow-list: its"
                            + " randomness is not seeded by the run; use ctx.random()");
            for (Map.Entry<String, String> e : expected.entrySet()) {
                String jar = Base64.getEncoder().encodeToString(HostileAas.jar(e.getKey()));
                ControlException refused = assertThrows(ControlException.class,
                        () -> cli.call("deploy", Map.of("jar", jar, "allow", true, "start", true)));
                assertTrue(refused.getMessage().contains(e.getValue()), refused.getMessage());
                assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
            }
            String hog = Base64.getEncoder().encodeToString(TestAas.hog());
            assertEquals("hog@1", cli.call("deploy", Map.of("jar", hog, "allow", true, "start", true,
                    "params", Map.of("aa.memory", "4MiB", "mib", "2"))).get("id").asText());
            onLoop("a", () -> {
                for (int i = 0; i < 5; i++) {
                    sendRaw(net.node("a"), C, "m" + i);
                }
                return true;
            });
            // counted at every packet: 0, 2 MiB, then over 4 MiB at the third, which goes with its handler
            List<String> got = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                got.add(atC.poll(TIMEOUT_S, TimeUnit.SECONDS));
            }
            JsonNode list = cli.call("aa.list", Map.of());
            assertEquals(List.of("m0", "m1", "m3", "m4"), got, list.toString());
            assertEquals("stopped", list.at("/aas/0/state").asText());
            assertEquals("packet handler ran over the AA's memory quota of 4.0 MiB", list.at("/aas/0/stopReason").asText());
            assertEquals(5L, cli.call("stats", Map.of()).at("/ee/ee/refused").asLong());
        }
    }

    @Test
    void aaStartsOnDemandWithCodeFetchedOverRdpTwoHopsAwayAndIsManagedThroughTheControlEndpoint() throws Exception {
        build();
        byte[] jar = TestAas.echo("echo", "1");
        AaCode code = AaCode.parse(jar, null);
        onLoop("a", () -> {
            ees.get(0).trust().allowJar(jar);
            return ees.get(0).deploy(jar, null);
        });
        onLoop("c", () -> ees.get(2).trust().allowJar(jar));

        onLoop("a", () -> {
            sendWithSpec(net.node("a"), C, code, "ping1");
            return true;
        });
        assertEquals("pong:ping1", atA.poll(TIMEOUT_S, TimeUnit.SECONDS));
        onLoop("a", () -> {
            sendWithSpec(net.node("a"), C, code, "ping2");
            return true;
        });
        assertEquals("pong:ping2", atA.poll(TIMEOUT_S, TimeUnit.SECONDS));
        assertEquals(1L, (long) onLoop("c", () -> ees.get(2).counters().fetches));

        try (ControlClient cli = ControlClient.connect(control.address(), null, Duration.ofSeconds(TIMEOUT_S))) {
            JsonNode list = cli.call("aa.list", Map.of());
            assertEquals("echo@1", list.at("/aas/0/id").asText());
            assertEquals("running", list.at("/aas/0/state").asText());
            assertEquals(2, list.at("/aas/0/counters/packets").asLong());

            byte[] v2 = TestAas.echo("echo", "2");
            JsonNode up = cli.call("deploy", Map.of("jar", Base64.getEncoder().encodeToString(v2), "allow", true, "upgrade", true));
            assertEquals("echo@2", up.get("id").asText());

            JsonNode stats = cli.call("stats", Map.of());
            assertEquals("c", stats.get("node").asText());
            assertEquals(2, stats.at("/ee/ee/started").asLong());

            ControlException refused = assertThrows(ControlException.class,
                    () -> cli.call("deploy", Map.of("jar", Base64.getEncoder().encodeToString(TestAas.echo("echo", "3")))));
            assertTrue(refused.getMessage().contains("is not on this node's allow-list and is not signed"), refused.getMessage());
            assertEquals(List.of("echo@2"), List.of(cli.call("aa.stop", Map.of("name", "echo")).at("/stopped/0").asText()));
        }
    }
}
