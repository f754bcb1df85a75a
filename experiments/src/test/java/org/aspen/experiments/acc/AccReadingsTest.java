package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.acc.AccFigure4Run.Cause;
import org.aspen.experiments.acc.AccFigure4Run.CauseFigures;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.acc.AccFigure4Run.Setup;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.junit.jupiter.api.Test;

/**
 * The pre-registered readings of acc-figure4 on made-up runs: the effects seed by seed, and the
 * verdicts the committed preregistration/acc-figure4.yaml gives them, worked out by hand.
 */
class AccReadingsTest {
    private static final int[] DELAYS = {10, 50, 100, 200, 300};
    private static final int[] RTTS = {80, 160, 260, 460, 660};

    /** A made-up run: goodput, closes per second, mean close magnitude, notification and fast-retransmit magnitudes. */
    private static AccFigure4Run run(Config c, int delayIndex, long seed, double goodput, double closes, double magnitude,
                                     double notification, double fastRetransmit) {
        Map<Cause, CauseFigures> by = new EnumMap<>(Cause.class);
        by.put(Cause.NOTIFICATION, new CauseFigures(0, notification));
        by.put(Cause.FAST_RETRANSMIT, new CauseFigures(0, fastRetransmit));
        by.put(Cause.TIMEOUT, new CauseFigures(0, Double.NaN));
        by.put(Cause.ECN, new CauseFigures(0, Double.NaN));
        return new AccFigure4Run(c, DELAYS[delayIndex], seed, RTTS[delayIndex], goodput, closes, magnitude, by, 0, 3 * seed, 0, 7, 11,
                0, 0, 0);
    }

    /**
     * Two seeds at every delay. Goodput: RED 600/500 at 80 ms and 400/400 at 660 ms, ACC 540/475 and
     * 440/512 (ratios 0.9, 0.95 and 1.1, 1.28), 500 elsewhere; drop-tail 420 and RED+ECN 300 at 660 ms.
     * Closes per second: RED 1.0 everywhere, ACC 0.9 except 1.0 at 660 ms. Close magnitude: RED 8
     * at 80 ms and 20 at 660, ACC 6 and 30; ACC's notification closes 9 and 30 against RED's
     * fast-retransmit closes 8 and 20.
     */
    private static List<AccFigure4Run> runs() {
        List<AccFigure4Run> runs = new ArrayList<>();
        for (long seed = 1; seed <= 2; seed++) {
            for (int i = 0; i < DELAYS.length; i++) {
                boolean low = i == 0;
                boolean high = i == DELAYS.length - 1;
                double redGoodput = low ? (seed == 1 ? 600 : 500) : high ? 400 : 500;
                double accGoodput = low ? (seed == 1 ? 540 : 475) : high ? (seed == 1 ? 440 : 512) : 500;
                double redMag = high ? 20 : 8;
                double accMag = high ? 30 : 6;
                runs.add(run(Config.DROPTAIL, i, seed, high ? 420 : 500, 0.5, 10, Double.NaN, 10));
                runs.add(run(Config.RED, i, seed, redGoodput, 1.0, redMag, Double.NaN, redMag));
                runs.add(run(Config.RED_ECN, i, seed, high ? 300 : 500, 1.0, 8, Double.NaN, 8));
                runs.add(run(Config.ACC, i, seed, accGoodput, high ? 1.0 : 0.9, accMag, high ? 30 : 9, 5));
            }
        }
        return runs;
    }

    @Test
    void theEffectsPairTheSystemsSeedBySeed() {
        Map<String, Map<String, double[]>> e = AccReadings.effects(runs());
        assertArrayEquals(new double[] {540.0 / 600, 475.0 / 500}, e.get(AccReadings.FIG4_LOW).get("80 ms"));
        assertArrayEquals(new double[] {1.1, 1.28}, e.get(AccReadings.FIG4_HIGH).get("660 ms"), 1e-12);
        assertArrayEquals(new double[] {0.9 - 1.0, 0.9 - 1.0}, e.get(AccReadings.FIG6).get("160 ms"));
        assertArrayEquals(new double[] {0, 0}, e.get(AccReadings.FIG6).get("660 ms"));
        assertArrayEquals(new double[] {0.75, 0.75}, e.get(AccReadings.FIG7).get("80 ms"));
        assertArrayEquals(new double[] {1.5, 1.5}, e.get(AccReadings.FIG7).get("660 ms"));
        assertArrayEquals(new double[] {9.0 / 8, 9.0 / 8}, e.get(AccReadings.FIG7_CAUSE).get("80 ms"));
        // Figure 5: one value, |mean ratio - 1|: drop-tail 420/400 = 1.05, RED+ECN 300/400 = 0.75
        assertArrayEquals(new double[] {Math.abs(420.0 / 400 - 1)}, e.get(AccReadings.FIG5).get(AccReadings.DROPTAIL_VS_RED));
        assertArrayEquals(new double[] {Math.abs(300.0 / 400 - 1)}, e.get(AccReadings.FIG5).get(AccReadings.RED_ECN_VS_RED));
    }

