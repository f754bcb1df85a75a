package org.aspen.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.lab.time.HostTime;

/**
 * Runs an {@link Experiment}: its runs on a pool of threads, then its summary, files and table.
 *
 * <pre>{@code
 * Sweep.run(new AccFigure4Experiment(params), new Sweep.Options(2, Path.of("acc"), false), printWriter);
 * }</pre>
 *
 * Writes {@code summary.json} (the summary record through one indenting Jackson mapper) beside the
 * experiment's own files, and prints either the experiment's table or, with {@code json}, the same
 * summary.
 *
 * <p>A sweep too big for one machine runs in slices: {@link #runSlice} runs the runs of one
 * {@link Shard} and writes them as a {@link Slice}; {@link #merge} reads every slice back and goes
 * through the same summary, files and table as {@link #run}, so the files are the same but for
 * wall time (docs/reproducing.md):
 *
 * <pre>{@code
 * Sweep.runSlice(e, Shard.parse("1/2"), List.of("--seeds", "2"), new Sweep.Options(2, Path.of("s1"), false), out);
 * Sweep.runSlice(e, Shard.parse("2/2"), List.of("--seeds", "2"), new Sweep.Options(2, Path.of("s2"), false), out);
 * Sweep.merge(e, Slice.readAll(List.of(Path.of("s1"), Path.of("s2"))), new Sweep.Options(1, Path.of("all"), false), out);
 * }</pre>
 */
public final class Sweep {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** How many runs go at once, where the files go, and whether standard output gets the JSON summary. */
    public record Options(int threads, Path dir, boolean json) {
    }

    private Sweep() {
    }

