package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Locale;
import org.aspen.lab.report.ProgressBar;
import org.aspen.lab.scenario.Values;

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
    private final boolean json;
    private final ProgressBar bar;
    private JsonNode summary;

    TransferPrinter(PrintWriter out, boolean json, String label) {
        this.out = out;
        this.json = json;
        this.bar = new ProgressBar(label);
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
        long total = d.path("total").asLong(-1);
        String detail = String.format(Locale.ROOT, "%s  %s", human(bytes) + (total > 0 ? " / " + human(total) : ""),
                Values.formatRate(d.path("rateBps").asLong()));
        bar.update(total > 0 ? bytes / (double) total : 0, detail);
    }

    /** Prints the summary; returns it (null when the node sent none). */
    JsonNode finish() {
        bar.done();
        if (summary == null) {
            return null;
        }
        if (json) {
            out.println(summary.toString());
        } else {
            out.printf(Locale.ROOT, "%s %s bytes %s %s in %.3f s: goodput %s, %d retransmissions, %d window closes%n",
                    summary.path("role").asText().equals("send") ? "sent" : "received", summary.path("bytes").asText(),
                    summary.path("role").asText().equals("send") ? "to" : "from", summary.path("peer").asText(),
                    summary.path("seconds").asDouble(), Values.formatRate(summary.path("goodputBps").asLong()),
                    summary.path("retransmissions").asLong(), summary.path("windowCloses").asLong());
            out.printf("sha256 %s%s%n", summary.path("sha256").asText(), summary.path("complete").asBoolean() ? "" : "  (INCOMPLETE)");
        }
        out.flush();
        return summary;
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
