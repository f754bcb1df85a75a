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
 * It reads time from the clock it is given (the real runtime's monotonic wall clock, which is safe
 * to read from any thread); it never reads the system clock itself.
 */
public final class HandlerWatchdog implements AutoCloseable {
    private record Watch(long startedAt, LongConsumer onOverrun) {
    }

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
        current = new Watch(clock.nanos(), onOverrun);
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
                long elapsed = clock.nanos() - w.startedAt;
                if (elapsed > budgetNanos && current == w) {
                    current = null;  // report each overrun once
                    w.onOverrun.accept(elapsed);
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
