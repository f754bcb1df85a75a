package org.aspen.flakeway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import org.aspen.ee.AaInstance;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

/**
 * The flakeway AA in the EE of transit node b of a - b - c (simulated, 5 ms per hop, no rate
 * limit, so a packet needs exactly 10 ms from a to c without impairment).
 */
class FlakewayAaTest {
    static final VAddr A = VAddr.parse("10.0.0.1");
    static final VAddr B = VAddr.parse("10.0.0.2");
    static final VAddr C = VAddr.parse("10.0.0.3");
    static final long MS = 1_000_000L;
    static final int PAYLOAD = 64;

    final SimNetwork net = new SimNetwork(5);
    final Node a = net.addNode("a", A, NodeConfig.DEFAULT, null);
    final Node b = net.addNode("b", B, NodeConfig.DEFAULT, null);
    final Node c = net.addNode("c", C, NodeConfig.DEFAULT, null);
    final ExecutionEnvironment ee = new ExecutionEnvironment(b, EeConfig.DEFAULT, new TrustPolicy());
    /** Per packet that reached c: its sequence number and the one-way delay. */
    final List<long[]> arrivals = new ArrayList<>();
    long damaged;

    FlakewayAaTest() {
        LinkConfig cfg = new LinkConfig(0, 5 * MS, QueueLimit.packets(100_000), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        a.routes().addStatic(Route.host(C, a.link("a-b"), B, 2, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(C, b.link("b-c"), C, 1, Route.Origin.STATIC));
        b.routes().addStatic(Route.host(A, b.link("a-b"), A, 1, Route.Origin.STATIC));
        c.registerHandler(Protocol.RAW, (p, in) -> {
            byte[] d = p.payload();
            long seq = (d[4] & 0xffL) << 24 | (d[5] & 0xff) << 16 | (d[6] & 0xff) << 8 | (d[7] & 0xff);
            long sentAt = seq * MS;     // packet i leaves a at i ms
            boolean intact = d[0] == 1000 >> 8 && d[1] == (byte) (1000 & 0xff) && d[2] == 0 && d[3] == 80;
            for (int i = 4; i < 8; i++) {
                intact &= d[i] == d[i + 4];
            }
            for (int i = 12; i < d.length; i++) {
                intact &= d[i] == 0;
            }
            damaged += intact ? 0 : 1;
            arrivals.add(new long[] {seq, net.now() - sentAt});
        });
    }

    /** Packet i leaves a at i ms: RAW ports 1000 -> 80, then its sequence number twice, then zeros. */
    void send(int from, int n) {
        for (int i = from; i < from + n; i++) {
            int seq = i;
            net.at(seq * MS, "a", () -> {
                byte[] d = new byte[PAYLOAD];
                d[0] = 1000 >> 8;
                d[1] = (byte) (1000 & 0xff);
                d[3] = 80;
                d[4] = (byte) (seq >>> 24);
                d[5] = (byte) (seq >>> 16);
                d[6] = (byte) (seq >>> 8);
                d[7] = (byte) seq;
                System.arraycopy(d, 4, d, 8, 4);
                a.send(Packet.builder().source(A).destination(C).protocol(Protocol.RAW).payload(d).build());
            });
        }
    }

    FlakewayControl start(String... rules) {
        List<RuleSpec> specs = new ArrayList<>();
        for (String r : rules) {
            specs.add(RuleSpecs.parse(r));
        }
        return FlakewayAas.start(ee, specs);
    }

    long[] delays() {
        return arrivals.stream().mapToLong(x -> x[1]).toArray();
    }

    @Test
    void delayRuleGivesExactDelaysEndToEnd() {
        start("name d; match dst=10.0.0.3 proto=raw dport=80; delay 20ms");
        send(0, 50);
        net.run(1_000 * MS);
        assertEquals(50, arrivals.size());
        for (long[] x : arrivals) {
            assertEquals(30 * MS, x[1], "packet " + x[0]);
        }
        AaInstance aa = ee.running(FlakewayAas.NAME);
        assertEquals(50, aa.counters().reinjected);
        assertEquals(50L, ((Map<?, ?>) FlakewayAas.find(ee).show().get("d")).get("emitted"));
    }

    @Test
    void lossDuplicationAndCorruptionAreCountedAndSeenDownstream() {
        FlakewayControl fw = start("name i; match dst=10.0.0.3; loss 20%; duplicate 10%; corrupt 10%; delay 1ms");
        send(0, 2000);
        net.run(10_000 * MS);
        Map<?, ?> r = (Map<?, ?>) fw.show().get("i");
        long matched = (Long) r.get("matched");
        long lost = (Long) r.get("lostRandom");
        long dup = (Long) r.get("duplicated");
        long corrupted = (Long) r.get("corrupted");
        assertEquals(2000, matched);
        assertTrue(lost > 300 && lost < 500, "lost " + lost);
        assertTrue(dup > 100 && dup < 220, "duplicated " + dup);
        assertEquals(matched - lost + dup, (Long) r.get("emitted"));
        assertEquals(matched - lost + dup, arrivals.size(), "every emitted packet and copy reaches c");
        assertEquals(corrupted, damaged, "each corrupted packet arrives with a flipped payload bit");
        AaInstance aa = ee.running(FlakewayAas.NAME);
        assertEquals(lost, aa.counters().dropped);
        assertEquals(lost, b.counters().drops(DropReason.FILTERED));
        assertEquals(matched - lost, aa.counters().reinjected);
        assertEquals(dup, aa.counters().sent, "copies leave on the raw channel");
    }

    @Test
    void rulesAreSetChangedAndClearedAtRunTime() {
        start();
        send(0, 300);
        net.at(100 * MS, "b", () -> FlakewayAas.find(ee).set(RuleSpecs.parse("name d; match dst=10.0.0.3; delay 40ms")));
        net.at(200 * MS, "b", () -> FlakewayAas.find(ee).clear("d"));
        net.run(1_000 * MS);
        assertEquals(300, arrivals.size());
        for (long[] x : arrivals) {
            long takenAt = x[0] + 5;     // at b, 5 ms after leaving a
            if (takenAt == 100 || takenAt == 200) {
                continue;               // same instant as the change: either side is right
            }
            // taken while the rule was there: 40 ms more, also for those it still held when cleared
            assertEquals(takenAt > 100 && takenAt < 200 ? 50 * MS : 10 * MS, x[1], "packet " + x[0]);
        }
        assertTrue(FlakewayAas.find(ee).show().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> FlakewayAas.find(ee).set(RuleSpecs.parse("name x; delay -1ms")));
    }

    @Test
    void overlappingRulesImpairAPacketOnce() {
        // two channels (dst=c, then proto=raw): a packet the first re-injects must not be taken again by the second
        start("name first; match dst=10.0.0.3; delay 10ms", "name second; match proto=raw; delay 50ms");
        send(0, 20);
        net.run(1_000 * MS);
        assertEquals(20, arrivals.size());
        for (long[] x : arrivals) {
            assertEquals(20 * MS, x[1], "packet " + x[0]);
        }
    }

    @Test
    void prefixRuleWidensTheChannelAndTheEngineDecides() {
        start("name p; match dst=10.0.0.0/24; delay 5ms", "name other; match dst=10.9.0.0/16; delay 500ms");
        send(0, 10);
        net.run(1_000 * MS);
        for (long[] x : arrivals) {
            assertEquals(15 * MS, x[1]);
        }
        assertEquals(10, arrivals.size());
    }

    @Test
    void stopReinjectsEveryHeldPacketAtOnce() {
        start("name d; match dst=10.0.0.3; delay 100ms");
        send(0, 10);                                    // taken at b at 5..14 ms, due at 105..114 ms
        net.at(50 * MS, "b", () -> ee.stopAa(FlakewayAas.NAME + "@" + FlakewayAas.VERSION, "test"));
        net.run(1_000 * MS);
        assertEquals(10, arrivals.size(), "nothing held is lost");
        for (long[] x : arrivals) {
            assertEquals(55 * MS - x[0] * MS, x[1], "left b at the stop, 50 ms");
        }
        assertEquals(0, ee.instance(FlakewayAas.NAME + "@" + FlakewayAas.VERSION).counters().queueDrops);
    }

    @Test
    void aaMessagesSetShowAndClearRules() {
        byte[] messenger = AaJar.build(Messenger.class, "messenger", "1", "test");
        FlakewayControl fw = start();
        ee.trust().allowJar(messenger);
        AaInstance m = ee.startAa(messenger, Map.of("to", "flakeway", "msg.1", "set name m; match dst=10.0.0.3; delay 7ms",
                "msg.2", "show", "msg.3", "set name bad; loss 200%", "msg.4", "frobnicate"));
        net.run(10 * MS);
        assertEquals(Map.of("ok", 2L, "error", 2L), m.metrics());
        assertEquals(List.of("m"), List.copyOf(fw.show().keySet()));
        send(20, 1);
        net.run(100 * MS);
        assertEquals(17 * MS, arrivals.get(0)[1]);
    }

    @Test
    void startParametersCarryTheRulesInOrder() {
        FlakewayControl fw = start("name z; delay 1ms", "name a; delay 2ms");
        assertEquals(List.of("z", "a"), List.copyOf(fw.show().keySet()));
        assertTrue(fw.clear("z"));
        assertFalse(fw.clear("z"));
        assertEquals(1, fw.clearAll());
        // started again: the running instance takes the rules
        assertEquals(List.of("q"), List.copyOf(FlakewayAas.start(ee, List.of(RuleSpecs.parse("name q"))).show().keySet()));
        assertThrows(IllegalArgumentException.class, () -> FlakewayAa.rules(Map.of("rules", "x")));
    }

    @Test
    void theJarHoldsTheFlakewayAndOnlyPureHelperClasses() throws Exception {
        List<String> names = new ArrayList<>();
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(FlakewayAas.jar()))) {
            assertNotNull(in.getManifest());
            assertEquals("org.aspen.flakeway.FlakewayAa", in.getManifest().getMainAttributes().getValue("Aa-Entry"));
            for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                names.add(e.getName());
            }
        }
        List<String> allowed = List.of("org/aspen/flakeway/", "org/aspen/vnet/VAddr", "org/aspen/vnet/OneLine", "org/aspen/vnet/packet/Protocol",
                "org/aspen/vnet/time/Seeds", "org/aspen/vnet/config/");
        for (String n : names) {
            assertTrue(allowed.stream().anyMatch(n::startsWith), "unexpected class in the AA jar: " + n);
        }
        assertFalse(names.contains("org/aspen/flakeway/FlakewayInterceptor.class"));
        assertTrue(names.contains("org/aspen/flakeway/Rule.class"));
        assertTrue(java.util.Arrays.equals(FlakewayAas.jar(), FlakewayAas.jar()));
    }

    @Test
    void ruleTextRoundTripsThroughItsCompactForm() {
        for (String t : List.of("name a; match src=10.0.1.0/24 dst=10.0.0.3 proto=rdp sport=7 dport=80 aa=x; delay 50ms jitter 10ms pareto;"
                + " loss 1%; loss-ge p=1% r=30% 1-h=90% 1-k=1%; duplicate 2%; reorder 25% gap 5; corrupt 0.1% bits 3;"
                + " rate 10mbit bucket burst 20KB; limit 5000; bandwidth 100mbit", "name b", "name c; rate 1mbit; limit auto")) {
            RuleSpec r = RuleSpecs.parse(t);
            assertEquals(r, RuleSpecs.parse(r.toString()));
        }
    }

    @Test
    void controlCommandsStartTheAaOnFirstSetAndAnswerInOneLine() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        FlakewayCommands cmds = FlakewayCommands.of(ee);
        assertEquals(Map.of("via", "aa", "rules", Map.of()), cmds.show());
        assertEquals(Map.of("cleared", 0), cmds.clear(json.readTree("{}")));
        Map<String, Object> set = cmds.set(json.readTree("{\"rule\": \"name t; match dst=10.0.0.3; delay 3ms\"}"));
        assertEquals("t", set.get("name"));
        assertNotNull(ee.running(FlakewayAas.NAME), "the first set starts the AA");
        cmds.set(json.readTree("{\"rule\": {\"name\": \"m\", \"match\": {\"proto\": \"rdp\"}, \"loss\": \"5%\"}}"));
        assertEquals(List.of("t", "m"), List.copyOf(((Map<?, ?>) cmds.show().get("rules")).keySet()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> cmds.set(json.readTree("{\"rule\": \"name x; delay soon\"}")));
        assertFalse(bad.getMessage().contains("\n"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> cmds.set(json.readTree("{}")));
        assertThrows(IllegalArgumentException.class, () -> cmds.clear(json.readTree("{\"name\": \"nosuch\"}")));
        assertEquals(Map.of("cleared", 1), cmds.clear(json.readTree("{\"name\": \"t\"}")));
        send(0, 1);
        net.run(100 * MS);
        assertEquals(10 * MS, arrivals.get(0)[1], "rule t is gone");
        assertEquals(Map.of("cleared", 1), cmds.clear(json.readTree("{}")));
    }

    @Test
    void jitterKeepsOrderAndRepeatsExactlyWithTheSameSeed() {
        start("name j; match dst=10.0.0.3; delay 20ms jitter 5ms normal");
        send(0, 500);
        net.run(2_000 * MS);
        assertEquals(500, arrivals.size());
        for (int i = 0; i < arrivals.size(); i++) {
            assertEquals(i, arrivals.get(i)[0], "order kept");
            assertTrue(arrivals.get(i)[1] >= 10 * MS);
        }
        FlakewayAaTest again = new FlakewayAaTest();
        again.start("name j; match dst=10.0.0.3; delay 20ms jitter 5ms normal");
        again.send(0, 500);
        again.net.run(2_000 * MS);
        assertTrue(java.util.Arrays.equals(delays(), again.delays()), "same seed, same delays");
        assertTrue(java.util.Arrays.stream(delays()).distinct().count() > 100, "the jitter varies");
    }
}
