package org.aspen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code aspen bench}: measurements, each against a baseline measured in the same run, printed as
 * ratios. Not tests: figures depend on the machine. The measuring is in the {@code bench} module.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures Aspen against baselines measured in the same run.",
        subcommands = {BenchForwardCommand.class, BenchLatencyCommand.class, BenchSimCommand.class, BenchRdpCommand.class,
                BenchFlakewayCommand.class, BenchSoakCommand.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing benchmark (forward, latency, sim, rdp, flakeway, soak)");
    }
}
