package org.aspen.lab.judge;

import java.util.Map;

/**
 * How a transfer or bulk flow ended, as both runners report it to the judges.
 *
 * <pre>{@code
 * TransferOutcome t = evidence.transfer("bulk");
 * boolean ok = t.sent() != null && t.digestMatch();
 * }</pre>
 *
 * @param name           its report name
 * @param bulk           a bulk flow (true) or a transfer
 * @param sent           the sender's summary, or null when the sender did not finish
 * @param bytesReceived  what the receiver's summary counted, or null when it has none
 * @param digestMatch    both ends complete and the receiver's SHA-256 equal to the sender's
 * @param report         the transfer's report (as in the lab report's {@code transfers}), numbers by dotted path
 * @param senderCounters the sender connection's counters ({@code aecnEchoes}, {@code timeouts}, ...); empty when unknown
 * @param failure        why the sender failed, when a runner knows it; else null
 */
public record TransferOutcome(String name, String from, String to, boolean bulk, Sent sent, Long bytesReceived,
                              boolean digestMatch, Map<String, Object> report, Map<String, Object> senderCounters,
                              String failure) {
    /** The sender's summary: bytes acknowledged, segments sent again, payload bits per second. */
    public record Sent(long bytes, long retransmissions, double goodputBps) {
    }

    /** A number of the report by dotted path ({@code closesByCause.ECN}), else a sender counter; null when neither has it. */
    public Object stat(String path) {
        Object v = report;
        for (String part : path.split("\\.")) {
            v = v instanceof Map<?, ?> m ? m.get(part) : null;
        }
        if (v == null && sent != null) {
            v = senderCounters.get(path);
        }
        return v;
    }
}
