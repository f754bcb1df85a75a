package org.aspen.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.aspen.bench.flakeway.FlakewayBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code aspen bench flakeway}: the flakeway AA in real mode (delay asked vs seen, overhead, forwarding rate). */
@Command(name = "flakeway", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The flakeway in real mode on loopback UDP (sender -> one VNet node -> sink).",
                "One-way delay asked vs seen (p50, p99) for each --delays value, the constant overhead per packet, and the "
                        + "forwarding capacity (node loop CPU per forwarded frame) with a zero-delay rule (node interceptor "
                        + "and AA) and with a pass-through AA, against no flakeway, as ratios."})
final class BenchFlakewayCommand implements Callable<Integer> {
    @Option(names = "--delays", split = ",", defaultValue = "0,1,10,50", paramLabel = "MS",
            description = "Delays to ask for, ms (default: ${DEFAULT-VALUE}).")
    List<Integer> delays;

    @Option(names = "--packets", defaultValue = "2000", paramLabel = "N", description = "Measured frames per delay (default: ${DEFAULT-VALUE}).")
    int packets;

    @Option(names = "--pps", defaultValue = "1000", paramLabel = "N", description = "Pace of the delay frames (default: ${DEFAULT-VALUE}).")
    int pps;

    @Option(names = "--rate-packets", defaultValue = "200000", paramLabel = "N",
            description = "Frames per forwarding-rate trial (default: ${DEFAULT-VALUE}).")
    int ratePackets;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N",
            description = "Forwarding-rate rounds, best kept (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--size", defaultValue = "200", paramLabel = "BYTES", description = "Frame size in bytes (default: ${DEFAULT-VALUE}).")
    int size;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (delays.isEmpty() || delays.stream().anyMatch(d -> d < 0 || d > 10_000) || packets < 100 || pps < 1
                || ratePackets < 1000 || rounds < 1 || size < 64 || size > 9000) {
            throw new IllegalArgumentException("--delays 0-10000 ms, --packets >= 100, --pps >= 1, --rate-packets >= 1000, "
                    + "--rounds >= 1, --size 64-9000");
        }
        FlakewayBench.Result r = FlakewayBench.run(new FlakewayBench.Options(delays, packets, pps, ratePackets, rounds, size));
        return output.printResult(spec.commandLine().getOut(), r, r::summary);
    }
}
