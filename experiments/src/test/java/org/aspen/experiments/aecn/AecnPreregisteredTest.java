package org.aspen.experiments.aecn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.aecn.AecnExperiment.Params;
import org.aspen.experiments.aecn.AecnExperiment.Result;
import org.aspen.experiments.aecn.AecnExperiment.RunSpec;
import org.aspen.experiments.aecn.AecnExperiment.Summary;
import org.aspen.experiments.sweep.PaperComparison;
import org.aspen.experiments.sweep.PaperComparison.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The pre-registered AntiECN sweep (issue 29) on made-up runs: its plan, and the comparison rows
 * that {@code preregistration/aecn.yaml} gives on figures computed by hand in the comments.
 */
class AecnPreregisteredTest {
    private static final Params PARAMS = new Params(0.01, 100, 2, 0, AecnBaseline.NS2, true);

    @Test
    void planRunsTheSingleFlowsOnceAndExperimentThreePerSeedOnBothBaselines() {
        List<RunSpec> plan = new AecnExperiment(PARAMS).plan();
        // per baseline: seed 1's 2 x (Reno + 4 etas) + 4 buffers, and 2 three-flow runs per seed
        assertEquals(2 * (10 + 4 + 2 * 2), plan.size());
        assertEquals(18, plan.stream().filter(RunSpec::sensitivity).count());
        for (RunSpec r : plan) {
            assertEquals(r.sensitivity() ? AecnBaseline.RDP : AecnBaseline.NS2, r.setup().baseline(), r.toString());
            assertEquals(r.sensitivity(), r.file().startsWith("rdp-"), r.file());
            assertTrue(r.part().equals("exp3") || r.setup().seed() == 1, r.toString());
        }
        assertEquals(2, plan.stream().filter(r -> !r.sensitivity() && r.part().equals("exp3") && r.setup().seed() == 2).count());
        // not pre-registered, the plan is the one every committed directory was made with
        assertEquals(2 * (10 + 4 + 2), new AecnExperiment(new Params(0.01, 100, 2, 0, AecnBaseline.NS2)).plan().size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Params(0.01, 100, 2, 0, AecnBaseline.RDP, true));
        assertTrue(e.getMessage().contains("--baseline rdp"), e.getMessage());
    }

    @Test
    void cwndJainAveragesEachFlowsWindowFromTheGivenTime() {
        RunSpec spec = new RunSpec("exp3", "aecn 50%", PARAMS.setup(40, 0.5, PARAMS.bdp(40), 3, 1));
        AecnRun r = run(spec, 0.5, 0, List.of(sample(1, 90, 0, 0), sample(2, 30, 10, 20), sample(3, 30, 10, 20)));
        // from 2 s the means are 30, 10, 20: (60)^2 / (3 x (900 + 100 + 400)) = 3600 / 4200
        assertEquals(3600.0 / 4200, r.cwndJain(2), 1e-12);
        // from 0: means 50, 20/3, 40/3 (sums 150, 20, 40): 210^2 / (3 x (22500 + 400 + 1600)) = 44100 / 73500
        assertEquals(44100.0 / 73500, r.cwndJain(0), 1e-12);
        assertTrue(Double.isNaN(r.cwndJain(4)));
    }

