package org.aspen.experiments.acc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.acc.AccFigure4Run.Setup;
import org.aspen.lab.build.NodeAcc;
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
     * The cause docs/results-acc.md gives for ACC's missing gain in the papers' reading, as a direction
     * on a short sweep (3 seeds of 60 s at the highest delay): with the long link between the filter
     * router and the congested one, the filter request crosses it and the window has gone by, so the
     * filters delete fewer packets than with the long link ahead of the filter router. The monitor
     * notifies in every run of both. No throughput ratio is asserted.
     */
    @Test
    void inThePapersReadingTheFiltersDeleteLessThanWithTheLongLinkAheadOfThem() throws Exception {
        Setup paper = Setup.defaults(60);
        assertEquals(Placement.BETWEEN, paper.placement(), "both papers' words: the long link leaves the senders' router");
        Setup upstream = new Setup(60, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, Placement.UPSTREAM);
        List<AccFigure4Run> between = new ArrayList<>();
        List<AccFigure4Run> ahead = new ArrayList<>();
        for (long seed = 1; seed <= 3; seed++) {
            between.add(AccFigure4Run.simulate(Config.ACC, 300, seed, paper));
            ahead.add(AccFigure4Run.simulate(Config.ACC, 300, seed, upstream));
        }
        for (AccFigure4Run r : between) {
            assertTrue(r.notifications() > 0, "the monitor notified in every run: " + r);
            assertTrue(r.byCause().get(AccFigure4Run.Cause.NOTIFICATION).closesPerSecond() > 0, "notified closes: " + r);
        }
        assertTrue(mean(between, AccFigure4Run::filtered) < mean(ahead, AccFigure4Run::filtered),
                "between " + mean(between, AccFigure4Run::filtered) + " vs upstream " + mean(ahead, AccFigure4Run::filtered));
    }

    @Test
    void theMonitorsSettingsReachTheScenarioAsTheAccField() {
        Setup paper = Setup.defaults(20);
        assertEquals("monitor", AccFigure4Run.scenario(Config.ACC, 10, paper).node("r2").acc());
        Setup aspen = new Setup(20, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, Placement.PAPER,
                AccConfig.DEFAULT.withDeletion(AccConfig.Deletion.RANGE).withOncePerSrtt(true).withSkipRecovery(true));
        assertEquals(Map.of("monitor", true, "deletion", "range", "oncePerSrtt", true, "skipRecovery", true),
                AccFigure4Run.scenario(Config.ACC, 10, aspen).node("r2").acc());
        assertEquals(null, AccFigure4Run.scenario(Config.RED, 10, aspen).node("r2").acc());
    }

    /** --acc-notify window-only reaches the monitor node's acc field, and the lab reads it back to the same setting. */
    @Test
    void aWindowOnlyNotificationReachesTheScenarioAndTheLabReadsItBack() {
        Setup text = new Setup(20, AccFigure4Run.BOTTLENECK, AccFigure4Run.BUFFER, Placement.PAPER,
                AccConfig.DEFAULT.withNotification(AccConfig.Notify.WINDOW_ONLY));
        Object field = AccFigure4Run.scenario(Config.ACC, 10, text).node("r2").acc();
        assertEquals(Map.of("monitor", true, "notify", "window-only"), field);
        assertEquals(AccConfig.DEFAULT.withNotification(AccConfig.Notify.WINDOW_ONLY), NodeAcc.parse(field).config());
        assertEquals(AccConfig.DEFAULT, NodeAcc.parse(Map.of("notify", "resend")).config());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeAcc.parse(Map.of("notify", "nack")));
        assertEquals("unknown ACC notification 'nack' (known: resend, window-only)", e.getMessage());
    }

    private static double mean(List<AccFigure4Run> runs, java.util.function.ToDoubleFunction<AccFigure4Run> f) {
        return runs.stream().mapToDouble(f).average().orElseThrow();
    }
}
