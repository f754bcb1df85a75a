package org.aspen.aatest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.aspen.aatest.sample.RawCounter;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness beyond a line: any topology with rates, delays and buffers; pings and RDP transfers
 * through it; whole packets; an AA upgraded in place.
 */
class AaTopologyTest {
    @TempDir
    Path dir;

    /** s - r1 =(1.5 Mb/s, 20 ms, 50 packets)= r2 - d, the other links ideal. */
    static AaSimulation dumbbell() {
        return AaSimulation.builder().seed(7)
                .node("s").node("r1").node("r2").node("d")
                .link("s", "r1").link("r2", "d")
                .link("r1", "r2", 1_500_000, Duration.ofMillis(20), 50)
                .build();
    }

    @Test
    void aPingCrossesTheSlowLinkTwiceAndTakesItsDelayAndSerialisation() {
        AaSimulation sim = dumbbell();
        sim.capture("r1");
        AaSimulation.Ping p = sim.ping(0, "s", "d");
        assertFalse(p.done());
        sim.run(1_000_000_000L);
        assertTrue(p.answered(), p.toString());
        // the request and the reply are each one frame of L bytes over r1-r2: 20 ms + L*8/1.5e6 s each
        AaSimulation.Frame request = sim.frames("r1").stream().filter(f -> f.sent() && f.link().equals("r1-r2")).findFirst().orElseThrow();
        assertEquals(Protocol.CONTROL, request.packet().protocol(), "pings are control messages, not raw");
        long oneWay = 20_000_000L + Math.round(request.bytes().length * 8 * 1e9 / 1_500_000);
        assertEquals(2 * oneWay, p.rttNanos(), 1, "the other links are ideal");
    }

    @Test
    void aTransferArrivesWholeAndNoFasterThanTheBottleneck() {
        AaSimulation sim = dumbbell();
        AaSimulation.Transfer t = sim.transfer(0, "s", "d", 256 * 1024);
        sim.run(60_000_000_000L);
        assertTrue(t.complete(), t.toString());
        assertEquals(256 * 1024, t.bytesReceived());
        assertTrue(t.goodputBps() > 0 && t.goodputBps() < 1_500_000, "payload rate below the link's: " + t.goodputBps());
    }

    @Test
    void packetsComeBackWholeWithTheirHeaders() {
        AaSimulation sim = AaSimulation.line("a", "b", "c");
        sim.capture("b");
        byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
        sim.sendRaw(0, "a", "c", hello);
        sim.run(1_000_000_000L);
        Packet p = sim.packets("c").get(0);
        assertEquals("10.0.0.1", p.source().toString());
        assertEquals("10.0.0.3", p.destination().toString());
        assertEquals(Packet.DEFAULT_TTL - 1, p.ttl(), "b forwarded it once");
        assertArrayEquals(hello, p.payload());
        // at b: in on a-b with a's TTL, out on b-c one less, the same payload
        List<AaSimulation.Frame> raw = sim.frames("b").stream()
                .filter(f -> f.packet() != null && f.packet().protocol() == Protocol.RAW).toList();
        assertEquals(2, raw.size(), raw.toString());
        assertEquals("a-b", raw.get(0).link());
        assertFalse(raw.get(0).sent());
        assertEquals(Packet.DEFAULT_TTL, raw.get(0).packet().ttl());
        assertEquals("b-c", raw.get(1).link());
        assertTrue(raw.get(1).sent());
        assertEquals(Packet.DEFAULT_TTL - 1, raw.get(1).packet().ttl());
        assertArrayEquals(hello, raw.get(1).packet().payload());
        assertThrows(IllegalStateException.class, () -> sim.frames("a"), "no capture asked on a");
    }

    @Test
    void anUpgradeReplacesTheRunningVersionAndKeepsItsParameters() throws Exception {
        AaSimulationTest jars = new AaSimulationTest();
        jars.dir = dir;
        Path v1 = jars.aaJar("raw-counter", "1.0.0", RawCounter.class);
        Path v2 = jars.aaJar("raw-counter", "2.0.0", RawCounter.class);
        AaSimulation sim = AaSimulation.line("a", "b", "c");
        DeployedAa old = sim.deploy("b", v1, Map.of("max", "10"));
        sim.sendRaw(0, "a", "c", "one".getBytes(StandardCharsets.UTF_8));
        sim.run(100_000_000L);
        DeployedAa fresh = sim.upgrade("b", v2, Map.of());
        assertEquals("raw-counter@2.0.0", fresh.id());
        assertTrue(fresh.running());
        assertFalse(old.running());
        assertEquals("upgraded to 2.0.0", old.stopReason());
        sim.sendRaw(sim.nanos(), "a", "c", "two".getBytes(StandardCharsets.UTF_8));
        sim.sendRaw(sim.nanos(), "a", "c", "longer than ten bytes".getBytes(StandardCharsets.UTF_8));
        sim.run(100_000_000L);
        assertEquals(1, old.counter("packets"), "the old version saw the packet before the upgrade");
        assertEquals(2, fresh.counter("packets"), "the new one sees the rest");
        assertEquals(2, sim.received("c").size(), "max=10 kept by the upgrade: the long packet dropped");
        assertEquals(List.of("raw-counter@1.0.0", "raw-counter@2.0.0"), sim.aas("b").stream().map(DeployedAa::id).toList());
        IllegalStateException same = assertThrows(IllegalStateException.class, () -> sim.upgrade("b", v2, Map.of()));
        assertTrue(same.getMessage().contains("already runs this very code"), same.getMessage());
    }

    @Test
    void aTopologyThatCannotBeBuiltSaysWhy() {
        assertEquals("link s-x: no node x (declare nodes first)", assertThrows(IllegalArgumentException.class,
                () -> AaSimulation.builder().node("s").link("s", "x")).getMessage());
        assertEquals("link b-a: a and b already have a link (a-b); the harness takes one link per pair", assertThrows(IllegalArgumentException.class,
                () -> AaSimulation.builder().node("a").node("b").link("a", "b").link("b", "a")).getMessage());
        assertEquals("link a-b: buffer must be at least 1 packet, not 0", assertThrows(IllegalArgumentException.class,
                () -> AaSimulation.builder().node("a").node("b").link("a", "b", 1000, Duration.ZERO, 0)).getMessage());
        assertEquals("node a named twice", assertThrows(IllegalArgumentException.class,
                () -> AaSimulation.builder().node("a").node("a")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> AaSimulation.builder().build());
    }
}
