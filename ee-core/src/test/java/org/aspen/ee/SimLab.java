package org.aspen.ee;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * A line of three simulated nodes a - b - c with static routes and an EE on each, for the tests.
 *
 * <pre>{@code
 * SimLab lab = new SimLab(LinkConfig.DEFAULT);
 * lab.ee("b").startAa(jar, Map.of());
 * lab.net.at(0, "a", () -> lab.sendRaw(lab.a, SimLab.C, "x"));
 * lab.net.run(1_000_000_000L);
 * }</pre>
 */
final class SimLab {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    final SimNetwork net = new SimNetwork(7);
    final Node a;
    final Node b;
    final Node c;
    final Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
    final Map<String, Integer> rawReceived = new LinkedHashMap<>();
    final Map<String, StringBuilder> rawLog = new LinkedHashMap<>();

    SimLab(LinkConfig cfg, EeConfig eeConfig) {
        a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        route(a, "a-b", B, B, C);
        route(b, "a-b", A, A);
        route(b, "b-c", C, C);
        route(c, "b-c", B, B, A);
        for (Node n : new Node[] {a, b, c}) {
            ees.put(n.name(), new ExecutionEnvironment(n, eeConfig, new TrustPolicy()));
            rawReceived.put(n.name(), 0);
            rawLog.put(n.name(), new StringBuilder());
            n.registerHandler(Protocol.RAW, (p, in) -> {
                rawReceived.merge(n.name(), 1, Integer::sum);
                rawLog.get(n.name()).append(new String(p.payload(), java.nio.charset.StandardCharsets.UTF_8))
                        .append(" src=").append(p.source()).append(" prio=").append(p.priority()).append(';');
            });
        }
    }

    SimLab() {
        this(LinkConfig.DEFAULT, EeConfig.DEFAULT);
    }

    static LinkConfig delayed(long delayNanos) {
        return new LinkConfig(0, delayNanos, QueueLimit.packets(1000), 1);
    }

    private static void route(Node n, String link, VAddr via, VAddr... dests) {
        for (VAddr d : dests) {
            n.routes().addStatic(Route.host(d, n.link(link), via, 1, Route.Origin.STATIC));
        }
    }

    ExecutionEnvironment ee(String node) {
        return ees.get(node);
    }

    /** Puts the jar on every node's allow-list (labs trust their bundled AAs) and returns it. */
    byte[] trusted(byte[] jar) {
        for (ExecutionEnvironment e : ees.values()) {
            e.trust().allowJar(jar);
        }
        return jar;
    }

    /** Trusts and starts {@code jar} on {@code node}. */
    AaInstance start(String node, byte[] jar, Map<String, String> params) {
        return ee(node).startAa(trusted(jar), params);
    }

    int raw(String node) {
        return rawReceived.get(node);
    }

    static void sendRaw(Node from, VAddr to, String payload) {
        from.send(Packet.builder().source(from.address()).destination(to).protocol(Protocol.RAW)
                .payload(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)).build());
    }

    static void sendWithSpec(Node from, VAddr to, AaCode code, String payload) {
        from.send(Packet.builder().source(from.address()).destination(to).protocol(Protocol.RAW)
                .aaSpec(new AaSpec(code.name(), code.version(), code.digest()))
                .payload(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)).build());
    }

    void run(long nanos) {
        net.run(nanos);
    }
}
