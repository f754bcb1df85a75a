package org.aspen.ee.api;

/**
 * A named counter the AA keeps; the node reports it with the AA's own counters ({@code aspen
 * stats}, {@code aspen aa list}) under {@code metrics}.
 *
 * <pre>{@code
 * AaCounter filtered = ctx.counter("packetsFiltered");
 * filtered.increment();
 * }</pre>
 */
public interface AaCounter {
    void add(long delta);

    default void increment() {
        add(1);
    }

    long get();
}
