package org.aspen.experiments.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.aspen.lab.report.ProgressBar;

/**
 * Independent runs on a fixed pool of threads, with a progress bar; results in task order. A run
 * that fails fails the whole call with its own exception (the others are interrupted).
 *
 * <pre>{@code
 * List<Run> runs = ParallelRuns.run("acns", 2, tasks);
 * }</pre>
 */
public final class ParallelRuns {
    private ParallelRuns() {
    }

    public static <T> List<T> run(String label, int threads, List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ProgressBar bar = new ProgressBar(label);
        int[] finished = {0};
        List<Future<T>> futures = new ArrayList<>(tasks.size());
        for (Callable<T> task : tasks) {
            futures.add(pool.submit(() -> {
                T result = task.call();
                synchronized (bar) {
                    finished[0]++;
                    bar.update(finished[0] / (double) tasks.size(), finished[0] + "/" + tasks.size() + " runs");
                }
                return result;
            }));
        }
        List<T> results = new ArrayList<>(tasks.size());
        try {
            for (Future<T> f : futures) {
                results.add(f.get());
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            pool.shutdownNow();
            bar.done();
        }
        return results;
    }
}
