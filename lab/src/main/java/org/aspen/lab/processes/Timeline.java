package org.aspen.lab.processes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.config.Units;

/**
 * A {@link ProcessLab} run's wall clock: time zero (when every node process is up), tasks at scenario
 * times (each handed to its own worker, since control requests block), and the run's event log.
 *
 * <pre>{@code
 * try (Timeline time = Timeline.startNow()) {
 *     time.at(4_000_000_000L, () -> node.call("link.set", args));   // 4 s after time zero
 *     time.note("a: link a-b cut");                                   // "4.0s: a: link a-b cut"
 * }
 * }</pre>
 */
final class Timeline implements AutoCloseable {
    private final long t0;
    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, daemon("aspen-processes-timer"));
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon("aspen-processes-call"));
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());

    private Timeline(long t0) {
        this.t0 = t0;
    }

    static Timeline startNow() {
        return new Timeline(HostTime.nanos());
    }

    long t0() {
        return t0;
    }

    /** Runs {@code task} on a worker {@code t} nanoseconds after time zero (at once when that has passed). */
    void at(long t, Runnable task) {
        timer.schedule(() -> workers.execute(task), Math.max(0, t0 + t - HostTime.nanos()), TimeUnit.NANOSECONDS);
    }

    /** As {@link #at(long, Runnable)} at a scenario time as written (null: time zero). */
    void at(String when, Runnable task) {
        at(when == null ? 0 : Units.nanos(when), task);
    }

    /** Runs {@code task} on a worker now. */
    void now(Runnable task) {
        workers.execute(task);
    }

    /** Logs {@code what}, prefixed with the time since time zero. */
    void note(String what) {
        events.add(elapsed() + ": " + what);
    }

    /** Logs {@code line} as it is. */
    void noteRaw(String line) {
        events.add(line);
    }

    List<String> events() {
        synchronized (events) {
            return new ArrayList<>(events);
        }
    }

    String elapsed() {
        return Units.formatNanos(Math.max(0, HostTime.nanos() - t0));
    }

    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdownNow();
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}
