package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkCounters;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/** The engine on a transit node b of a - b - c, through the node's diversion point. */
class FlakewayInterceptorTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");
    static final long MS = 1_000_000L;

    final SimNetwork net = new SimNetwork(21);
    final Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
    final Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
    final Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
    final List<Long> arrivals = new ArrayList<>();
    final FlakewayInterceptor fw;

    FlakewayInterceptorTest() {
        // 8 Mb/s, 5 ms per hop: a 1000-byte frame arrives 6 ms after it was sent
        LinkConfig cfg = new LinkConfig(8_000_000, 5 * MS, QueueLimit.packets(1000), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(A, b.link("a-b"), A, 1, Route.Origin.STATIC));
        c.registerHandler(Protocol.RAW, (p, in) -> arrivals.add(net.now()));
        b.registerHandler(Protocol.RAW, (p, in) -> arrivals.add(-net.now()));
        fw = FlakewayInterceptor.install(b);
    }

    void sendFromA(int n, long gap, VAddr to) {
        for (int i = 0; i < n; i++) {
            net.at(i * gap, "a", () -> a.send(Packet.builder().source(A).destination(to)
                    .payload(new byte[1000 - Packet.HEADER_LENGTH]).build()));
        }
    }

    @Test
    void delayAddsExactlyToThePathInSimulation() {
        fw.engine().set(RuleSpecs.parse("name d; match dst=10.0.0.3; delay 50ms"));
        sendFromA(5, 10 * MS, C);
        net.run(1_000 * MS);
        // 6 ms per hop, twice, plus 50 ms at b
        assertEquals(List.of(62 * MS, 72 * MS, 82 * MS, 92 * MS, 102 * MS), arrivals);
        assertEquals(5, b.counters().intercepted);
        assertEquals(5, b.counters().reinjected);
        assertEquals(5, b.counters().forwarded);
    }

    @Test
    void unmatchedTrafficPassesUntouched() {
        fw.engine().set(RuleSpecs.parse("name d; match dst=10.9.0.0/16; delay 50ms"));
        sendFromA(2, 10 * MS, C);
        net.run(1_000 * MS);
        assertEquals(List.of(12 * MS, 22 * MS), arrivals);
        assertEquals(0, b.counters().intercepted);
    }

    @Test
    void corruptedFramesFailTheChecksumAtTheNextHop() {
        fw.engine().set(RuleSpecs.parse("name c; match dst=10.0.0.3; corrupt 100% bits 2"));
        sendFromA(200, MS, C);
        net.run(1_000 * MS);
        assertEquals(List.of(), arrivals, "nothing corrupted gets through");
        assertEquals(200, fw.engine().counters("c").corrupted);
        LinkCounters in = c.link("b-c").counters();
        assertEquals(200, in.totalDrops(), "every damaged frame is rejected by c's link: " + in.dropsByReason());
        assertTrue(in.drops(DropReason.BAD_CHECKSUM) > 150, in.dropsByReason().toString());
        assertEquals(200, b.link("b-c").counters().sentPackets, "b did send them");
    }

    @Test
    void corruptionAddressedToTheNodeItselfIsCaughtThere() {
        fw.engine().set(RuleSpecs.parse("name c; match dst=10.0.0.2; corrupt 100%"));
        sendFromA(3, MS, B);
        net.run(100 * MS);
        assertEquals(List.of(), arrivals);
        assertEquals(3, b.counters().drops(DropReason.BAD_CHECKSUM));
    }

    @Test
    void lossesCountAsImpairedDropsOnTheNode() {
        fw.engine().set(RuleSpecs.parse("name l; loss 30%"));
        sendFromA(1_000, MS, C);
        net.run(2_000 * MS);
        RuleCounters rc = fw.engine().counters("l");
        assertEquals(rc.lostRandom, b.counters().drops(DropReason.IMPAIRED));
        assertEquals(1_000 - rc.lostRandom, arrivals.size());
        assertTrue(rc.lostRandom > 200 && rc.lostRandom < 400);
    }

    @Test
    void uninstallStopsImpairingAndRestoresTheLinks() {
        fw.engine().set(RuleSpecs.parse("name c; corrupt 100%"));
        sendFromA(1, MS, C);
        net.run(100 * MS);
        fw.uninstall();
        assertEquals(null, b.link("b-c").frameTap());
        net.at(net.now(), "a", () -> a.send(Packet.builder().source(A).destination(C).payload(new byte[10]).build()));
        net.run(100 * MS);
        assertEquals(1, arrivals.size());
    }
}