    @Test
    void theRegisteredRulesJudgeTheMadeUpRuns() {
        Preregistration pre = Preregistration.load("acc-figure4");
        List<PaperComparison> rows = AccReadings.rows(pre, runs(), runs());
        assertEquals(pre.readings().size(), rows.size());
        Map<String, Verdict> v = new java.util.LinkedHashMap<>();
        rows.forEach(r -> v.put(r.result(), r.verdict()));
        // a gain of 19 % (mean of 1.1 and 1.28) is not "more than 20%": only the direction holds
        assertEquals(Verdict.DIRECTION, v.get(AccReadings.FIG4_HIGH));
        // 0.925: below 1 and within 0.05 of the reading's 0.95
        assertEquals(Verdict.MATCHES, v.get(AccReadings.FIG4_LOW));
        // drop-tail 5 % from RED holds, RED+ECN 25 % does not: 1 of 2 points
        assertEquals(Verdict.CONTRADICTS, v.get(AccReadings.FIG5));
        // fewer at 4 of 5 RTTs, the emphasised 80 ms among them; 660 ms is a tie
        assertEquals(Verdict.DIRECTION, v.get(AccReadings.FIG6));
        // 0.75 at 80 ms and 1.5 at 660 ms: both sides as the paper says, both more than 5 % from 1
        assertEquals(Verdict.MATCHES, v.get(AccReadings.FIG7));
        // notification closes 12.5 % larger at 80 ms, the emphasised point
        assertEquals(Verdict.CONTRADICTS, v.get(AccReadings.FIG7_CAUSE));
        for (PaperComparison r : rows) {
            assertTrue(r.aspenRdp().endsWith("; " + r.verdict().label()), r.aspenRdp());
            assertEquals(pre.reading(r.result()).rule(), r.rule());
        }
        PaperComparison fig6 = rows.stream().filter(r -> r.result().equals(AccReadings.FIG6)).findFirst().orElseThrow();
        assertTrue(fig6.why().contains("a tie at 660 ms does not hold"), fig6.why());
        assertTrue(fig6.aspen().endsWith("660 ms 0.000 (one deterministic run)"), fig6.aspen());
    }

    @Test
    void aPointWhereNoWindowClosedHasNoMagnitude() {
        List<AccFigure4Run> runs = new ArrayList<>(runs());
        runs.replaceAll(r -> r.delayMs() == 300 && r.config() == Config.RED
                ? run(Config.RED, 4, r.seed(), 400, 0, 0, Double.NaN, Double.NaN) : r);
        Map<String, Map<String, double[]>> e = AccReadings.effects(runs);
        assertEquals(0, e.get(AccReadings.FIG7).get("660 ms").length);
        assertEquals(0, e.get(AccReadings.FIG7_CAUSE).get("660 ms").length);
        PaperComparison fig7 = AccReadings.rows(Preregistration.load("acc-figure4"), runs, runs()).stream()
                .filter(r -> r.result().equals(AccReadings.FIG7)).findFirst().orElseThrow();
        assertEquals(Verdict.NOT_RUN, fig7.verdict());
        assertEquals("no figure at 660 ms", fig7.why());
        assertTrue(fig7.aspen().endsWith("660 ms not run"), fig7.aspen());
        assertTrue(fig7.aspenRdp().endsWith("; matches"), fig7.aspenRdp());
    }

    @Test
    void thePreregisteredSweepRunsTheSameConfigsOnRdpAndRefusesRdpAsItsPrimary() {
        var params = new AccFigure4Experiment.Params(1, List.of(10, 300), List.of(Config.RED, Config.ACC),
                Setup.defaults(20).withBaseline(AccBaseline.NS2));
        AccFigure4Preregistered p = new AccFigure4Preregistered(params);
        assertEquals(8, p.plan().size());
        assertEquals(List.of(AccBaseline.NS2, AccBaseline.NS2, AccBaseline.NS2, AccBaseline.NS2, AccBaseline.RDP, AccBaseline.RDP,
                AccBaseline.RDP, AccBaseline.RDP), p.plan().stream().map(AccFigure4Preregistered.Spec::baseline).toList());
        var rdp = new AccFigure4Experiment.Params(1, List.of(10), List.of(Config.RED), Setup.defaults(20));
        assertEquals("--preregistered: the primary baseline must be an ns-2 one (ns2, ns2-2.35, ns2-wide), not rdp: "
                + "Aspen RDP is the sensitivity column", assertThrows(IllegalArgumentException.class,
                () -> new AccFigure4Preregistered(rdp)).getMessage());
    }

    @Test
    void tenFlowsGiveTenBulkPairs() {
        var s = AccFigure4Run.scenario(Config.ACC, 100, Setup.defaults(20).withBaseline(AccBaseline.NS2).withFlows(10));
        assertEquals(10, s.workload().flows().size());
        assertEquals("acc-figure3-acc-100ms-ns2-10flows", s.name());
        assertEquals(AccFigure4Run.scenario(Config.ACC, 100, Setup.defaults(20)),
                AccFigure4Run.scenario(Config.ACC, 100, Setup.defaults(20).withFlows(AccFigure4Run.FLOWS)));
        assertThrows(IllegalArgumentException.class, () -> Setup.defaults(20).withFlows(0));
    }
}
