package org.aspen.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.aspen.vnet.bench.ForwardingBench;
import org.aspen.vnet.bench.LatencyBench;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code aspen bench}: measurements, each against a baseline measured in the same run, printed as
 * ratios. Not tests: figures depend on the machine.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures Aspen against baselines measured in the same run.",
        subcommands = {BenchCommand.Forward.class, BenchCommand.Latency.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing benchmark (forward, latency)");
    }

    static void printJson(CommandLine cl, Object result) throws Exception {
        cl.getOut().println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result));
        cl.getOut().flush();
    }

    @Command(name = "forward", mixinStandardHelpOptions = true,
            description = {"Packets/s of one VNet node relaying frames on loopback (sender -> node -> receiver),",
                    "beside a plain Java NIO UDP relay measured the same way, as a ratio."})
    static final class Forward implements Callable<Integer> {
        @Option(names = "--size", defaultValue = "1000", description = "Frame size in bytes (default: ${DEFAULT-VALUE}).")
        int size;

        @Option(names = "--trial-ms", defaultValue = "1000", description = "Measured time per offered rate (default: ${DEFAULT-VALUE}).")
        long trialMs;

        @Option(names = "--nio", description = "Run the VNet relay on NIO instead of epoll.")
        boolean nio;

        @Option(names = "--json", description = "Print the result as JSON.")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (size < 64 || size > 9000 || trialMs < 100) {
                throw new IllegalArgumentException("--size must be 64-9000 and --trial-ms at least 100");
            }
            var d = ForwardingBench.Options.DEFAULT;
            ForwardingBench.Result r = ForwardingBench.run(new ForwardingBench.Options(size, trialMs, d.startPps(), d.maxSteps(), nio));
            if (json) {
                printJson(spec.commandLine(), r);
            } else {
                var out = spec.commandLine().getOut();
                out.println("relay   offered      sent   relayed delivered   loss");
                for (ForwardingBench.Trial t : r.trials()) {
                    out.printf(Locale.ROOT, "%-6s %8d %9d %9d %9d %6.2f%%%n", t.relay(), t.offeredPps(), t.sentPps(),
                            t.relayedPps(), t.deliveredPps(), t.loss() * 100);
                }
                out.println(r.summary());
                out.flush();
            }
            return Aspen.OK;
        }
    }

    @Command(name = "latency", mixinStandardHelpOptions = true,
            description = "Added latency per VNet hop on loopback (p50, p99): round trips through 0..N relay nodes.")
    static final class Latency implements Callable<Integer> {
        @Option(names = "--relays", defaultValue = "4", description = "Most relays in the chain (default: ${DEFAULT-VALUE}).")
        int relays;

        @Option(names = "--pings", defaultValue = "5000", description = "Round trips per chain length (default: ${DEFAULT-VALUE}).")
        int pings;

        @Option(names = "--json", description = "Print the result as JSON.")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (relays < 1 || relays > 16 || pings < 100) {
                throw new IllegalArgumentException("--relays must be 1-16 and --pings at least 100");
            }
            var d = LatencyBench.Options.DEFAULT;
            LatencyBench.Result r = LatencyBench.run(new LatencyBench.Options(relays, pings, d.warmup(), d.frameBytes(), false));
            if (json) {
                printJson(spec.commandLine(), r);
            } else {
                spec.commandLine().getOut().println(r.summary());
                spec.commandLine().getOut().flush();
            }
            return Aspen.OK;
        }
    }
}
