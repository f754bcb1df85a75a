package org.aspen.vnet.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * A link whose data queue overflows all the time must keep its routing adjacency: hellos and adverts
 * travel ahead of the discipline, as routers protect their routing protocol.
 */
class RoutingUnderCongestionTest {
    @Test
    void adjacencySurvivesASaturatedQueue() {
        SimNetwork net = new SimNetwork(3);
        VAddr a = VAddr.parse("10.0.0.1");
        VAddr b = VAddr.parse("10.0.0.2");
        Node na = net.addNode("a", a, NodeConfig.DEFAULT, null);
        Node nb = net.addNode("b", b, NodeConfig.DEFAULT, null);
        // 1 Mb/s with a 5-packet buffer, offered about 8 Mb/s of 1000-byte frames for 20 s
        net.connect("a-b", "a", "b", new LinkConfig(1_000_000, 5_000_000, QueueLimit.packets(5), 1));
        ControlPlane.install(na, true);
        ControlPlane.install(nb, true);
        List<Long> routeLosses = new ArrayList<>();
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        nb.registerHandler(Protocol.RAW, (p, in) -> { });
        for (long t = 2_000_000_000L; t < 22_000_000_000L; t += 1_000_000L) {
            net.at(t, "a", () -> {
                if (na.routes().lookup(b) == null) {
                    routeLosses.add(net.now());
                }
                na.send(Packet.builder().source(a).destination(b).payload(payload).build());
            });
        }
        net.run(23_000_000_000L);
        assertTrue(na.link("a-b").counters().drops(DropReason.QUEUE_OVERFLOW) > 10_000,
                "the data queue really overflowed: " + na.link("a-b").counters().dropsByReason());
        assertEquals(0, routeLosses.size(), () -> "a had no route to b at " + routeLosses.size()
                + " sends while the queue was full, first at " + routeLosses.get(0) / 1e9 + " s");
        assertNotNull(nb.routes().lookup(a));
    }
}
