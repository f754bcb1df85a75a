package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** ACNS at the router: equations 1-5 on known inputs, commands only on request, the flow table, strengthen-only, expiry. */
class AcnsTest {
    static final long S = 1_000_000_000L;
    static final AcnsParams P = AcnsParams.DEFAULTS;

    /** An RDP data segment asking routers for a command (Table 1 messages 4/5). */
    static Packet rdp(int srcPort, int priority, int dataLength) {
        Packet p = plain(srcPort, priority, dataLength);
        p.setAcnsCommand(Packet.ACNS_REQUEST);
        return p;
    }

    /** An RDP data segment (only the fields ACNS reads: ports and data length) with a priority, asking nothing. */
    static Packet plain(int srcPort, int priority, int dataLength) {
        byte[] seg = new byte[24 + dataLength];
        seg[0] = 2;
        seg[4] = (byte) (srcPort >> 8);
        seg[5] = (byte) srcPort;
        seg[7] = 80;
        seg[8] = (byte) (dataLength >> 8);
        seg[9] = (byte) dataLength;
        return Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2"))
                .protocol(Protocol.RDP).priority(priority).payload(seg).build();
    }

    @Test
    void weightsAndCommandsOnKnownInputs() {
        // an old flow of priority 0: F = 0, T = v_a / 1 = 0.2, theta = A / 0.2
        assertEquals(0.5, P.theta(0.1, 0, 0, 1.0), 1e-12);
        assertEquals(1, P.command(P.theta(0.1, 0, 0, 1.0)));
        assertEquals(0.97, P.theta(0.194, 0, 0, 1.0), 1e-12);
        assertEquals(2, P.command(P.theta(0.194, 0, 0, 1.0)));
        assertEquals(3, P.command(P.theta(0.2, 0, 0, 1.0)));   // exactly th_A2: fallback
        // the oldest flow with the highest priority: F + T = 0.8 + 0.2 = 1, theta = A
        assertEquals(0.97, P.theta(0.97, 46, 46, 1.0), 1e-12);
        assertEquals(2, P.command(0.97));
        assertEquals(3, P.command(P.theta(1.0, 46, 46, 1.0)));
        // priority 26 of p_max 63 (DSCP scale), half the oldest age: F = 0.8*26/63, T = 0.4
        assertEquals(0.6 / (0.8 * 26 / 63.0 + 0.4), P.theta(0.6, 26, 63, 0.5), 1e-12);
        // a brand-new flow (age 0) is never penalised
        assertEquals(0, P.theta(1.0, 0, 0, 0.0));
        assertEquals(1, P.command(0.9499));
        assertEquals(2, P.command(0.95));
    }

    @Test
    void oldLowPriorityFlowFallsBackWhileTheYoungPrioritisedOneRunsNormally() {
        StubContext ctx = new StubContext(1, 0);
        Acns d = new Acns(QueueLimit.packets(10), P);
        d.attach(ctx);
        for (int i = 0; i < 3; i++) {
            assertTrue(d.enqueue(StubContext.packet(100, Ecn.NOT_ECT)));   // not RDP: fills the queue to A = 0.3
        }
        Packet a0 = rdp(1000, 0, 100);
        assertTrue(d.enqueue(a0));
        assertEquals(Packet.ACNS_REQUEST, a0.acnsCommand(), "the only and newest flow: age 0, normal (the request stays)");
        d.dequeue();   // back to 3 packets queued
        ctx.sim.runUntil(S);
        Packet b0 = rdp(2000, 46, 100);
        d.enqueue(b0);
        d.dequeue();
        assertEquals(1, b0.acnsOmega());
        ctx.sim.runUntil(2 * S);
        Packet a = rdp(1000, 0, 100);
        d.enqueue(a);
        d.dequeue();
        // flow A: age 2 s = f_max -> T = 0.2; F = 0 -> theta = 0.3 / 0.2 = 1.5 >= th_A2
        assertEquals(2, a.acnsCommand(), "old priority-0 flow: fallback");
        Packet b = rdp(2000, 46, 100);
        d.enqueue(b);
        d.dequeue();
        // flow B: age 1 s of 2 -> T = 0.4; p_max = 63 -> F = 0.8 * 46 / 63 = 0.584; theta = 0.3 / 0.984 = 0.305
        assertEquals(1, b.acnsOmega(), "young high-priority flow: normal");
        assertEquals(2, d.flows().size());
        assertEquals(1, d.commands(3));
        assertEquals(3, d.commands(1));
    }

