package org.aspen.vnet.time;

/**
 * The only source of time in node, protocol and AA code.
 *
 * <pre>{@code
 * long sentAt = clock.nanos();
 * ...
 * long rtt = clock.nanos() - sentAt;
 * }</pre>
 *
 * In the simulated runtime it is virtual time (starts at 0); in the real runtime it is a monotonic
 * wall clock whose zero is the runtime's start. Never compare values from different runtimes.
 */
public interface Clock {
    /** Nanoseconds since this runtime's epoch. Monotonic, never negative. */
    long nanos();

    /** Convenience: milliseconds since the runtime's epoch, as a double. */
    default double millis() {
        return nanos() / 1e6;
    }
}
