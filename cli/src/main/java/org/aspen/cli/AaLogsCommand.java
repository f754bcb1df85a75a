package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.config.Units;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code aspen aa logs AA [--follow]}: an AA's log lines (info and above, and the node's lines about
 * it: failures with the AA's own frames, its stop), from the node's control endpoint, so an AA's
 * developer needs no access to the node's host (issue 30 item 4). The node keeps an instance's last
 * 256 lines.
 */
@Command(name = "logs", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Prints an AA's log lines kept by the node (its last 256 at info and above); --follow keeps printing new ones.")
final class AaLogsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "AA", description = "name@version, or a name for its newest instance.")
    String aa;

    @Option(names = {"-f", "--follow"}, description = "Keep asking for new lines (every --poll) until interrupted.")
    boolean follow;

    @Option(names = "--poll", converter = UnitConverters.Duration.class, defaultValue = "500ms", paramLabel = "D", description = "How often --follow asks (default ${DEFAULT-VALUE}).")
    long poll;

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        long pollMs = poll / 1_000_000L;
        if (pollMs < 1) {
            throw new IllegalArgumentException("--poll must be at least 1ms, not '" + Units.formatNanos(poll) + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        long after = 0;
        String id = null;
        do {
            JsonNode r = control.call("aa.logs", Map.of("aa", aa, "after", after), timeout.duration());
            if (id != null && !id.equals(r.path("id").asText())) {
                out.println("--- now " + r.path("id").asText());   // a newer instance of the name (an upgrade)
                r = control.call("aa.logs", Map.of("aa", aa, "after", 0), timeout.duration());
            }
            id = r.path("id").asText();
            for (JsonNode l : r.path("lines")) {
                out.printf("%s %10.3f s %-5s %s%n", id, l.path("atNanos").asLong() / 1e9, l.path("level").asText(),
                        l.path("line").asText());
            }
            after = r.path("last").asLong();
            out.flush();
            if (follow) {
                TimeUnit.MILLISECONDS.sleep(pollMs);   // the CLI's own pace, not a node's
            }
        } while (follow);
        return Aspen.OK;
    }
}
