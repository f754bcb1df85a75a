package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code aspen flakeway set RULE}: adds a flakeway rule on a running node, or changes one in place. */
@Command(name = "set", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Adds a rule, or changes the rule of the same name in place (counters and held packets kept).")
final class FlakewaySetCommand implements Callable<Integer> {
    // '%%': picocli formats descriptions, so a bare '%' would print a warning instead of the text
    @Parameters(arity = "1..*", paramLabel = "RULE",
            description = "The rule in compact form, quoted, e.g. \"name wan; match dst=10.0.0.3; delay 20ms; loss 1%%\".")
    List<String> words;

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
        JsonNode d = control.call("flakeway.set", Map.of("rule", String.join(" ", words)), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), d, false,
                out -> out.printf("rule %s set on %s: %s%n", d.path("name").asText(), control.node, d.path("spec").asText()));
    }
}
