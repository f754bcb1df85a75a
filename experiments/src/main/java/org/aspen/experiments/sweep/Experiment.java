package org.aspen.experiments.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * A seed paper's experiment: the parameters of its independent runs, how to make one, and what the
 * finished runs become: a typed summary (written as {@code summary.json}), CSV files, plots and a
 * table on standard output. {@link Sweep#run} drives it; the {@code aspen experiment} subcommands
 * only turn options into the parameters.
 *
 * <pre>{@code
 * AbcdExperiment e = new AbcdExperiment(AbcdExperiment.Params.defaults());
 * AbcdExperiment.Summary s = Sweep.run(e, new Sweep.Options(2, Path.of("abcd"), false), out);
 * }</pre>
 *
 * Runs are independent (each a seeded simulation, or one real-UDP run), so they may go in any order
 * and in parallel; their results reach {@link #summarise} in the order of {@link #plan}.
 *
 * @param <P> the parameters of one run (a point of the sweep and a seed)
 * @param <R> what one run measured
 * @param <S> the summary over all runs: what {@code summary.json} holds
 */
public interface Experiment<P, R, S> {

    /** The name on the command line ({@code aspen experiment NAME}) and on the progress bar. */
    String name();

    /** Every run's parameters, in the order of the output tables. */
    List<P> plan();

    /** The order in which runs start (default: the plan's); slowest first lets the threads finish together. */
    default Comparator<P> startOrder() {
        return (a, b) -> 0;
    }

    /** At most this many runs at once (default: no limit but the threads asked for). */
    default int maxParallel() {
        return Integer.MAX_VALUE;
    }

    /**
     * The experiment's parameters in one line: slices of a sweep ({@code --shard}) merge only when
     * theirs are equal. By default the {@code toString} of the record a public {@code params()}
     * method returns (every experiment has one), else the plan's.
     */
    default String parameters() {
        try {
            return String.valueOf(getClass().getMethod("params").invoke(this));
        } catch (ReflectiveOperationException e) {
            return plan().toString();
        }
    }

    /** Makes one run; called from several threads at once. */
    R run(P run) throws Exception;

    /** The summary of the runs, given in plan order; {@code wallSeconds} is the time the runs took. */
    S summarise(List<R> runs, double wallSeconds);

    /** Writes every file but {@code summary.json}, which the runner writes from the summary. */
    void write(Outcome<R, S> done) throws IOException;

    /** The table on standard output (without {@code --json}). */
    void print(PrintWriter out, Outcome<R, S> done);

    /**
     * A finished sweep: the runs in plan order, their summary, the wall time of the runs and the
     * output directory.
     */
    record Outcome<R, S>(List<R> runs, S summary, double wallSeconds, Path dir) {
    }
}
