package org.aspen.ee;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import org.aspen.vnet.time.Clock;

/**
 * Real runtime only: a daemon thread that notices an AA handler running past its budget on a
 * node's event loop and marks the call in the AA's {@link AaBudget}, whose next check inside the AA's
 * code throws and unwinds it (the loop thread is the only one that may touch node state, so the
 * watchdog never stops anything itself).
 *
 * <pre>{@code
 * HandlerWatchdog dog = new HandlerWatchdog(100_000_000L, udpNetwork.clock());
 * ee.setWatchdog(dog);          // the EE takes a slot and marks each handler call in it
 * ...
 * dog.close();
 * }</pre>
 *
 * A call costs the loop thread two ordered writes ({@link Slot#enter}, {@link Slot#exit}), no clock:
 * the watchdog samples each slot every budget/4 and, while the same call is still in progress,
 * reads the loop thread's CPU time ({@code ThreadMXBean.getThreadCpuTime}) from its own thread, so
 * a handler is charged for the work it does (on a busy host a descheduled handler is not taken for
 * a runaway) and stopped within its budget plus two samples. A handler blocked instead of computing
 * (where no check can run) is reported after ten budgets of wall time, read from the clock it is
 * given (the real runtime's monotonic clock); the EE refuses code that calls the JDK's blocking
 * methods, so this is a last resort. Where the JVM cannot measure thread CPU time, the budget applies
 * to wall time. It never reads the system clock itself.
 */
public final class HandlerWatchdog implements AutoCloseable {
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isThreadCpuTimeSupported();
    private static final VarHandle SEQ;

    static {
        try {
            SEQ = MethodHandles.lookup().findVarHandle(Slot.class, "seq", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
        if (CPU && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    /** A handler blocked (not computing) this many budgets of wall time is reported too. */
    static final long WALL_CEILING = 10;

    /** One node's loop: the handler call in progress there, if any. */
    public final class Slot implements AutoCloseable {
        // written by the loop thread; seq (odd while a call runs) is written last, with release order
        private long seq;
        private Thread thread;
        private AaBudget budget;
        private long call;
        private long budgetNanos;
        // the watchdog thread's own
        private long seenSeq;
        private long cpuAtSeen;
        private long wallAtSeen;
        private boolean reported;

        /** A call of {@code budget}'s AA, allowed {@code nanos} of CPU, starts on this thread. */
        void enter(AaBudget b, long nanos) {
            Thread t = Thread.currentThread();
            if (thread != t) {
                thread = t;
            }
            budget = b;
            call = b.call();
            budgetNanos = nanos;
            SEQ.setRelease(this, seq + 1);
        }

        void exit() {
            SEQ.setRelease(this, seq + 1);
        }

        private void sample() {
            long q = (long) SEQ.getAcquire(this);
            if ((q & 1) == 0) {
                seenSeq = q;
                return;
            }
            Thread t = thread;
            if (q != seenSeq) {
                seenSeq = q;
                cpuAtSeen = cpu(t);
                wallAtSeen = clock.nanos();
                reported = false;
                return;
            }
            if (reported) {
                return;
            }
            long wall = clock.nanos() - wallAtSeen;
            long cpu = CPU ? cpu(t) - cpuAtSeen : wall;
            AaBudget b = budget;
            long limit = budgetNanos;
            long callNo = call;
            if ((long) SEQ.getAcquire(this) != q) {
                return;   // the call ended while we read
            }
            if (cpu > limit) {
                reported = true;
                b.expire(callNo, String.format("used %.1f ms of CPU, over its %.1f ms budget", cpu / 1e6, limit / 1e6));
            } else if (wall > limit * WALL_CEILING) {
                reported = true;
                b.expire(callNo, String.format("was blocked for %.1f ms, over %d times its %.1f ms budget",
                        wall / 1e6, WALL_CEILING, limit / 1e6));
            }
        }

        private long cpu(Thread t) {
            return CPU && t != null ? THREADS.getThreadCpuTime(t.getId()) : clock.nanos();
        }

        /** The node is gone: stop watching its loop. */
        @Override
        public void close() {
            slots.remove(this);
        }
    }

    private final long tickNanos;
    private final Clock clock;
    private final Thread thread;
    private final CopyOnWriteArrayList<Slot> slots = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** @param budgetNanos the handler budget it mostly watches: it samples every quarter of it (at least 1 ms) */
    public HandlerWatchdog(long budgetNanos, Clock clock) {
        this.tickNanos = Math.max(1_000_000L, budgetNanos / 4);
        this.clock = clock;
        this.thread = new Thread(this::watch, "aa-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** A slot for one node's loop. */
    public Slot slot() {
        Slot s = new Slot();
        slots.add(s);
        return s;
    }

    private void watch() {
        while (!closed) {
            LockSupport.parkNanos(tickNanos);
            for (Slot s : slots) {
                s.sample();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
