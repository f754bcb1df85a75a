package org.aspen.ee.api;

/**
 * A scheduled callback.
 *
 * <pre>{@code
 * Timer t = ctx.schedule(TimeUnit.SECONDS.toNanos(1), this::expire);
 * t.cancel();
 * }</pre>
 */
public interface Timer {
    /** Cancels it if it has not run yet; doing so twice is harmless. */
    void cancel();

    boolean isCancelled();
}
