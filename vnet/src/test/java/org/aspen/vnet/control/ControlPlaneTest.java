package org.aspen.vnet.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.routing.Topo;
import org.junit.jupiter.api.Test;

class ControlPlaneTest {
    static final long MS = 1_000_000L;
    static final long SEC = 1_000_000_000L;

    /** A line of four with link-state routing, run until converged. */
    static Topo line4() {
        Topo t = Topo.build(31, 4, Topo.line(4));
        t.net.run(2 * SEC);
        assertTrue(t.allReach());
        return t;
    }

    @Test
    void pingGetsEveryReplyWithTheRoundTripOfThePath() {
        Topo t = line4();
        List<EchoResult> each = new ArrayList<>();
        List<PingSummary> done = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).ping(Topo.addr(3), 5, 100 * MS, SEC, each::add, done::add));
        t.net.run(2 * SEC);
        assertEquals(1, done.size());
        PingSummary s = done.get(0);
        assertEquals(5, s.sent());
        assertEquals(5, s.received());
        assertEquals(0, s.lost());
        assertEquals(List.of(0, 1, 2, 3, 4), each.stream().map(EchoResult::seq).toList());
        // 6 link crossings of 2 ms propagation plus 10 Mb/s serialisation of a 84-byte frame
        long tx = Topo.LINK.txNanos(Packet.HEADER_LENGTH + ControlPlane.DEFAULT_PING_BYTES);
        long path = 6 * (2 * MS + tx);
        assertTrue(s.rttMinNanos() >= path && s.rttMaxNanos() < path + 2 * MS, s.toString());
        assertTrue(s.rttMinNanos() <= s.rttP50Nanos() && s.rttP50Nanos() <= s.rttMaxNanos());
        EchoResult r = each.get(0);
        assertEquals(EchoResult.Status.REPLY, r.status());
        assertEquals(Topo.addr(3), r.from());
        assertEquals(64 - 2, r.ttl(), "n2 and n1 forward it on the way back");
    }

    @Test
    void traceListsTheRoutersOnThePath() {
        Topo t = line4();
        List<TraceHop> each = new ArrayList<>();
        List<List<TraceHop>> done = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).trace(Topo.addr(3), 16, SEC, each::add, done::add));
        t.net.run(2 * SEC);
        List<TraceHop> hops = done.get(0);
        assertEquals(each, hops);
        assertEquals(t.path(0, 3), hops.stream().map(TraceHop::from).toList());
        assertEquals(List.of(EchoResult.Status.TTL_EXCEEDED, EchoResult.Status.TTL_EXCEEDED, EchoResult.Status.REPLY),
                hops.stream().map(TraceHop::status).toList());
        assertEquals(List.of(1, 2, 3), hops.stream().map(TraceHop::ttl).toList());
        assertTrue(hops.get(0).rttNanos() < hops.get(1).rttNanos() && hops.get(1).rttNanos() < hops.get(2).rttNanos());
    }

    @Test
    void ttlExceededComesFromTheRouterWhereItRanOut() {
        Topo t = line4();
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(Topo.addr(3), 2, 64, SEC, res::add));
        t.net.run(SEC);
        assertEquals(EchoResult.Status.TTL_EXCEEDED, res.get(0).status());
        assertEquals(Topo.addr(2), res.get(0).from());
        assertEquals(1, t.node(2).counters().drops(DropReason.TTL_EXCEEDED));
        assertEquals(1, t.plane(2).errorsSent());
    }

    @Test
    void unreachableComesFromTheOriginOrTheRouterWithoutARoute() {
        Topo t = line4();
        VAddr nowhere = VAddr.parse("10.9.9.9");
        // n0 itself has no route
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(nowhere, 64, 64, SEC, res::add));
        t.net.run(SEC);
        assertEquals(EchoResult.Status.UNREACHABLE, res.get(0).status());
        assertEquals(Topo.addr(0), res.get(0).from());
        // a static route sends it to n1, which has none
        Node n0 = t.node(0);
        n0.routes().addStatic(Route.host(nowhere, n0.link("n0-n1"), Topo.addr(1), 1, Route.Origin.STATIC));
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(nowhere, 64, 64, SEC, res::add));
        t.net.run(SEC);
        assertEquals(EchoResult.Status.UNREACHABLE, res.get(1).status());
        assertEquals(Topo.addr(1), res.get(1).from());
    }

    @Test
    void timeoutWhenNobodyAnswers() {
        Topo t = line4();
        t.net.at(t.net.now(), "n3", () -> t.node(3).registerHandler(Protocol.CONTROL, (p, in) -> { }));
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now() + 1, "n0", () -> t.plane(0).echo(Topo.addr(3), 64, 64, 300 * MS, res::add));
        long start = t.net.now();
        t.net.run(SEC);
        assertEquals(1, res.size());
        assertEquals(EchoResult.Status.TIMEOUT, res.get(0).status());
        assertEquals(VAddr.UNSPECIFIED, res.get(0).from());
        assertEquals(300 * MS, res.get(0).rttNanos());
        assertTrue(t.net.now() - start >= 300 * MS);
    }

    @Test
    void errorRepliesAreRateLimitedAndNeverAnswerErrorsOrBroadcasts() {
        Topo t = line4();
        VAddr nowhere = VAddr.parse("10.9.9.9");
        Node n0 = t.node(0);
        n0.routes().addStatic(Route.host(nowhere, n0.link("n0-n1"), Topo.addr(1), 1, Route.Origin.STATIC));
        t.plane(1).setErrorRateLimit(10, 5);
        t.net.at(t.net.now(), "n0", () -> {
            for (int i = 0; i < 40; i++) {
                n0.send(Packet.builder().source(n0.address()).destination(nowhere).protocol(Protocol.RAW)
                        .payload(new byte[8]).build());
            }
            // an error message about a packet of someone else's, and a broadcast, both unroutable at n1
            byte[] err = ControlCodec.encodeError(ControlCodec.DEST_UNREACHABLE, 0,
                    Packet.builder().source(nowhere).destination(n0.address()).build());
            n0.send(Packet.builder().source(n0.address()).destination(nowhere).protocol(Protocol.CONTROL).payload(err).build());
        });
        t.net.run(10 * MS);
        assertEquals(5, t.plane(1).errorsSent(), "the burst");
        assertEquals(35, t.plane(1).errorsSuppressed());
        t.net.run(SEC);
        n0.routes().addStatic(Route.host(VAddr.BROADCAST, n0.link("n0-n1"), Topo.addr(1), 1, Route.Origin.STATIC));
        long before = t.plane(1).errorsSent() + t.plane(1).errorsSuppressed();
        t.net.at(t.net.now(), "n0", () -> n0.send(Packet.builder().source(VAddr.UNSPECIFIED).destination(nowhere)
                .protocol(Protocol.RAW).build()));
        t.net.run(SEC);
        assertEquals(before, t.plane(1).errorsSent() + t.plane(1).errorsSuppressed(), "no reply to an unusable source");
        assertEquals(42, t.node(1).counters().drops(DropReason.NO_ROUTE));
    }

    @Test
    void malformedControlPayloadsAreCountedAsBadControl() {
        Topo t = line4();
        Node n0 = t.node(0);
        t.net.at(t.net.now(), "n0", () -> {
            n0.send(Packet.builder().source(n0.address()).destination(Topo.addr(1)).protocol(Protocol.CONTROL)
                    .payload(new byte[] {ControlCodec.LSA, 0, 0}).build());
            n0.send(Packet.builder().source(n0.address()).destination(Topo.addr(1)).protocol(Protocol.CONTROL).build());
        });
        t.net.run(100 * MS);
        assertEquals(2, t.node(1).counters().drops(DropReason.BAD_CONTROL));
        assertTrue(t.allReach(), "routing unharmed");
    }

    @Test
    void echoToSelfAndBroadcastRequestsAreHandled() {
        Topo t = line4();
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(Topo.addr(0), 64, 100, SEC, res::add));
        t.net.run(10 * MS);
        assertEquals(EchoResult.Status.REPLY, res.get(0).status());
        assertEquals(0, res.get(0).rttNanos());
        long replies = t.plane(1).counters().echoRepliesSent();
        Node n0 = t.node(0);
        t.net.at(t.net.now(), "n0", () -> n0.sendOn(n0.link("n0-n1"), Packet.builder().source(n0.address())
                .destination(VAddr.BROADCAST).protocol(Protocol.CONTROL).ttl(1)
                .payload(ControlCodec.encode(new ControlMessage.Echo(false, 1, 1, 0, 0))).build()));
        t.net.run(100 * MS);
        assertEquals(replies, t.plane(1).counters().echoRepliesSent(), "no reply to a broadcast");
    }

    @Test
    void staticModeAnswersEchoesWithoutRouting() {
        Topo t = Topo.build(32, 2, Topo.line(2), Topo.FAST, Topo.LINK, false);
        Node n0 = t.node(0);
        n0.routes().addStatic(Route.host(Topo.addr(1), n0.link("n0-n1"), Topo.addr(1), 1, Route.Origin.STATIC));
        t.node(1).routes().addStatic(Route.host(Topo.addr(0), t.node(1).link("n0-n1"), Topo.addr(0), 1, Route.Origin.STATIC));
        List<PingSummary> done = new ArrayList<>();
        t.net.at(0, "n0", () -> t.plane(0).ping(Topo.addr(1), 3, 10 * MS, SEC, r -> { }, done::add));
        t.net.run(2 * SEC);
        assertEquals(3, done.get(0).received());
        assertEquals(null, t.plane(0).routing());
        assertEquals(0, t.node(0).link("n0-n1").counters().sentPackets - 3, "no hellos in static mode");
    }
}
