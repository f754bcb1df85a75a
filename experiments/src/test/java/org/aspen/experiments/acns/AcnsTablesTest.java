package org.aspen.experiments.acns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.acns.FlowProbeRun.FlowResult;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.junit.jupiter.api.Test;

/**
 * The pre-registered comparison of {@link AcnsTables} on made-up runs (issue 29): the per-seed effects
 * the pre-registration judges, the verdicts its rules give on them, the "Aspen RDP" cell, and rows'
 * whys computed from the run on whichever baseline ran. Every expected figure is worked out by hand
 * from the made-up flows.
 */
class AcnsTablesTest {
    /** A made-up flow: average throughput (Mb/s), MB acknowledged, drops, mean path RTT (ms). */
    private static FlowResult flow(double mbps, double mb, long drops, double rttMs) {
        return new FlowResult("f", 0, true, 0.1, Math.round(mb * 1e6), drops, 0, 0, 0, mbps * 1e6, 0, rttMs, 0, 0,
                List.of(), Map.of("ACNS", 0L), 0, new long[4], new long[4]);
    }

    private static AcnsRun run(Config c, long seed, FlowResult... flows) {
        return new AcnsRun(c, seed, new FlowProbeRun.Result(List.of(flows), List.of(), Map.of(), 1, 118), 3_000_000L);
    }

    /**
     * Two seeds. Reno: 0.9 / 0.4 / 0.2 Mb/s (gaps 0.5, 0.2), 10 MB, 100 drops, RTTs 300 ms each, in both seeds
     * (identical: a deterministic pair). ACNS seed 1: 0.3 / 0.7 / 1.1 Mb/s, sums 2.1 against 1.5 (+40 %), drops
     * 2 (-98 %), RTTs 270 (-10 %), MB 14 / 10 (+40 %); seed 2: 0.3 / 0.6 / 1.2, sums 2.1 (+40 %), drops 4 (-96 %),
     * RTTs 288 (-4 %), MB 15 / 10 (+50 %).
     */
    static List<AcnsRun> madeUp() {
        List<AcnsRun> runs = new ArrayList<>();
        for (long seed = 1; seed <= 2; seed++) {
            runs.add(run(Config.RENO, seed, flow(0.9, 5, 50, 300), flow(0.4, 3, 30, 300), flow(0.2, 2, 20, 300)));
        }
        runs.add(run(Config.ACNS, 1, flow(0.3, 2, 0, 270), flow(0.7, 5, 2, 270), flow(1.1, 7, 0, 270)));
        runs.add(run(Config.ACNS, 2, flow(0.3, 2, 1, 288), flow(0.6, 5, 2, 288), flow(1.2, 8, 1, 288)));
        return runs;
    }

    @Test
    void theEffectsAreThePreRegisteredOnesSeedBySeed() {
        Map<String, Map<String, double[]>> e = AcnsTables.effects(madeUp(), Config.ACNS);
        assertArrayEquals(new double[] {0.5, 0.5}, e.get(AcnsTables.T7_RENO).get("#1 - #2"), 1e-9);
        assertArrayEquals(new double[] {0.2, 0.2}, e.get(AcnsTables.T7_RENO).get("#2 - #3"), 1e-9);
        assertArrayEquals(new double[] {0.4, 0.3}, e.get(AcnsTables.T7_ACNS).get("#2 - #1"), 1e-9);
        assertArrayEquals(new double[] {0.4, 0.6}, e.get(AcnsTables.T7_ACNS).get("#3 - #2"), 1e-9);
        assertArrayEquals(new double[] {3, 3}, e.get(AcnsTables.T9_ACNS).get("#2 - #1"), 1e-9);
        assertArrayEquals(new double[] {2, 3}, e.get(AcnsTables.T9_ACNS).get("#3 - #2"), 1e-9);
        assertArrayEquals(new double[] {-98, -96}, e.get(AcnsTables.T10_LOSS).get("total"), 1e-9);
        assertArrayEquals(new double[] {40, 40}, e.get(AcnsTables.T11_THROUGHPUT).get("total"), 1e-9);
        assertArrayEquals(new double[] {-10, -4}, e.get(AcnsTables.T11_RTT).get("total"), 1e-9);
        assertArrayEquals(new double[] {40, 50}, e.get(AcnsTables.T11_SENT).get("total"), 1e-9);
        assertEquals("+45.0 % ± 63.5 % (95 %, 2 seeds)", AcnsTables.changeCell(e.get(AcnsTables.T11_SENT).get("total")));
        assertEquals("not run", AcnsTables.changeCell(new double[] {Double.NaN}), "no sign before a missing figure");
    }