    @Test
    void routersOnlyStrengthenAndIgnoreControlSegments() {
        StubContext ctx = new StubContext(1, 0);
        Acns d = new Acns(QueueLimit.packets(10), P);
        d.attach(ctx);
        Packet first = rdp(1000, 0, 100);
        d.enqueue(first);   // the flow exists from t = 0
        ctx.sim.runUntil(S);
        Packet upstreamFallback = rdp(1000, 0, 100);
        upstreamFallback.setAcnsCommand(2);
        d.enqueue(upstreamFallback);   // A(q) = 0.1 -> theta 0.5: normal here, but never weakened
        assertEquals(2, upstreamFallback.acnsCommand());
        for (int i = 0; i < 6; i++) {
            d.enqueue(StubContext.packet(100, Ecn.NOT_ECT));
        }
        Packet upstreamFreeze = rdp(1000, 0, 100);
        upstreamFreeze.setAcnsCommand(1);
        d.enqueue(upstreamFreeze);   // A(q) = 8/10 -> theta 4: fallback is stronger
        assertEquals(2, upstreamFreeze.acnsCommand());
        Packet ack = rdp(1000, 0, 0);
        d.enqueue(ack);
        assertEquals(Packet.ACNS_REQUEST, ack.acnsCommand(), "no data: a control segment is left alone");
        assertEquals(3, d.flows().values().iterator().next().packets());
    }

    /** The paper's flows #1 (priority 0, from 0 s) and #3 (priority 46, from 30 s) at 118 s, queue 9 of 10 full. */
    static Acns twoFlowsAt118(AcnsParams params, Packet[] out) {
        StubContext ctx = new StubContext(1, 0);
        Acns d = new Acns(QueueLimit.packets(10), params);
        d.attach(ctx);
        for (int t = 0; t < 118; t++) {   // both flows keep sending (no expiry), asking for nothing
            ctx.sim.runUntil(t * S);
            d.enqueue(plain(1000, 0, 100));
            d.dequeue();
            if (t >= 30) {
                d.enqueue(plain(3000, 46, 100));
                d.dequeue();
            }
        }
        ctx.sim.runUntil(118 * S);
        for (int i = 0; i < 9; i++) {
            d.enqueue(StubContext.packet(100, Ecn.NOT_ECT));
        }
        out[0] = rdp(1000, 0, 100);
        out[1] = rdp(3000, 46, 100);
        d.enqueue(out[0]);
        d.dequeue();   // back to 9
        d.enqueue(out[1]);
        return d;
    }

    @Test
    void pMaxOfTheFieldLetsAFullQueuePenaliseTheYoungestFlowAndTheTablesMaximumDoesNot() {
        Packet[] p = new Packet[2];
        // age(#3) = 88 / 118 = 0.745763 (1, 2); T = 0.2 / 0.745763 = 0.268182 (4)
        // p_max 63: F = 0.8 * 46 / 63 = 0.584127 (4); theta = 0.9 / 0.852309 = 1.0560 (3) >= th_A2: fallback (5)
        Acns d = twoFlowsAt118(AcnsParams.DEFAULTS, p);
        assertEquals(0.9 / (0.8 * 46 / 63.0 + 0.2 / (88 / 118.0)), AcnsParams.DEFAULTS.theta(0.9, 46, 63, 88 / 118.0), 1e-12);
        assertEquals(1.0560, AcnsParams.DEFAULTS.theta(0.9, 46, 63, 88 / 118.0), 1e-4);
        assertEquals(3, p[1].acnsOmega(), "flow #3 told to fall back");
        assertEquals(3, p[0].acnsOmega(), "flow #1: theta = 0.9 / 0.2 = 4.5");
        // p_max = the table's highest (46): F = 0.8, theta = 0.9 / 1.068182 = 0.8426: normal
        twoFlowsAt118(AcnsParams.DEFAULTS.withPriorityMax(0), p);
        assertEquals(0.8426, AcnsParams.DEFAULTS.theta(0.9, 46, 46, 88 / 118.0), 1e-4);
        assertEquals(1, p[1].acnsOmega(), "the youngest flow's F is pinned at v_p: normal even with the queue 90 % full");
        assertEquals(1, d.flows().values().stream().filter(f -> f.priority() == 46).findFirst().orElseThrow().commands(3));
    }

