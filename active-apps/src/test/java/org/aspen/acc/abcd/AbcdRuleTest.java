package org.aspen.acc.abcd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** ABCD's segment-size rule and equation 4.2 on known inputs, and its parameters. */
class AbcdRuleTest {
    static final long MS = 1_000_000L;
    final AbcdRule rule = AbcdConfig.DEFAULT.rule();

    @Test
    void sizeShrinks200BytesPer100KbpsBelowHalfAMegabit() {
        assertEquals(1000, rule.segmentSize(500_000, 1000));
        assertEquals(1000, rule.segmentSize(1_500_000, 1000));
        assertEquals(800, rule.segmentSize(400_000, 1000));
        assertEquals(600, rule.segmentSize(300_000, 1000));
        assertEquals(900, rule.segmentSize(450_000, 1000), "linear between steps");
        assertEquals(200, rule.segmentSize(100_000, 1000));
        assertEquals(200, rule.segmentSize(0, 1000), "floor");
        assertEquals(600, rule.segmentSize(100_000, 1400));
        assertEquals(150, rule.segmentSize(400_000, 150), "never above the flow's own size");
        assertTrue(rule.below(499_999));
        assertTrue(!rule.below(500_000));
    }

    @Test
    void equation42KeepsThePacketRateAndSmoothsByTOverK() {
        // no history: S/T; 400 bytes every 40 ms = 10 kB/s
        assertEquals(10_000, rule.paceRate(Double.NaN, 400, 40 * MS), 1e-9);
        // K = 200 ms, T = 40 ms: w = e^-0.2
        double w = Math.exp(-0.2);
        assertEquals((1 - w) * 10_000 + w * 20_000, rule.paceRate(20_000, 400, 40 * MS), 1e-9);
        assertEquals(18_187.3, rule.paceRate(20_000, 400, 40 * MS), 0.1);
        // a larger K weighs history more
        AbcdRule slow = AbcdConfig.DEFAULT.withKMs(500).rule();
        assertTrue(slow.paceRate(20_000, 400, 40 * MS) > rule.paceRate(20_000, 400, 40 * MS));
        // repeated samples converge to S/T
        double r = 50_000;
        for (int i = 0; i < 200; i++) {
            r = rule.paceRate(r, 400, 40 * MS);
        }
        assertEquals(10_000, r, 1);
    }

    @Test
    void step3RouterSizeIsTheStep2SizeOfTheDataPlusHeaders() {
        AbcdRule r = AbcdConfig.DEFAULT.rule();
        // 1000-byte packets with 60 header bytes (940 data): 200 bytes off per 0.1 Mb/s below 0.5 Mb/s
        assertEquals(0, r.routerPacketSize(500_000, 1000, 60));      // at the threshold: no splitting
        assertEquals(900, r.routerPacketSize(450_000, 1000, 60));    // 940 - 100 + 60
        assertEquals(800, r.routerPacketSize(400_000, 1000, 60));    // 940 - 200 + 60
        assertEquals(600, r.routerPacketSize(300_000, 1000, 60));    // 940 - 400 + 60
        assertEquals(260, r.routerPacketSize(0, 1000, 60));          // floor: 200 data bytes + 60
        assertEquals(0, r.routerPacketSize(499_990, 1000, 60));      // rounds to nothing cut
        assertEquals(0, r.routerPacketSize(0, 60, 60));              // headers only: nothing to cut
    }

