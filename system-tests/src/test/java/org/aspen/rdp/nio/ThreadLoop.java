package org.aspen.rdp.nio;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A minimal real-time node loop (one thread, monotonic wall clock) for RDP's real-UDP tests (test
 * scope since issue 32: the product's real runtime is vnet's Netty one, {@code UdpNetwork}).
 *
 * <pre>{@code
 * try (ThreadLoop loop = new ThreadLoop("node-a")) {
 *     loop.execute(() -> ...);   // runs on the loop thread
 * }
 * }</pre>
 */
public final class ThreadLoop implements Scheduler, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ThreadLoop.class);
    private final ScheduledThreadPoolExecutor exec;
    private final long origin = System.nanoTime();
    private volatile Thread thread;

    public ThreadLoop(String name) {
        exec = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            thread = t;
            return t;
        });
        exec.setRemoveOnCancelPolicy(true);
        exec.prestartAllCoreThreads();
    }

    @Override
    public long nanos() {
        return System.nanoTime() - origin;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        ScheduledFuture<?> f = exec.schedule(guard(task), Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return new Cancellable() {
            @Override
            public void cancel() {
                f.cancel(false);
            }

            @Override
            public boolean isCancelled() {
                return f.isCancelled();
            }
        };
    }

    @Override
    public void execute(Runnable task) {
        exec.execute(guard(task));
    }

    @Override
    public boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    private static Runnable guard(Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warn("task failed on the loop: {}", e.toString());
            }
        };
    }

    @Override
    public void close() {
        exec.shutdownNow();
    }
}
