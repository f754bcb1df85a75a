package org.aspen.vnet.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.junit.jupiter.api.Test;

/**
 * The wire keeps frames in flight in its own FIFO, but deliveries must run exactly where one event
 * per frame (scheduled when sent) would run them: a burst sent in one task arrives completely
 * before anything the receiver schedules while handling it.
 */
class WireOrderTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");

    List<String> burst(LinkConfig cfg) {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", cfg);
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        List<String> log = new ArrayList<>();
        b.registerHandler(Protocol.RAW, (p, in) -> {
            int i = p.payload()[0];
            log.add("recv" + i + "@" + net.now());
            net.scheduler().execute(() -> log.add("turn" + i + "@" + net.now()));
        });
        net.at(0, "a", () -> {
            for (int i = 0; i < 4; i++) {
                a.send(Packet.builder().source(A).destination(B).protocol(Protocol.RAW).payload(new byte[] {(byte) i}).build());
            }
        });
        net.run(1_000_000_000L);
        return log;
    }

    @Test
    void aBurstOnAnUnshapedWireArrivesBeforeTheReceiversFollowUps() {
        assertEquals(List.of("recv0@0", "recv1@0", "recv2@0", "recv3@0", "turn0@0", "turn1@0", "turn2@0", "turn3@0"),
                burst(LinkConfig.DEFAULT));
        assertEquals(List.of("recv0@5000", "recv1@5000", "recv2@5000", "recv3@5000",
                        "turn0@5000", "turn1@5000", "turn2@5000", "turn3@5000"),
                burst(new LinkConfig(0, 5000, QueueLimit.packets(10), 1)));
    }

    @Test
    void aShapedWireDeliversOneFrameAtATime() {
        // 8 Mb/s: a 21-byte frame takes 21 us; each arrival's follow-up runs before the next arrival
        List<String> log = burst(new LinkConfig(8_000_000, 1000, QueueLimit.packets(10), 1));
        assertEquals(List.of("recv0@22000", "turn0@22000", "recv1@43000", "turn1@43000", "recv2@64000", "turn2@64000",
                "recv3@85000", "turn3@85000"), log);
    }
}
