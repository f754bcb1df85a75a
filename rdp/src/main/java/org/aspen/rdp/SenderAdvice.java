package org.aspen.rdp;

import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/**
 * The segment-size and pacing advice a connection's sender follows (ACC-ABCD's {@link RateAdvice}),
 * with its expiry and counters. One per connection, on the node's loop.
 *
 * <pre>{@code
 * int size = connection.senderAdvice().segmentSize(connection.maxSendSize());  // what to cut the next chunk to
 * long pace = connection.senderAdvice().paceBytesPerSecond();                   // 0: not paced
 * }</pre>
 *
 * Advice is ordered by the sequence number it names: advice naming an older segment than the last
 * accepted one is stale. It lapses after its lifetime unless renewed (fail-safe: a lost resume or a
 * stopped AA leaves the sender at its normal size and rate).
 */
public final class SenderAdvice {
    private final Scheduler scheduler;
    private final Runnable changed;
    private int size;
    private long pace;
    private long expiresAt;
    private boolean any;
    private int lastSeq;
    private boolean timerScheduled;
    /** When the scheduled check runs: renewed advice only moves {@link #expiresAt}, earlier expiry reschedules. */
    private long timerAt;
    private Cancellable timer = Cancellable.NONE;
    long accepted;
    long resumes;
    long stale;
    long outOfWindow;
    long expired;

    SenderAdvice(Scheduler scheduler, Runnable changed) {
        this.scheduler = scheduler;
        this.changed = changed;
    }

    /** The data length to use: {@code normal}, or the advised size when smaller. */
    public int segmentSize(int normal) {
        return size == 0 ? normal : Math.max(1, Math.min(normal, size));
    }

    /** Pacing rate for new data segments in data bytes per second; 0 when not paced. */
    public long paceBytesPerSecond() {
        return pace;
    }

    /** True while advice other than "normal" is in force. */
    public boolean active() {
        return size != 0 || pace != 0;
    }

    public long accepted() {
        return accepted;
    }

    /** Accepted advices that restored normal size and rate. */
    public long resumes() {
        return resumes;
    }

    /** Advice naming an older segment than advice already accepted, or arriving when not open. */
    public long stale() {
        return stale;
    }

    /** Advice naming a segment not yet sent. */
    public long outOfWindow() {
        return outOfWindow;
    }

    /** Advices that lapsed without renewal. */
    public long expired() {
        return expired;
    }

    /** Applies {@code a} unless it is older than the last accepted advice; false when stale. */
    boolean accept(RateAdvice a) {
        if (any && ConnectionState.seqLt(a.seq(), lastSeq)) {
            stale++;
            return false;
        }
        any = true;
        lastSeq = a.seq();
        accepted++;
        if (a.isResume()) {
            resumes++;
            clear();
            return true;
        }
        size = a.segmentSize();
        pace = a.paceBytesPerSecond();
        long life = a.lifetimeMs() * 1_000_000L;
        expiresAt = scheduler.nanos() + life;
        if (!timerScheduled || expiresAt < timerAt) {
            timer.cancel();
            timerScheduled = true;
            timerAt = expiresAt;
            timer = scheduler.schedule(life, this::check);
        }
        return true;
    }

    private void check() {
        timerScheduled = false;
        if (!active()) {
            return;
        }
        long now = scheduler.nanos();
        if (now < expiresAt) {
            timerScheduled = true;
            timerAt = expiresAt;
            timer = scheduler.schedule(expiresAt - now, this::check);
            return;
        }
        expired++;
        clear();
        changed.run();
    }

    private void clear() {
        size = 0;
        pace = 0;
    }

    void stop() {
        timer.cancel();
        timerScheduled = false;
    }
}
