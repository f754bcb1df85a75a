package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.ArrayList;
import java.util.List;
import org.aspen.experiments.acc.AccFigure4.Config;
import org.aspen.experiments.acc.AccFigure4.Placement;
import org.aspen.experiments.acc.AccFigure4.Run;
import org.aspen.experiments.acc.AccFigure4.Setup;
import org.aspen.experiments.acc.AccFigure4;
import org.aspen.lab.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** The Figure 3 dumbbell in its three placements of the long link, and the paper's headline effect. */
class AccFigure4Test {

    @Test
    void eachPlacementPutsTheSweptDelayOnItsLinkAndAccOnTheRoutersAroundTheBottleneck() {
        for (Placement p : Placement.values()) {
            Scenario s = AccFigure4.scenario(Config.ACC, 200, new Setup(20, AccFigure4.BOTTLENECK, AccFigure4.BUFFER, p));
            List<String> chain = p.chain;
            String swept = chain.get(p.swept) + "-" + chain.get(p.swept + 1);
            for (int i = 0; i + 1 < chain.size(); i++) {
                String link = chain.get(i) + "-" + chain.get(i + 1);
                String expected = link.equals(swept) ? "200ms" : "10ms";
                assertEquals(expected, s.link(link).delay(), p + ": delay of " + link);
            }
            assertEquals(AccFigure4.BOTTLENECK, s.link("r2-r3").bandwidth(), p + ": r2 -> r3 is the bottleneck");
            assertEquals("monitor", s.node("r2").acc(), p.toString());
            assertEquals("filter", s.node("r1").acc(), p.toString());
            assertEquals(2.0 * (10 + 10 * (chain.size() - 1) + 200), AccFigure4.rttMs(200, p), p.toString());
        }
        assertEquals(460.0, AccFigure4.rttMs(200, Placement.BETWEEN), "the old reading keeps its RTTs");
        assertEquals(480.0, AccFigure4.rttMs(200, Placement.UPSTREAM));
    }

    @Test
    void everyPlacementCarriesBothFlowsAndTheCrossTrafficAndAccActs() throws Exception {
        for (Placement p : Placement.values()) {
            Run r = AccFigure4.run(Config.ACC, 100, 1, new Setup(30, AccFigure4.BOTTLENECK, AccFigure4.BUFFER, p));
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
        List<Run> red = new ArrayList<>();
        List<Run> acc = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            red.add(AccFigure4.run(Config.RED, 300, seed, setup));
            acc.add(AccFigure4.run(Config.ACC, 300, seed, setup));
        }
        double ratio = mean(acc) / mean(red);
        assertTrue(ratio >= 1.15, "ACC / RED at 680 ms base RTT: " + ratio);
        for (Run r : acc) {
            assertTrue(r.filtered() > 0 && r.notifications() > 0, "filters deleted packets in every ACC run: " + r);
        }
    }

    private static double mean(List<Run> runs) {
        return runs.stream().mapToDouble(Run::goodputKbps).average().orElseThrow();
    }
}
