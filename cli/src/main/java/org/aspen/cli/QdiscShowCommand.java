package org.aspen.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code aspen qdisc show [LINK]}: a running node's queue disciplines and their counters. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Describes the disciplines and queue counters.")
final class QdiscShowCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "LINK", description = "One link (default: all).")
    String link;

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
        output.printAnswer(spec.commandLine().getOut(), control.call("qdisc.show", link == null ? Map.of() : Map.of("link", link), timeout.duration()));
        return Aspen.OK;
    }
}
