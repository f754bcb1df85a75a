package org.aspen.microbench.ee;

import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * The EE benchmarks' network: simulated nodes a - b - c (default links, static routes towards c),
 * an EE on each, as ee-core's tests' SimLab has them.
 *
 * <pre>{@code
 * EeLine line = new EeLine();
 * line.eeB.startAa(jar, Map.of());
 * line.net.at(0, "a", () -> line.sendRaw(100));
 * line.net.run(1_000_000_000L);
 * }</pre>
 */
final class EeLine {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    final SimNetwork net = new SimNetwork(7);
    final Node a;
    final Node b;
    final Node c;
    final ExecutionEnvironment eeB;

    EeLine() {
        a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.connect("b-c", "b", "c", LinkConfig.DEFAULT);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 1, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        new ExecutionEnvironment(a, EeConfig.DEFAULT, new TrustPolicy());
        eeB = new ExecutionEnvironment(b, EeConfig.DEFAULT, new TrustPolicy());
        new ExecutionEnvironment(c, EeConfig.DEFAULT, new TrustPolicy());
    }

    /** Sends a raw packet of {@code payload} bytes from a to c (call it on the network's loop). */
    void sendRaw(byte[] payload) {
        a.send(Packet.builder().source(A).destination(C).protocol(Protocol.RAW).payload(payload).build());
    }
}