    @Test
    void parametersAreCheckedAndRoundTrip() {
        AbcdConfig c = AbcdConfig.DEFAULT.withInLink("r1-r2").withCapacityBps(2_000_000).withKMs(300);
        assertEquals(c, AbcdConfig.fromParams(c.toParams()));
        assertEquals(AbcdConfig.DEFAULT, AbcdConfig.fromParams(Map.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AbcdConfig.fromParams(Map.of("treshold", "1")));
        assertTrue(e.getMessage().contains("treshold"));
        assertEquals(AbcdConfig.DEFAULT.withResize(false).withRole(AbcdConfig.ROLE_RESIZER),
                AbcdConfig.fromParams(Map.of("resize", "false", "role", "resizer")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AbcdConfig.fromParams(Map.of("resize", "yes")))
                .getMessage().contains("resize"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AbcdConfig.fromParams(Map.of("role", "router")))
                .getMessage().contains("role"));
        e = assertThrows(IllegalArgumentException.class, () -> AbcdConfig.fromParams(Map.of("kMs", "fast")));
        assertTrue(e.getMessage().contains("kMs"));
        assertThrows(IllegalArgumentException.class, () -> AbcdConfig.DEFAULT.withKMs(99));
        assertThrows(IllegalArgumentException.class, () -> AbcdConfig.DEFAULT.withKMs(501));
        assertThrows(IllegalArgumentException.class, () -> AbcdConfig.DEFAULT.withMinSegment(0));
    }

    @Test
    void fairShareFillsTheCapacityMaxMinWithPacedFlowsTakingAnyShare() {
        double inf = Double.POSITIVE_INFINITY;
        // 2 Mb/s = 250,000 B/s less 25,000 B/s of cross traffic: 225,000 for five flows.
        // 10,000 < 225,000 / 5 = 45,000: met, 215,000 left; 30,000 < 215,000 / 4 = 53,750: met, 185,000 left;
        // 100,000 > 185,000 / 3 = 61,666.67: alpha = 61,666.67 for it and the two paced flows
        assertEquals(185_000.0 / 3, AbcdRule.fairShare(225_000, new double[] {100_000, inf, 10_000, 30_000, inf}), 1e-9);
        // every flow paced: an equal split, 22,500 each for ten
        double[] paced = new double[10];
        java.util.Arrays.fill(paced, inf);
        assertEquals(22_500, AbcdRule.fairShare(225_000, paced), 1e-9);
        // the sum of min(d_i, alpha) is the capacity
        assertEquals(225_000, 10_000 + 30_000 + 3 * (185_000.0 / 3), 1e-9);
        // not congested (demands 50,000 + 60,000 < 225,000): the largest demand plus what is left
        assertEquals(60_000 + 115_000, AbcdRule.fairShare(225_000, new double[] {50_000, 60_000}), 1e-9);
        assertEquals(225_000, AbcdRule.fairShare(225_000, new double[0]), 1e-9);
        assertEquals(0, AbcdRule.fairShare(-5, new double[] {inf, inf}), 1e-9, "cross traffic above capacity: nothing left");
    }

    @Test
    void arrivalRateIsEquation42PerPacketAndDecaysWhenTheStreamStops() {
        ArrivalRate r = new ArrivalRate(200 * MS);
        assertEquals(0, r.bytesPerSecond(0));
        r.packet(0, 1040);
        assertEquals(0, r.bytesPerSecond(0), "one packet: no gap yet");
        r.packet(10 * MS, 1040);                       // 1040 bytes after 10 ms: 104,000 B/s, no history
        assertEquals(104_000, r.bytesPerSecond(10 * MS), 1e-6);
        r.packet(30 * MS, 260);                        // 260 bytes after 20 ms: 13,000 B/s, weight e^-0.1 on the old
        double w = Math.exp(-0.1);
        double expect = (1 - w) * 13_000 + w * 104_000;   // 0.09516 x 13,000 + 0.90484 x 104,000 = 95,340.2
        assertEquals(expect, r.bytesPerSecond(30 * MS), 1e-6);
        assertEquals(95_340.2, expect, 0.01);
        assertEquals(expect, r.bytesPerSecond(50 * MS), 1e-6, "within the last gap (20 ms): unchanged");
        assertEquals(expect * Math.exp(-1), r.bytesPerSecond(250 * MS), 1e-6, "200 ms past the gap: e^-1 of it");
    }

    @Test
    void theFairRateIsOptInAndNamedInTheParametersOnlyWhenOn() {
        assertEquals(AbcdConfig.RATE_OWN, AbcdConfig.DEFAULT.rate());
        assertTrue(!AbcdConfig.DEFAULT.toParams().containsKey("rate"), "earlier runs' parameters unchanged");
        AbcdConfig fair = AbcdConfig.DEFAULT.withRate(AbcdConfig.RATE_FAIR);
        assertTrue(fair.fairRate());
        assertEquals("fair", fair.toParams().get("rate"));
        assertEquals(fair, AbcdConfig.fromParams(fair.toParams()));
        assertEquals("ABCD parameter rate must be own or fair: 'equal'",
                assertThrows(IllegalArgumentException.class, () -> AbcdConfig.fromParams(Map.of("rate", "equal"))).getMessage());
    }
}
