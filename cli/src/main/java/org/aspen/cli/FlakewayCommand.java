package org.aspen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen flakeway set|clear|show}: a running node's impairment rules, through its control
 * endpoint (commands {@code flakeway.set}, {@code flakeway.clear}, {@code flakeway.show}).
 *
 * <pre>
 * aspen flakeway set --node 127.0.0.1:7002 "name wan; match dst=10.0.0.3; delay 20ms jitter 5ms; loss 1%"
 * aspen flakeway show --node 127.0.0.1:7002
 * aspen flakeway clear --node 127.0.0.1:7002 wan
 * </pre>
 */
@Command(name = "flakeway", mixinStandardHelpOptions = true,
        description = {"Sets, clears and shows the flakeway's impairment rules on a running node (see 'aspen node').",
                "The rules are netem-style: delay, loss, duplication, reordering, corruption, rate. "
                        + "Rule syntax: docs/flakeway.md."},
        subcommands = {FlakewaySetCommand.class, FlakewayClearCommand.class, FlakewayShowCommand.class})
public final class FlakewayCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: set, clear or show");
    }
}