    /** Runs every run of the plan, then writes and prints; returns the summary. */
    public static <P, R, S> S run(Experiment<P, R, S> e, Options o, PrintWriter out) throws Exception {
        List<P> plan = e.plan();
        Files.createDirectories(o.dir());
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            all.add(i);
        }
        long wall0 = HostTime.nanos();
        List<R> runs = runAll(e, plan, all, o.threads());
        double wall = HostTime.secondsSince(wall0);
        return finish(e, runs, wall, o, out);
    }

    /**
     * Runs the slice {@code shard} of the plan ({@link Shard}) and writes it into the output
     * directory as {@code slice-K-of-N.json} ({@link Slice}), for {@link #merge}; writes nothing
     * else. {@code arguments} are the options that make the experiment again (see {@link Slice}).
     * Prints one line: the slice, its runs and the file.
     */
    public static <P, R, S> Slice runSlice(Experiment<P, R, S> e, Shard shard, List<String> arguments, Options o, PrintWriter out)
            throws Exception {
        List<P> plan = e.plan();
        List<Integer> mine = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            if (shard.has(i)) {
                mine.add(i);
            }
        }
        long wall0 = HostTime.nanos();
        List<R> runs = runAll(e, plan, mine, o.threads());
        double wall = HostTime.secondsSince(wall0);
        List<Slice.IndexedRun> indexed = new ArrayList<>();
        for (int j = 0; j < mine.size(); j++) {
            indexed.add(new Slice.IndexedRun(mine.get(j), Slice.tree(runs.get(j))));
        }
        Slice slice = new Slice(e.name(), e.parameters(), arguments, shard.k(), shard.n(), plan.size(), wall, indexed);
        Path file = slice.write(o.dir());
        out.printf(Locale.ROOT, "%s: slice %s, %d of %d runs in %.0f s; written to %s (merge: aspen experiment merge DIR...)%n",
                e.name(), shard, mine.size(), plan.size(), wall, file);
        out.flush();
        return slice;
    }

    /**
     * Combines the slices of a sweep ({@link Slice#readAll}: every slice once) into exactly the
     * files one run of the whole sweep writes, and prints what it prints; returns the summary. The
     * runs' results are the slices'; the summary's wall time is the sum of the slices' (the
     * machine time of the whole sweep, as if its slices had run one after another).
     *
     * @throws IllegalArgumentException when the slices are not of {@code e}: another experiment,
     *                                  other parameters, or a plan of another size
     */
    public static <P, R, S> S merge(Experiment<P, R, S> e, List<Slice> slices, Options o, PrintWriter out) throws Exception {
        List<P> plan = e.plan();
        Slice first = slices.get(0);
        if (!first.experiment().equals(e.name()) || !first.parameters().equals(e.parameters()) || first.planSize() != plan.size()) {
            throw new IllegalArgumentException("the slices (" + first.experiment() + " " + String.join(" ", first.arguments())
                    + ") are not of this sweep (" + e.name() + ", " + plan.size() + " runs): made by another version of Aspen?");
        }
        JavaType runType = Slice.MAPPER.getTypeFactory().findTypeParameters(e.getClass(), Experiment.class)[1];
        List<R> runs = new ArrayList<>(plan.size());
        for (int i = 0; i < plan.size(); i++) {
            runs.add(null);
        }
        double wall = 0;
        for (Slice s : slices) {
            wall += s.wallSeconds();
            for (Slice.IndexedRun r : s.runs()) {
                if (r.index() < 0 || r.index() >= plan.size() || !s.shardOf().has(r.index()) || runs.get(r.index()) != null) {
                    throw new IllegalArgumentException("slice " + s.shardOf() + " holds run " + r.index() + ", not one of its own");
                }
                runs.set(r.index(), Slice.MAPPER.treeToValue(r.run(), runType));
            }
        }
        for (int i = 0; i < plan.size(); i++) {
            if (runs.get(i) == null) {
                throw new IllegalArgumentException("no slice holds run " + i + " of " + e.name() + " (" + plan.get(i) + ")");
            }
        }
        Files.createDirectories(o.dir());
        return finish(e, runs, wall, o, out);
    }

    /** The runs at {@code indices} of the plan, in the experiment's start order on the threads; results in {@code indices}' order. */
    private static <P, R, S> List<R> runAll(Experiment<P, R, S> e, List<P> plan, List<Integer> indices, int threads) throws Exception {
        List<Integer> order = new ArrayList<>(indices);
        Comparator<P> start = e.startOrder();
        order.sort((a, b) -> start.compare(plan.get(a), plan.get(b)));
        List<Callable<R>> tasks = new ArrayList<>();
        for (int i : order) {
            P p = plan.get(i);
            tasks.add(() -> e.run(p));
        }
        List<R> done = ParallelRuns.run(e.name(), Math.min(threads, e.maxParallel()), tasks);
        Map<Integer, R> byIndex = new HashMap<>();
        for (int k = 0; k < order.size(); k++) {
            byIndex.put(order.get(k), done.get(k));
        }
        List<R> runs = new ArrayList<>(indices.size());
        for (int i : indices) {
            runs.add(byIndex.get(i));
        }
        return runs;
    }

    /** The summary of the runs (in plan order), the experiment's files, {@code summary.json} and the table or JSON on {@code out}. */
    private static <P, R, S> S finish(Experiment<P, R, S> e, List<R> runs, double wall, Options o, PrintWriter out) throws Exception {
        S summary = e.summarise(runs, wall);
        Experiment.Outcome<R, S> outcome = new Experiment.Outcome<>(List.copyOf(runs), summary, wall, o.dir());
        e.write(outcome);
        Files.writeString(o.dir().resolve("summary.json"), json(summary));
        if (o.json()) {
            out.println(json(summary));
        } else {
            e.print(out, outcome);
        }
        out.flush();
        return summary;
    }

    /** The summary as {@code summary.json} holds it (indented, no newline at the end). */
    public static String json(Object summary) {
        try {
            return JSON.writeValueAsString(summary);
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Wall seconds to one decimal, as summaries record them. */
    public static double tenths(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }
}