    @Test
    void thePreRegistrationJudgesEachRowAndTheRdpCellByTheSameRule() {
        Preregistration pre = Preregistration.load("acns");
        // RDP: ACNS's RTTs 330 ms against Reno's 300 (+10 %): the RTT row's rule says contradicts there
        List<AcnsRun> rdp = new ArrayList<>(madeUp().subList(0, 2));
        rdp.add(run(Config.ACNS, 1, flow(0.3, 2, 0, 330), flow(0.7, 5, 2, 330), flow(1.1, 7, 0, 330)));
        rdp.add(run(Config.ACNS, 2, flow(0.3, 2, 1, 330), flow(0.6, 5, 2, 330), flow(1.2, 8, 1, 330)));
        List<PaperComparison> rows = AcnsTables.preregistered(pre, madeUp(), AcnsBaseline.NS2, rdp);
        assertEquals(AcnsTables.RESULTS, rows.stream().map(PaperComparison::result).toList());
        Map<String, PaperComparison> by = new java.util.HashMap<>();
        rows.forEach(r -> by.put(r.result(), r));
        // gaps 0.5 (paper 0.4, within 0.2) and 0.2 (paper 0.2): both hold, both within 50 %
        assertEquals(Verdict.MATCHES, by.get(AcnsTables.T7_RENO).verdict());
        // gaps 0.35 (paper 0.4) and 0.5 (paper 0.3: |0.5 - 0.3| = 0.2 is not below 0.15): direction
        assertEquals(Verdict.DIRECTION, by.get(AcnsTables.T7_ACNS).verdict());
        // -97 % against -99.2 %; +40 % against +44.5 %; -7 % against -7.1 %; +45 % against +44 %
        assertEquals(Verdict.MATCHES, by.get(AcnsTables.T10_LOSS).verdict());
        assertEquals(Verdict.MATCHES, by.get(AcnsTables.T11_THROUGHPUT).verdict());
        assertEquals(Verdict.MATCHES, by.get(AcnsTables.T11_RTT).verdict());
        assertEquals("change-pct-within-50pc", by.get(AcnsTables.T11_RTT).rule());
        assertEquals("-7.0 % ± 38.1 % (95 %, 2 seeds)", by.get(AcnsTables.T11_RTT).aspen());
        assertEquals("+10.0 % (one deterministic run); contradicts", by.get(AcnsTables.T11_RTT).aspenRdp());
        assertEquals("100 -> 3 (-97.0 % ± 12.7 % (95 %, 2 seeds))", by.get(AcnsTables.T10_LOSS).aspen());
        assertEquals("0.90 (one deterministic run) / 0.40 (one deterministic run) / 0.20 (one deterministic run)",
                by.get(AcnsTables.T7_RENO).aspen());
        assertTrue(by.get(AcnsTables.T11_RTT).why().startsWith("holds at 1 of 1 points"), by.get(AcnsTables.T11_RTT).why());
        assertTrue(by.get(AcnsTables.T11_RTT).why().endsWith("mean path RTT per flow Reno 300 / 300 / 300 ms -> ACNS 279 / 279 / 279 ms "
                + "(paper 377 / 377 / 316 -> 327 / 329 / 332)"), by.get(AcnsTables.T11_RTT).why());
    }

