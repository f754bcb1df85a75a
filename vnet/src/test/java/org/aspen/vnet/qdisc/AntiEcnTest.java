package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * AntiECN marking: the virtual queue against hand-run pseudo-code, the AND over a two-router path,
 * the AECN-SYN TTL count-down, and the ECN matrix.
 */
class AntiEcnTest {
    static final long US = 1_000L;
    static final long MS = 1_000_000L;

    static Packet aecnPacket(int frameBytes, Ecn ecn, boolean bit) {
        Packet p = StubContext.packet(frameBytes, ecn);
        p.setAecn(bit);
        return p;
    }

    /**
     * C = 8 Mbit/s and eta = 0.5: the virtual queue drains 0.5 byte per microsecond; B = 3000 bytes,
     * 1000-byte packets. The hand-run of the pseudo-code (VQ before -> after) is in the comments.
     */
    @Test
    void virtualQueueFollowsThePseudoCodeOnScriptedArrivals() {
        StubContext ctx = new StubContext(1, 8_000_000);
        AntiEcn d = new AntiEcn(QueueLimit.packets(100), 0.5, 3000, 0);
        d.attach(ctx);
        long[] at = {0, 1000, 1000, 1000, 6000, 8000, 9000};
        // t=0: 0 -> keep, 1000 | t=1000: 1000-500=500 -> clear, 1500 | 1500 -> clear, 2500
        // | 2500 -> clear, 3500 > B: virtual drop, 2500 | t=6000: 2500-2500=0 -> keep, 1000
        // | t=8000: 1000-1000=0 -> keep, 1000 | t=9000: 1000-500=500 -> clear, 1500
        boolean[] keep = {true, false, false, false, true, true, false};
        double[] vq = {1000, 1500, 2500, 2500, 1000, 1000, 1500};
        for (int i = 0; i < at.length; i++) {
            long t = at[i] * US;
            ctx.sim.runUntil(t);
            Packet p = aecnPacket(1000, Ecn.NOT_ECT, true);
            assertTrue(d.enqueue(p));
            assertEquals(keep[i], p.aecn(), "bit after arrival " + i);
            assertEquals(vq[i], d.virtualQueue(), 1e-9, "VQ after arrival " + i);
        }
        assertEquals(3L, d.describe().get("aecn_kept"));
        assertEquals(4L, d.describe().get("aecn_cleared"));
        assertEquals(1L, d.describe().get("virtual_drops"));
    }

    @Test
    void routersNeverSetTheBitButStillCountThePacket() {
        StubContext ctx = new StubContext(1, 8_000_000);
        AntiEcn d = new AntiEcn(QueueLimit.packets(100), 0.5, 100_000, 0);
        d.attach(ctx);
        Packet plain = aecnPacket(1000, Ecn.NOT_ECT, false);
        d.enqueue(plain);
        assertFalse(plain.aecn(), "an empty virtual queue does not set the bit (AND semantics)");
        assertEquals(1000, d.virtualQueue(), 1e-9, "but the packet is load all the same");
        Packet marked = aecnPacket(1000, Ecn.NOT_ECT, true);
        d.enqueue(marked);
        assertFalse(marked.aecn());
    }

    @Test
    void ecnCodepointsAreNeverTouched() {
        for (Ecn ecn : Ecn.values()) {
            for (boolean bit : new boolean[] {false, true}) {
                StubContext ctx = new StubContext(1, 8_000_000);
                AntiEcn d = new AntiEcn(QueueLimit.packets(100), 0.5, 100_000, 0);
                d.attach(ctx);
                Packet first = aecnPacket(1000, ecn, bit);     // empty virtual queue
                Packet second = aecnPacket(1000, ecn, bit);    // non-empty virtual queue: bit cleared
                d.enqueue(first);
                d.enqueue(second);
                assertEquals(ecn, d.dequeue().ecn(), ecn + " bit=" + bit);
                assertEquals(ecn, d.dequeue().ecn(), ecn + " bit=" + bit);
                assertEquals(bit, first.aecn());
                assertFalse(second.aecn());
                assertEquals(0, ctx.marks, "AECN clearing is not an ECN mark");
            }
        }
    }

