package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.ArrayList;
import java.util.List;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.acc.AccFigure4Run.Setup;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The Figure 3 dumbbell in its three placements of the long link, and the paper's headline effect. */
class AccFigure4RunTest {

    @Test
    void eachPlacementPutsTheSweptDelayOnItsLinkAndAccOnTheRoutersAroundTheBottleneck() {
        for (Placement p : Placement.values()) {
            Scenario s = AccFigure4Run.scenario(Config.ACC, 200, new Setup(20, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, p));
            List<String> chain = p.chain;
            String swept = chain.get(p.swept) + "-" + chain.get(p.swept + 1);
            for (int i = 0; i + 1 < chain.size(); i++) {
                String link = chain.get(i) + "-" + chain.get(i + 1);
                String expected = link.equals(swept) ? "200ms" : "10ms";
                assertEquals(expected, s.link(link).delay(), p + ": delay of " + link);
            }
            assertEquals(AccFigure4Run.BOTTLENECK, s.link("r2-r3").bandwidth(), p + ": r2 -> r3 is the bottleneck");
            assertEquals("monitor", s.node("r2").acc(), p.toString());
            assertEquals("filter", s.node("r1").acc(), p.toString());
            assertEquals(2.0 * (10 + 10 * (chain.size() - 1) + 200), p.rttMs(200), p.toString());
        }
        assertEquals(460.0, Placement.BETWEEN.rttMs(200), "the old reading keeps its RTTs");
        assertEquals(480.0, Placement.UPSTREAM.rttMs(200));
    }

    @Test
    void everyPlacementCarriesBothFlowsAndTheCrossTrafficAndAccActs() throws Exception {
        for (Placement p : Placement.values()) {
            AccFigure4Run r = AccFigure4Run.simulate(Config.ACC, 100, 1, new Setup(30, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, p));
            assertTrue(r.goodputKbps() > 300, p + ": bulk goodput " + r.goodputKbps());
            assertTrue(r.crossReceived() > 0.9 * r.crossSent() - r.bottleneckDrops(), p + ": cross traffic arrives " + r);
            assertTrue(r.notifications() > 0, p + ": the monitor notified a sender " + r);
            assertTrue(r.bottleneckDrops() > 0, p + ": the bottleneck was congested " + r);
        }
    }

    /**
     * The target, in the default reading (long link ahead of the filter router): over ten
     * seeds of the paper's 200 s runs at the highest delay of the sweep (base RTT 680 ms), ACC over
     * RED has at least 1.15x the throughput of Reno over RED (measured 1.20x), and the filters, 10 ms
     * from the congestion, really delete packets. Deterministic: the simulation is seeded.
     */
    @Test
    void accGainsAtLeastFifteenPercentOverRenoAtTheHighestRtt() throws Exception {
        Setup setup = Setup.defaults(200);
        List<AccFigure4Run> red = new ArrayList<>();
        List<AccFigure4Run> acc = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            red.add(AccFigure4Run.simulate(Config.RED, 300, seed, setup));
            acc.add(AccFigure4Run.simulate(Config.ACC, 300, seed, setup));
        }
        double ratio = mean(acc) / mean(red);
        assertTrue(ratio >= 1.15, "ACC / RED at 680 ms base RTT: " + ratio);
        for (AccFigure4Run r : acc) {
            assertTrue(r.filtered() > 0 && r.notifications() > 0, "filters deleted packets in every ACC run: " + r);
        }
    }

    private static double mean(List<AccFigure4Run> runs) {
        return runs.stream().mapToDouble(AccFigure4Run::goodputKbps).average().orElseThrow();
    }
}
