package org.aspen.lab.time;

import java.util.concurrent.TimeUnit;

/**
 * This host's time, for the harness around a run and never for what runs inside it: how long a run
 * or a sweep took (the reports' wall times), pacing a simulation to the wall for the dashboard,
 * deadlines of the process runner, and timestamps people or tools read (pcap epochs, a restarted
 * node's first auth counter). Nodes, protocols and AAs read only their scheduler's clock; in the lab,
 * experiments and dashboard modules this is the one class that reads the host's clocks, so a search
 * for {@code System.nanoTime} or {@code Thread.sleep} finds nothing else there.
 *
 * <pre>{@code
 * long t0 = HostTime.nanos();
 * ...
 * double wall = HostTime.secondsSince(t0);     // for a report's wallSeconds
 * HostTime.sleepUntil(t0 + 1_000_000_000L);     // pacing
 * }</pre>
 */
public final class HostTime {
    private HostTime() {
    }

    /** The host's monotonic clock in nanoseconds (an arbitrary origin): for intervals and deadlines. */
    public static long nanos() {
        return System.nanoTime();
    }

    /** Seconds of the monotonic clock since {@code start} (a value of {@link #nanos}). */
    public static double secondsSince(long start) {
        return (nanos() - start) / 1e9;
    }

    /** Calendar time in nanoseconds since the Unix epoch, at the system clock's millisecond resolution. */
    public static long epochNanos() {
        return System.currentTimeMillis() * 1_000_000L;
    }

    /** Sleeps until the monotonic clock reaches {@code deadline} (a value of {@link #nanos}); at once if past. */
    public static void sleepUntil(long deadline) throws InterruptedException {
        long left = deadline - nanos();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
