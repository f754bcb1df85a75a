package org.aspen.rdp.transfer;

import java.util.function.LongSupplier;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/** Calls a {@link ProgressListener} every interval of the node's clock until stopped, and once at the end. */
final class Progress {
    private final Scheduler scheduler;
    private final ProgressListener listener;
    private final LongSupplier bytes;
    private final long total;
    private final long interval;
    private final long start;
    private long lastBytes;
    private long lastTime;
    private Cancellable timer = Cancellable.NONE;

    Progress(Scheduler scheduler, ProgressListener listener, LongSupplier bytes, long total, long interval) {
        this.scheduler = scheduler;
        this.listener = listener;
        this.bytes = bytes;
        this.total = total;
        this.interval = interval;
        this.start = scheduler.nanos();
        this.lastTime = start;
        if (listener != ProgressListener.NONE && interval > 0) {
            timer = scheduler.schedule(interval, this::tick);
        }
    }

    long start() {
        return start;
    }

    private void tick() {
        report();
        timer = scheduler.schedule(interval, this::tick);
    }

    private void report() {
        long now = scheduler.nanos();
        long b = bytes.getAsLong();
        double rate = now > lastTime ? (b - lastBytes) * 8e9 / (now - lastTime) : 0;
        lastBytes = b;
        lastTime = now;
        listener.progress(b, total, now - start, rate);
    }

    void stop() {
        timer.cancel();
        if (listener != ProgressListener.NONE) {
            report();
        }
    }
}
