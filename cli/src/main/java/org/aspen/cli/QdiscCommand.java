package org.aspen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aspen qdisc set|show}: a running node's link queue disciplines. */
@Command(name = "qdisc", mixinStandardHelpOptions = true,
        description = "Shows or changes the queue discipline of a running node's links (see docs/queues.md).",
        subcommands = {QdiscSetCommand.class, QdiscShowCommand.class})
public final class QdiscCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (set, show)");
    }
}
