package org.aspen.rdp.transfer;

/**
 * One progress line of a node's {@code rdp.send} or {@code rdp.recv} reply, in this field order: the
 * bytes moved so far, the bytes the transfer will move (-1 when the receiver does not know yet), the
 * seconds since it started and the goodput since the last line in bits/s, rounded.
 *
 * <pre>{@code
 * ProgressListener p = (bytes, total, nanos, rate) -> reply.next(TransferProgress.of(bytes, total, nanos, rate));
 * // {"bytes":524288,"total":1048576,"seconds":0.25,"rateBps":8000000}
 * TransferProgress t = ReportJson.MAPPER.treeToValue(line, TransferProgress.class);
 * }</pre>
 */
public record TransferProgress(long bytes, long total, double seconds, long rateBps) {

    /** The line for a {@link ProgressListener} call. */
    public static TransferProgress of(long bytes, long total, long nanos, double rateBps) {
        return new TransferProgress(bytes, total, nanos / 1e9, Math.round(rateBps));
    }

    /** Whether the total is known (a sender knows it; a receiver learns it from the transfer's header). */
    public boolean totalKnown() {
        return total > 0;
    }
}
