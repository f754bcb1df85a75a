package org.aspen.cli;

import java.util.concurrent.Callable;
import org.aspen.bench.vnet.LatencyBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen bench latency}: added latency per VNet hop on loopback (see {@link LatencyBench}). */
@Command(name = "latency", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Added latency per VNet hop on loopback (p50, p99): round trips through 0..N relay nodes.")
final class BenchLatencyCommand implements Callable<Integer> {
    @Option(names = "--relays", defaultValue = "4", paramLabel = "N", description = "Most relays in the chain (default: ${DEFAULT-VALUE}).")
    int relays;

    @Option(names = "--pings", defaultValue = "5000", paramLabel = "N",
            description = "Round trips per chain length (default: ${DEFAULT-VALUE}).")
    int pings;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (relays < 1 || relays > 16 || pings < 100) {
            throw new IllegalArgumentException("--relays must be 1-16 and --pings at least 100");
        }
        var d = LatencyBench.Options.DEFAULT;
        LatencyBench.Result r = LatencyBench.run(new LatencyBench.Options(relays, pings, d.warmup(), d.frameBytes(), false));
        return output.printResult(spec.commandLine().getOut(), r, () -> r.summary() + System.lineSeparator());
    }
}
