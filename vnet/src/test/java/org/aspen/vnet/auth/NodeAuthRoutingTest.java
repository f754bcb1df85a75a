package org.aspen.vnet.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * Routing updates (hellos, adverts, acks) under authentication, in the simulation: keyed nodes
 * converge; unsigned, forged and replayed routing messages are counted and dropped.
 */
class NodeAuthRoutingTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");
    static final VAddr M = VAddr.parse("10.0.0.66");
    static final AuthKey KA = new AuthKey(1, "a-secret-a-secret-a-secret-a-sec".getBytes(), Set.of(A), Set.of());
    static final AuthKey KB = new AuthKey(2, "b-secret-b-secret-b-secret-b-sec".getBytes(), Set.of(B), Set.of());
    static final AuthKey KC = new AuthKey(3, "c-secret-c-secret-c-secret-c-sec".getBytes(), Set.of(C), Set.of());
    static final AuthKey LINK_BC = new AuthKey(10, "bc-link-bc-link-bc-link-bc-link!".getBytes(), Set.of(), Set.of("b-c"));

    final SimNetwork net = new SimNetwork(3);
    final Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
    final Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
    final Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);

    NodeAuthRoutingTest() {
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.connect("b-c", "b", "c", LinkConfig.DEFAULT);
        for (Node n : List.of(a, b, c)) {
            ControlPlane.install(n, true);
        }
    }

    static NodeAuth auth(Node n, List<AuthKey> keys) {
        return new NodeAuth(n.address(), keys, 1).protect(NodeAuth.ROUTING, true, NodeAuth::isRouting).installOn(n);
    }

    @Test
    void keyedNodesConvergeWithNodeAndLinkKeys() {
        List<AuthKey> ring = List.of(KA, KB, KC, LINK_BC);
        NodeAuth aa = auth(a, ring);
        NodeAuth ab = auth(b, ring);
        NodeAuth ac = auth(c, List.of(KA, KB, LINK_BC));   // c signs with the b-c link key only
        net.run(3_000_000_000L);
        assertNotNull(a.routes().lookup(C.value()), "a reaches c over b");
        assertNotNull(c.routes().lookup(A.value()), "c reaches a over b");
        assertTrue(aa.counts().kind(NodeAuth.ROUTING).signed() > 0);
        assertTrue(ab.counts().kind(NodeAuth.ROUTING).verified() > 0);
        assertTrue(ac.counts().kind(NodeAuth.ROUTING).verified() > 0);
        assertEquals(0, ab.counts().kind(NodeAuth.ROUTING).forged() + ab.counts().kind(NodeAuth.ROUTING).unsigned()
                + ab.counts().kind(NodeAuth.ROUTING).replayed());
        assertEquals(0, b.counters().drops(DropReason.AUTH_FORGED));
    }

    @Test
    void aNodeWithoutKeysIsNotHeardAndNoRouteGoesThroughIt() {
        auth(a, List.of(KA, KB));
        NodeAuth ab = auth(b, List.of(KA, KB));
        // c runs no authentication at all: its hellos are unsigned
        net.run(3_000_000_000L);
        assertNotNull(a.routes().lookup(B.value()));
        assertNull(a.routes().lookup(C.value()), "b never accepted c as a neighbour");
        assertTrue(ab.counts().kind(NodeAuth.ROUTING).unsigned() > 0);
        assertEquals(ab.counts().kind(NodeAuth.ROUTING).unsigned(), b.counters().drops(DropReason.AUTH_UNSIGNED));
    }

    @Test
    void unsignedForgedAndReplayedHellosAreCountedAndDropped() {
        List<AuthKey> ring = List.of(KA, KB, KC, LINK_BC);
        auth(a, ring);
        NodeAuth ab = auth(b, ring);
        auth(c, ring);
        Packet[] firstHello = new Packet[1];
        b.addInterceptor((p, in) -> {
            if (firstHello[0] == null && NodeAuth.isRouting(p) && in == b.link("a-b")) {
                firstHello[0] = p.copy();   // as verified: a signed hello from a
            }
            return false;
        });
        net.run(2_000_000_000L);
        Packet hello = firstHello[0];
        assertNotNull(hello);
        long verified = ab.counts().kind(NodeAuth.ROUTING).verified();
        net.at(net.now(), "b", () -> {
            b.receive(Packet.wrapValidated(hello.frame().clone()), b.link("a-b"));            // replayed
            b.receive(hello.toBuilder().build(), b.link("a-b"));                               // unsigned copy
            byte[] f = hello.frame().clone();
            f[hello.payloadOffset() + 1] ^= 1;                                                   // tampered
            b.receive(Packet.wrapValidated(f), b.link("a-b"));
            // signed by m with its own key, claiming to be a (a's key is bound to a)
            NodeAuth m = new NodeAuth(M, List.of(new AuthKey(1, "m-key-m-key-m-key-m-key-m-key-m!".getBytes(), Set.of(), Set.of())), 1)
                    .protect(NodeAuth.ROUTING, true, NodeAuth::isRouting);
            b.receive(m.outgoing(hello.toBuilder().build(), null), b.link("a-b"));
            // the b-c link key used on the a-b link
            NodeAuth cLink = new NodeAuth(C, List.of(LINK_BC), 1).protect(NodeAuth.ROUTING, true, NodeAuth::isRouting);
            b.receive(cLink.outgoing(hello.toBuilder().build(), c.link("b-c")), b.link("a-b"));
        });
        net.run(1);
        assertEquals(1, b.counters().drops(DropReason.AUTH_REPLAYED));
        assertEquals(1, b.counters().drops(DropReason.AUTH_UNSIGNED));
        assertEquals(3, b.counters().drops(DropReason.AUTH_FORGED));
        assertEquals(1, ab.counts().kind(NodeAuth.ROUTING).replayed());
        assertEquals(1, ab.counts().kind(NodeAuth.ROUTING).unsigned());
        assertEquals(3, ab.counts().kind(NodeAuth.ROUTING).forged());
        assertTrue(ab.counts().kind(NodeAuth.ROUTING).verified() >= verified);
        assertNotNull(a.routes().lookup(C.value()), "routing still works");
    }

    @Test
    void signedMessagesAreOrdinaryMessagesToANodeWithoutAuthAndUnprotectedTrafficPasses() {
        NodeAuth aa = auth(a, List.of(KA, KB));
        int[] raw = new int[1];
        b.registerHandler(org.aspen.vnet.packet.Protocol.RAW, (p, in) -> raw[0]++);
        net.at(100_000_000L, "b", () -> b.sendOn(b.link("a-b"), Packet.builder().source(B).destination(A).payload(new byte[4]).build()));
        a.registerHandler(org.aspen.vnet.packet.Protocol.RAW, (p, in) -> raw[0]++);
        net.run(2_000_000_000L);
        // b has no authentication: a's signed hellos parse as ordinary hellos there
        assertTrue(aa.counts().kind(NodeAuth.ROUTING).signed() > 0);
        assertEquals(0, b.counters().drops(DropReason.BAD_CONTROL));
        assertTrue(b.counters().delivered > 0);
        // b's hellos are unsigned at a; b's raw packet is not a protected kind and gets through
        assertTrue(a.counters().drops(DropReason.AUTH_UNSIGNED) > 0);
        assertEquals(1, raw[0]);
    }
}
