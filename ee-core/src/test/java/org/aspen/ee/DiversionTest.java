package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/**
 * Diversion at the middle node b of a - b - c: a sends RAW packets to c, an AA on b diverts them.
 * Links have no delay, so packets sent in one task all arrive before the AA's first turn: they are
 * queued together, which is what close and flushClose act on.
 */
class DiversionTest {
    private SimLab lab;

    private AaInstance divert(String mode) {
        lab = new SimLab();
        return lab.start("b", TestAas.diverter("diverter"), Map.of("mode", mode));
    }

    private void burst(long at, int n, String text) {
        lab.net.at(at, "a", () -> {
            for (int i = 0; i < n; i++) {
                SimLab.sendRaw(lab.a, SimLab.C, text + i);
            }
        });
    }

    @Test
    void passThroughSeesAndForwardsEveryPacket() {
        AaInstance aa = divert("pass");
        burst(0, 5, "p");
        lab.run(1_000_000_000L);
        assertEquals(5, lab.raw("c"));
        assertEquals(5, aa.counters().packets);
        assertEquals(5, aa.counters().reinjected);
        assertEquals(5, lab.b.counters().intercepted);
        assertEquals(5, lab.b.counters().forwarded);
        assertEquals("p0 src=10.0.0.1 prio=0;p1", lab.rawLog.get("c").substring(0, 25));
    }

    @Test
    void dropDeletesAndCountsAsFiltered() {
        AaInstance aa = divert("drop");
        burst(0, 4, "d");
        lab.run(1_000_000_000L);
        assertEquals(0, lab.raw("c"));
        assertEquals(4, aa.counters().dropped);
        assertEquals(4, lab.b.counters().drops(DropReason.FILTERED));
    }

    @Test
    void modifiedPacketIsForwardedWithTheEdits() {
        divert("modify");
        burst(0, 1, "abc");
        lab.run(1_000_000_000L);
        assertEquals(1, lab.raw("c"));
        // first payload byte rewritten to 0x7f, priority 9, checksum re-sealed (c accepted it)
        assertEquals("\u007fbc0 src=10.0.0.1 prio=9;", lab.rawLog.get("c").toString());
    }

    @Test
    void handlersOfOneTurnRunWithTheAasContextLoaderAndTheLoopGetsItsOwnBack() {
        lab = new SimLab();
        ClassLoader loops = Thread.currentThread().getContextClassLoader();   // the simulation runs on this thread
        lab.ee("b").skipAllowListForTests();   // the AA asks its thread for the context loader
        AaInstance aa = lab.start("b", TestJars.jar("ccl", "1", "t.Ccl", TestAas.CONTEXT_LOADER), Map.of());
        burst(0, 10, "l");   // all ten wait at b together: handed to the AA in one turn of its queue
        lab.run(1_000_000_000L);
        assertEquals(10, lab.raw("c"));
        assertEquals("own=10 other=0", aa.app().toString());
        assertSame(loops, Thread.currentThread().getContextClassLoader());
    }

    @Test
    void aViewKeptPastItsHandOffCannotWriteIntoThePacket() {
        AaInstance aa = divert("keep");
        burst(0, 3, "k");   // all three wait at b together: packet 0 is still in b's link queue when the AA sees packet 1
        lab.run(1_000_000_000L);
        assertEquals(3, lab.raw("c"));
        assertEquals("k0 src=10.0.0.1 prio=0;k1 src=10.0.0.1 prio=0;k2 src=10.0.0.1 prio=0;", lab.rawLog.get("c").toString());
        assertEquals("seen=3 refused=4", aa.app().toString());
        assertEquals(0, aa.counters().errors);
    }

    @Test
    void aFieldPastAShortPayloadDoesNotMatchAndThePacketPasses() {
        AaInstance aa = rdpPortDropper();
        // 5 bytes: shorter than the ports' fields (offsets 4-7), though the whole frame is longer
        lab.net.at(0, "a", () -> lab.a.send(Packet.builder().source(SimLab.A).destination(SimLab.C).protocol(Protocol.RDP)
                .payload(new byte[5]).build()));
        lab.run(1_000_000_000L);
        assertEquals(1, lab.raw("c"));
        assertEquals(0, aa.counters().packets);
        assertEquals(0, lab.b.counters().drops(DropReason.HANDLER_ERROR), "the match read past the payload and failed");
    }

