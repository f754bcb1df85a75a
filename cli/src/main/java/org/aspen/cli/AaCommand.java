package org.aspen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code aspen aa list|start|stop}: the active applications of a running node; {@code aspen aa new}: a new AA project. */
@Command(name = "aa", mixinStandardHelpOptions = true,
        description = "Lists, starts and stops the active applications of a running node; writes a new AA project.",
        subcommands = {AaListCommand.class, AaStartCommand.class, AaStopCommand.class, AaLogsCommand.class, AaNewCommand.class})
public final class AaCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand (list, start, stop, new)");
    }
}
