package org.aspen.experiments.purple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Issue 29's pre-registered rows of the PURPLE experiment on made-up runs (no simulation): the effects seed by
 * seed, ties, the RDP column, Figure 4 on the realised share for both queues; and the uncongested reading
 * reaching the scenario.
 */
class PurplePreregisteredTest {
    static final PurpleRun.Setup SETUP = new PurpleRun.Setup(20_000_000L, 100, 10, 50, PurpleBaseline.NS2);
    static final PurpleExperiment.Params PARAMS = new PurpleExperiment.Params(List.of(Part.BDP, Part.FIG4),
            List.of(Aqm.PURPLE, Aqm.RED, Aqm.ARED), List.of(10, 20, 40, 60, 80), List.of(10), 2, SETUP, true);

    /** A made-up run: the figures the rows read, no bundles; {@code series} for Figure 4. */
    static PurpleRun run(PurpleBaseline b, Part part, Aqm aqm, int flows, long seed, double goodput, double delay, double drops,
                         List<PurpleRun.SeriesPoint> series) {
        return new PurpleRun(part, aqm, flows, seed, goodput, 1, delay, 0, drops, 0, new long[3], new double[3], series, 0, b);
    }

    /** Samples at 11..14 s (after the 10 s warm-up) with the given queue and realised shares; one at 5 s that must not count. */
    static List<PurpleRun.SeriesPoint> series(int queue, double... shares) {
        List<PurpleRun.SeriesPoint> l = new ArrayList<>();
        l.add(new PurpleRun.SeriesPoint(5, 1000, 0, 0.5, 0, 0, 0, 1, 0.9));
        for (int i = 0; i < shares.length; i++) {
            l.add(new PurpleRun.SeriesPoint(11 + i, queue, 0, 0.5, 0, 0, 0, 1, shares[i]));
        }
        return l;
    }

    /**
     * BDP part: PURPLE's delay 10 ms against RED's 40 (seed 1) and 20 against 40 (seed 2) at every flow count, ratios 0.25
     * and 0.5, mean 0.375: below 1 by more than 0.5 everywhere, "matches". Drops: PURPLE and RED both 0 at 10 and
     * 20 flows (ties), PURPLE 0.0001 below RED at 40-80: 3 of 5, "contradicts". On RDP every delay ratio is 0.8 / 0.4
     * = 2: "contradicts", in the RDP cell. Figure 4: PURPLE's realised shares 0.1, 0.1, 0.1, 0.1 (variation 0) and
     * queue 10 against RED's 0, 0.2, 0, 0.2 (variation 0.2309 / 0.1 = 1.1547... over mean 0.1) and queue 40: ratios
     * 0 and 0.25 for both seeds.
     */
    @Test
    void theRowsJudgeTheEffectSeedBySeedOnBothBaselines() {
        List<PurpleRun> ns2 = new ArrayList<>();
        List<PurpleRun> rdp = new ArrayList<>();
        for (int n : PARAMS.flows()) {
            for (long seed = 1; seed <= 2; seed++) {
                double redDrops = n >= 40 ? 0.0003 : 0;
                ns2.add(run(PurpleBaseline.NS2, Part.BDP, Aqm.PURPLE, n, seed, 18, seed == 1 ? 10 : 20, n >= 40 ? 0.0002 : 0, List.of()));
                ns2.add(run(PurpleBaseline.NS2, Part.BDP, Aqm.RED, n, seed, 19, 40, redDrops, List.of()));
                ns2.add(run(PurpleBaseline.NS2, Part.BDP, Aqm.ARED, n, seed, 15, 5, 0.001, List.of()));
                rdp.add(run(PurpleBaseline.RDP, Part.BDP, Aqm.PURPLE, n, seed, 18, 0.8, 0, List.of()));
                rdp.add(run(PurpleBaseline.RDP, Part.BDP, Aqm.RED, n, seed, 19, 0.4, 0, List.of()));
                rdp.add(run(PurpleBaseline.RDP, Part.BDP, Aqm.ARED, n, seed, 15, 0.4, 0, List.of()));
            }
        }
        for (long seed = 1; seed <= 2; seed++) {
            ns2.add(run(PurpleBaseline.NS2, Part.FIG4, Aqm.PURPLE, 100, seed, 18, 1, 0, series(10, 0.1, 0.1, 0.1, 0.1)));
            ns2.add(run(PurpleBaseline.NS2, Part.FIG4, Aqm.RED, 100, seed, 18, 1, 0, series(40, 0, 0.2, 0, 0.2)));
        }
        List<PaperComparison> rows = PurpleComparison.preregistered(Preregistration.load("purple"), ns2, rdp, PARAMS);
        assertEquals(9, rows.size());
        PaperComparison delay = rows.get(0);
        assertEquals(Verdict.MATCHES, delay.verdict());
        assertEquals("ratio-below-1-much", delay.rule());
        assertTrue(delay.aspen().startsWith("PURPLE's delay over RED's: 10 flows 0.38 ± 1.59 (95 %, 2 seeds); 20 flows"),
                delay.aspen());
        assertEquals("PURPLE's delay over RED's: 10 flows 2.00 (one deterministic run); 20 flows 2.00 (one deterministic run); "
                + "40 flows 2.00 (one deterministic run); 60 flows 2.00 (one deterministic run); 80 flows 2.00 (one deterministic run); "
                + "contradicts", delay.aspenRdp());
        PaperComparison drops = rows.get(1);
        assertEquals(Verdict.CONTRADICTS, drops.verdict());
        assertTrue(drops.why().contains("a tie at 10 flows, 20 flows does not hold"), drops.why());
        assertTrue(drops.why().startsWith("holds at 3 of 5 points"), drops.why());
        PaperComparison fig4Queue = rows.get(4);
        assertEquals(Verdict.MATCHES, fig4Queue.verdict());
        assertEquals("PURPLE's mean queue over RED's: 100 flows 0.25 (one deterministic run)", fig4Queue.aspen());
        assertEquals("-; not-run", fig4Queue.aspenRdp());
        PaperComparison fig4Share = rows.get(5);
        assertEquals(Verdict.MATCHES, fig4Share.verdict());
        assertTrue(fig4Share.aspen().endsWith("100 flows 0.00 (one deterministic run)"), fig4Share.aspen());
        assertEquals(Verdict.NOT_RUN, rows.get(6).verdict());     // no short part in this sweep
    }

