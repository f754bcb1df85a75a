package org.aspen.ee;

/**
 * How the EE measures a handler's duration against its time budget.
 *
 * <pre>{@code
 * ee.setHandlerClock(node.scheduler()::nanos);   // the default
 * }</pre>
 *
 * The default is the node clock: in the simulation virtual time does not move inside a handler, so
 * handlers cost nothing unless a test supplies a clock that charges them. The real runtime uses
 * {@link #threadCpu()}: the CPU time of the loop thread, so a handler is charged for the work it
 * does, not for the time the operating system ran other processes on a busy host (wall time there
 * stopped healthy AAs at 100-460 ms "handler time" in the soak benchmark, docs/soak.md). A handler
 * that never returns is reported while it runs by the real runtime's {@link HandlerWatchdog}.
 */
@FunctionalInterface
public interface HandlerClock {
    long nanos();

    /**
     * The calling thread's CPU time (user + system), where the JVM can measure it; otherwise null,
     * and the caller keeps the node clock.
     */
    static HandlerClock threadCpu() {
        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
        if (!t.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        if (!t.isThreadCpuTimeEnabled()) {
            t.setThreadCpuTimeEnabled(true);
        }
        return t::getCurrentThreadCpuTime;
    }
}
