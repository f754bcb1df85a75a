package org.aspen.rdp;

import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/**
 * Spaces a connection's new data segments at a rate, on the node's scheduler: a segment may leave
 * when the previous one's share of time ({@code bytes / rate}) has passed; otherwise one wake-up is
 * scheduled for that moment. No credit builds up while idle, so pacing never releases a burst.
 *
 * <pre>{@code
 * if (!pacer.mayPass(rate, tx::trySend)) return;   // a wake-up will call trySend again
 * send(segment);
 * pacer.sent(rate, segment.length);
 * }</pre>
 */
final class Pacer {
    private final Scheduler scheduler;
    private long nextAt;
    private boolean wakeScheduled;
    private Cancellable wake = Cancellable.NONE;
    long held;

    Pacer(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** True when a segment may leave now at {@code rate} bytes/s (0: unpaced); else schedules {@code retry}. */
    boolean mayPass(long rate, Runnable retry) {
        long now = scheduler.nanos();
        if (rate <= 0 || now >= nextAt) {
            return true;
        }
        if (!wakeScheduled) {
            wakeScheduled = true;
            held++;
            wake = scheduler.schedule(nextAt - now, () -> {
                wakeScheduled = false;
                retry.run();
            });
        }
        return false;
    }

    /** Books {@code bytes} just sent at {@code rate} bytes/s. */
    void sent(long rate, int bytes) {
        if (rate <= 0) {
            return;
        }
        long now = scheduler.nanos();
        nextAt = Math.max(now, nextAt) + Math.max(1, Math.round(bytes * 1e9 / rate));
    }

    void stop() {
        wake.cancel();
        wakeScheduled = false;
    }
}
