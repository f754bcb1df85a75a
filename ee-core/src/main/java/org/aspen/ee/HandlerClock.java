package org.aspen.ee;

/**
 * How the EE measures a handler's duration against its time budget.
 *
 * <pre>{@code
 * ee.setHandlerClock(node.scheduler()::nanos);   // the default
 * }</pre>
 *
 * The default is the node clock: in the real runtime that is the monotonic wall clock, so an
 * overrun is seen when the handler returns; in the simulation virtual time does not move inside a
 * handler, so handlers cost nothing unless a test supplies a clock that charges them. A handler
 * that never returns is reported while it runs by the real runtime's {@link HandlerWatchdog}.
 */
@FunctionalInterface
public interface HandlerClock {
    long nanos();
}
