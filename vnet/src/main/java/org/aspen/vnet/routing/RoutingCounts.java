package org.aspen.vnet.routing;

/**
 * Link-state routing's counters at a moment ({@code control.routing} in a node's {@code stats}
 * reply), in this field order: messages sent, shortest-path runs, route changes, the sequence number
 * of the node's own advert and the adverts in its database.
 *
 * <pre>{@code
 * RoutingCounts r = routing.counters();
 * long changes = r.routeChanges();
 * }</pre>
 */
public record RoutingCounts(long hellosSent, long lsasSent, long lsaRetransmits, long acksSent, long spfRuns, long routeChanges,
                            int ownSeq, int databaseSize) {
}
