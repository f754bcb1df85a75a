package org.aspen.cli;

import org.aspen.experiments.sweep.PaperExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen experiment NAME}: reproduces a seed paper's experiment. One subcommand per
 * experiment, each with its own options and defaults; the experiments live in the
 * {@code experiments} module and run through its {@code Sweep} runner.
 *
 * <pre>{@code
 * aspen experiment --help                                  # the experiments
 * aspen experiment acc-figure4 --seeds 10 --out results/acc
 * aspen experiment abcd --help                             # one experiment's options and defaults
 * aspen experiment abcd --shard 1/2 --out s1 && aspen experiment abcd --shard 2/2 --out s2
 * aspen experiment merge s1 s2 --out abcd                  # the files of one unsharded run
 * }</pre>
 *
 * The experiments register themselves ({@link PaperExperiment#all()}); {@link #addExperiments} makes
 * a subcommand of each from its options record ({@link ExperimentSubcommand}), then adds
 * {@code merge}. A new experiment touches no CLI code (docs/reproducing.md, "Adding a paper").
 */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = {"Reproduces a seed paper's experiment: runs it (in the simulation, or over real UDP for "
                + "acc-overhead) and writes CSV, JSON and PNG plots. Results and the commands that made them: "
                + "docs/results-*.md."},
        footerHeading = "%n",
        footer = {"'aspen experiment NAME --help' lists an experiment's options and defaults."})
public final class ExperimentCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Gives {@code aspen experiment} ({@code cl}) a subcommand per registered experiment, then {@code merge}. */
    static void addExperiments(CommandLine cl) {
        for (PaperExperiment<?> p : PaperExperiment.all()) {
            cl.addSubcommand(ExperimentSubcommand.commandLine(p));
        }
        cl.addSubcommand(new MergeCommand());
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing experiment: one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
