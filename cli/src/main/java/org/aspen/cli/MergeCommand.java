package org.aspen.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Slice;
import org.aspen.experiments.sweep.Sweep;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code aspen experiment merge DIR...}: combines the slices that {@code aspen experiment NAME
 * --shard K/N} wrote into exactly the files one run of the whole sweep writes (wall time aside),
 * and prints what that run prints.
 *
 * <pre>{@code
 * aspen experiment abcd --seeds 30 --shard 1/2 --out s1     # on one machine
 * aspen experiment abcd --seeds 30 --shard 2/2 --out s2     # on another
 * aspen experiment merge s1 s2 --out docs/results/abcd-30seeds
 * }</pre>
 *
 * The experiment is made again from the options the slices recorded, by this version's
 * {@code aspen experiment NAME}; slices of different experiments or parameters, a slice given twice
 * and a missing slice are one-line errors.
 */
@Command(name = "merge",
        description = {"Combines the slices of a sweep (aspen experiment NAME --shard K/N) into the files one run "
                + "of the whole sweep writes, and prints its table."})
final class MergeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ./NAME, the experiment's name).")
    Path out;

    @Option(names = "--json", description = "Print the summary as JSON (what summary.json holds) instead of the table.")
    boolean json;

    @Parameters(paramLabel = "SLICE", arity = "1..*",
            description = "Output directories of the --shard runs (or their slice files), every slice once.")
    List<Path> slices;

    @Override
    public Integer call() throws Exception {
        List<Slice> all;
        try {
            all = Slice.readAll(slices);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Slice first = all.get(0);
        List<String> args = new ArrayList<>(List.of("experiment", first.experiment()));
        args.addAll(first.arguments());
        Experiment<?, ?, ?> e;
        try {
            CommandLine.ParseResult pr = Aspen.commandLine().parseArgs(args.toArray(String[]::new));
            if (!(pr.subcommand().subcommand().commandSpec().userObject() instanceof ExperimentSubcommand sub)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "the slices name '" + first.experiment()
                        + "', which is not an experiment");
            }
            e = sub.experiment();
        } catch (CommandLine.ParameterException ex) {
            throw new CommandLine.ParameterException(spec.commandLine(), "the slices' experiment '" + String.join(" ", args.subList(1, args.size()))
                    + "' cannot be made again: " + ex.getMessage());
        }
        Path dir = out != null ? out : Path.of(e.name());
        try {
            Sweep.merge(e, all, new Sweep.Options(1, dir, json), spec.commandLine().getOut());
        } catch (IllegalArgumentException ex) {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
        }
        return Aspen.OK;
    }
}
