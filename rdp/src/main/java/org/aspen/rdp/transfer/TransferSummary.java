package org.aspen.rdp.transfer;

import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.rdp.CloseReason;
import org.aspen.rdp.ConnectionStats;

/**
 * The outcome of one transfer, from one end.
 *
 * <pre>{@code
 * TransferSummary s = sender.result().join();
 * System.out.printf("%d bytes in %.2f s, %.1f Mb/s, %d retransmissions%n", s.bytes(), s.seconds(), s.goodputBps() / 1e6, s.retransmissions());
 * }</pre>
 *
 * @param role            "send" or "recv"
 * @param peer            the other end, {@code addr:port}
 * @param bytes           bytes acknowledged (sender) or delivered (receiver), excluding the transfer header
 * @param expected        size announced by the sender, -1 if unknown
 * @param segment         largest data length per segment: what the sender sent at most (the peer's SYN
 *                        and, when sized from the path, its own first link), what the receiver announced
 * @param nanos           from connect (sender) or accept (receiver) to the end
 * @param retransmissions segments sent again
 * @param windowCloses    congestion-window reductions, all causes
 * @param sha256          hex digest of the bytes sent or delivered
 * @param complete        sender: all data acknowledged; receiver: the announced size arrived
 * @param end             why the connection ended
 * @param stats           the connection's counters
 * @param series          the connection's time series (for the CSV trace file)
 */
public record TransferSummary(String role, String peer, long bytes, long expected, int segment, long nanos, long retransmissions,
                              long windowCloses, String sha256, boolean complete, CloseReason end,
                              Map<String, Object> stats, ConnectionStats series) {
    public double seconds() {
        return nanos / 1e9;
    }

    /** Bits per second of payload over the whole transfer. */
    public double goodputBps() {
        return nanos <= 0 ? 0 : bytes * 8e9 / nanos;
    }

    /** Fields for JSON output ({@code --json}). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("role", role);
        m.put("peer", peer);
        m.put("bytes", bytes);
        m.put("expected", expected);
        m.put("segment", segment);
        m.put("seconds", seconds());
        m.put("goodputBps", goodputBps());
        m.put("retransmissions", retransmissions);
        m.put("windowCloses", windowCloses);
        m.put("sha256", sha256);
        m.put("complete", complete);
        m.put("end", end == null ? null : end.name());
        m.put("stats", stats);
        return m;
    }
}
