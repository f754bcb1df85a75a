package org.aspen.vnet.qdisc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.packet.RdpHeader;
import org.junit.jupiter.api.Test;

/** The PURPLE discipline on scripted timelines in virtual time: measurement, RTT, control, ECN matrix. */
class PurpleTest {
    static final long MS = 1_000_000L;

    /** A 1000-byte frame carrying an RDP-like header (version 2, flags, ports) with the given ECN codepoint. */
    static Packet rdp(Ecn ecn, int flags, int sourcePort) {
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        payload[0] = RdpHeader.VERSION;
        payload[RdpHeader.FLAGS_OFFSET] = (byte) flags;
        payload[RdpHeader.SOURCE_PORT_OFFSET] = (byte) (sourcePort >> 8);
        payload[RdpHeader.SOURCE_PORT_OFFSET + 1] = (byte) sourcePort;
        payload[RdpHeader.DESTINATION_PORT_OFFSET + 1] = 80;
        return Packet.builder().source(VAddr.parse("10.0.0.1")).destination(VAddr.parse("10.0.0.2"))
                .protocol(Protocol.RDP).ecn(ecn).payload(payload).build();
    }

    static Purple purple(StubContext ctx, int buffer, Map<String, Object> params) {
        Purple d = (Purple) QueueDisciplines.create("purple", params, QueueLimit.packets(buffer));
        d.attach(ctx);
        return d;
    }

    /**
     * Offers {@code perMs} packets each millisecond for {@code ms} ms and drains to {@code hold}
     * packets after each batch; every {@code ceEvery}-th arrival comes CE-marked and every
     * {@code cwrEvery}-th carries CWR (0: never).
     */
    static void drive(StubContext ctx, Purple d, int ms, int perMs, int hold, int ceEvery, int cwrEvery) {
        int[] n = {0};
        long start = ctx.sim.nanos();
        for (int t = 0; t < ms; t++) {
            ctx.sim.scheduleAt(start + t * MS, () -> {
                for (int i = 0; i < perMs; i++) {
                    n[0]++;
                    Ecn e = ceEvery > 0 && n[0] % ceEvery == 0 ? Ecn.CE : Ecn.ECT0;
                    d.enqueue(rdp(e, cwrEvery > 0 && n[0] % cwrEvery == 0 ? RdpHeader.CWR : 0, 6000));
                }
                while (d.packets() > hold) {
                    d.dequeue();
                }
            });
        }
        ctx.sim.runUntil(start + ms * MS - 1);    // stop before the tick that would see no arrivals
    }

    /**
     * {@code perMs} unmarked packets each millisecond for {@code ms} ms, every 20th with CWR from a
     * port of its own (so no RTT filter ever fires and no update comes before the one a test calls),
     * the queue drained after each batch.
     */
    static void driveWithoutRttSamples(StubContext ctx, Purple d, int ms, int perMs) {
        driveWithoutRttSamples(ctx, d, ms, perMs, 20);
    }

    /** The same with every {@code cwrEvery}-th arrival carrying CWR (0: none). */
    static void driveWithoutRttSamples(StubContext ctx, Purple d, int ms, int perMs, int cwrEvery) {
        int[] n = {0};
        for (int t = 0; t < ms; t++) {
            ctx.sim.scheduleAt(t * MS, () -> {
                for (int i = 0; i < perMs; i++) {
                    n[0]++;
                    boolean cwr = cwrEvery > 0 && n[0] % cwrEvery == 0;
                    d.enqueue(rdp(Ecn.ECT0, cwr ? RdpHeader.CWR : 0, cwr ? 10_000 + n[0] : 6000));
                }
                while (d.packets() > 0) {
                    d.dequeue();
                }
            });
        }
        ctx.sim.runUntil(ms * MS - 1);
    }

    @Test
    void measuresCeAndCwrSharesAndTheOfferedLoad() {
        StubContext ctx = new StubContext(1, 8_000_000);              // 1000 packets/s of 1000 bytes
        Purple d = purple(ctx, 1000, Map.of("micro", false));
        drive(ctx, d, 500, 2, 0, 50, 20);                            // 16 Mb/s offered: twice the link
        assertEquals(1 / 50.0, d.beforeProbability(), 0.002);
        assertEquals(1 / 20.0, d.totalProbability(), 0.004);
        assertEquals(16e6, d.offeredBps(), 0.02 * 16e6);
        assertEquals(0.5, d.gamma(), 0.02);
        assertTrue((long) d.describe().get("updates") >= 4);         // once per (initial) 100 ms RTT
    }