    @Test
    void rowsAreTheRegisteredRulesVerdictsOnBothBaselines() {
        AecnExperiment e = new AecnExperiment(PARAMS);
        List<Result> results = new ArrayList<>();
        for (RunSpec s : e.plan()) {
            results.add(new Result(s, made(s)));
        }
        Summary sum = e.summarise(results, 1.0);
        assertEquals("experiments/src/main/resources/preregistration/aecn.yaml", sum.preregistration().file());
        assertEquals("ns2", sum.baseline());
        assertEquals("rdp", sum.sensitivityBaseline());
        assertEquals(List.of("ns2", "rdp"), sum.runs().stream().map(AecnExperiment.RunRow::baseline).distinct().toList());
        Map<String, PaperComparison> rows = new java.util.LinkedHashMap<>();
        sum.paperComparison().forEach(r -> rows.put(r.result(), r));
        assertEquals(8, rows.size());

        // 40 ms: Reno 0.5, AECN 0.56 / 0.57 / 0.585 / 0.615: gains 12 / 14 / 17 / 23 against 10 / 12 / 17 / 19, all within half
        PaperComparison t40 = rows.get(AecnPreregistered.TABLE_I_40);
        assertEquals(Verdict.MATCHES, t40.verdict());
        assertEquals("table-i-within-50pc", t40.rule());
        assertEquals("12.0 % / 14.0 % / 17.0 % / 23.0 % (one deterministic run)", t40.aspen());
        // RDP: every AECN run is its Reno run, gains 0 = ties, which never hold
        assertEquals("0.0 % / 0.0 % / 0.0 % / 0.0 % (one deterministic run); contradicts", t40.aspenRdp());
        // 200 ms: Reno 0.4, AECN 0.48 / 0.488 / 0.504 / 0.52: gains 20 / 22 / 26 / 30 against 17 / 20 / 26 / 29
        assertEquals(Verdict.MATCHES, rows.get(AecnPreregistered.TABLE_I_200).verdict());

        // steps +2 / +3 / +6 at 40 ms (paper +2 / +5 / +2: |6 - 2| = 4 is not below 1), +2 / +4 / +4 at 200 ms (paper +3 / +6 / +3)
        PaperComparison rising = rows.get(AecnPreregistered.RISING);
        assertEquals(Verdict.DIRECTION, rising.verdict());
        assertTrue(rising.why().startsWith("holds at 6 of 6 points; holds at the emphasised 200 ms, 0.60 to 0.75; size not within"
                + " 50 % of the paper's at 40 ms, 0.60 to 0.75; at 40 ms slow start ended at"), rising.why());
        assertEquals("steps +2.0 / +3.0 / +6.0 points (40 ms), +2.0 / +4.0 / +4.0 points (200 ms) (one deterministic run)",
                rising.aspen());

        // 200 ms minus 40 ms: 8 / 8 / 9 / 7 against 7 / 8 / 9 / 10; mean gains 24.5 and 16.5, ratio 1.48
        PaperComparison larger = rows.get(AecnPreregistered.LARGER);
        assertEquals(Verdict.MATCHES, larger.verdict());
        assertEquals("+8.0 / +8.0 / +9.0 / +7.0 points; mean gain over eta 24.5 % at 200 ms vs 16.5 % at 40 ms, ratio 1.5"
                + " (paper 23.0 vs 14.5, ratio 1.6) (one deterministic run)", larger.aspen());
        assertTrue(larger.aspenRdp().contains("no ratio (no gain at 40 ms)") && larger.aspenRdp().endsWith("; contradicts"),
                larger.aspenRdp());

        // drops 0 everywhere but 3 at 200 ms, eta 0.40: 7 of 8, the emphasised 40 ms, eta 0.75 among them
        PaperComparison loss = rows.get(AecnPreregistered.NO_LOSS);
        assertEquals(Verdict.DIRECTION, loss.verdict());
        assertTrue(loss.why().startsWith("holds at 7 of 8 points (not at 200 ms, eta 0.40)"), loss.why());
        assertEquals("drops per run 0 / 0 / 0 / 0 (40 ms), 3 / 0 / 0 / 0 (200 ms) (one deterministic run)", loss.aspen());

        // utilisation 0.57 / 0.6 / 0.603 / 0.7: ratios 1.053, 1.005 (less than 1 % above 1), 1.161
        PaperComparison buffers = rows.get(AecnPreregistered.BUFFERS);
        assertEquals(Verdict.DIRECTION, buffers.verdict());
        assertTrue(buffers.why().contains("size not more than 0.01 from no effect at 1000 vs 2500"), buffers.why());
        assertEquals("utilisation 0.570 / 0.600 / 0.603 / 0.700, ratios 1.053 / 1.005 / 1.161 (one deterministic run)",
                buffers.aspen());

        // three flows: Reno 0.5 in both seeds, AECN 0.6 and 0.55: gains 20 and 10, mean 15,
        // sd 7.071, t(1) 12.706: half-width 12.706 x 7.071 / sqrt 2 = 63.5
        PaperComparison gain = rows.get(AecnPreregistered.EXP3_GAIN);
        assertEquals(Verdict.MATCHES, gain.verdict());
        assertEquals("gain 15.0 % ± 63.5 % (95 %, 2 seeds)", gain.aspen());

        // second-half windows equal in seed 1 (Jain 1), 30 / 10 / 20 in seed 2 (6/7): mean 0.929, not above 0.95
        PaperComparison fair = rows.get(AecnPreregistered.EXP3_FAIR);
        assertEquals(Verdict.CONTRADICTS, fair.verdict());
        assertTrue(fair.aspen().startsWith("Jain's index of the mean cwnd over the second half 0.929 ± "), fair.aspen());
        assertTrue(fair.aspenRdp().endsWith("; contradicts"), fair.aspenRdp());
    }

