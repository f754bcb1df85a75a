package org.aspen.vnet.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.control.EchoResult;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LinkStateRoutingTest {
    static final long MS = 1_000_000L;
    static final long SEC = 1_000_000_000L;
    /** Bound on convergence from start: a few hello rounds plus flooding across the diameter. */
    static final long BOUND = 1 * SEC;

    static void assertConverges(Topo t) {
        long took = t.runUntilConverged(Set.of(), 10 * MS, 3 * SEC);
        assertTrue(took >= 0 && took <= BOUND, "converged after " + took + " ns");
    }

    @Test
    void convergesOnALine() {
        Topo t = Topo.build(1, 6, Topo.line(6));
        assertConverges(t);
        assertEquals(List.of(Topo.addr(1), Topo.addr(2), Topo.addr(3), Topo.addr(4), Topo.addr(5)), t.path(0, 5));
    }

    @Test
    void convergesOnASquareWithTheLowerFirstHopOnEqualCost() {
        // n0 - n1, n1 - n3, n3 - n2, n2 - n0: two equal paths from n0 to n3
        Topo t = Topo.build(2, 4, new int[][] {{0, 1}, {1, 3}, {3, 2}, {2, 0}});
        assertConverges(t);
        assertEquals(List.of(Topo.addr(1), Topo.addr(3)), t.path(0, 3));
        assertEquals(List.of(Topo.addr(0), Topo.addr(1)), t.path(2, 1));
        assertEquals(List.of(Topo.addr(1), Topo.addr(0)), t.path(3, 0));
    }

    @Test
    void convergesOnARing() {
        Topo t = Topo.build(3, 9, Topo.ring(9));
        assertConverges(t);
        assertEquals(4, t.path(0, 4).size());
        assertEquals(List.of(Topo.addr(8), Topo.addr(7), Topo.addr(6), Topo.addr(5)), t.path(0, 5));
    }

    @ParameterizedTest
    @ValueSource(longs = {10, 11, 12})
    void convergesOnARandomTenNodeTopology(long seed) {
        Topo t = Topo.build(seed, 10, Topo.random(10, 5, seed));
        assertConverges(t);
        t.net.run(500 * MS); // let the last floods (same content, newer sequence) settle
        // every database holds the same sequence number for every origin
        var reference = versions(t.plane(0));
        assertEquals(10, reference.size());
        for (ControlPlane cp : t.planes) {
            assertEquals(reference, versions(cp));
        }
    }

    @Test
    void linkCostsSteerThePath() {
        Topo t = Topo.build(4, 4, new int[][] {{0, 1}, {1, 3}, {3, 2}, {2, 0}});
        t.node(0).link("n0-n1").setConfig(new LinkConfig(10_000_000, 2 * MS, QueueLimit.packets(100), 5));
        t.net.run(2 * SEC);
        assertEquals(List.of(Topo.addr(2), Topo.addr(3)), t.path(0, 3));
        assertEquals(2, t.node(0).routes().lookup(Topo.addr(3)).metric());
        assertEquals(3, t.node(0).routes().lookup(Topo.addr(1)).metric(), "n0-n2-n3-n1 beats the cost-5 link");
    }

    @Test
    void floodingConvergesWhenAThirdOfLsasAndAcksAreLost() {
        Topo t = Topo.build(20, 10, Topo.random(10, 6, 20));
        SplittableRandom loss = new SplittableRandom(77);
        for (Node n : t.nodes) {
            n.addInterceptor((p, in) -> {
                if (p.protocol() != Protocol.CONTROL) {
                    return false;
                }
                int type = p.array()[p.payloadOffset()];
                return (type == ControlCodec.LSA || type == ControlCodec.LSA_ACK) && loss.nextInt(3) == 0;
            });
        }
        long took = t.runUntilConverged(Set.of(), 10 * MS, 10 * SEC);
        assertTrue(took >= 0, "did not converge under loss");
        t.net.run(2 * SEC);
        long retransmits = t.planes.stream().mapToLong(cp -> cp.routing().lsaRetransmits()).sum();
        assertTrue(retransmits > 0, "lost LSAs were retransmitted");
        var reference = versions(t.plane(0));
        for (ControlPlane cp : t.planes) {
            assertEquals(reference, versions(cp));
        }
    }

    @Test
    void reroutesAroundALinkTakenDownAndBackUpWhilePingsContinue() {
        Topo t = Topo.build(5, 4, new int[][] {{0, 1}, {1, 3}, {3, 2}, {2, 0}});
        assertConverges(t);
        List<long[]> replies = new ArrayList<>(); // {sentAt, status}
        long downAt = t.net.now() + SEC;
        long upAt = downAt + 3 * SEC;
        for (long at = t.net.now(); at < upAt + 2 * SEC; at += 50 * MS) {
            long sent = at;
            t.net.at(at, "n0", () -> t.plane(0).echo(Topo.addr(3), 64, 64, 500 * MS,
                    r -> replies.add(new long[] {sent, r.status().ordinal()})));
        }
        // cut only the far end: n0 can learn of it only from n1's silence (dead interval)
        t.net.at(downAt, "n1", () -> t.node(1).setLinkUp(t.node(1).link("n0-n1"), false));
        t.net.at(upAt, "n1", () -> t.node(1).setLinkUp(t.node(1).link("n0-n1"), true));
        List<List<VAddr>> paths = new ArrayList<>();
        t.net.at(downAt + Topo.FAST.deadNanos() + 300 * MS, "n0", () -> paths.add(t.path(0, 3)));
        t.net.at(upAt + 500 * MS, "n0", () -> paths.add(t.path(0, 3)));
        t.net.run(upAt + 3 * SEC - t.net.now());
        assertEquals(List.of(Topo.addr(2), Topo.addr(3)), paths.get(0));
        assertEquals(List.of(Topo.addr(1), Topo.addr(3)), paths.get(1));
        long settle = Topo.FAST.deadNanos() + Topo.FAST.helloNanos() + 200 * MS;
        int lostWhileDown = 0;
        for (long[] r : replies) {
            boolean ok = r[1] == EchoResult.Status.REPLY.ordinal();
            if (r[0] < downAt || r[0] > downAt + settle) {
                assertTrue(ok, "echo sent at " + r[0] + " failed");
            } else if (!ok) {
                lostWhileDown++;
            }
        }
        assertTrue(lostWhileDown > 0, "the cut was noticed");
        assertEquals(0, t.node(0).counters().drops(org.aspen.vnet.packet.DropReason.NO_ROUTE));
    }

    @Test
    void aSilentWireCutIsFoundByMissingHellosAndAMendIsRelearned() {
        Topo t = Topo.build(15, 6, Topo.ring(6));
        assertConverges(t);
        assertEquals(List.of(Topo.addr(1), Topo.addr(2)), t.path(0, 2));
        long cutAt = t.net.now();
        t.net.at(cutAt, "n1", () -> {
            t.node(0).link("n0-n1").setCut(true);
            t.node(1).link("n0-n1").setCut(true);
        });
        t.net.run(1);
        long took = t.runUntilConvergedWithout(0, 1, 10 * MS, 3 * SEC);
        assertTrue(took >= Topo.FAST.deadNanos() - 2 * Topo.FAST.helloNanos() && took <= Topo.FAST.deadNanos() + 2 * Topo.FAST.helloNanos(),
                "noticed after " + took);
        assertEquals(List.of(Topo.addr(5), Topo.addr(4), Topo.addr(3)), t.path(0, 3));
        assertEquals(5, t.path(0, 1).size(), "the long way round");
        t.net.at(t.net.now(), "n1", () -> {
            t.node(0).link("n0-n1").setCut(false);
            t.node(1).link("n0-n1").setCut(false);
        });
        assertTrue(t.runUntilConverged(Set.of(), 10 * MS, 2 * SEC) >= 0);
        assertEquals(List.of(Topo.addr(1), Topo.addr(2)), t.path(0, 2));
    }

    @Test
    void aNodeThatStopsIsRoutedAroundAndBecomesUnreachable() {
        Topo t = Topo.build(6, 5, Topo.ring(5));
        assertConverges(t);
        t.net.at(t.net.now(), "n1", () -> t.node(1).stop());
        long took = t.runUntilConverged(Set.of(1), 10 * MS, 3 * SEC);
        assertTrue(took >= 0 && took <= Topo.FAST.deadNanos() + 2 * Topo.FAST.helloNanos() + 100 * MS, "took " + took);
        assertEquals(List.of(Topo.addr(4), Topo.addr(3), Topo.addr(2)), t.path(0, 2));
        t.net.run(Topo.FAST.deadNanos()); // n2 may notice a hello round after n0
        assertNull(t.node(0).routes().lookup(Topo.addr(1)), "no route to the stopped node");
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(Topo.addr(1), 64, 64, SEC, res::add));
        t.net.run(2 * SEC);
        assertEquals(EchoResult.Status.UNREACHABLE, res.get(0).status());
        assertEquals(Topo.addr(0), res.get(0).from());
        // its LSA ages out after three refresh intervals
        assertTrue(t.plane(0).routing().database().containsKey(Topo.addr(1)));
        t.net.run(3 * Topo.FAST.lsaRefreshNanos());
        assertFalse(t.plane(0).routing().database().containsKey(Topo.addr(1)));
    }

    @Test
    void aDeadNeighbourIsLoggedAtInfoCountedAsARouteChangeAndShownDown() {
        ch.qos.logback.classic.Logger logger = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(LinkStateRouting.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> lines = new ch.qos.logback.core.read.ListAppender<>();
        lines.start();
        ch.qos.logback.classic.Level was = logger.getLevel();
        logger.setLevel(ch.qos.logback.classic.Level.INFO);
        logger.addAppender(lines);
        try {
            // n0 - n1 - n2; n2 stops: n1 hears nothing from it for the dead interval
            Topo t = Topo.build(7, 3, Topo.line(3));
            assertConverges(t);
            LinkStateRouting r1 = t.plane(1).routing();
            assertEquals(List.of(new LinkStateRouting.NeighbourState("n0-n1", Topo.addr(0), true, true,
                    r1.neighbours().get(0).lastHeardNanos(), r1.neighbours().get(0).upSinceNanos()),
                    new LinkStateRouting.NeighbourState("n1-n2", Topo.addr(2), true, true,
                            r1.neighbours().get(1).lastHeardNanos(), r1.neighbours().get(1).upSinceNanos())), r1.neighbours());
            assertTrue(messages(lines).contains("n1: neighbour 10.0.0.3 on n1-n2 up (two-way)"), messages(lines).toString());
            long changesBefore = r1.counters().routeChanges();
            lines.list.clear();
            t.net.at(t.net.now(), "n2", () -> t.node(2).stop());
            t.net.run(Topo.FAST.deadNanos() + 2 * Topo.FAST.helloNanos());
            LinkStateRouting.NeighbourState gone = r1.neighbours().get(1);
            assertFalse(gone.alive() || gone.twoWay(), gone.toString());
            assertEquals(Topo.addr(2), gone.address(), "the last address heard stays");
            assertEquals(changesBefore + 1, r1.counters().routeChanges(), "losing the route to n2 is one change");
            assertNull(t.node(1).routes().lookup(Topo.addr(2)));
            List<String> said = messages(lines);
            assertTrue(said.stream().anyMatch(m -> m.startsWith("n1: neighbour 10.0.0.3 on n1-n2 down: dead interval expired (last heard ")),
                    said.toString());
            assertTrue(said.contains("n1: routes changed (1 dynamic): 10.0.0.3 via 10.0.0.3 (n1-n2) cost 1 -> unreachable"), said.toString());
            assertTrue(said.contains("n0: routes changed (1 dynamic): 10.0.0.3 via 10.0.0.2 (n0-n1) cost 2 -> unreachable"), said.toString());
        } finally {
            logger.detachAppender(lines);
            logger.setLevel(was);
        }
    }

    private static List<String> messages(ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> a) {
        return a.list.stream().map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aRestartedNodeIsRelearnedAndJumpsPastItsOldSequence() {
        Topo t = Topo.build(7, 3, Topo.line(3));
        assertConverges(t);
        t.net.run(4 * SEC); // a refresh or two: n1's sequence is above 1
        int oldSeq = t.plane(1).routing().ownSequence();
        assertTrue(oldSeq > 1);
        t.net.at(t.net.now(), "n1", () -> t.node(1).stop());
        t.net.run(SEC);
        assertNull(t.node(0).routes().lookup(Topo.addr(2)));
        // "restart": a fresh node with the same address, wired to the same neighbours
        Node again = t.net.addNode("n1b", Topo.addr(1), Topo.FAST, null);
        t.net.connect("n0-n1b", "n0", "n1b", Topo.LINK);
        t.net.connect("n1b-n2", "n1b", "n2", Topo.LINK);
        ControlPlane cp = ControlPlane.install(again, true);
        t.net.run(SEC);
        assertTrue(cp.routing().ownSequence() > oldSeq, "jumped past " + oldSeq + ": " + cp.routing().ownSequence());
        assertEquals(List.of(Topo.addr(1), Topo.addr(2)), pathVia(t, 0, 2));
        assertEquals(versions(cp), versions(t.plane(0)));
        List<EchoResult> res = new ArrayList<>();
        t.net.at(t.net.now(), "n0", () -> t.plane(0).echo(Topo.addr(2), 64, 64, SEC, res::add));
        t.net.run(SEC);
        assertEquals(EchoResult.Status.REPLY, res.get(0).status());
    }

    /** Origin -> "seq links" of a node's database (lifetimes differ by when each copy arrived). */
    static java.util.Map<VAddr, String> versions(ControlPlane cp) {
        java.util.Map<VAddr, String> m = new java.util.TreeMap<>();
        cp.routing().database().forEach((k, v) -> m.put(k, v.seq() + " " + v.links()));
        return m;
    }

    private static List<VAddr> pathVia(Topo t, int src, int dst) {
        Route r = t.node(src).routes().lookup(Topo.addr(dst));
        assertNotNull(r);
        return List.of(r.nextHop(), Topo.addr(dst));
    }

    @Test
    void staticRoutesKeepPrecedenceOverDynamicOnes() {
        Topo t = Topo.build(8, 4, new int[][] {{0, 1}, {1, 3}, {3, 2}, {2, 0}});
        Node n0 = t.node(0);
        n0.routes().addStatic(Route.host(Topo.addr(3), n0.link("n2-n0"), Topo.addr(2), 1, Route.Origin.STATIC));
        assertConverges(t);
        assertEquals(List.of(Topo.addr(2), Topo.addr(3)), t.path(0, 3));
        assertEquals(Route.Origin.DYNAMIC, t.plane(0).routing().routes().get(Topo.addr(3)).origin());
        assertEquals(Topo.addr(1), t.plane(0).routing().routes().get(Topo.addr(3)).nextHop());
    }

    @Test
    void routeChangeListenersHearEveryChange() {
        Topo t = Topo.build(9, 3, Topo.line(3));
        int[] calls = new int[1];
        t.plane(0).addRouteChangeListener(() -> calls[0]++);
        assertConverges(t);
        int atConvergence = calls[0];
        assertTrue(atConvergence >= 1);
        t.net.at(t.net.now(), "n0", () -> t.node(0).setLinkUp(t.node(0).link("n0-n1"), false));
        t.net.run(100 * MS);
        assertEquals(atConvergence + 1, calls[0]);
        assertTrue(t.plane(0).routing().routes().isEmpty());
        assertTrue(t.node(0).routes().all().isEmpty());
    }

    @Test
    void helloTeachesTheLinkItsPeer() {
        Topo t = Topo.build(10, 2, Topo.line(2));
        t.node(0).link("n0-n1").setPeer(VAddr.UNSPECIFIED);
        t.net.run(SEC);
        assertEquals(Topo.addr(1), t.node(0).link("n0-n1").peer());
        assertEquals(List.of(Topo.addr(1)), t.plane(0).routing().adjacencies());
    }

    @Test
    void serialNumberOrderWraps() {
        assertTrue(LinkStateDatabase.newer(1, 0));
        assertTrue(LinkStateDatabase.newer(Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertFalse(LinkStateDatabase.newer(5, 5));
        assertFalse(LinkStateDatabase.newer(-1, 0));
    }
}
