package org.aspen.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.aspen.bench.vnet.ForwardingBench;
import org.aspen.bench.vnet.LatencyBench;
import org.aspen.bench.vnet.SimSpeed;
import org.aspen.vnet.time.SimScheduler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code aspen bench}: measurements, each against a baseline measured in the same run, printed as
 * ratios. Not tests: figures depend on the machine.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures Aspen against baselines measured in the same run.",
        subcommands = {BenchCommand.Forward.class, BenchCommand.Latency.class, BenchCommand.Sim.class, BenchCommand.Rdp.class, FlakewayBenchCommand.class, SoakCommand.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing benchmark (forward, latency, sim, rdp, flakeway, soak)");
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

    @Command(name = "sim", mixinStandardHelpOptions = true,
            description = {"Simulation speed: packet-hops per second of wall time for a topology in virtual time,",
                    "beside the bare discrete-event scheduler's rate (empty events) measured in the same run."})
    static final class Sim implements Callable<Integer> {
        @Option(names = "--nodes", defaultValue = "10", description = "Nodes in the ring-with-chords topology (default: ${DEFAULT-VALUE}).")
        int nodes;

        @Option(names = "--seconds", defaultValue = "2", description = "Virtual seconds per run (default: ${DEFAULT-VALUE}).")
        double seconds;

        @Option(names = "--repeats", defaultValue = "3", description = "Runs; the best is reported (default: ${DEFAULT-VALUE}).")
        int repeats;

        @Option(names = "--json", description = "Print the result as JSON.")
        boolean json;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        /** Empty events per second through the scheduler alone: the ceiling any simulation can reach. */
        static double bareEventsPerSecond() {
            SimScheduler s = new SimScheduler();
            long n = 2_000_000;
            long[] left = {n};
            Runnable tick = new Runnable() {
                @Override
                public void run() {
                    if (--left[0] > 0) {
                        s.schedule(1_000, this);
                    }
                }
            };
            for (int i = 0; i < 64; i++) {
                s.schedule(i, tick);
            }
            long t0 = System.nanoTime();
            s.runAll();
            return s.executedEvents() * 1e9 / (System.nanoTime() - t0);
        }

        @Override
        public Integer call() throws Exception {
            if (nodes < 3 || nodes > 1000 || seconds <= 0 || repeats < 1) {
                throw new IllegalArgumentException("--nodes must be 3-1000, --seconds positive, --repeats at least 1");
            }
            SimSpeed.Result best = null;
            for (int i = 0; i < repeats; i++) {
                SimSpeed.Result r = SimSpeed.run(nodes, (long) (seconds * 1e9), 1);
                if (best == null || r.hopsPerSecond() > best.hopsPerSecond()) {
                    best = r;
                }
            }
            double bare = 0;
            for (int i = 0; i < repeats; i++) {
                bare = Math.max(bare, bareEventsPerSecond());
            }
            if (json) {
                printJson(spec.commandLine(), java.util.Map.of("result", best, "bareSchedulerEventsPerSecond", Math.round(bare),
                        "hopsPerBareEvent", best.hopsPerSecond() / bare));
            } else {
                var out = spec.commandLine().getOut();
                out.println(best);
                out.printf(Locale.ROOT, "packet-hops/s (wall): %,.0f   per cpu-second: %,.0f%n", best.hopsPerSecond(), best.hopsPerCpuSecond());
                out.printf(Locale.ROOT, "bare scheduler: %,.0f empty events/s; ratio packet-hops/bare events = %.3f%n",
                        bare, best.hopsPerSecond() / bare);
                out.flush();
            }
            return Aspen.OK;
        }
    }

    @Command(name = "rdp", mixinStandardHelpOptions = true,
            description = {"RDP bulk goodput over one loopback hop against a raw UDP blast of the same datagram size and",
                    "kernel TCP, measured in the same run (medians of interleaved rounds), and the heap of 1,000 idle",
                    "connections."})
    static final class Rdp implements Callable<Integer> {
        @Option(names = "--mib", defaultValue = "64", description = "MiB per round (default: ${DEFAULT-VALUE}).")
        int mib;

        @Option(names = "--segment", defaultValue = "1400", description = "RDP segment size (default: ${DEFAULT-VALUE}).")
        int segment;

        @Option(names = "--rounds", defaultValue = "5", description = "Interleaved rounds (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Override
        public Integer call() throws Exception {
            if (mib < 1 || mib > 4096 || segment < 64 || segment > 8192 || rounds < 1) {
                throw new IllegalArgumentException("--mib must be 1-4096, --segment 64-8192, --rounds at least 1");
            }
            org.aspen.bench.rdp.RdpBench.main(new String[] {Integer.toString(mib), Integer.toString(segment),
                    Integer.toString(rounds)});
            return Aspen.OK;
        }
    }
}
