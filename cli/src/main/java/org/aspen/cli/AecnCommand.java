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
 * aspen experiment aecn --scale 0.1 --paper-duration 200s --out results/aecn
 * }</pre>
 */
@Command(name = "aecn",
        description = {"AntiECN paper, Experiments 1-3: Table I, cwnd, utilisation.",
                "In the simulation, the paper's 1 Gb/s set-up scaled down. Files: runs.csv, one series CSV per "
                        + "run, table1.md, summary.json, Figures 3-10 as PNGs (docs/results-aecn.md)."})
final class AecnCommand extends ExperimentSubcommand {
    @Mixin
    ThreadsOption threads;

    @Option(names = "--scale", paramLabel = "K", defaultValue = "0.1",
            description = "Bandwidth, buffers and run length as a share of the paper's 1 Gb/s set-up "
                    + "(default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--paper-duration", paramLabel = "DURATION", defaultValue = "200s",
            description = "Run length at full size; simulated as this x --scale (default: ${DEFAULT-VALUE}).")
    String paperDuration;

    @Override
    Experiment<?, ?, ?> experiment() {
        double paperSeconds = seconds("--paper-duration", paperDuration);
        if (!(scale > 0 && scale <= 1) || paperSeconds <= 0 || threads.threads < 1) {
            throw usage("--scale must be in (0, 1], --paper-duration positive, --threads at least 1");
        }
        return new AecnExperiment(AecnExperiment.Params.of(scale, paperSeconds));
    }
}
