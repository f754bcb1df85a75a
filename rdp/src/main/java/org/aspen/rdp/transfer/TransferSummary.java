package org.aspen.rdp.transfer;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
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
 * Its JSON is what {@link #toMap()} writes (a node's {@code rdp.send} and {@code rdp.recv} replies), and
 * Jackson reads that back into the record ({@link #fromJson}): {@code nanos} from {@code seconds},
 * no {@code series}; {@code goodputBps} is derived, and keys that are not the summary's (the reply's
 * {@code summary} flag, its window-close figures) are skipped.
 * <pre>{@code
 * TransferSummary s = ReportJson.MAPPER.treeToValue(reply, TransferSummary.class);
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
@JsonIgnoreProperties(ignoreUnknown = true)
public record TransferSummary(String role, String peer, long bytes, long expected, int segment, long nanos, long retransmissions,
                              long windowCloses, String sha256, boolean complete, CloseReason end,
                              Map<String, Object> stats, ConnectionStats series) {
    /**
     * The summary {@link #toMap()} wrote, as Jackson reads it: {@code nanos} is {@code seconds} * 1e9
     * rounded (exact for any transfer shorter than about 13 days), so {@link #seconds()} and
     * {@link #goodputBps()} give back the numbers that were written.
     */
    @JsonCreator
    static TransferSummary fromJson(@JsonProperty("role") String role, @JsonProperty("peer") String peer,
                                    @JsonProperty("bytes") long bytes, @JsonProperty("expected") long expected,
                                    @JsonProperty("segment") int segment, @JsonProperty("seconds") double seconds,
                                    @JsonProperty("retransmissions") long retransmissions,
                                    @JsonProperty("windowCloses") long windowCloses, @JsonProperty("sha256") String sha256,
                                    @JsonProperty("complete") boolean complete, @JsonProperty("end") CloseReason end,
                                    @JsonProperty("stats") Map<String, Object> stats) {
        return new TransferSummary(role, peer, bytes, expected, segment, Math.round(seconds * 1e9), retransmissions,
                windowCloses, sha256, complete, end, stats, null);
    }

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
