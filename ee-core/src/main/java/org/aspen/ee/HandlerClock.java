package org.aspen.ee;

/**
 * How the EE measures a handler's duration ({@code handlerNanos}, {@code maxHandlerNanos}) and,
 * where no {@link HandlerWatchdog} watches the node, charges it against its time budget on return.
 *
 * <pre>{@code
 * ee.setHandlerClock(node.scheduler()::nanos);   // the default
 * }</pre>
 *
 * The default is the node clock: in the simulation virtual time does not move inside a handler, so
 * handlers cost no time (runaway code is stopped there by the count of budget checks, {@link AaBudget})
 * unless a test supplies a clock that charges them. In the real runtime the node clock is the
 * monotonic wall clock and only measures; the watchdog charges CPU time while the handler runs.
 */
@FunctionalInterface
public interface HandlerClock {
    long nanos();
}