    /**
     * Why flow #2 of the ACNS experiment is held at one packet (docs/traces/acns-table9-rtt.md): Table 4's
     * parameters on the paper's flows (#1 priority 0 from 0.1 s, #2 26 from 15.1 s, #3 46 from 30.1 s).
     * Wherever #3 stops growing (its freeze onset, theta = th_A1), #2 is told to fall back and #1 too.
     */
    @Test
    void whereTheYoungestFlowFreezesTheMiddleFlowFallsBack() {
        // F(#2) = 0.8 * 26 / 63 = 0.330159, F(#3) = 0.8 * 46 / 63 = 0.584127 (4)
        // t = 60 s: ages 59.9 / 44.9 / 29.9 s; T(#2) = 0.2 * 59.9 / 44.9 = 0.266815, T(#3) = 0.2 * 59.9 / 29.9 = 0.400669 (1, 4)
        //   #3 freezes from A = 0.95 * 0.984796 = 0.935556; #2 there: theta = 0.935556 / 0.596974 = 1.5672 (3) -> fallback (5)
        //   #2 runs normally only below A = 0.95 * 0.596974 = 0.567125
        // t = 118 s: ages 117.9 / 102.9 / 87.9 s; T(#2) = 0.229155, T(#3) = 0.268259
        //   #3 freezes from A = 0.95 * 0.852386 = 0.809767; #2 there: theta = 0.809767 / 0.559314 = 1.4478 -> fallback
        //   #2 runs normally only below A = 0.95 * 0.559314 = 0.531348
        double[][] cases = {{60, 0.935556, 1.5672, 0.567125}, {118, 0.809767, 1.4478, 0.531348}};
        for (double[] c : cases) {
            double t = c[0];
            double age2 = (t - 15.1) / (t - 0.1);
            double age3 = (t - 30.1) / (t - 0.1);
            double freeze3 = P.thA1() * (0.8 * 46 / 63.0 + 0.2 / age3);
            assertEquals(c[1], freeze3, 1e-6, "#3's freeze onset at " + t + " s");
            assertEquals(1, P.command(P.theta(freeze3 - 1e-6, 46, 63, age3)), "#3 normal just below its freeze onset");
            assertEquals(2, P.command(P.theta(freeze3 + 1e-6, 46, 63, age3)), "#3 frozen just above it");
            assertEquals(c[2], P.theta(freeze3, 26, 63, age2), 1e-4);
            assertEquals(3, P.command(P.theta(freeze3, 26, 63, age2)), "#2 falls back where #3 freezes, at " + t + " s");
            assertEquals(3, P.command(P.theta(freeze3, 0, 63, 1.0)), "#1 too");
            assertEquals(1, P.command(P.theta(c[3] - 1e-6, 26, 63, age2)), "#2 normal just below " + c[3]);
            assertEquals(2, P.command(P.theta(c[3] + 1e-6, 26, 63, age2)), "#2 frozen just above " + c[3]);
        }
    }

