package org.aspen.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.lab.report.EchoReply;
import org.aspen.lab.report.HopReply;
import org.aspen.lab.report.PingSummaryReply;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code aspen ping VADDR}: echo requests from a running node. */
@Command(name = "ping", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends VNet echo requests from a running node (see 'aspen node') to VADDR.",
                "Exits 0 when at least one reply came back, 1 otherwise."})
public final class PingCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "VADDR", description = "Destination VNet address, e.g. 10.0.0.3.")
    String target;

    @Option(names = {"-c", "--count"}, defaultValue = "4", paramLabel = "N",
            description = "Requests to send (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = {"-i", "--interval"}, converter = UnitConverters.Duration.class, defaultValue = "1s", paramLabel = "D",
            description = "Time between requests (default: ${DEFAULT-VALUE}).")
    long interval;

    @CommandLine.Mixin
    ReplyTimeoutOption timeout = new ReplyTimeoutOption();

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        VAddr.parse(target);
        long intervalMs = interval / 1_000_000L;
        long timeoutMs = timeout.millis();
        if (count < 1 || timeoutMs < 1) {
            throw new IllegalArgumentException("--count must be at least 1 and --timeout at least 1ms");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!output.json()) {
            out.printf("PING %s via node %s%n", target, control.node);
        }
        PingSummaryReply[] summary = new PingSummaryReply[1];
        control.stream("ping", Map.of("target", target, "count", count, "intervalMs", intervalMs, "timeoutMs", timeoutMs),
                timeout.quietLimit(intervalMs), d -> {
                    if (d == null) {
                        return;
                    }
                    if (output.json()) {
                        out.println(d);
                    }
                    if (d.has("sent")) {
                        summary[0] = read(d, PingSummaryReply.class);
                    } else if (!output.json()) {
                        printLine(out, read(d, EchoReply.class));
                    }
                    out.flush();
                });
        PingSummaryReply s = summary[0];
        if (s == null) {
            throw new IllegalStateException("the node ended the ping without a summary");
        }
        if (!output.json()) {
            out.printf("--- %s: %d sent, %d received, %.0f%% loss", target, s.sent(), s.received(),
                    100.0 * s.lost() / Math.max(1, s.sent()));
            if (s.answered()) {
                out.printf(", rtt min/avg/max %.3f/%.3f/%.3f ms", s.rttMinMs(), s.rttAvgMs(), s.rttMaxMs());
            }
            out.println();
        }
        out.flush();
        return s.answered() ? Aspen.OK : Aspen.FAILURE;
    }

    /** One probe's line, as text. */
    private void printLine(PrintWriter out, EchoReply e) {
        if (e.answered()) {
            out.printf("reply from %s: seq=%d ttl=%d time=%.3f ms%n", who(e.from(), e.name()), e.seq(), e.ttl(), e.rttMs());
        } else if (e.status().equalsIgnoreCase("timeout")) {
            out.printf("timeout waiting for %s, seq %d%n", target, e.seq());
        } else {
            String from = e.from() == null ? "" : e.from();
            out.printf("seq=%d %s%s%n", e.seq(), e.status().replace('_', ' ').toLowerCase(java.util.Locale.ROOT),
                    from.isEmpty() || from.equals("0.0.0.0") ? "" : " from " + from);
        }
    }

    /** A line of a node's reply as its record ({@link EchoReply}, {@link PingSummaryReply}, {@link HopReply}). */
    static <T> T read(JsonNode line, Class<T> type) {
        try {
            return ReportJson.MAPPER.treeToValue(line, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the node sent a line that is not a " + type.getSimpleName() + ": " + line, e);
        }
    }

    /** The address a reply came from, with the node's name when the node knows it: {@code 10.0.0.2 (b)}. */
    static String who(String from, String name) {
        return name != null ? from + " (" + name + ")" : String.valueOf(from);
    }
}
