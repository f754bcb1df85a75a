package org.aspen.vnet.udp;

import org.aspen.vnet.time.Clock;

/**
 * The real runtime's clock: monotonic wall time ({@link System#nanoTime}) measured from one epoch
 * shared by every node of a {@link UdpNetwork}, so timestamps from different loops compare.
 *
 * <pre>{@code
 * WallClock clock = new WallClock();
 * clock.start();            // zero is now
 * long t = clock.nanos();
 * }</pre>
 *
 * Before {@link #start} the clock reads 0, like virtual time before a simulation runs; it never goes
 * backwards and never reads negative. This is one of the few classes allowed to read wall time.
 */
public final class WallClock implements Clock {
    private static final long NOT_STARTED = Long.MIN_VALUE;
    private volatile long epoch = NOT_STARTED;

    /** Sets the zero to now; later calls do nothing. */
    public synchronized void start() {
        if (epoch == NOT_STARTED) {
            epoch = System.nanoTime();
        }
    }

    public boolean started() {
        return epoch != NOT_STARTED;
    }

    @Override
    public long nanos() {
        long e = epoch;
        return e == NOT_STARTED ? 0 : Math.max(0, System.nanoTime() - e);
    }
}
