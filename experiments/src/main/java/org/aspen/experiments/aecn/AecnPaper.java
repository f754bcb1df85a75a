package org.aspen.experiments.aecn;

import java.util.List;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.lab.scenario.Scenario;

/**
 * {@code aspen experiment aecn}: the AntiECN paper's Experiments 1-3 ({@link AecnExperiment}).
 *
 * <pre>{@code
 * aspen experiment aecn --scale 0.1 --rtts 1000 --seeds 3 --out results/aecn
 * aspen experiment aecn --avq-buffer 100 --out aecn-avq100     # sensitivity: AVQ's buffer 100 packets
 * aspen experiment aecn --baseline ns2 --preregistered --out results/aecn   # issue 29: judged by its pre-registration, RDP beside
 * aspen experiment aecn --print-scenario exp3-40ms-aecn-50-seed1 > a.yaml && aspen lab --sim a.yaml   # one run as a lab scenario
 * }</pre>
 */
public final class AecnPaper implements PaperExperiment<AecnPaper.Options> {

    /** The options of {@code aspen experiment aecn}. */
    public record Options(
            @Param(names = "--threads", label = "N", description = CommonParams.THREADS)
            int threads,
            @Param(names = "--scale", label = "K",
                    description = "Bandwidth and buffers as a share of the paper's 1 Gb/s set-up (default: ${DEFAULT-VALUE}).")
            double scale,
            @Param(names = "--rtts", label = "N",
                    description = "Run length in round-trip times, at 40 and 200 ms alike (default: ${DEFAULT-VALUE}).")
            int rtts,
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--avq-buffer", label = "bdp|PACKETS",
                    description = "AVQ's virtual buffer: the real one (one BDP) or full-size packets, scaled by --scale "
                            + "(default: ${DEFAULT-VALUE}).")
            String avqBuffer,
            @Param(names = "--baseline", label = "BASELINE",
                    description = "The senders' transport: ns2 (ns-2's TCP Reno with ECN, AntiECN's increase on it, the "
                            + "text's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's "
                            + "defaults), rdp (Aspen RDP) or rdp-impatient (Aspen RDP with RFC 6582's retransmit timer, "
                            + "docs/traces/aecn-contradictions.md) (default: ${DEFAULT-VALUE}).")
            String baseline,
            @Param(names = "--preregistered",
                    description = "Judge the paper comparison by its pre-registration (issue 29) and run the same sweep on rdp "
                            + "beside the ns-2 baseline, the Aspen RDP column (files prefixed rdp-); the single-flow runs, "
                            + "which the seed does not change, run once, Experiment 3 once per seed (default: off).")
            boolean preregistered,
            @Param(names = "--print-scenario", label = "RUN",
                    description = "Print one run's scenario as YAML (for 'aspen lab --sim') and run nothing: the run by its "
                            + "series file's name without .csv, e.g. exp3-40ms-aecn-50-seed1 (rdp- first for the Aspen RDP "
                            + "column of --preregistered).")
            String printScenario) {
    }

    @Override
    public String name() {
        return "aecn";
    }

    @Override
    public List<String> description() {
        return List.of("AntiECN paper, Experiments 1-3: Table I, cwnd, utilisation.",
                "In the simulation, the paper's 1 Gb/s set-up scaled down. Files: runs.csv, one series CSV per "
                        + "run, comparison.md (Table I and the paper comparison), summary.json, Figures 3-10 as PNGs "
                        + "(docs/results-aecn.md).");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        return new Options(CommonParams.DEFAULT_THREADS, 0.1, 1000, 3, "bdp", AecnBaseline.NS2.id(), false, null);
    }

    @Override
    public int threads(Options o) {
        return o.threads();
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        List<AecnExperiment.RunSpec> plan = ((AecnExperiment) experiment(o)).plan();
        for (AecnExperiment.RunSpec r : plan) {
            if (r.file().equals(o.printScenario() + ".csv")) {
                return AecnRun.scenario(r.setup());
            }
        }
        throw new IllegalArgumentException("--print-scenario: no run '" + o.printScenario() + "' in this sweep (e.g. "
                + plan.get(0).file().replace(".csv", "") + ", " + plan.get(plan.size() - 1).file().replace(".csv", "") + ")");
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        AecnBaseline b = AecnBaseline.byId(o.baseline());
        if (b == null) {
            throw new IllegalArgumentException("--baseline: unknown baseline '" + o.baseline() + "' (known: ns2, ns2-2.35, rdp, rdp-impatient)");
        }
        int avq;
        try {
            avq = "bdp".equalsIgnoreCase(o.avqBuffer()) ? 0 : Integer.parseInt(o.avqBuffer());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--avq-buffer must be 'bdp' or a number of packets, got '" + o.avqBuffer() + "'");
        }
        if (!(o.scale() > 0 && o.scale() <= 1) || o.rtts() < 1 || o.seeds() < 1 || avq < 0 || o.threads() < 1) {
            throw new IllegalArgumentException("--scale must be in (0, 1], --rtts, --seeds and --threads at least 1, "
                    + "--avq-buffer positive");
        }
        if (o.preregistered() && !b.ns2()) {
            throw new IllegalArgumentException("--preregistered runs an ns-2 baseline (ns2 or ns2-2.35) with rdp beside it, not "
                    + "--baseline " + o.baseline());
        }
        return new AecnExperiment(new AecnExperiment.Params(o.scale(), o.rtts(), o.seeds(), avq, b, o.preregistered()));
    }
}