    @Test
    void theLocalProbabilityFollowsEquationThree() {
        StubContext ctx = new StubContext(1, 8_000_000);
        Purple d = purple(ctx, 1000, Map.of("micro", false));
        drive(ctx, d, 1000, 2, 0, 50, 20);
        // p / gamma^2 - p_<k - p_>k with the values the discipline measured at its last update
        double expected = Math.max(0, Math.min(1, d.totalProbability() / (d.gamma() * d.gamma()) - d.beforeProbability()
                - d.beyondProbability()));
        assertEquals(expected, d.localProbability(), 1e-12);
    }

    /**
     * Offered exactly the link rate (one 1000-byte packet per 1 ms tick at 8 Mb/s) for 1.5 s, every
     * 20th arrival with CWR, no CE, p_k held at 0.1 by hand and no update before the one called here
     * (initial RTT 10 s): then O = L to 1e-13, gamma = 1, p = 16 / 301 (16 CWR events kept, the oldest
     * at packet 1200 of 1500), p_<k = 0, and the step gives p_>k = p - 0.1 and p_k = p - (p - 0.1) = 0.1
     * unchanged; with p_>k clamped it would be p; with the realised share recorded it is the share of
     * the 1500 arrivals actually marked.
     */
    @Test
    void atGammaOneTheUpdateKeepsTheAppliedProbability() {
        Map<String, Object> reading = new HashMap<>(Map.of("micro", false, "rtt", "10s"));
        double[] pk = new double[3];
        double[] beyond = new double[3];
        long[] marked = new long[3];
        for (int variant = 0; variant < 3; variant++) {
            reading.put("clamp_beyond", variant == 1);
            reading.put("realised_p_k", variant == 2);
            StubContext ctx = new StubContext(1, 8_000_000);
            Purple d = purple(ctx, 1000, reading);
            d.forceLocalProbability(0.1);
            driveWithoutRttSamples(ctx, d, 1500, 1);
            d.update(ctx.now());
            assertEquals(1, (long) d.describe().get("updates"));
            assertEquals(1.0, d.gamma(), 1e-9);
            assertEquals(16 / 301.0, d.totalProbability(), 1e-12);
            assertEquals(0, d.beforeProbability());
            pk[variant] = d.localProbability();
            beyond[variant] = d.beyondProbability();
            marked[variant] = (long) d.describe().get("marked");
        }
        assertEquals(16 / 301.0 - 0.1, beyond[0], 1e-12);
        assertEquals(0.1, pk[0], 1e-9);
        assertEquals(0, beyond[1]);
        assertEquals(16 / 301.0, pk[1], 1e-9);
        assertEquals(marked[2] / 1500.0, pk[2], 1e-9);
    }

    /** The same drive with p_k held at 0.02 and twice (half) the link's rate offered: (3) by hand. */
    @Test
    void belowAndAboveGammaOneTheUpdateScalesByGammaSquared() {
        for (int[] load : new int[][] {{2}, {1}}) {         // packets per ms; the link carries 1 (8 Mb/s) or 2 (16 Mb/s)
            StubContext ctx = new StubContext(1, load[0] == 2 ? 8_000_000 : 16_000_000);
            Purple d = purple(ctx, 100_000, Map.of("micro", false, "rtt", "10s"));
            d.forceLocalProbability(0.02);
            driveWithoutRttSamples(ctx, d, 1500, load[0]);
            d.update(ctx.now());
            double gamma = load[0] == 2 ? 0.5 : 2.0;
            assertEquals(gamma, d.gamma(), 1e-9);
            // p = 16/301 = 0.05316, p_>k = p - 0.02: p_k = p / gamma^2 - (p - 0.02): 0.1795 at gamma 0.5, 0 at gamma 2
            // (p/4 - p + 0.02 = -0.0199: clamped)
            double p = 16 / 301.0;
            assertEquals(p - 0.02, d.beyondProbability(), 1e-12);
            assertEquals(load[0] == 2 ? 4 * p - p + 0.02 : 0.0, d.localProbability(), 1e-9);
        }
    }

