package org.aspen.ee;

/**
 * One AA instance's counters, written on the node's loop.
 *
 * <pre>{@code
 * AaCounts c = instance.counters().counts();   // packets 12, bytes 12000, ...
 * }</pre>
 */
public final class AaCounters {
    /** Packets handed to the AA (diverted or addressed to it by AA spec), and their frame bytes. */
    public long packets;
    public long bytes;
    public long messages;
    public long congestionEvents;
    public long timers;
    /** Diverted packets the AA re-injected or dropped. */
    public long reinjected;
    public long dropped;
    /** Diverted packets the AA had not seen yet when it stopped, handed back to the node. */
    public long released;
    /** Packets the AA originated on the raw channel. */
    public long sent;
    /** Handler exceptions caught. */
    public long errors;
    /** Inbound items lost because the AA's queue was full or its channel was closed. */
    public long queueDrops;
    /** Calls that ran past their budget or out of stack or heap (each stops the AA). */
    public long overruns;
    /** Time the AA's calls ran, by the handler clock (0 in the simulation, where virtual time stands still in a call). */
    public long handlerNanos;
    /**
     * The longest call; where a watchdog watches the node (the real runtime), the longest turn of
     * the inbound queue: up to {@code drainBatch} calls handed over together, one call when only one
     * was waiting (the host clock is read twice per turn, not once per packet).
     */
    public long maxHandlerNanos;

    /** The counters now. */
    public AaCounts counts() {
        return new AaCounts(packets, bytes, messages, congestionEvents, timers, reinjected, dropped, released, sent, errors,
                queueDrops, overruns, handlerNanos, maxHandlerNanos);
    }
}
