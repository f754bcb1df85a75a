package org.aspen.vnet.time;

import java.util.concurrent.TimeUnit;

/**
 * A node's event loop seen as a clock plus a timer service. Every task runs on the loop's single
 * thread, so node state needs no locks.
 *
 * <pre>{@code
 * Cancellable t = scheduler.schedule(TimeUnit.MILLISECONDS.toNanos(250), this::sendHello);
 * t.cancel();
 * }</pre>
 *
 * Real runtime: a Netty event loop and the monotonic wall clock. Simulated runtime: the global
 * discrete-event queue, ordered by (time, insertion sequence), so ties run in a reproducible order.
 */
public interface Scheduler extends Clock {
    /** Runs {@code task} on the loop after {@code delayNanos} (0 or negative: as soon as possible, after the current task). */
    Cancellable schedule(long delayNanos, Runnable task);

    default Cancellable schedule(long delay, TimeUnit unit, Runnable task) {
        return schedule(unit.toNanos(delay), task);
    }

    /** Runs {@code task} on the loop after the current task; safe to call from any thread in the real runtime. */
    void execute(Runnable task);

    /** True when the caller is running on this loop's thread. */
    boolean inLoop();
}
