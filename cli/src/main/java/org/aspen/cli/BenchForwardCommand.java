package org.aspen.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.aspen.bench.vnet.ForwardingBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen bench forward}: a VNet node's relay rate beside a plain NIO UDP relay (see {@link ForwardingBench}). */
@Command(name = "forward", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Packets/s of one VNet node relaying frames on loopback.",
                "Sender -> node -> receiver, beside a plain Java NIO UDP relay measured the same way, as a ratio."})
final class BenchForwardCommand implements Callable<Integer> {
    @Option(names = "--size", defaultValue = "1000", paramLabel = "BYTES", description = "Frame size in bytes (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--trial-ms", defaultValue = "1000", paramLabel = "MS",
            description = "Measured time per offered rate (default: ${DEFAULT-VALUE}).")
    long trialMs;

    @Option(names = "--nio", description = "Run the VNet relay on NIO instead of epoll.")
    boolean nio;

    @Option(names = "--offload-compare",
            description = "Also run a second VNet relay with UDP segmentation and receive offload off, in the same steps.")
    boolean offloadCompare;

    @Option(names = "--sender-gso",
            description = "The sender writes its bursts as UDP GSO writes of up to 64 frames (as an Aspen node's leave), "
                    + "so a relay with receive offload can read them as aggregates.")
    boolean senderGso;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (size < 64 || size > 9000 || trialMs < 100) {
            throw new IllegalArgumentException("--size must be 64-9000 and --trial-ms at least 100");
        }
        var d = ForwardingBench.Options.DEFAULT;
        ForwardingBench.Result r = ForwardingBench.run(new ForwardingBench.Options(size, trialMs, d.startPps(), d.maxSteps(), nio,
                offloadCompare, senderGso));
        return output.printResult(spec.commandLine().getOut(), r, () -> table(r));
    }

    /** The trials, one line each, then the summary. */
    private static String table(ForwardingBench.Result r) {
        StringBuilder b = new StringBuilder("relay     offered      sent   relayed delivered   loss  pkt/s/core").append(System.lineSeparator());
        for (ForwardingBench.Trial t : r.trials()) {
            b.append(String.format(Locale.ROOT, "%-8s %8d %9d %9d %9d %6.2f%% %11d%n", t.relay(), t.offeredPps(), t.sentPps(),
                    t.relayedPps(), t.deliveredPps(), t.loss() * 100, t.ppsPerCore()));
        }
        return b.append(r.summary()).append(System.lineSeparator()).toString();
    }
}
