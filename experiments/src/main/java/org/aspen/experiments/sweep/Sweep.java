package org.aspen.experiments.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            order.add(i);
        }
        Comparator<P> start = e.startOrder();
        order.sort((a, b) -> start.compare(plan.get(a), plan.get(b)));
        List<Callable<R>> tasks = new ArrayList<>();
        for (int i : order) {
            P p = plan.get(i);
            tasks.add(() -> e.run(p));
        }
        long wall0 = HostTime.nanos();
        List<R> done = ParallelRuns.run(e.name(), Math.min(o.threads(), e.maxParallel()), tasks);
        double wall = HostTime.secondsSince(wall0);
        List<R> runs = new ArrayList<>(plan.size());
        for (int i = 0; i < plan.size(); i++) {
            runs.add(null);
        }
        for (int k = 0; k < order.size(); k++) {
            runs.set(order.get(k), done.get(k));
        }
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