    @Test
    void ageInSecondsReading() {
        Packet[] p = new Packet[2];
        // age(#3) = 88 s: T = 0.2 / 88 = 0.002273; F = 0.584127; theta = 0.9 / 0.586400 = 1.5348: fallback
        twoFlowsAt118(AcnsParams.DEFAULTS.withAge(AcnsParams.Age.SECONDS), p);
        assertEquals(1.5348, AcnsParams.DEFAULTS.theta(0.9, 46, 63, 88), 1e-4);
        assertEquals(3, p[1].acnsOmega());
        // a freeze: the oldest flow (T = v_a, F = 0) at A = 0.194 -> theta 0.97 in [th_A1, th_A2)
        assertEquals(2, AcnsParams.DEFAULTS.command(AcnsParams.DEFAULTS.theta(0.194, 0, 63, 1.0)));
    }

    @Test
    void onlySegmentsThatAskGetACommand() {
        StubContext ctx = new StubContext(1, 0);
        Acns d = new Acns(QueueLimit.packets(10), P);
        d.attach(ctx);
        d.enqueue(plain(1000, 0, 100));
        ctx.sim.runUntil(S);
        for (int i = 0; i < 5; i++) {
            d.enqueue(StubContext.packet(100, Ecn.NOT_ECT));
        }
        Packet notAsked = plain(1000, 0, 100);
        d.enqueue(notAsked);   // theta would be 0.6 / 0.2 = 3: fallback, but nobody asked
        assertEquals(0, notAsked.acnsCommand(), "Table 1 messages 2/3: left as it is");
        Packet asked = rdp(1000, 0, 100);
        d.enqueue(asked);
        assertEquals(3, asked.acnsOmega(), "the last segment of the window asked: fallback");
        assertEquals(3, d.flows().values().iterator().next().packets(), "every data segment is classified");
        assertEquals(1L, d.describe().get("requests"));
        assertEquals(1, d.commands(3));
        assertEquals(0, d.commands(1));
    }

    @Test
    void staleFlowsExpire() {
        StubContext ctx = new StubContext(1, 0);
        Acns d = new Acns(QueueLimit.packets(10), P);
        d.attach(ctx);
        d.enqueue(rdp(1000, 0, 10));
        d.enqueue(rdp(2000, 0, 10));
        ctx.sim.runUntil(4 * S);
        d.enqueue(rdp(2000, 0, 10));
        assertEquals(2, d.flows().size(), "nothing older than the 5 s timeout yet");
        ctx.sim.runUntil(7 * S);
        d.enqueue(rdp(2000, 0, 10));
        assertEquals(1, d.flows().size(), "flow 1000 silent for 7 s left the table");
        assertEquals(1L, d.describe().get("expired"));
        // the surviving flow is now the oldest: age normalisation follows (theta uses its own age)
        assertEquals(4 * S, d.flows().values().iterator().next().lastTime() - 3 * S);
    }

    @Test
    void builtFromConfiguration() {
        var q = QueueDisciplines.create("acns", Map.of("v_p", 0.5, "th_a1", 0.9, "p_max", 0, "age", "seconds",
                "inner", Map.of("kind", "red", "ecn", true)), QueueLimit.packets(50));
        assertEquals("acns", q.kind());
        Map<String, Object> m = q.describe();
        assertEquals(0.5, m.get("v_a"));
        assertEquals("flows", m.get("p_max"));
        assertEquals("seconds", m.get("age"));
        assertEquals(63, QueueDisciplines.create("acns", Map.of(), QueueLimit.packets(5)).describe().get("p_max"));
        assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create("acns",
                Map.of("age", "hours"), QueueLimit.packets(5)));
        assertEquals("red", ((Map<?, ?>) m.get("inner")).get("kind"));
        assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create("acns",
                Map.of("v_p", 0.5, "v_a", 0.4), QueueLimit.packets(5)));
        assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create("acns",
                Map.of("inner", Map.of("kind", "acns")), QueueLimit.packets(5)));
        assertThrows(IllegalArgumentException.class, () -> QueueDisciplines.create("acns",
                Map.of("th_a1", 1.2), QueueLimit.packets(5)));
        assertFalse(q.aecnCapable());
    }
}