    @Test
    void factoryBuildsItWithDefaultsAndPacketBuffers() {
        QueueDiscipline d = QueueDisciplines.create("aecn", Map.of(), QueueLimit.packets(50));
        AntiEcn a = (AntiEcn) d;
        assertEquals(0.5, a.eta());
        assertEquals(100_000, a.virtualBuffer());
        assertTrue(a.aecnCapable());
        AntiEcn b = (AntiEcn) QueueDisciplines.create("aecn",
                Map.of("eta", "75%", "virtual_buffer_packets", 5000, "mean_packet_size", 1500), QueueLimit.packets(50));
        assertEquals(0.75, b.eta());
        assertEquals(7_500_000, b.virtualBuffer());
        assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create("aecn", Map.of("eta", 1.5), QueueLimit.packets(50)));
        assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create("aecn",
                Map.of("virtual_buffer", "1000B", "virtual_buffer_packets", 1), QueueLimit.packets(50)));
    }

    /**
     * Over an inner queue that ECN-marks (threshold drop-tail, threshold 1): CE comes from the inner
     * queue only, for ECN-capable packets only (non-ECT ones are dropped there, never marked), and the
     * AECN decision is the same as over plain drop-tail.
     */
    @Test
    void ecnMatrixOverAnEcnMarkingInnerQueue() {
        for (Ecn ecn : Ecn.values()) {
            StubContext ctx = new StubContext(1, 8_000_000);
            QueueDiscipline inner = QueueDisciplines.create("droptail", Map.of("threshold", 1, "ecn", true),
                    QueueLimit.packets(100));
            AntiEcn d = new AntiEcn(inner, 0.5, 100_000, 0);
            d.attach(ctx);
            Packet first = aecnPacket(1000, ecn, true);
            Packet second = aecnPacket(1000, ecn, true);
            assertTrue(d.enqueue(first));
            boolean queued = d.enqueue(second);
            assertTrue(first.aecn(), "empty virtual queue keeps the bit");
            assertFalse(second.aecn(), "non-empty virtual queue clears it");
            assertEquals(ecn, first.ecn(), "below the inner threshold: untouched");
            if (ecn.capable()) {
                assertTrue(queued);
                assertEquals(Ecn.CE, second.ecn(), ecn + ": marked by the inner queue");
                assertEquals(1, ctx.marks);
            } else {
                assertFalse(queued, "not ECN-capable: the inner queue drops, never marks");
                assertEquals(Ecn.NOT_ECT, second.ecn());
                assertEquals(0, ctx.marks);
            }
        }
    }

    @Test
    void factoryTakesAnInnerQueue() {
        AntiEcn d = (AntiEcn) QueueDisciplines.create("aecn",
                Map.of("eta", 0.4, "inner", Map.of("kind", "red", "ecn", true, "min_th", 20, "max_th", 60)),
                QueueLimit.packets(200));
        assertEquals("red", d.inner().kind());
        assertEquals(true, ((Red) d.inner()).params().ecn());
        assertEquals("droptail", ((AntiEcn) QueueDisciplines.create("aecn", Map.of(), QueueLimit.packets(5)))
                .inner().kind());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create(
                "aecn", Map.of("inner", Map.of("kind", "red", "mx_th", 3)), QueueLimit.packets(5)));
        assertTrue(e.getMessage().contains("mx_th"), e.getMessage());
    }

    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr R1 = VAddr.parse("10.0.0.2");
    static final VAddr R2 = VAddr.parse("10.0.0.3");
    static final VAddr B = VAddr.parse("10.0.0.4");

    /** a - r1 - r2 - b at 1 Gbit/s; r1->r2 and r2->b optionally AECN with a 1 byte/us virtual queue. */
    static SimNetwork path(boolean r1Aecn, boolean r2Aecn) {
        SimNetwork net = new SimNetwork(7);
        Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
        Node r1 = net.addNode("r1", R1, NodeConfig.DEFAULT, null);
        Node r2 = net.addNode("r2", R2, NodeConfig.DEFAULT, null);
        net.addNode("b", B, NodeConfig.DEFAULT, null);
        LinkConfig cfg = new LinkConfig(1_000_000_000L, 0, QueueLimit.packets(100), 1);
        net.connect("a-r1", "a", "r1", cfg);
        net.connect("r1-r2", "r1", "r2", cfg);
        net.connect("r2-b", "r2", "b", cfg);
        a.routes().addStatic(Route.host(B, a.link("a-r1"), R1, 3, Route.Origin.STATIC));
        r1.routes().addStatic(Route.host(B, r1.link("r1-r2"), R2, 2, Route.Origin.STATIC));
        r1.routes().addStatic(Route.host(R2, r1.link("r1-r2"), R2, 1, Route.Origin.STATIC));
        r2.routes().addStatic(Route.host(B, r2.link("r2-b"), B, 1, Route.Origin.STATIC));
        if (r1Aecn) {
            r1.link("r1-r2").setDiscipline(new AntiEcn(QueueLimit.packets(100), 0.5, 100_000, 16_000_000));
        }
        if (r2Aecn) {
            r2.link("r2-b").setDiscipline(new AntiEcn(QueueLimit.packets(100), 0.5, 100_000, 16_000_000));
        }
        return net;
    }

    static Packet frame(VAddr src, VAddr dst, boolean bit) {
        return Packet.builder().source(src).destination(dst).aecn(bit).payload(new byte[1000 - Packet.HEADER_LENGTH])
                .build();
    }

    /**
     * Probes from a every 5 ms; cross traffic that passes only r1's AECN queue (r1 to r2) or only
     * r2's (r2 to b) loads one virtual queue just before a probe: the bit survives only when both
     * virtual queues were empty.
     */
    @Test
    void bitSurvivesOnlyWhenBothVirtualQueuesAreEmpty() {
        SimNetwork net = path(true, true);
        List<Boolean> bits = new ArrayList<>();
        net.node("b").registerHandler(Protocol.RAW, (p, in) -> {
            if (p.source().equals(A)) {
                bits.add(p.aecn());
            }
        });
        boolean[][] cross = {{false, false}, {true, false}, {false, true}, {true, true}, {false, false}};
        for (int i = 0; i < cross.length; i++) {
            boolean viaR1 = cross[i][0];
            boolean viaR2 = cross[i][1];
            net.at(i * 5 * MS, "r1", () -> {
                if (viaR1) {
                    net.node("r1").send(frame(R1, R2, false));
                }
            });
            net.at(i * 5 * MS, "r2", () -> {
                if (viaR2) {
                    net.node("r2").send(frame(R2, B, false));
                }
            });
            net.at(i * 5 * MS, "a", () -> net.node("a").send(frame(A, B, true)));
        }
        net.run(100 * MS);
        assertEquals(List.of(true, false, false, false, true), bits);
        assertEquals(2L, net.node("r1").link("r1-r2").discipline().describe().get("aecn_cleared"));
        assertEquals(1L, net.node("r2").link("r2-b").discipline().describe().get("aecn_cleared"),
                "the fourth probe reached r2 already cleared");
    }

    /** The AECN-SYN TTL counts down only at hops whose output queue is AECN-capable. */
    @Test
    void aecnSynTtlCountsOnlyAecnCapableHops() {
        for (boolean r2Aecn : new boolean[] {true, false}) {
            SimNetwork net = path(true, r2Aecn);
            int[] seen = new int[2];
            net.node("b").registerHandler(Protocol.RAW, (p, in) -> {
                seen[0] = p.ttl();
                seen[1] = p.aecnTtl();
            });
            net.at(0, "a", () -> net.node("a").send(Packet.builder().source(A).destination(B).ttl(64).aecnTtl(64)
                    .payload(new byte[10]).build()));
            net.run(10 * MS);
            assertEquals(62, seen[0]);
            assertEquals(r2Aecn ? 62 : 63, seen[1], "r2 AECN-capable: " + r2Aecn);
        }
    }
}