    @Test
    void everyReadingIsJudgedByTheSameRules() {
        List<AcnsRun> runs = new ArrayList<>(madeUp());
        // a second reading whose RTT rises by 20 % in both seeds and whose flows come out level
        for (long seed = 1; seed <= 2; seed++) {
            runs.add(run(Config.ACNS_OLD, seed, flow(0.5, 3, 10, 360), flow(0.5, 3, 10, 360), flow(0.5, 3, 10, 360)));
        }
        Map<String, Map<String, String>> v = AcnsTables.readingVerdicts(Preregistration.load("acns"),
                List.of(Config.RENO, Config.ACNS, Config.ACNS_OLD), runs);
        assertEquals(List.of("acns", "acns-old"), List.copyOf(v.keySet()), "reno is no reading of ACNS");
        assertEquals("matches", v.get("acns").get(AcnsTables.T11_RTT));
        assertEquals("contradicts", v.get("acns-old").get(AcnsTables.T11_RTT));
        assertEquals("contradicts", v.get("acns-old").get(AcnsTables.T7_ACNS), "level flows: a tie never holds");
    }

    @Test
    void theWhyNamesTheBaselineThatRanAndComputesWhetherThePaperFits() {
        List<AcnsRun> runs = madeUp();
        Map<String, String> ns2 = AcnsTables.causes(AcnsTables.figures(runs, Config.RENO, AcnsBaseline.NS2),
                AcnsTables.figures(runs, Config.ACNS, AcnsBaseline.NS2), AcnsBaseline.NS2);
        Map<String, String> rdp = AcnsTables.causes(AcnsTables.figures(runs, Config.RENO, AcnsBaseline.RDP),
                AcnsTables.figures(runs, Config.ACNS, AcnsBaseline.RDP), AcnsBaseline.RDP);
        assertTrue(ns2.get(AcnsTables.T7_RENO).contains("ns-2.35's Agent/TCP/Reno (baseline ns2)"), ns2.get(AcnsTables.T7_RENO));
        assertFalse(ns2.get(AcnsTables.T7_RENO).contains("NewReno"));
        assertTrue(rdp.get(AcnsTables.T7_RENO).contains("Aspen RDP's Reno with NewReno recovery"));
        assertTrue(ns2.get(AcnsTables.T7_RENO).startsWith("Reno's flows 0.90 / 0.40 / 0.20 Mb/s: gaps #1 - #2 0.50 and #2 - #3 0.20"));
        // no constant-rate traffic: 3 Mb/s for 118 s is 44.25 MB on the wire; data bytes of a frame 1400 / 1460 on
        // RDP (42.43 MB), ns-2's 1040-byte packets on ns2: both leave room for the paper's 29.99 MB
        assertTrue(rdp.get(AcnsTables.T11_THROUGHPUT).contains("at most 42.43 MB"), rdp.get(AcnsTables.T11_THROUGHPUT));
        assertTrue(rdp.get(AcnsTables.T11_THROUGHPUT).endsWith("the paper's 29.99 MB would fit"));
        assertEquals(1040, AcnsTables.segmentBytes(AcnsBaseline.NS2) + org.aspen.rdp.RdpPackets.DATA_FRAME_OVERHEAD);
    }

    @Test
    void preRegisteredNeedsAnNs2BaselineAndBothSystems() {
        AcnsRun.Setup ns2 = new AcnsRun.Setup(20, AcnsRun.BOTTLENECK, AcnsRun.BUFFER).withBaseline(AcnsBaseline.NS2);
        assertThrows(IllegalArgumentException.class, () -> new AcnsExperiment.Params(List.of(Config.RENO, Config.ACNS), 2,
                ns2.withBaseline(AcnsBaseline.RDP), true));
        assertThrows(IllegalArgumentException.class, () -> new AcnsExperiment.Params(List.of(Config.ACNS), 2, ns2, true));
        AcnsExperiment e = new AcnsExperiment(new AcnsExperiment.Params(List.of(Config.RENO, Config.ACNS), 2, ns2, true));
        assertEquals(8, e.plan().size(), "2 configs x 2 seeds on ns2, then the same on RDP");
        assertEquals(AcnsBaseline.RDP, e.plan().get(4).baseline());
        assertEquals(null, e.plan().get(3).baseline());
    }
}
