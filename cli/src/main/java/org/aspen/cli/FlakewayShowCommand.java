package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aspen flakeway show}: a running node's flakeway rules with their buffers and counters. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Lists the rules with their buffers and counters.")
final class FlakewayShowCommand implements Callable<Integer> {
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
        JsonNode d = control.call("flakeway.show", Map.of(), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), d, false, out -> {
            JsonNode rules = d.path("rules");
            out.printf("flakeway on %s (%s): %d rule(s)%n", control.node, d.path("via").asText(), rules.size());
            rules.fields().forEachRemaining(e -> {
                JsonNode r = e.getValue();
                out.printf("%s: %s%n", e.getKey(), r.path("spec").asText());
                out.printf("    matched %d  emitted %d  lost %d+%d  duplicated %d  reordered %d  corrupted %d  overflow %d"
                                + "  held %d (peak %d)  buffer %s packets / %s bytes%n",
                        r.path("matched").asLong(), r.path("emitted").asLong(), r.path("lostRandom").asLong(),
                        r.path("lostBurst").asLong(), r.path("duplicated").asLong(), r.path("reordered").asLong(),
                        r.path("corrupted").asLong(), r.path("overflow").asLong(), r.path("heldPackets").asLong(),
                        r.path("peakHeldPackets").asLong(), r.path("bufferPackets").asText(), r.path("bufferBytes").asText());
            });
        });
    }
}
