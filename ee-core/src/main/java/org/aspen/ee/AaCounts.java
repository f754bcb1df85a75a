package org.aspen.ee;

/**
 * The counters the EE keeps of one AA instance at a moment ({@link AaCounters#counts()}): an AA row's
 * {@code counters} in {@code stats} and {@code aa list}, in this field order (docs/ee.md).
 *
 * <pre>{@code
 * AaCounts c = instance.counters().counts();
 * double busy = c.handlerNanos() / 1e9;
 * }</pre>
 */
public record AaCounts(long packets, long bytes, long messages, long congestionEvents, long timers, long reinjected, long dropped,
                       long released, long sent, long errors, long queueDrops, long overruns, long handlerNanos,
                       long maxHandlerNanos) {
}
