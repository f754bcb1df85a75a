package org.aspen.vnet.frag;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.time.SimScheduler;
import org.junit.jupiter.api.Test;

/** Fragmentation and reassembly (ACC-ABCD step 3) on hand-computed inputs, and malformed fragments. */
class FragmentsTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");

    /** A 1000-byte frame: 20 header bytes and 980 payload bytes 0, 1, 2, ... (mod 256). */
    static Packet thousand() {
        byte[] payload = new byte[980];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) i;
        }
        return Packet.builder().source(A).destination(C).protocol(Protocol.RDP).ttl(60).priority(5).payload(payload).build();
    }

    final List<DropReason> drops = new ArrayList<>();
    final SimScheduler clock = new SimScheduler();
    final Reassembler r = new Reassembler(clock, 2_000_000_000L, 4096, drops::add);

    @Test
    void aThousandByteFrameAt600SplitsIntoFramesOf600And436() {
        // each fragment carries 600 - 20 - 8 = 572 payload bytes: 572 + 408 = 980
        Packet[] f = Fragments.split(thousand(), 600, 7);
        assertEquals(2, f.length);
        assertEquals(600, f[0].length());
        assertEquals(436, f[1].length());
        assertEquals(new Fragments.Header(Protocol.RDP, true, 0, 7, 572), Fragments.header(f[0]));
        assertEquals(new Fragments.Header(Protocol.RDP, false, 572, 7, 408), Fragments.header(f[1]));
        for (Packet p : f) {
            assertEquals(Protocol.FRAGMENT, p.protocol());
            assertEquals(60, p.ttl());
            assertEquals(5, p.priority());
            byte[] frame = p.frame();
            assertNull(PacketCodec.validate(frame, 0, frame.length, Packet.MAX_FRAME));
        }
    }

    @Test
    void at400ItMakesThreeFrames() {
        // 372 payload bytes per fragment: 372 + 372 + 236 = 980; frames 400, 400, 264
        Packet[] f = Fragments.split(thousand(), 400, 1);
        assertEquals(List.of(400, 400, 264), List.of(f[0].length(), f[1].length(), f[2].length()));
        assertEquals(744, Fragments.header(f[2]).offset());
        assertEquals(3, Fragments.count(980, 400));
    }

    @Test
    void aFrameThatFitsOrCannotBeSplitGoesWhole() {
        Packet p = thousand();
        assertEquals(1, Fragments.split(p, 1000, 1).length);
        Packet control = Packet.builder().source(A).destination(C).protocol(Protocol.CONTROL).payload(new byte[980]).build();
        assertEquals(control, Fragments.split(control, 600, 1)[0]);
        assertThrows(IllegalArgumentException.class, () -> Fragments.split(p, 35, 1));
    }

    @Test
    void reassemblesInOrderAndOutOfOrder() {
        Packet original = thousand();
        Packet[] f = Fragments.split(original, 400, 9);
        assertNull(r.accept(f[0]));
        assertNull(r.accept(f[1]));
        Packet whole = r.accept(f[2]);
        assertArrayEquals(original.frame(), whole.frame());

        Packet[] g = Fragments.split(original, 400, 10);
        assertNull(r.accept(g[2]));
        assertNull(r.accept(g[0]));
        assertEquals(980 - 372, r.bytesHeld());
        assertArrayEquals(original.frame(), r.accept(g[1]).frame());
        assertEquals(0, r.pendingPackets());
        assertEquals(0, r.bytesHeld());
        assertEquals(List.of(), drops);
    }

    @Test
    void anIncompletePacketIsDroppedAfterTheTimeout() {
        Packet[] f = Fragments.split(thousand(), 600, 3);
        assertNull(r.accept(f[0]));
        clock.runUntil(1_999_999_999L);
        assertEquals(1, r.pendingPackets());
        clock.runUntil(2_000_000_000L);
        assertEquals(0, r.pendingPackets());
        assertEquals(0, r.bytesHeld());
        assertEquals(List.of(DropReason.FRAG_TIMEOUT), drops);
        assertNull(r.accept(f[1]));   // the late piece starts a new packet, which times out in turn
        clock.runUntil(5_000_000_000L);
        assertEquals(List.of(DropReason.FRAG_TIMEOUT, DropReason.FRAG_TIMEOUT), drops);
    }

    @Test
    void memoryIsBoundedByEvictingTheOldest() {
        // bound 4096 bytes: seven 572-byte first pieces fit (4004), the eighth evicts the oldest
        for (int id = 0; id < 8; id++) {
            assertNull(r.accept(Fragments.split(thousand(), 600, id)[0]));
        }
        assertEquals(7, r.pendingPackets());
        assertEquals(7 * 572, r.bytesHeld());
        assertEquals(List.of(DropReason.FRAG_OVERFLOW), drops);
        assertNull(r.accept(Fragments.split(thousand(), 600, 0)[1]));   // packet 0 was evicted: its end waits alone
    }

    @Test
    void anExactDuplicateIsDroppedAloneAndTheRestStillReassembles() {
        Packet[] f = Fragments.split(thousand(), 400, 4);
        assertNull(r.accept(f[0]));
        assertNull(r.accept(f[0].copy()));
        assertEquals(List.of(DropReason.FRAG_DUPLICATE), drops);
        assertNull(r.accept(f[1]));
        assertArrayEquals(thousand().frame(), r.accept(f[2]).frame());
    }

    @Test
    void anOverlappingFragmentDiscardsThePacket() {
        Packet[] f = Fragments.split(thousand(), 400, 4);
        Packet[] g = Fragments.split(thousand(), 600, 4);   // same id, pieces 0-572 and 572-980
        assertNull(r.accept(f[0]));                           // 0-372
        assertNull(r.accept(g[1]));                           // 572-980: no overlap yet
        assertNull(r.accept(f[1]));                           // 372-744 overlaps 572-980
        assertEquals(List.of(DropReason.FRAG_OVERLAP), drops);
        assertEquals(0, r.pendingPackets());
    }

    @Test
    void badOffsetsAndHeadersAreMalformed() {
        // a second end at another place
        Packet[] f = Fragments.split(thousand(), 400, 5);
        assertNull(r.accept(f[2]));                           // end at 980
        assertNull(r.accept(withHeader(f[1], Protocol.RDP, 0, 1000, 5)));   // another end, at 1000+372
        assertEquals(List.of(DropReason.FRAG_MALFORMED), drops);
        // a middle piece reaching past the known end
        assertNull(r.accept(f[2]));
        assertNull(r.accept(withHeader(f[1], Protocol.RDP, Fragments.FLAG_MORE, 1000, 5)));
        // header faults: unknown flag bit, a fragment of control or of a fragment, a piece past 65535, no piece
        assertNull(r.accept(withHeader(f[0], Protocol.RDP, 0x80 | Fragments.FLAG_MORE, 0, 6)));
        assertNull(r.accept(withHeader(f[0], Protocol.CONTROL, Fragments.FLAG_MORE, 0, 6)));
        assertNull(r.accept(withHeader(f[0], Protocol.FRAGMENT, Fragments.FLAG_MORE, 0, 6)));
        assertNull(r.accept(withHeader(f[0], Protocol.RDP, 0, 65_400, 6)));
        assertNull(r.accept(Packet.builder().source(A).destination(C).protocol(Protocol.FRAGMENT).payload(new byte[8]).build()));
        assertEquals(7, drops.size());
        assertEquals(List.of(DropReason.FRAG_MALFORMED), drops.stream().distinct().toList());
    }

    /** {@code p} (a fragment) with its fragment header rewritten. */
    static Packet withHeader(Packet p, int proto, int flags, int offset, long id) {
        byte[] payload = p.payload();
        payload[0] = (byte) proto;
        payload[1] = (byte) flags;
        payload[2] = (byte) (offset >>> 8);
        payload[3] = (byte) offset;
        payload[4] = (byte) (id >>> 24);
        payload[5] = (byte) (id >>> 16);
        payload[6] = (byte) (id >>> 8);
        payload[7] = (byte) id;
        return p.toBuilder().payload(payload).build();
    }

    @Test
    void aRouterSplitsAtDequeueAndTheDestinationDeliversTheWholePacket() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
        Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
        // 8 Mb/s: a byte takes 1 us to serialise; 10 ms propagation per hop
        LinkConfig cfg = new LinkConfig(8_000_000, 10_000_000, QueueLimit.bytes(50_000), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        b.link("b-c").setFragmentSize(600);
        List<Packet> got = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        c.registerHandler(Protocol.RDP, (p, in) -> {
            got.add(p);
            at.add(net.now());
        });
        net.at(0, "a", () -> a.send(thousand()));
        net.run(1_000_000_000L);
        assertEquals(1, got.size());
        Packet expect = thousand();
        expect.setTtl(59);   // decremented once, by the forwarding router b
        assertArrayEquals(expect.frame(), got.get(0).frame());
        // 1 ms on a-b + 10 ms; b sends 600 then 436 bytes (1.036 ms) + 10 ms
        assertEquals(List.of(22_036_000L), at);
        assertEquals(1, b.link("b-c").packetsFragmented());
        assertEquals(2, b.link("b-c").fragmentsMade());
        assertEquals(2, b.link("b-c").counters().sentPackets);
        assertEquals(1036, b.link("b-c").counters().sentBytes);
        assertEquals(1, c.reassembler().reassembled());
        assertThrows(IllegalArgumentException.class, () -> b.link("b-c").setFragmentSize(10));
    }
}
