package org.aspen.ee;

/**
 * Node-wide EE counters (starts, refusals, fetches), written on the node's loop.
 *
 * <pre>{@code
 * EeCounts c = ee.counters().counts();
 * }</pre>
 */
public final class EeCounters {
    public long started;
    public long stopped;
    /** Code the trust policy or the jar checks refused. */
    public long refused;
    public long fetches;
    public long fetchFailures;
    public long digestMismatches;
    /** Packets for an AA that could not be started, or that overflowed the pending queue. */
    public long pendingDrops;
    /** AA messages for an AA that does not run here, or malformed. */
    public long undeliverableMessages;
    /** Error notices received from other nodes that refused code we asked them to run. */
    public long remoteRefusals;
    /** AAs stopped or refused because AA code ran past its budget or out of stack or heap. */
    public long overruns;

    /** The counters now. */
    public EeCounts counts() {
        return new EeCounts(started, stopped, refused, fetches, fetchFailures, digestMismatches, pendingDrops,
                undeliverableMessages, remoteRefusals, overruns);
    }
}
