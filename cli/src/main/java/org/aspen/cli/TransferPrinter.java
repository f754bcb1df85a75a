package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.aspen.lab.report.ProgressBar;
import org.aspen.rdp.transfer.TransferListening;
import org.aspen.rdp.transfer.TransferProgress;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.config.Units;

/**
 * Shows a transfer's streamed progress lines and its summary, for {@code aspen send} and {@code aspen recv}.
 * Only presentation of what the node streams (a progress bar, one summary line or its JSON), so it stays
 * beside the two commands that print it.
 *
 * <pre>{@code
 * TransferPrinter printer = new TransferPrinter(out, json, "sending");
 * control.stream("rdp.send", args, quiet, printer::accept);
 * TransferSummary summary = printer.finish();   // null when the node sent none
 * }</pre>
 */
final class TransferPrinter {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private final ProgressBar bar;
    private JsonNode summaryLine;
    private TransferSummary summary;
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
            summaryLine = d;
            summary = PingCommand.read(d, TransferSummary.class);
            return;
        }
        if (d.has("listening")) {
            if (!json) {
                out.println("listening on RDP port " + PingCommand.read(d, TransferListening.class).listening());
                out.flush();
            }
            return;
        }
        TransferProgress p = PingCommand.read(d, TransferProgress.class);
        bytesSoFar = p.bytes();
        String detail = String.format(Locale.ROOT, "%s  %s", human(p.bytes()) + (p.totalKnown() ? " / " + human(p.total()) : ""),
                Units.formatRate(p.rateBps()));
        bar.update(p.totalKnown() ? p.bytes() / (double) p.total() : 0, detail);
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
    TransferSummary finish() {
        bar.done();
        if (summary == null) {
            return null;
        }
        TransferSummary s = summary;
        boolean send = "send".equals(s.role());
        if (json) {
            out.println(summaryLine.toString());
        } else if (!s.complete()) {
            err.println("aspen: " + why(s));
            err.flush();
        } else {
            out.printf(Locale.ROOT, "%s %d bytes %s %s in %.3f s: goodput %s, %d retransmissions, %d window closes%n",
                    send ? "sent" : "received", s.bytes(), send ? "to" : "from", s.peer(), s.seconds(),
                    Units.formatRate((long) s.goodputBps()), s.retransmissions(), s.windowCloses());
            out.printf("sha256 %s%s%n", s.sha256(), s.segment() > 0 ? ", segments of up to " + s.segment() + " bytes" : "");
        }
        out.flush();
        return summary;
    }

    /**
     * One line on why a transfer did not complete, from its summary's {@code end} (the connection's
     * {@code CloseReason}), {@code bytes}, {@code expected}, {@code peer} and {@code seconds}.
     */
    static String why(TransferSummary s) {
        boolean send = "send".equals(s.role());
        String peer = s.peer();
        String host = peer.contains(":") ? peer.substring(0, peer.lastIndexOf(':')) : peer;
        String amount = s.bytes() + (s.expected() >= 0 ? " of " + s.expected() : "") + " bytes";
        String what = (send ? "send to " : "receive from ") + peer + " failed: ";
        String end = s.end() == null ? "" : s.end().name();
        return what + switch (end) {
            case "HANDSHAKE_TIMEOUT" -> String.format(Locale.ROOT, "handshake timed out after %.0f s (no answer from %s)",
                    s.seconds(), host);
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
