package org.aspen.lab.stack;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.TraceSink;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NodeStackTest {
    /** a - b - c under static routing; a routes c's address via b; b boots with one flakeway rule. */
    private static final String LINE = """
            name: stack-line
            duration: 1s
            routing: static
            nodes:
              - {name: a, address: 10.0.0.1}
              - name: b
                address: 10.0.0.2
                flakeway:
                  - {name: slow, match: {proto: rdp}, loss: 3%}
              - {name: c, address: 10.0.0.3}
            links:
              - {between: [a, b], bandwidth: 10Mbps, delay: 5ms}
              - {between: [b, c], bandwidth: 10Mbps, delay: 5ms}
            routes:
              - {node: a, to: c, via: b}
              - {node: c, to: a, via: b}
            """;

    static Scenario line() {
        return ScenarioLoader.parse(new ByteArrayInputStream(LINE.getBytes(StandardCharsets.UTF_8)), "line", true);
    }

    @Test
    void topologyBuildsEveryNodeWithItsFileAndConnectedRoutes() {
        try (SimNetwork net = new SimNetwork(1)) {
            Map<String, NodeStack> nodes = NodeStack.topology(line(), net, NodeStack.Mode.SIMULATED);
            assertEquals(List.of("a", "b", "c"), List.copyOf(nodes.keySet()));
            NodeStack a = nodes.get("a");
            assertEquals(List.of(NodeStack.Stage.TOPOLOGY, NodeStack.Stage.ROUTES), a.stages());
            // the file's route to c, then the connected route to the neighbour b: two routes, both over a-b
            Route toC = a.node().routes().lookup(VAddr.parse("10.0.0.3"));
            assertEquals("a-b", toC.link().name());
            assertEquals(VAddr.parse("10.0.0.2"), toC.nextHop());
            assertEquals(2, a.node().routes().all().size());
            // b has no file routes: its two neighbours, connected
            assertEquals(2, nodes.get("b").node().routes().all().size());
        }
    }

    @Test
    void stagesRunInOrderAndBootTasksRunAtTimeZero() throws Exception {
        try (SimNetwork net = new SimNetwork(1)) {
            Map<String, NodeStack> nodes = NodeStack.topology(line(), net, NodeStack.Mode.SIMULATED);
            for (NodeStack n : nodes.values()) {
                n.auth(List.of(), 1).trace(TraceSink.NONE).controlPlane();
                n.ee(null);
                n.aas(NodeStack.AaLog.NONE).acc().flakeway(n.node().name().equals("c"));
            }
            NodeStack b = nodes.get("b");
            assertNull(b.flakewayControl(), "started at boot, not before");
            net.run(1_000_000L);
            assertNotNull(b.flakewayControl(), "b's boot rules start the flakeway");
            assertTrue(b.flakewayControl().show().containsKey("slow"), "with its boot rule: " + b.flakewayControl().show());
            assertNotNull(nodes.get("c").flakewayControl(), "c: no rules, asked for anyway (a later event sets them)");
            assertNull(nodes.get("a").flakewayControl(), "a: no rules, not asked for");
            assertNull(b.nodeAuth(), "no auth block: no auth");
            // a lab's order: RDP is asked for later, by the workload, if at all
            assertEquals(List.of(NodeStack.Stage.TOPOLOGY, NodeStack.Stage.ROUTES, NodeStack.Stage.AUTH, NodeStack.Stage.TRACE,
                    NodeStack.Stage.CONTROL_PLANE, NodeStack.Stage.EE, NodeStack.Stage.AAS,
                    NodeStack.Stage.ACC, NodeStack.Stage.FLAKEWAY), b.stages());
        }
    }

    @Test
    void rdpIsInstalledOnceAndAStageOutOfOrderIsRefused() {
        try (SimNetwork net = new SimNetwork(1)) {
            NodeStack a = NodeStack.topology(line(), net, NodeStack.Mode.SIMULATED).get("a");
            a.controlPlane();
            assertSame(a.rdp(), a.rdp());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> a.auth(List.of(), 1));
            assertEquals("node a: stage AUTH after CONTROL_PLANE (stages run once, in order)", e.getMessage());
            assertThrows(IllegalStateException.class, a::controlPlane, "a stage runs once");
            a.ee(null);   // RDP came before EE here, as on the daemon; a lab's EE comes first: both allowed
            assertEquals(List.of(NodeStack.Stage.TOPOLOGY, NodeStack.Stage.ROUTES, NodeStack.Stage.CONTROL_PLANE,
                    NodeStack.Stage.RDP, NodeStack.Stage.EE), a.stages());
        }
    }

    @Test
    void aDaemonIsBuiltNodeByNodeNotAsALab() {
        try (SimNetwork net = new SimNetwork(1)) {
            assertThrows(IllegalArgumentException.class, () -> NodeStack.topology(line(), net, NodeStack.Mode.DAEMON));
        }
    }

    @Test
    void aDaemonNodeWithoutUdpIsAOneLineError() {
        Scenario s = line();
        var e = assertThrows(org.aspen.lab.scenario.ConfigException.class, () -> NodeStack.requireUdp(s, s.node("b")));
        assertEquals("stack-line: nodes[1].udp: required to run node 'b' on real hosts (the host:port it binds and its"
                + " neighbours send to)", e.getMessage());
        assertTrue(e.getMessage().lines().count() == 1);
    }
}
