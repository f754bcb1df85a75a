package org.aspen.vnet.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.node.TraceHasher;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

class CaptureTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");
    static final VAddr NOWHERE = VAddr.parse("10.9.9.9");

    /** a -- b over one link, a routes to b, b accepts raw datagrams. */
    static SimNetwork aToB(LinkConfig cfg) {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", cfg);
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        b.registerHandler(Protocol.RAW, (p, in) -> { });
        return net;
    }

    @Test
    void recordsWhatTheNodeDidWithEachPacket() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        LinkConfig cfg = new LinkConfig(8_000_000, 10_000_000, QueueLimit.packets(10), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        a.routes().addStatic(Route.host(NOWHERE, a.link("a-b"), B, 2, Route.Origin.STATIC));
        a.routes().addStatic(Route.host(B, a.link("a-b"), B, 1, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        b.registerHandler(Protocol.RAW, (p, in) -> { });
        c.registerHandler(Protocol.RAW, (p, in) -> { });
        // b diverts packets with a one-byte payload 42 and keeps them (an AA that drops)
        b.addInterceptor((p, in) -> p.payloadLength() == 1);
        TraceHasher before = new TraceHasher();
        b.setTrace(before);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Capture cap = new Capture(new PcapngWriter(out, "test"), 0);
        net.at(0, "b", () -> cap.attach(b, l -> l.equals("a-b")));
        net.at(1_000_000, "a", () -> {
            a.send(Packet.builder().source(A).destination(C).payload(new byte[100]).build());
            a.send(Packet.builder().source(A).destination(B).payload(new byte[50]).build());
            a.send(Packet.builder().source(A).destination(NOWHERE).payload(new byte[10]).build());
            a.send(Packet.builder().source(A).destination(C).payload(new byte[] {42}).build());
        });
        net.run(1_000_000_000L);
        cap.flush();

        PcapngReader.Capture f = PcapngReader.read(out.toByteArray());
        List<String> comments = f.packets().stream().map(PcapngReader.Pkt::comment).toList();
        assertEquals(List.of(
                "node=b link=a-b dir=in action=forwarded to=b-c",
                "node=b link=a-b dir=in action=delivered proto=2",
                "node=b link=a-b dir=in action=dropped by=node reason=no-route",
                "node=b link=a-b dir=in action=diverted by=CaptureTest"), comments);
        // the same run seen through one diversion point only
        assertEquals(List.of("node=b link=a-b dir=in action=diverted by=CaptureTest"), comments.stream()
                .filter(x -> x.contains("by=CaptureTest")).toList());
        // b-c was not asked for: only the a-b interface exists
        assertEquals(List.of("b:a-b"), f.interfaces().stream().map(PcapngReader.Iface::name).toList());
        // frames as received: arrival = 1 ms start + tx 120 B at 8 Mb/s (0.12 ms) + 10 ms propagation
        PcapngReader.Pkt first = f.packets().get(0);
        assertEquals(1_000_000 + 120_000 + 10_000_000, first.nanos());
        assertEquals(120, first.data().length);
        assertEquals(64, first.data()[2] & 0xff, "TTL as received, before b decremented it");
        // the node's previous trace sink still hears everything
        assertEquals(true, before.events() > 0);
    }

    @Test
    void actionFilterKeepsOneTakersRecords() {
        SimNetwork net = aToB(new LinkConfig(0, 0, QueueLimit.packets(10), 1));
        Node a = net.node("a");
        Node b = net.node("b");
        b.addInterceptor(new org.aspen.vnet.node.PacketInterceptor() {
            @Override
            public boolean intercept(Packet p, org.aspen.vnet.link.Link in) {
                if (p.payloadLength() == 1) {
                    b.discardTaken(p, in, "aa:filter@1", org.aspen.vnet.packet.DropReason.FILTERED);
                    return true;
                }
                return false;
            }

            @Override
            public String toString() {
                return "aa:filter@1";
            }
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Capture cap = new Capture(new PcapngWriter(out, "test"), 0);
        cap.setActionFilter(act -> act.contains("by=aa:filter@"));
        cap.attach(b, null);
        net.at(0, "a", () -> {
            a.send(Packet.builder().source(A).destination(B).payload(new byte[] {1}).build());
            a.send(Packet.builder().source(A).destination(B).payload(new byte[20]).build());
        });
        net.run(1_000_000_000L);
        List<String> comments = PcapngReader.read(out.toByteArray()).packets().stream().map(PcapngReader.Pkt::comment).toList();
        // taken and discarded inside the interceptor: one record, the drop (the later 'diverted' finds nothing pending)
        assertEquals(List.of("node=b link=a-b dir=in action=dropped by=aa:filter@1 reason=filtered"), comments);
        assertEquals(1, b.counters().drops(org.aspen.vnet.packet.DropReason.FILTERED));
    }

    @Test
    void outboundFramesAndQueueDropsAreRecordedAndDetachRestoresTheTrace() {
        SimNetwork net = aToB(new LinkConfig(1_000_000, 0, QueueLimit.packets(1), 1));
        Node a = net.node("a");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Capture cap = new Capture(new PcapngWriter(out, "test"), 5_000_000_000L);
        net.at(0, "a", () -> {
            cap.attach(a, null);
            for (int i = 0; i < 3; i++) {    // one transmits, one waits, one overflows
                a.send(Packet.builder().source(A).destination(B).payload(new byte[100]).build());
            }
        });
        net.at(500_000_000, "a", () -> cap.detach(a));
        net.at(600_000_000, "a", () -> a.send(Packet.builder().source(A).destination(B).payload(new byte[100]).build()));
        net.run(1_000_000_000L);
        PcapngReader.Capture f = PcapngReader.read(out.toByteArray());
        List<String> comments = f.packets().stream().map(PcapngReader.Pkt::comment).toList();
        assertEquals(List.of(
                "node=a link=a-b dir=out action=sent",
                "node=a link=a-b dir=out action=dropped by=queue:droptail reason=overflow",
                "node=a link=a-b dir=out action=sent"), comments);
        assertEquals(5_000_000_000L, f.packets().get(0).nanos(), "epoch offset added to the node clock");
        assertEquals(5_000_000_000L + 960_000, f.packets().get(2).nanos(), "second waits one 120-byte frame at 1 Mb/s");
        assertEquals(PcapngWriter.OUTBOUND, f.packets().get(0).direction());
        assertEquals(3, cap.packets());
        assertEquals(org.aspen.vnet.node.TraceSink.NONE, a.trace());
    }
}
