package org.aspen.cli;

import org.aspen.experiments.aecn.AecnExperiment;
import org.aspen.experiments.sweep.Experiment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment aecn}: the AntiECN paper's Experiments 1-3 ({@link AecnExperiment}).
 *
 * <pre>{@code
 * aspen experiment aecn --scale 0.1 --rtts 1000 --seeds 3 --out results/aecn
 * aspen experiment aecn --avq-buffer 100 --out aecn-avq100     # sensitivity: AVQ's buffer 100 packets
 * aspen experiment aecn --baseline ns2 --preregistered --out results/aecn   # issue 29: judged by its pre-registration, RDP beside
 * }</pre>
 */
@Command(name = "aecn",
        description = {"AntiECN paper, Experiments 1-3: Table I, cwnd, utilisation.",
                "In the simulation, the paper's 1 Gb/s set-up scaled down. Files: runs.csv, one series CSV per "
                        + "run, comparison.md (with the paper comparison), summary.json, Figures 3-10 as PNGs "
                        + "(docs/results-aecn.md)."})
final class AecnCommand extends ExperimentSubcommand {
    @Mixin
    ThreadsOption threads;

    @Option(names = "--scale", paramLabel = "K", defaultValue = "0.1",
            description = "Bandwidth and buffers as a share of the paper's 1 Gb/s set-up "
                    + "(default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--rtts", paramLabel = "N", defaultValue = "1000",
            description = "Run length in round-trip times, at 40 and 200 ms alike (default: ${DEFAULT-VALUE}).")
    int rtts;

    @Mixin
    SeedsOption seeds = new SeedsOption(3);

    @Option(names = "--avq-buffer", paramLabel = "bdp|PACKETS", defaultValue = "bdp",
            description = "AVQ's virtual buffer: the real one (one BDP) or full-size packets, scaled by --scale "
                    + "(default: ${DEFAULT-VALUE}).")
    String avqBuffer;

    @Option(names = "--baseline", paramLabel = "BASELINE", defaultValue = "ns2",
            description = "The senders' transport: ns2 (ns-2's TCP Reno with ECN, AntiECN's increase on it, the "
                    + "text's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's "
                    + "defaults) or rdp (Aspen RDP) (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--preregistered",
            description = "Judge the paper comparison by its pre-registration (issue 29) and run the same sweep on rdp "
                    + "beside the ns-2 baseline, the Aspen RDP column (files prefixed rdp-); the single-flow runs, "
                    + "which the seed does not change, run once, Experiment 3 once per seed (default: off).")
    boolean preregistered;

    @Override
    Experiment<?, ?, ?> experiment() {
        org.aspen.experiments.aecn.AecnBaseline b = org.aspen.experiments.aecn.AecnBaseline.byId(baseline);
        if (b == null) {
            throw usage("--baseline: unknown baseline '" + baseline + "' (known: ns2, ns2-2.35, rdp)");
        }
        int avq;
        try {
            avq = "bdp".equalsIgnoreCase(avqBuffer) ? 0 : Integer.parseInt(avqBuffer);
        } catch (NumberFormatException e) {
            throw usage("--avq-buffer must be 'bdp' or a number of packets, got '" + avqBuffer + "'");
        }
        if (!(scale > 0 && scale <= 1) || rtts < 1 || seeds.seeds < 1 || avq < 0 || threads.threads < 1) {
            throw usage("--scale must be in (0, 1], --rtts, --seeds and --threads at least 1, --avq-buffer positive");
        }
        if (preregistered && !b.ns2()) {
            throw usage("--preregistered runs an ns-2 baseline (ns2 or ns2-2.35) with rdp beside it, not --baseline " + baseline);
        }
        return new AecnExperiment(new AecnExperiment.Params(scale, rtts, seeds.seeds, avq, b, preregistered));
    }
}
