package org.aspen.ee.api;

/**
 * Undoes a registration (a congestion listener). Closing twice is harmless; the EE closes every
 * registration when the AA stops.
 *
 * <pre>{@code
 * Registration r = ctx.onCongestion(listener);
 * r.close();
 * }</pre>
 */
@FunctionalInterface
public interface Registration extends AutoCloseable {
    @Override
    void close();
}
