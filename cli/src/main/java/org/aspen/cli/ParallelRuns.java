package org.aspen.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Independent simulations of an experiment sweep on a fixed pool, with a progress bar.
 *
 * <pre>{@code
 * List<Run> runs = ParallelRuns.all("purple", 2, tasks);   // results in the order of tasks
 * }</pre>
 */
final class ParallelRuns {
    private ParallelRuns() {
    }

    static <T> List<T> all(String label, int threads, List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ProgressBar bar = new ProgressBar(label);
        AtomicInteger done = new AtomicInteger();
        List<Future<T>> futures = new ArrayList<>();
        for (Callable<T> t : tasks) {
            futures.add(pool.submit(() -> {
                T r = t.call();
                int k = done.incrementAndGet();
                synchronized (bar) {
                    bar.update(k / (double) tasks.size(), k + "/" + tasks.size() + " runs");
                }
                return r;
            }));
        }
        List<T> results = new ArrayList<>();
        try {
            for (Future<T> f : futures) {
                results.add(f.get());
            }
        } finally {
            pool.shutdownNow();
            bar.done();
        }
        return results;
    }
}
