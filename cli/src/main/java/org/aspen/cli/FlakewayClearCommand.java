package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code aspen flakeway clear [NAME]}: removes one flakeway rule, or all, from a running node. */
@Command(name = "clear", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Removes the named rule, or every rule.")
final class FlakewayClearCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "NAME", description = "The rule to remove (default: every rule).")
    String name;

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
        JsonNode d = control.call("flakeway.clear", name == null ? Map.of() : Map.of("name", name), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), d, false,
                out -> out.printf("cleared %d rule(s) on %s%n", d.path("cleared").asInt(), control.node));
    }
}