    /**
     * The reading of "On an uncongested link, a router does not modify p" ({@code no_mark_uncongested},
     * issue 29) against equation (3) whatever gamma, on the drive above with p_k held at 0.3 (p = 16/301,
     * p_&gt;k = p - 0.3). Half the link's rate offered (gamma = 2): (3) gives p / 4 - (p - 0.3) =
     * 0.3 - 0.75 p = 0.26013, the reading 0. 8 Mb/s offered to a 7 Mb/s link (gamma = 0.875) and twice
     * the link's rate (gamma = 0.5): both give (3), 0.3 + p (1 / 0.875^2 - 1) = 0.31628 and
     * 4p - p + 0.3 = 0.45947. (At exactly the link's rate O = L only to 1e-13, so gamma lies a rounding
     * error either side of 1: no case there.)
     */
    @Test
    void anUncongestedLinkMarksNothingUnderTheNoMarkReading() {
        double p = 16 / 301.0;
        // {packets per ms, link in bit/s, gamma, p_k by (3), p_k under the reading}
        double[][] cases = {{1, 16_000_000, 2.0, 0.3 - 0.75 * p, 0}, {1, 7_000_000, 0.875, 0.3 + p * (1 / (0.875 * 0.875) - 1), 0.3 + p * (1 / (0.875 * 0.875) - 1)},
            {2, 8_000_000, 0.5, 3 * p + 0.3, 3 * p + 0.3}};
        for (double[] c : cases) {
            for (boolean noMark : new boolean[] {false, true}) {
                StubContext ctx = new StubContext(1, (long) c[1]);
                Purple d = purple(ctx, 100_000, Map.of("micro", false, "rtt", "10s", "no_mark_uncongested", noMark));
                d.forceLocalProbability(0.3);
                driveWithoutRttSamples(ctx, d, 1500, (int) c[0]);
                d.update(ctx.now());
                assertEquals(c[2], d.gamma(), 1e-9);
                assertEquals(p - 0.3, d.beyondProbability(), 1e-12);
                assertEquals(noMark ? c[4] : c[3], d.localProbability(), 1e-9, "gamma " + c[2] + ", no_mark " + noMark);
                assertEquals(noMark, d.describe().containsKey("no_mark_uncongested"));
            }
        }
    }

    /**
     * The start-up floor (p_floor 0.001, interpretation 10) stands in for p only while no CWR has been
     * seen. One packet of 1000 bytes a ms offered to a 7 Mb/s link for 1.5 s (gamma = 8 / 7 ^ -1 =
     * 0.875), no CE, p_k held at 0 (so p_&gt;k = p). With one CWR, on the 1500th arrival: p = 1 / 1500
     * (one event, counted from the first packet), below the floor, and (3) gives p / 0.875^2 - p =
     * p (1 / 0.765625 - 1) = 0.00020408; with the floor in its place it would be 0.001 / 0.765625 - p =
     * 0.00063946 (what the discipline did before this fix). With no CWR at all: p = 0 and the floor
     * gives 0.001 / 0.765625 = 0.00130612.
     */
    @Test
    void theStartUpFloorStandsInForPOnlyUntilTheFirstCwr() {
        double p = 1 / 1500.0;
        // {CWR every n-th arrival, p measured, p_k by (3)}
        double[][] cases = {{1500, p, p * (1 / 0.765625 - 1)}, {0, 0, 0.001 / 0.765625}};
        for (double[] c : cases) {
            StubContext ctx = new StubContext(1, 7_000_000);
            Purple d = purple(ctx, 100_000, Map.of("micro", false, "rtt", "10s"));
            d.forceLocalProbability(0);
            driveWithoutRttSamples(ctx, d, 1500, 1, (int) c[0]);
            d.update(ctx.now());
            assertEquals(0.875, d.gamma(), 1e-9);
            assertEquals(c[1], d.totalProbability(), 1e-15);
            assertEquals(c[1], d.beyondProbability(), 1e-15);
            assertEquals(c[2], d.localProbability(), 1e-12, "CWR every " + c[0]);
        }
        assertEquals(0.00020408, p * (1 / 0.765625 - 1), 1e-8);
    }

