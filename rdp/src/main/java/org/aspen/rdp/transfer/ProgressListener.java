package org.aspen.rdp.transfer;

/**
 * Progress of a transfer, called on the node's loop at most every progress interval and once at the end.
 *
 * <pre>{@code
 * ProgressListener p = (bytes, total, nanos, rateBps) -> bar.update(bytes, total, rateBps);
 * }</pre>
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param bytes   bytes acknowledged (sender) or delivered (receiver) so far
     * @param total   expected total, or -1 when unknown
     * @param nanos   time since the transfer started
     * @param rateBps goodput since the last call, bits/s
     */
    void progress(long bytes, long total, long nanos, double rateBps);

    ProgressListener NONE = (b, t, n, r) -> {
    };
}
