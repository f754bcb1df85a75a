package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.aspen.vnet.VAddr;
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
        JsonNode[] summary = new JsonNode[1];
        control.stream("ping", Map.of("target", target, "count", count, "intervalMs", intervalMs, "timeoutMs", timeoutMs),
                timeout.quietLimit(intervalMs), d -> {
                    if (d != null && d.has("sent")) {
                        summary[0] = d;
                    }
                    printLine(out, d);
                });
        JsonNode s = summary[0];
        if (s == null) {
            throw new IllegalStateException("the node ended the ping without a summary");
        }
        if (!output.json()) {
            out.printf("--- %s: %d sent, %d received, %.0f%% loss", target, s.path("sent").asInt(), s.path("received").asInt(),
                    100.0 * s.path("lost").asInt() / Math.max(1, s.path("sent").asInt()));
            if (s.path("received").asInt() > 0) {
                out.printf(", rtt min/avg/max %.3f/%.3f/%.3f ms", s.path("rttMinMs").asDouble(), s.path("rttAvgMs").asDouble(),
                        s.path("rttMaxMs").asDouble());
            }
            out.println();
        }
        out.flush();
        return s.path("received").asInt() > 0 ? Aspen.OK : Aspen.FAILURE;
    }

    /** One reply (or the summary, which only --json prints as it comes). */
    private void printLine(PrintWriter out, JsonNode d) {
        if (d == null) {
            return;
        }
        if (output.json()) {
            out.println(d);
        } else if (!d.has("sent")) {
            String st = d.path("status").asText();
            if (st.equals("reply")) {
                out.printf("reply from %s: seq=%d ttl=%d time=%.3f ms%n", who(d), d.path("seq").asInt(),
                        d.path("ttl").asInt(), d.path("rttMs").asDouble());
            } else if (st.equalsIgnoreCase("timeout")) {
                out.printf("timeout waiting for %s, seq %d%n", target, d.path("seq").asInt());
            } else {
                String from = d.path("from").asText("");
                out.printf("seq=%d %s%s%n", d.path("seq").asInt(), st.replace('_', ' ').toLowerCase(java.util.Locale.ROOT),
                        from.isEmpty() || from.equals("0.0.0.0") ? "" : " from " + from);
            }
        }
        out.flush();
    }

    /** The address a reply came from, with the node's name when the node knows it: {@code 10.0.0.2 (b)}. */
    static String who(JsonNode d) {
        String from = d.path("from").asText();
        return d.hasNonNull("name") ? from + " (" + d.path("name").asText() + ")" : from;
    }
}