    /**
     * The windows' sensitivity reading ({@code same_period}) on one scripted period: {@code perMs}
     * packets each ms for 1500 ms, every 10th arriving CE-marked and every 20th with CWR (from a port
     * of its own, so no RTT filter fires and the only update is the one called here), p_k held at 0.1.
     * Over the period: p = 75 / 1500 = 0.05, p_&lt;k = 150 / 1500 = 0.1, and p_k = 0.1 applied to the
     * 1350 arrivals not already CE, i.e. 0.09 per arrival; so p_&gt;k = 0.05 - 0.09 - 0.1 = -0.14 and (3)
     * gives p / gamma^2 - 0.1 + 0.14: 0.09 at gamma = 1 (1 packet a ms on an 8 Mb/s link), 0.24 at
     * gamma = 0.5 (2 a ms). The paper's 16-event histories on the same input: p = 16 / 301 (the oldest
     * kept CWR at packet n - 300), p_&lt;k = 16 / 151.
     */
    @Test
    void theSamePeriodReadingCountsPAndPBeforeOverThePeriodOfPk() {
        for (int perMs = 1; perMs <= 2; perMs++) {
            for (boolean samePeriod : new boolean[] {true, false}) {
                StubContext ctx = new StubContext(1, 8_000_000);
                Purple d = purple(ctx, 100_000, Map.of("micro", false, "rtt", "10s", "same_period", samePeriod));
                d.forceLocalProbability(0.1);
                int[] n = {0};
                int rate = perMs;
                for (int t = 0; t < 1500; t++) {
                    ctx.sim.scheduleAt(t * MS, () -> {
                        for (int i = 0; i < rate; i++) {
                            n[0]++;
                            boolean cwr = n[0] % 20 == 0;
                            d.enqueue(rdp(n[0] % 10 == 0 ? Ecn.CE : Ecn.ECT0, cwr ? RdpHeader.CWR : 0,
                                    cwr ? 10_000 + n[0] : 6000));
                        }
                        while (d.packets() > 0) {
                            d.dequeue();
                        }
                    });
                }
                ctx.sim.runUntil(1500 * MS - 1);
                d.update(ctx.now());
                assertEquals(1, (long) d.describe().get("updates"));
                assertEquals(samePeriod, d.describe().get("same_period"));
                double gamma = perMs == 1 ? 1.0 : 0.5;
                assertEquals(gamma, d.gamma(), 1e-9);
                if (samePeriod) {
                    assertEquals(0.05, d.totalProbability(), 1e-12);
                    assertEquals(0.1, d.beforeProbability(), 1e-12);
                    assertEquals(-0.14, d.beyondProbability(), 1e-12);
                    assertEquals(perMs == 1 ? 0.09 : 0.24, d.localProbability(), 1e-9);
                } else {
                    assertEquals(16 / 301.0, d.totalProbability(), 1e-12);
                    assertEquals(16 / 151.0, d.beforeProbability(), 1e-12);
                    // p_<k recorded over the preceding RTT is the one in force then: 0 (no update before)
                    assertEquals(16 / 301.0 - 0.09, d.beyondProbability(), 1e-12);
                }
            }
        }
    }

    @Test
    void anUnderloadedLinkDoesNotMark() {
        StubContext ctx = new StubContext(1, 80_000_000);             // ten times the offered load
        Purple d = purple(ctx, 1000, Map.of());
        drive(ctx, d, 500, 1, 0, 50, 20);
        assertEquals(0, d.localProbability());
        assertEquals(0, ctx.marks);
    }