    @Test
    void notPreregisteredSummariesLeaveTheNewFieldsOut() {
        AecnExperiment e = new AecnExperiment(new Params(0.01, 100, 1, 0, AecnBaseline.NS2));
        List<Result> results = new ArrayList<>();
        for (RunSpec s : e.plan()) {
            results.add(new Result(s, made(s)));
        }
        Summary sum = e.summarise(results, 1.0);
        assertNull(sum.preregistration());
        assertNull(sum.sensitivityBaseline());
        assertNull(sum.runs().get(0).baseline());
        assertNull(sum.paperComparison().get(0).rule());
    }

    /** The made-up run of {@code s}: the figures in the test's comments on ns-2, every AECN run equal to Reno's on RDP. */
    private static AecnRun made(RunSpec s) {
        boolean rdp = s.sensitivity();
        int rtt = s.setup().rttMs();
        double eta = s.setup().eta();
        switch (s.part()) {
            case "exp1" -> {
                double reno = rtt == 40 ? 0.5 : 0.4;
                double[] aecn = rtt == 40 ? new double[] {0.56, 0.57, 0.585, 0.615} : new double[] {0.48, 0.488, 0.504, 0.52};
                int i = java.util.Arrays.binarySearch(AecnExperiment.ETAS, eta);
                long drops = !rdp && rtt == 200 && eta == 0.40 ? 3 : 0;
                return run(s, eta == 0 || rdp ? reno : aecn[i], drops, List.of());
            }
            case "exp2" -> {
                double u = switch (s.label()) {
                    case "B=5000" -> 0.57;
                    case "B=2500" -> 0.6;
                    case "B=1000" -> 0.603;
                    default -> 0.7;
                };
                return run(s, rdp ? 0.5 : u, 0, List.of());
            }
            default -> {
                boolean seed1 = s.setup().seed() == 1;
                double u = eta == 0 || rdp ? 0.5 : seed1 ? 0.6 : 0.55;
                List<AecnRun.Sample> samples = seed1 || rdp
                        ? List.of(sample(1, 5, 0, 0), sample(2, 10, 10, 10), sample(3, 10, 10, 10))
                        : List.of(sample(1, 5, 0, 0), sample(2, 30, 10, 20), sample(3, 30, 10, 20));
                return run(s, u, 0, rdp ? List.of(sample(2, 1, 2, 3)) : samples);
            }
        }
    }

    private static AecnRun run(RunSpec s, double utilisation, long drops, List<AecnRun.Sample> samples) {
        int flows = s.setup().flows();
        return new AecnRun(s.setup(), samples, utilisation, 0, 5, drops, drops, 0, 0, 0, new long[flows], new boolean[flows], 10, 0);
    }

    private static AecnRun.Sample sample(double t, double... cwnd) {
        return new AecnRun.Sample(t, cwnd, 0.5);
    }
}
