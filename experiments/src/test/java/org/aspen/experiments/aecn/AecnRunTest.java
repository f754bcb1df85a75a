package org.aspen.experiments.aecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.Test;

/** The AntiECN experiment: one scaled-down run of each kind (the command's files: cli's AecnExperimentTest). */
class AecnRunTest {
    /**
     * Scale 0.02 (20 Mb/s, BDP 100 packets at 40 ms), 100 RTTs of Experiment 1, with AVQ's 100-packet
     * sensitivity buffer (10 here), so slow start ends far below eta x BDP and the fast phase shows.
     */
    @Test
    void antiEcnFlowGrowsFasterThanRenoOnTheSameLink() {
        AecnExperiment.Params plan = new AecnExperiment.Params(0.02, 100, 1, 100);
        AecnRun reno = AecnRun.simulate(plan.setup(40, 0, plan.bdp(40), 1, 1));
        AecnRun aecn = AecnRun.simulate(plan.setup(40, 0.75, plan.bdp(40), 1, 1));
        assertTrue(reno.slowStartEnd() < 0.75 * plan.bdp(40), "slow start ended at " + reno.slowStartEnd());
        assertEquals(100, plan.bdp(40));
        assertEquals(0, reno.drops() + aecn.drops(), "AVQ's ECN marks end slow start and the increase before any loss");
        assertTrue(aecn.aecnEnabled()[0] && !reno.aecnEnabled()[0]);
        assertEquals(0, reno.aggressiveAcks());
        assertTrue(aecn.aggressiveAcks() > 10, "echoed ACKs drove the increase: " + aecn.aggressiveAcks());
        // a quarter of the way, before either reaches the ECN marks of the full link, AECN's window is ahead
        int mid = reno.samples().size() / 4;
        double wReno = reno.samples().get(mid).cwnd()[0];
        double wAecn = aecn.samples().get(mid).cwnd()[0];
        assertTrue(wAecn > 1.2 * wReno, "cwnd at " + reno.samples().get(mid).seconds() + " s: aecn " + wAecn + " reno " + wReno);
        assertTrue(aecn.utilisation() > reno.utilisation(), aecn.utilisation() + " vs " + reno.utilisation());
    }

    /** Three flows started within [0, 10 s x scale): all open, all get a share. */
    @Test
    void threeFlowsAllGetAShare() {
        AecnExperiment.Params plan = AecnExperiment.Params.of(0.02, 100, 1);
        AecnRun r = AecnRun.simulate(plan.setup(40, 0.5, plan.bdp(40), 3, 1));
        assertEquals(3, r.flowBytes().length);
        for (int i = 0; i < 3; i++) {
            assertTrue(r.flowBytes()[i] > 0 && r.aecnEnabled()[i], "flow " + i);
        }
        assertTrue(r.jain() > 0.5 && r.jain() <= 1.0, "Jain " + r.jain());
    }

    /**
     * The same comparison on the paper's own baseline (docs/ns2-baseline.md): ns-2's Reno with ECN, and
     * AntiECN's increase built on it. The AntiECN run's echoed ACKs replace Reno's 1/cwnd_ and its
     * window is ahead a quarter of the way; the Reno run never applies the increase.
     */
    @Test
    void onNs2RenoTheAntiEcnIncreaseAlsoDrivesTheWindow() {
        AecnExperiment.Params plan = new AecnExperiment.Params(0.02, 100, 1, 100).withBaseline(AecnBaseline.NS2);
        AecnRun reno = AecnRun.simulate(plan.setup(40, 0, plan.bdp(40), 1, 1));
        AecnRun aecn = AecnRun.simulate(plan.setup(40, 0.75, plan.bdp(40), 1, 1));
        assertTrue(aecn.aecnEnabled()[0] && !reno.aecnEnabled()[0]);
        assertEquals(0, reno.aggressiveAcks());
        assertTrue(aecn.aggressiveAcks() > 10, "echoed ACKs drove the increase: " + aecn.aggressiveAcks());
        int mid = reno.samples().size() / 4;
        double wReno = reno.samples().get(mid).cwnd()[0];
        double wAecn = aecn.samples().get(mid).cwnd()[0];
        assertTrue(wAecn > wReno, "cwnd at " + reno.samples().get(mid).seconds() + " s: aecn " + wAecn + " reno " + wReno);
    }

}
