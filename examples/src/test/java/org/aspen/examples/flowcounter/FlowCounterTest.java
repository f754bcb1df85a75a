package org.aspen.examples.flowcounter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.aspen.ee.AaInstance;
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
import org.junit.jupiter.api.Test;

/** Deploys the jar the build made (not the classes on the test class path) and watches it count. */
class FlowCounterTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    @Test
    void countsEachFlowThroughTheNodeAndForwardsEverything() throws Exception {
        byte[] jar = Files.readAllBytes(Path.of(System.getProperty("aa.flowcounter.jar")));
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.connect("b-c", "b", "c", LinkConfig.DEFAULT);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        int[] delivered = new int[1];
        c.registerHandler(Protocol.RAW, (p, in) -> delivered[0]++);

        ExecutionEnvironment ee = new ExecutionEnvironment(b, EeConfig.DEFAULT, new TrustPolicy().allowJar(jar));
        AaInstance counter = ee.startAa(jar, Map.of("reportMs", "0"));
        assertEquals("flow-counter@1.0.0", counter.id());

        net.at(0, "a", () -> {
            for (int i = 0; i < 5; i++) {
                a.send(raw(5, 9, 100));
            }
            a.send(raw(6, 9, 10));
        });
        net.run(1_000_000_000L);
        assertEquals(6, delivered[0]);
        int frame5 = Packet.HEADER_LENGTH + 100;
        int frame6 = Packet.HEADER_LENGTH + 10;
        String table = (String) counter.app().getClass().getMethod("table").invoke(counter.app());
        assertEquals("10.0.0.1:5 > 10.0.0.3:9 raw 5 " + 5 * frame5 + "\n10.0.0.1:6 > 10.0.0.3:9 raw 1 " + frame6 + "\n", table);
    }

    private static Packet raw(int srcPort, int dstPort, int size) {
        byte[] payload = new byte[size];
        payload[1] = (byte) srcPort;
        payload[3] = (byte) dstPort;
        return Packet.builder().source(A).destination(C).protocol(Protocol.RAW).payload(payload).build();
    }
}
