package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aspen aa list}: a running node's AAs, one line each (id, state, digest, counters). */
@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Lists the node's AAs: id, state, digest, counters.")
final class AaListCommand implements Callable<Integer> {
    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        JsonNode r = control.call("aa.list", Map.of(), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), r.path("aas"), true, out -> {
            if (r.path("aas").isEmpty()) {
                out.println("no AAs on this node");
                return;
            }
            out.printf("%-28s %-9s %-14s %9s %9s %7s  %s%n", "AA", "STATE", "DIGEST", "PACKETS", "BYTES", "ERRORS", "DESCRIPTION");
            for (JsonNode a : r.path("aas")) {
                JsonNode c = a.path("counters");
                out.printf("%-28s %-9s %-14s %9d %9d %7d  %s%n", a.path("id").asText(), a.path("state").asText(),
                        a.path("digest").asText().substring(0, Math.min(12, a.path("digest").asText().length())),
                        c.path("packets").asLong(), c.path("bytes").asLong(), c.path("errors").asLong(),
                        a.hasNonNull("stopReason") ? "stopped: " + a.path("stopReason").asText() : a.path("description").asText());
            }
        });
    }
}
