package org.aspen.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aspen stats}: a running node's counters: node, links, UDP socket, EE and AAs. */
@Command(name = "stats", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows a running node's counters (node, links, socket, execution environment and AAs).")
public final class StatsCommand implements Callable<Integer> {
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
        output.printAnswer(spec.commandLine().getOut(), control.call("stats", Map.of(), timeout.duration()));
        return Aspen.OK;
    }
}
