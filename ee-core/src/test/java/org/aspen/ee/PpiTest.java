package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.LinkStatus;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/** The packet programming interface: congestion callbacks, raw sends, routing view, timers, messages. */
class PpiTest {
    @Test
    void congestionCallbackSeesTheDropAndCanNotifyWithAForgedPacket() {
        // a slow b-c link with a 2-packet buffer: a burst of 6 from a to c overflows at b
        SimLab lab = new SimLab();
        lab.b.link("b-c").setConfig(new LinkConfig(1_000_000, 0, QueueLimit.packets(2), 1));
        AaInstance mon = lab.start("b", TestAas.echo("monitor", "1"), Map.of("notify", "10.0.0.1"));
        lab.net.at(0, "a", () -> {
            for (int i = 0; i < 6; i++) {
                SimLab.sendRaw(lab.a, SimLab.C, "x" + i);
            }
        });
        lab.run(1_000_000_000L);
        long drops = lab.b.link("b-c").counters().totalDrops();
        assertEquals(3, drops);
        assertEquals(drops, mon.counters().congestionEvents);
        assertEquals("drop:overflow/2;drop:overflow/2;drop:overflow/2;", mon.app().toString());
        // the notifications reached a, forged as if sent by c
        assertEquals("overflow src=10.0.0.3 prio=0;overflow src=10.0.0.3 prio=0;overflow src=10.0.0.3 prio=0;",
                lab.rawLog.get("a").toString());
    }

    @Test
    void anInputQueueDropReachesTheCongestionCallbackWithTheLinkItArrivedOn() {
        // the real runtime's input queue reports a drop through Link.droppedOnArrival; here it is called
        // by hand on b (the plumbing from the link to the AA is the runtime's, not the socket's)
        SimLab lab = new SimLab();
        AaInstance mon = lab.start("b", TestAas.echo("monitor", "1"), Map.of("notify", "10.0.0.1"));
        List<String> seen = new java.util.ArrayList<>();
        mon.context().onCongestion(e -> seen.add(e.link().name() + " " + e.reason() + " " + e.packet().destination()));
        byte[] frame = org.aspen.vnet.packet.Packet.builder().source(SimLab.A).destination(SimLab.C)
                .protocol(org.aspen.vnet.packet.Protocol.RAW).payload(new byte[] {'x'}).build().frame().clone();
        lab.net.at(0, "b", () -> lab.b.link("a-b").droppedOnArrival(frame, new org.aspen.vnet.link.QueueState("input-droptail", 25,
                25L * frame.length, QueueLimit.packets(25), Double.NaN)));
        lab.run(1_000_000_000L);
        assertEquals(List.of("a-b input-queue 10.0.0.3"), seen);
        assertEquals("drop:input-queue/0;", mon.app().toString());   // the arrival link's output queue is empty
        assertEquals("input-queue src=10.0.0.3 prio=0;", lab.rawLog.get("a").toString());
    }

    @Test
    void routingViewLinksAndIdentity() {
        SimLab lab = new SimLab();
        AaContext ctx = lab.start("b", TestAas.echo("echo", "1"), Map.of()).context();
        assertEquals("b", ctx.nodeName());
        assertEquals(Address.parse("10.0.0.2"), ctx.nodeAddress());
        assertEquals(List.of(Address.parse("10.0.0.1"), Address.parse("10.0.0.3")), ctx.neighbours());
        AaContext atA = lab.start("a", TestAas.echo("echo", "1"), Map.of()).context();
        assertEquals(Address.parse("10.0.0.2"), atA.nextHop(Address.parse("10.0.0.3")));
        assertEquals(null, atA.nextHop(Address.parse("10.9.9.9")));
        LinkStatus l = ctx.links().get(1);
        assertEquals("b-c", l.name());
        assertEquals(1000, l.queueLimitPackets());
        assertEquals("echo", ctx.aaName());
        assertEquals("echo", ctx.findCode("echo").name());
        assertEquals(null, ctx.findCode("nothing"));
    }

    @Test
    void aStoppedAaCannotOpenOrScheduleAnything() {
        SimLab lab = new SimLab();
        AaInstance aa = lab.start("b", TestAas.echo("echo", "1"), Map.of());
        AaContext ctx = aa.context();
        aa.stop("test");
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> ctx.divert(org.aspen.ee.api.Match.ANY, (c, p) -> c.reinject(p)));
        assertEquals("AA echo@1 is stopped", e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> ctx.schedule(1, () -> { }));
    }

    @Test
    void timersRunOnTheNodeClockWithSeededRandomAndStopWithTheAa() {
        String first = runTicks();
        assertEquals(first, runTicks(), "same seed, same set-up: same draws at the same virtual times");
        assertTrue(first.startsWith("tick@10000000="), first);
        assertEquals(3, first.split(";").length);
    }

    private static String runTicks() {
        SimLab lab = new SimLab();
        AaInstance aa = lab.start("b", TestAas.echo("echo", "1"), Map.of("ticks", "5"));
        lab.run(35_000_000L);
        aa.stop("test");
        lab.run(100_000_000L);
        assertEquals(3, aa.counters().timers);
        return aa.app().toString();
    }

    @Test
    void messagesReachAasOnTheSameNodeAndOnOtherNodes() throws Exception {
        SimLab lab = new SimLab();
        AaInstance ping = lab.start("a", TestAas.echo("ping", "1"), Map.of());
        AaInstance pong = lab.start("c", TestAas.echo("pong", "1"), Map.of());
        AaInstance local = lab.start("a", TestAas.echo("local", "1"), Map.of());
        var say = ping.app().getClass().getMethod("say", String.class, String.class, String.class);
        lab.net.at(0, "a", () -> {
            try {
                say.invoke(ping.app(), "pong", "10.0.0.3", "hi");
                say.invoke(ping.app(), "local", null, "near");
                say.invoke(ping.app(), "nobody", null, "lost");
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
        lab.run(1_000_000_000L);
        assertEquals("msg:ping@10.0.0.1=hi;", pong.app().toString());
        assertEquals("msg:ping@10.0.0.1=near;", local.app().toString());
        assertEquals("msg:local@10.0.0.1=echo:near;msg:pong@10.0.0.3=echo:hi;", ping.app().toString());
        assertEquals(1, lab.ee("a").counters().undeliverableMessages);
    }
}
