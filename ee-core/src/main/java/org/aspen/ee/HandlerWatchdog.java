package org.aspen.ee;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.aspen.vnet.time.Clock;

/**
 * Real runtime only: a daemon thread that notices an AA handler running past its budget on the
 * node's event loop. It cannot stop the handler (the loop thread is the only one that may touch
 * node state); it calls the overrun callback once, which marks the AA, and the EE stops the AA as
 * soon as the handler returns. The node's loop carries on with everything else after that.
 *
 * <pre>{@code
 * HandlerWatchdog dog = new HandlerWatchdog(100_000_000L, udpNetwork.clock());
 * ee.setWatchdog(dog);          // the EE calls enter/exit around every handler
 * ...
 * dog.close();
 * }</pre>
 *
 * It charges a handler for the CPU time its loop thread uses (read from this thread with
 * {@code ThreadMXBean.getThreadCpuTime}), so on a busy host a handler the operating system has
 * descheduled is not taken for a runaway; a handler that blocks instead of computing is caught by
 * a wall-time ceiling of ten budgets, read from the clock it is given (the real runtime's monotonic
 * wall clock, safe to read from any thread). Where the JVM cannot measure thread CPU time, the
 * budget applies to wall time. It never reads the system clock itself.
 */
public final class HandlerWatchdog implements AutoCloseable {
    private record Watch(long startedAt, long threadId, long cpuAtStart, LongConsumer onOverrun) {
    }

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isThreadCpuTimeSupported() && THREADS.isCurrentThreadCpuTimeSupported();

    /** A handler blocked (not computing) this many budgets of wall time is reported too. */
    private static final long WALL_CEILING = 10;
    private final long budgetNanos;
    private final Clock clock;
    private final Thread thread;
    private volatile Watch current;
    private volatile boolean closed;

    public HandlerWatchdog(long budgetNanos, Clock clock) {
        this.budgetNanos = budgetNanos;
        this.clock = clock;
        this.thread = new Thread(this::watch, "aa-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** A handler starts; {@code onOverrun} gets the elapsed nanoseconds if it overruns (watchdog thread). */
    public void enter(LongConsumer onOverrun) {
        Thread t = Thread.currentThread();
        current = new Watch(clock.nanos(), t.getId(), CPU ? THREADS.getCurrentThreadCpuTime() : -1, onOverrun);
    }

    public void exit() {
        current = null;
    }

    private void watch() {
        long tick = Math.max(1_000_000L, budgetNanos / 4);
        while (!closed) {
            LockSupport.parkNanos(tick);
            Watch w = current;
            if (w != null) {
                long wall = clock.nanos() - w.startedAt;
                long cpu = w.cpuAtStart >= 0 ? THREADS.getThreadCpuTime(w.threadId) - w.cpuAtStart : wall;
                boolean overrun = cpu > budgetNanos || wall > budgetNanos * WALL_CEILING;
                if (overrun && current == w) {
                    current = null;  // report each overrun once
                    w.onOverrun.accept(cpu > budgetNanos ? cpu : wall);
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
