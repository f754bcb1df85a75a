package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.aspen.lab.report.ProgressBar;
import org.aspen.vnet.config.Units;

/**
 * Shows a transfer's streamed progress lines and its summary, for {@code aspen send} and {@code aspen recv}.
 * Only presentation of what the node streams (a progress bar, one summary line or its JSON), so it stays
 * beside the two commands that print it.
 *
 * <pre>{@code
 * TransferPrinter printer = new TransferPrinter(out, json, "sending");
 * control.stream("rdp.send", args, quiet, printer::accept);
 * JsonNode summary = printer.finish();
 * }</pre>
 */
final class TransferPrinter {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private final ProgressBar bar;
    private JsonNode summary;
    private long bytesSoFar = -1;

    TransferPrinter(PrintWriter out, PrintWriter err, boolean json, String label) {
        this(out, err, json, new ProgressBar(label));
    }

    /** With a given progress bar (tests draw it into a buffer). */
    TransferPrinter(PrintWriter out, PrintWriter err, boolean json, ProgressBar bar) {
        this.out = out;
        this.err = err;
        this.json = json;
        this.bar = bar;
    }

    void accept(JsonNode d) {
        if (d == null) {
            return;
        }
        if (d.path("summary").asBoolean(false)) {
            summary = d;
            return;
        }
        if (d.has("listening")) {
            if (!json) {
                out.println("listening on RDP port " + d.get("listening").asInt());
                out.flush();
            }
            return;
        }
        long bytes = d.path("bytes").asLong();
        bytesSoFar = bytes;
        long total = d.path("total").asLong(-1);
        String detail = String.format(Locale.ROOT, "%s  %s", human(bytes) + (total > 0 ? " / " + human(total) : ""),
                Units.formatRate(d.path("rateBps").asLong()));
        bar.update(total > 0 ? bytes / (double) total : 0, detail);
    }

    /** Bytes the last progress line counted, or -1 before the first (no transfer under way yet). */
    long bytesSoFar() {
        return bytesSoFar;
    }

    /** Clears the progress bar when the command gives up without a summary. */
    void abandon() {
        bar.done();
    }

    /**
     * Prints the summary; returns it (null when the node sent none). In text mode an unfinished
     * transfer is one line on the error stream saying why ({@link #why}), not the summary.
     */
    JsonNode finish() {
        bar.done();
        if (summary == null) {
            return null;
        }
        if (json) {
            out.println(summary.toString());
        } else if (!summary.path("complete").asBoolean()) {
            err.println("aspen: " + why(summary));
            err.flush();
        } else {
            out.printf(Locale.ROOT, "%s %s bytes %s %s in %.3f s: goodput %s, %d retransmissions, %d window closes%n",
                    summary.path("role").asText().equals("send") ? "sent" : "received", summary.path("bytes").asText(),
                    summary.path("role").asText().equals("send") ? "to" : "from", summary.path("peer").asText(),
                    summary.path("seconds").asDouble(), Units.formatRate(summary.path("goodputBps").asLong()),
                    summary.path("retransmissions").asLong(), summary.path("windowCloses").asLong());
            out.printf("sha256 %s%s%s%n", summary.path("sha256").asText(),
                    summary.path("segment").asInt() > 0 ? ", segments of up to " + summary.path("segment").asInt() + " bytes" : "",
                    summary.path("complete").asBoolean() ? "" : "  (INCOMPLETE)");
        }
        out.flush();
        return summary;
    }

    /**
     * One line on why a transfer did not complete, from its summary's {@code end} (the connection's
     * {@code CloseReason}), {@code bytes}, {@code expected}, {@code peer} and {@code seconds}.
     */
    static String why(JsonNode s) {
        boolean send = s.path("role").asText().equals("send");
        String peer = s.path("peer").asText();
        String host = peer.contains(":") ? peer.substring(0, peer.lastIndexOf(':')) : peer;
        long bytes = s.path("bytes").asLong();
        long expected = s.path("expected").asLong(-1);
        String amount = bytes + (expected >= 0 ? " of " + expected : "") + " bytes";
        String what = (send ? "send to " : "receive from ") + peer + " failed: ";
        String end = s.path("end").asText("");
        return what + switch (end) {
            case "HANDSHAKE_TIMEOUT" -> String.format(Locale.ROOT, "handshake timed out after %.0f s (no answer from %s)",
                    s.path("seconds").asDouble(), host);
            case "REFUSED" -> "refused by " + peer + " (nothing listening)";
            case "PEER_DEAD" -> "peer stopped answering after " + amount;
            case "PEER_RESET" -> "peer closed the connection after " + amount;
            case "OVERSIZED" -> "peer sent a segment over the maximum size; aborted after " + amount;
            case "PROTOCOL_ERROR" -> "protocol error (unexpected segment); aborted after " + amount;
            case "SHUTDOWN" -> "the node shut down after " + amount;
            default -> "stopped after " + amount + (end.isEmpty() ? "" : " (" + end + ")");
        };
    }

    static String human(long bytes) {
        if (bytes >= 1 << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
        }
        if (bytes >= 1 << 10) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return bytes + " B";
    }
}
