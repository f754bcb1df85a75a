package org.aspen.cli;

import java.util.concurrent.Callable;
import org.aspen.bench.vnet.SimBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen bench sim}: simulation speed beside the bare scheduler's (see {@link SimBench}). */
@Command(name = "sim", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Simulation speed: packet-hops per second of wall time for a topology in virtual time.",
                "Beside it, the bare discrete-event scheduler's rate (empty events) measured in the same run."})
final class BenchSimCommand implements Callable<Integer> {
    @Option(names = "--nodes", defaultValue = "10", paramLabel = "N",
            description = "Nodes in the ring-with-chords topology (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--seconds", defaultValue = "2", paramLabel = "S", description = "Virtual seconds per run (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--repeats", defaultValue = "3", paramLabel = "N",
            description = "Runs; the best is reported (default: ${DEFAULT-VALUE}).")
    int repeats;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (nodes < 4 || nodes > 1000 || seconds <= 0 || repeats < 1) {
            throw new IllegalArgumentException("--nodes must be 4-1000, --seconds positive, --repeats at least 1");
        }
        SimBench.Result r = SimBench.run(nodes, (long) (seconds * 1e9), repeats);
        return output.printResult(spec.commandLine().getOut(), r, r::summary);
    }
}
