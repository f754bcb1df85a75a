package org.aspen.ee;

/**
 * The execution environment's node-wide counters at a moment ({@link EeCounters#counts()}): the
 * {@code ee.ee} part of a node's {@code stats} reply, in this field order (docs/ee.md).
 *
 * <pre>{@code
 * EeCounts c = ee.counters().counts();
 * long refused = c.refused();
 * }</pre>
 */
public record EeCounts(long started, long stopped, long refused, long fetches, long fetchFailures, long digestMismatches,
                       long pendingDrops, long undeliverableMessages, long remoteRefusals, long overruns) {
}