    @Test
    void closeDiscardsWhatIsQueuedAndLaterPacketsPass() {
        AaInstance aa = divert("close");
        burst(0, 5, "q");
        burst(10_000_000L, 3, "later");
        lab.run(1_000_000_000L);
        assertEquals(1, aa.counters().packets);
        assertEquals(1, aa.counters().dropped);
        assertEquals(4, aa.counters().queueDrops);
        assertEquals(3, lab.raw("c"));
        assertTrue(lab.rawLog.get("c").toString().startsWith("later0"));
    }

    @Test
    void flushCloseDeliversEveryQueuedPacketFirst() {
        AaInstance aa = divert("flush");
        burst(0, 5, "q");
        burst(10_000_000L, 3, "later");
        lab.run(1_000_000_000L);
        assertEquals(5, aa.counters().packets);
        assertEquals(1, aa.counters().dropped);
        assertEquals(4, aa.counters().reinjected);
        assertEquals(0, aa.counters().queueDrops);
        assertEquals(7, lab.raw("c"));
        assertTrue(lab.rawLog.get("c").toString().startsWith("q1 "));
    }

    @Test
    void portMatchCapturesOnlyThatConnection() {
        AaInstance aa = rdpPortDropper();
        lab.net.at(0, "a", () -> {
            lab.a.send(rdp(5, 9));
            lab.a.send(rdp(5, 8));
            lab.a.send(rdp(6, 9));
            lab.a.send(rdp(5, 9));
        });
        lab.run(1_000_000_000L);
        assertEquals(2, aa.counters().dropped);
        assertEquals(2, lab.raw("c"));
    }

    @Test
    void aMatchOnTheProtocolAloneTakesThatProtocolOnlyAndAnyProtocolTakesAll() {
        for (String protocol : new String[] {String.valueOf(Protocol.RAW), "-1"}) {
            lab = new SimLab();
            AaInstance aa = lab.start("b", TestAas.diverter("diverter"), Map.of("mode", "pass", "protocol", protocol));
            lab.c.registerHandler(Protocol.RDP, (p, in) -> lab.rawReceived.merge("c", 1, Integer::sum));
            lab.net.at(0, "a", () -> {
                SimLab.sendRaw(lab.a, SimLab.C, "raw");
                lab.a.send(rdp(5, 9));
            });
            lab.run(1_000_000_000L);
            assertEquals(protocol.equals("-1") ? 2 : 1, aa.counters().packets, "protocol " + protocol);
            assertEquals(2, lab.raw("c"), "both arrive, protocol " + protocol);
        }
    }

    /** A diverter on b that drops RDP packets from port 5 to port 9; c counts the RDP packets it gets. */
    private AaInstance rdpPortDropper() {
        lab = new SimLab();
        AaInstance aa = lab.start("b", TestAas.diverter("diverter"),
                Map.of("mode", "drop", "protocol", String.valueOf(Protocols.RDP), "srcPort", "5", "dstPort", "9"));
        lab.c.registerHandler(Protocol.RDP, (p, in) -> lab.rawReceived.merge("c", 1, Integer::sum));
        return aa;
    }

    private static Packet rdp(int src, int dst) {
        byte[] h = new byte[12];
        h[Match.RDP_PORTS.sourceOffset() + 1] = (byte) src;
        h[Match.RDP_PORTS.destinationOffset() + 1] = (byte) dst;
        return Packet.builder().source(SimLab.A).destination(SimLab.C).protocol(Protocol.RDP).payload(h).build();
    }

    @Test
    void rdpPortLayoutIsRdpsHeader() {
        assertEquals(org.aspen.rdp.SegmentCodec.SOURCE_PORT_OFFSET, Match.RDP_PORTS.sourceOffset());
        assertEquals(org.aspen.rdp.SegmentCodec.DESTINATION_PORT_OFFSET, Match.RDP_PORTS.destinationOffset());
    }

    @Test
    void matchChecksEverySetField() {
        Match m = Match.builder().source(Address.parse("10.0.0.1")).protocol(1).field(0, 1, 0x42).aaName("f").build();
        Match.PayloadReader pl = new Match.PayloadReader() {
            public int length() {
                return 1;
            }

            public long read(int offset, int width) {
                return 0x42;
            }
        };
        int a = Address.parse("10.0.0.1").value();
        assertTrue(m.matches(a, 9, 1, "f", pl));
        assertFalse(m.matches(a + 1, 9, 1, "f", pl));
        assertFalse(m.matches(a, 9, 2, "f", pl));
        assertFalse(m.matches(a, 9, 1, null, pl));
        assertFalse(Match.builder().field(1, 2, 0).build().matches(a, 9, 1, null, pl), "field past the payload end");
        assertTrue(Match.ANY.matches(0, 0, 0, null, pl));
    }
}