    @Test
    void theRealisedShareVariesAsTheSamplesAfterTheWarmUp() {
        PurpleRun r = run(PurpleBaseline.NS2, Part.FIG4, Aqm.RED, 100, 1, 1, 1, 0, series(40, 0, 0.2, 0, 0.2));
        // mean 0.1, sample sd sqrt(4 x 0.01 / 3) = 0.11547: variation 1.1547 (the 5 s sample is left out)
        assertEquals(Math.sqrt(0.04 / 3) / 0.1, PurpleComparison.signalCv(r, 10), 1e-12);
        Map<String, double[]> none = PurpleComparison.effects(List.of(r), Part.FIG4, Aqm.RED, (a, b) -> 1, PARAMS);
        assertTrue(none.isEmpty(), "no PURPLE run: no point");
    }

    @Test
    void theNoMarkReadingReachesPurpleQueuesOnly() {
        PurpleRun.Setup noMark = SETUP.withNoMarkUncongested(true);
        for (Part p : List.of(Part.BDP, Part.SHORT)) {
            Scenario purple = PurpleRun.scenario(p, Aqm.PURPLE, 10, noMark);
            assertEquals(true, ((Map<?, ?>) purple.link("r1-r2").queue()).get("no_mark_uncongested"));
            Scenario red = PurpleRun.scenario(p, Aqm.RED, 10, noMark);
            assertEquals(PurpleRun.scenario(p, Aqm.RED, 10, SETUP).link("r1-r2").queue(), red.link("r1-r2").queue());
            assertFalse(((Map<?, ?>) PurpleRun.scenario(p, Aqm.PURPLE, 10, SETUP).link("r1-r2").queue())
                    .containsKey("no_mark_uncongested"));
        }
        assertEquals(List.of(PurpleBaseline.NS2, PurpleBaseline.RDP), PARAMS.baselines());
        assertEquals(List.of(PurpleBaseline.NS2), new PurpleExperiment.Params(List.of(Part.BDP), List.of(Aqm.PURPLE), List.of(10),
                List.of(10), 2, SETUP).baselines());
    }
}