    @Test
    void theRttIsTheTrimmedMeanFromAMarkToThatFlowsNextCwr() {
        StubContext ctx = new StubContext(1, 8_000_000);
        Purple d = purple(ctx, 1000, Map.of("micro", false));
        long[] delays = {30, 40, 40, 40, 40, 40, 40, 40, 40, 500};    // ms; one short and one long outlier
        for (int i = 0; i < delays.length; i++) {
            int port = 7000 + 2 * i;      // port + 1, the other flow, is never used again
            long t0 = i * 1000 * MS;
            ctx.sim.scheduleAt(t0, () -> {                  // marked: arms a filter
                d.forceLocalProbability(1);
                d.enqueue(rdp(Ecn.ECT0, 0, port));
                d.forceLocalProbability(0);
            });
            ctx.sim.scheduleAt(t0 + delays[i] / 2 * MS, () -> d.enqueue(rdp(Ecn.ECT0, RdpHeader.CWR, port + 1)));   // other flow
            ctx.sim.scheduleAt(t0 + delays[i] * MS, () -> d.enqueue(rdp(Ecn.ECT0, RdpHeader.CWR, port)));
            ctx.sim.scheduleAt(t0 + 600 * MS, () -> {
                while (d.packets() > 0) {
                    d.dequeue();
                }
            });
        }
        ctx.sim.runUntil(delays.length * 1000 * MS - 1);
        assertEquals(10, (int) d.describe().get("rtt_samples"));
        // 10 samples: floor(1) trimmed at each end leaves eight 40 ms samples
        assertEquals(40 * MS, d.rttNanos());
    }

    @Test
    void theMicroscopicTermRaisesMarkingWhenTheQueueStaysLong() {
        StubContext a = new StubContext(1, 8_000_000);
        StubContext b = new StubContext(1, 8_000_000);
        Purple withMicro = purple(a, 100, Map.of("micro", true));
        Purple without = purple(b, 100, Map.of("micro", false));
        // offered exactly the link rate, queue held at 80 of 100: only the microscopic term sees congestion
        drive(a, withMicro, 600, 1, 80, 0, 20);
        drive(b, without, 600, 1, 80, 0, 20);
        assertEquals(1.0, without.gamma(), 0.05);
        assertEquals(1 / 1.8, withMicro.gamma(), 0.05);
        assertTrue(withMicro.localProbability() > 2.5 * without.localProbability(),
                withMicro.localProbability() + " vs " + without.localProbability());
    }

    @Test
    void ecnMatrixMarksOnlyEcnCapablePacketsAndDropsOnlyOnOverflow() {
        StubContext ctx = new StubContext(3, 8_000_000);
        Purple d = purple(ctx, 10, Map.of());
        d.forceLocalProbability(1);
        Map<Ecn, Ecn> out = new HashMap<>();
        for (Ecn in : Ecn.values()) {
            Packet p = rdp(in, 0, 6000);
            assertTrue(d.enqueue(p), in + " was dropped");
            out.put(in, d.dequeue().ecn());
        }
        assertEquals(Ecn.NOT_ECT, out.get(Ecn.NOT_ECT));
        assertEquals(Ecn.CE, out.get(Ecn.ECT0));
        assertEquals(Ecn.CE, out.get(Ecn.ECT1));
        assertEquals(Ecn.CE, out.get(Ecn.CE));
        assertEquals(2, ctx.marks);                  // CE arrivals were marked before: not counted again
        for (int i = 0; i < 10; i++) {
            assertTrue(d.enqueue(rdp(Ecn.NOT_ECT, 0, 6000)));
        }
        assertFalse(d.enqueue(rdp(Ecn.ECT0, 0, 6000)));
        assertEquals(1, ctx.drops(DropReason.QUEUE_OVERFLOW));
        assertEquals(1, ctx.drops.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(2, ctx.marks);                  // the dropped packet was not marked
    }

    @Test
    void theTimerStopsWhenIdleAndOnDetach() {
        StubContext ctx = new StubContext(1, 8_000_000);
        Purple d = purple(ctx, 100, Map.of());
        d.enqueue(rdp(Ecn.ECT0, 0, 6000));
        d.dequeue();
        ctx.sim.runUntil(10 * MS);
        assertEquals(0, ctx.sim.pending());
        d.enqueue(rdp(Ecn.ECT0, 0, 6000));
        d.detach();
        ctx.sim.runUntil(20 * MS);
        assertEquals(0, ctx.sim.pending());
    }

    @Test
    void badParametersAreOneLineErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create("purple", Map.of("alpha", 0), QueueLimit.packets(10)));
        assertTrue(e.getMessage().startsWith("purple: alpha must be positive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> QueueDisciplines.create("purple", Map.of("alfa", 1), QueueLimit.packets(10)));
        assertTrue(e.getMessage().contains("unknown parameter 'alfa'"), e.getMessage());
        assertTrue(QueueDisciplines.KINDS.contains("purple"));
    }
}
