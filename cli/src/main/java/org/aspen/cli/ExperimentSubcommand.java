package org.aspen.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.experiments.sweep.Shard;
import org.aspen.experiments.sweep.Sweep;
import org.aspen.lab.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every {@code aspen experiment} subcommand shares: {@code --help}, the {@link OutputOptions}
 * mixin ({@code --out}, {@code --json}), {@code --shard K/N}, the {@link ThreadsOption} and
 * {@link SeedsOption} mixins for those that have them ({@code --seeds} with each experiment's own
 * default), and the steps: check the options, then print one run's scenario, run the sweep, or run
 * one slice of it ({@link MergeCommand} combines the slices).
 *
 * <pre>{@code
 * // in a subclass annotated with the subcommand's name and description:
 * final class AbcdCommand extends ExperimentSubcommand {
 *     // a @Mixin field: SeedsOption seeds = new SeedsOption(3);
 *     Experiment<?, ?, ?> experiment() { return new AbcdExperiment(params from the options); }
 * }
 * }</pre>
 */
abstract class ExperimentSubcommand implements java.util.concurrent.Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Mixin
    OutputOptions output;

    @Option(names = "--shard", paramLabel = "K/N",
            description = "Run only slice K of N of the sweep (the runs whose index mod N is K-1) into a slice file "
                    + "in the output directory; 'aspen experiment merge' makes this run's files from the slices.")
    String shard;

    /** The experiment the options describe; throws {@link #usage} errors for bad values. */
    abstract Experiment<?, ?, ?> experiment();

    /** Runs at once: {@code --threads} where the subcommand has the {@link ThreadsOption} mixin, else 1. */
    int threads() {
        return spec.mixins().values().stream().map(CommandLine.Model.CommandSpec::userObject)
                .filter(ThreadsOption.class::isInstance).mapToInt(o -> ((ThreadsOption) o).threads).findFirst().orElse(1);
    }

    /** {@code --print-scenario CONFIG:DELAY_MS} split in two; a usage error naming {@code example} otherwise. */
    String[] configAndDelay(String value, String example) {
        String[] cd = value.split(":");
        if (cd.length != 2 || !cd[1].matches("\\d+")) {
            throw usage("--print-scenario takes CONFIG:DELAY_MS, e.g. " + example);
        }
        return cd;
    }

    /** The scenario {@code --print-scenario} asks for, or null when it was not given (or the experiment has none). */
    Scenario scenarioToPrint() {
        return null;
    }

    @Override
    public Integer call() throws Exception {
        Experiment<?, ?, ?> e = experiment();
        Scenario s = scenarioToPrint();
        CommandLine.Model.CommandSpec cs = spec;
        if (s != null) {
            cs.commandLine().getOut().print(ScenarioYaml.write(s));
            cs.commandLine().getOut().flush();
            return Aspen.OK;
        }
        Path dir = output.out != null ? output.out : Path.of(cs.name());
        if (shard != null) {
            Shard k;
            try {
                k = Shard.parse(shard);
            } catch (IllegalArgumentException ex) {
                throw usage(ex.getMessage());
            }
            if (output.json) {
                throw usage("--json: a slice has no summary to print ('aspen experiment merge --json' prints the sweep's)");
            }
            Sweep.runSlice(e, k, arguments(), new Sweep.Options(threads(), dir, false), cs.commandLine().getOut());
            return Aspen.OK;
        }
        Sweep.run(e, new Sweep.Options(threads(), dir, output.json), cs.commandLine().getOut());
        return Aspen.OK;
    }

    /** Options that do not change what a sweep computes, left out of a slice's arguments. */
    private static final List<String> NOT_PARAMETERS = List.of("--shard", "--out", "--json", "--threads", "--help", "--usage");

    /**
     * The options given to this subcommand that make its experiment, as arguments that make it again
     * ({@code --seeds 2 --delays 10,50}): what a slice records for {@code aspen experiment merge}.
     */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (NOT_PARAMETERS.contains(o.longestName())) {
                continue;
            }
            if (o.arity().max() == 0) {
                args.add(o.longestName());
            } else {
                for (String v : o.originalStringValues()) {
                    args.add(o.longestName());
                    args.add(v);
                }
            }
        }
        return args;
    }

    /** A usage error (exit 2) of this subcommand. */
    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The checks of the config x delay x seed sweeps (acc-figure4, abcd): a bad value is a usage error. */
    void checkDelayGrid(int seeds, double seconds, List<Integer> delays, int threads, int buffer) {
        if (seeds < 1 || seconds <= 2 || delays.isEmpty() || threads < 1 || delays.stream().anyMatch(d -> d < 0) || buffer < 1) {
            throw usage("--seeds must be at least 1, --duration more than 2s, --threads and --buffer at least 1, "
                    + "--delays non-negative");
        }
    }

    /** A duration option's value ({@link UnitConverters.Duration}'s nanoseconds) in seconds. */
    static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** {@code --out DIR} (default: the experiment's name) and {@code --json}. */
    static final class OutputOptions {
        @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ./${COMMAND-NAME}).")
        Path out;

        @Option(names = "--json", description = "Print the summary as JSON (what summary.json holds) instead of the table.")
        boolean json;
    }

    /** {@code --threads N}: independent runs at once. */
    static final class ThreadsOption {
        @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
                description = "Runs at once, each an independent seeded simulation: changes only the wall time "
                        + "(default: ${DEFAULT-VALUE}).")
        int threads;
    }

    /** {@code --seeds N}: runs per point, with the experiment's own default. */
    static final class SeedsOption {
        @Option(names = "--seeds", paramLabel = "N", description = "Runs per point, seeds 1..N (default: ${DEFAULT-VALUE}).")
        int seeds;

        SeedsOption() {
            this(1);
        }

        SeedsOption(int defaultSeeds) {
            seeds = defaultSeeds;
        }
    }
}
