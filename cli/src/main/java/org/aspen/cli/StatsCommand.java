package org.aspen.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen stats}: a running node's counters: a summary of a few lines (build, neighbours, routes,
 * packets, links, AAs; {@link StatsSummary}), then every counter (node, links, UDP socket, EE and AAs).
 */
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
        var out = spec.commandLine().getOut();
        var stats = control.call("stats", Map.of(), timeout.duration());
        if (!output.json()) {
            // five seconds' reading first; the full dump follows
            StatsSummary.lines(stats).forEach(out::println);
            out.println();
            out.println("details:");
        }
        output.printAnswer(out, stats);
        return Aspen.OK;
    }
}
