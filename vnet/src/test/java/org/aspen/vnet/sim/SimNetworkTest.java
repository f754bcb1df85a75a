package org.aspen.vnet.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.junit.jupiter.api.Test;

class SimNetworkTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    @Test
    void packetCrossesTwoHopsWithSerialisationAndPropagationDelay() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        // 8 Mb/s: a 1000-byte frame takes exactly 1 ms to serialise; 10 ms propagation per hop
        LinkConfig cfg = new LinkConfig(8_000_000, 10_000_000, QueueLimit.packets(10), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        List<Long> arrivals = new ArrayList<>();
        List<Integer> ttls = new ArrayList<>();
        c.registerHandler(Protocol.RAW, (p, in) -> {
            arrivals.add(net.now());
            ttls.add(p.ttl());
        });
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        net.at(0, "a", () -> {
            a.send(Packet.builder().source(A).destination(C).payload(payload).build());
            a.send(Packet.builder().source(A).destination(C).payload(payload).build());
        });
        net.run(1_000_000_000L);
        // first: 1 ms tx + 10 ms at each hop; second waits 1 ms behind the first at a
        assertEquals(List.of(22_000_000L, 23_000_000L), arrivals);
        assertEquals(List.of(63, 63), ttls);
        assertEquals(2, b.counters().forwarded);
        assertEquals(2, a.link("a-b").counters().sentPackets);
    }

    @Test
    void fullQueueDropsOverflowAndTellsListeners() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", new LinkConfig(1_000_000, 0, QueueLimit.packets(5), 1));
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        List<DropReason> heard = new ArrayList<>();
        a.setCongestionDetection(true);
        a.link("a-b").addDropListener((l, p, why) -> heard.add(why));
        int[] got = new int[1];
        b.registerHandler(Protocol.RAW, (p, in) -> got[0]++);
        net.at(0, "a", () -> {
            for (int i = 0; i < 9; i++) {
                a.send(Packet.builder().source(A).destination(B).payload(new byte[100]).build());
            }
        });
        net.run(1_000_000_000L);
        // one in transmission, five queued, three overflow
        assertEquals(6, got[0]);
        assertEquals(3, a.link("a-b").counters().drops(DropReason.QUEUE_OVERFLOW));
        assertEquals(List.of(DropReason.QUEUE_OVERFLOW, DropReason.QUEUE_OVERFLOW, DropReason.QUEUE_OVERFLOW), heard);
        assertEquals(5, a.link("a-b").counters().peakQueue);
    }

    @Test
    void framesArrivingAtTheSameInstantAreOneBatch() {
        // like one batched socket read: all three arrive before any task the first one causes
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", new LinkConfig(0, 1_000_000, QueueLimit.packets(10), 1));
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        List<String> order = new ArrayList<>();
        b.registerHandler(Protocol.RAW, (p, in) -> {
            int n = p.payload()[0];
            order.add("recv" + n);
            b.scheduler().execute(() -> order.add("task" + n));
        });
        net.at(0, "a", () -> {
            for (int i = 0; i < 3; i++) {
                a.send(Packet.builder().source(A).destination(B).payload(new byte[] {(byte) i}).build());
            }
        });
        net.run(10_000_000L);
        assertEquals(List.of("recv0", "recv1", "recv2", "task0", "task1", "task2"), order);
    }
}
