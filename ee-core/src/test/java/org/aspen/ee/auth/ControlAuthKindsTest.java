package org.aspen.ee.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aspen.ee.fetch.RdpStreamTransport;
import org.aspen.rdp.ConnectionId;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * Each of the four protected kinds, delivered to a node with authentication on: signed by a key
 * holder it passes; unsigned, forged (wrong secret, tampered, another signer's key) and replayed it
 * is counted under its kind and dropped before anything else on the node sees it.
 */
class ControlAuthKindsTest {
    static final VAddr R = VAddr.parse("10.0.0.1");
    static final VAddr S = VAddr.parse("10.0.0.2");
    static final VAddr X = VAddr.parse("10.0.0.9");
    static final AuthKey KR = new AuthKey(1, "r-node-key-r-node-key-r-node-key".getBytes(), Set.of(R), Set.of());
    static final AuthKey KS = new AuthKey(2, "s-node-key-s-node-key-s-node-key".getBytes(), Set.of(S), Set.of());
    /** What an attacker who guessed key 2's id but not its secret signs with. */
    static final AuthKey GUESS = new AuthKey(2, "not-the-key-not-the-key-not-the!".getBytes(), Set.of(), Set.of());

    /** One sample message of each kind, from s to r (routing: on the link). */
    static Map<String, Packet> samples() {
        Map<String, Packet> m = new LinkedHashMap<>();
        m.put(ControlAuth.ROUTING, Packet.builder().source(S).destination(VAddr.BROADCAST).protocol(Protocol.CONTROL).ttl(1)
                .payload(new byte[] {1, 0, 0, 0}).build());   // a HELLO listing no neighbours
        m.put(ControlAuth.RDP_NOTIFY, RdpPackets.notification(new ConnectionId(R, 5000, S, 7000), 1234, 2, 2, 4));
        Segment syn = Segment.control(Segment.ACK, 4000, RdpStreamTransport.CODE_FETCH_PORT, 99, 7);
        m.put(ControlAuth.CODE_FETCH, Packet.builder().source(S).destination(R).protocol(Protocol.RDP)
                .payload(SegmentCodec.encode(syn, true)).build());
        AaSpec spec = new AaSpec("acc-filter", "1", new byte[32]);
        m.put(ControlAuth.AA_REQUEST, Packet.builder().source(S).destination(R).protocol(Protocol.RAW).aaSpec(spec)
                .payload(new byte[48]).build());
        return m;
    }

    final SimNetwork net = new SimNetwork(5);
    final Node r = net.addNode("r", R, NodeConfig.DEFAULT, null);
    final Node s = net.addNode("s", S, NodeConfig.DEFAULT, null);

    ControlAuthKindsTest() {
        net.connect("s-r", "s", "r", LinkConfig.DEFAULT);
    }

    static NodeAuth signer(VAddr self, List<AuthKey> keys) {
        NodeAuth a = new NodeAuth(self, keys, 1);
        ControlAuth.selectors().forEach((k, sel) -> a.protect(k, k.equals(ControlAuth.ROUTING), sel));
        return a;
    }

    @Test
    void selectorsPickTheirKindOnly() {
        Map<String, Packet> m = samples();
        m.forEach((kind, p) -> ControlAuth.selectors().forEach((k, sel) ->
                assertEquals(k.equals(kind), sel.test(p), kind + " picked by " + k)));
        Packet data = Packet.builder().source(S).destination(R).protocol(Protocol.RDP)
                .payload(SegmentCodec.encode(Segment.control(Segment.ACK, 5000, 7000, 1, 1), true)).build();
        Packet echo = Packet.builder().source(S).destination(R).protocol(Protocol.CONTROL).payload(new byte[16]).build();
        echo.array()[echo.payloadOffset()] = 4;
        for (Packet p : List.of(data, echo, Packet.builder().source(S).destination(R).build())) {
            ControlAuth.selectors().values().forEach(sel -> assertFalse(sel.test(p), p.toString()));
        }
        assertThrows(IllegalArgumentException.class, () -> ControlAuth.install(r, List.of(KR), List.of("acc"), 1));
    }

    @Test
    void eachKindSignedPassesUnsignedForgedAndReplayedAreDropped() {
        NodeAuth atR = ControlAuth.install(r, List.of(KR, KS), ControlAuth.ALL, 1);
        NodeAuth atS = signer(S, List.of(KR, KS));
        NodeAuth guesser = signer(S, List.of(GUESS));
        // holds s's secret but is not s: signs as x with key 2, which r binds to s
        NodeAuth otherSigner = signer(X, List.of(new AuthKey(2, KS.secret(), Set.of(X), Set.of())));
        Link in = r.link("s-r");
        Link out = s.link("s-r");
        List<String> passedThrough = new java.util.ArrayList<>();
        r.addInterceptor((p, l) -> {
            passedThrough.add(p.toString());
            return false;
        });
        net.at(0, "r", () -> {
            for (Packet p : samples().values()) {
                Packet signed = atS.outgoing(p, out);
                r.receive(Packet.wrapValidated(signed.frame().clone()), in);   // verified
                r.receive(Packet.wrapValidated(signed.frame().clone()), in);   // replayed
                r.receive(Packet.wrapValidated(p.frame().clone()), in);        // unsigned
                r.receive(guesser.outgoing(p, out), in);                        // forged: wrong secret
                r.receive(otherSigner.outgoing(p, out), in);                    // forged: key bound to s, signer x
                byte[] tampered = atS.outgoing(p, out).frame().clone();
                tampered[Packet.SOURCE_OFFSET + 3] ^= 1;
                r.receive(Packet.wrapValidated(tampered), in);                  // forged: header changed
            }
        });
        net.run(1);
        for (String kind : ControlAuth.ALL) {
            assertEquals(1, atR.counts().kind(kind).verified(), kind);
            assertEquals(1, atR.counts().kind(kind).replayed(), kind);
            assertEquals(1, atR.counts().kind(kind).unsigned(), kind);
            assertEquals(3, atR.counts().kind(kind).forged(), kind);
            assertEquals(2, atS.counts().kind(kind).signed(), kind + ": the verified one and the tampered one");
        }
        assertEquals(4, r.counters().drops(DropReason.AUTH_REPLAYED));
        assertEquals(4, r.counters().drops(DropReason.AUTH_UNSIGNED));
        assertEquals(12, r.counters().drops(DropReason.AUTH_FORGED));
        assertEquals(4, passedThrough.size(), "only the four verified messages reached a diversion point");
        assertTrue(passedThrough.stream().allMatch(t -> t.endsWith(" auth")));
    }

    @Test
    void withoutAKeyANodeSendsUnsignedAndCountsIt() {
        NodeAuth none = signer(S, List.of(KR));   // s knows r's key, has none of its own
        Packet p = samples().get(ControlAuth.AA_REQUEST);
        assertEquals(p, none.outgoing(p, null));
        assertEquals(1, none.counts().kind(ControlAuth.AA_REQUEST).unsignable());
        assertEquals(0, none.nodeKey());
    }
}
