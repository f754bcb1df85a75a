package org.aspen.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.aspen.bench.rdp.RdpBench;
import org.aspen.lab.processes.NodeLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen bench rdp}: RDP bulk goodput node to node, beside raw UDP and kernel TCP (see {@link RdpBench}). */
@Command(name = "rdp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDP bulk goodput on the user's path: two aspen node processes on loopback, a "
                + "transfer of a seeded payload through their link, checked by SHA-256: once in --segment "
                + "payloads, once in segments sized from the path (aspen send's default).",
                "Beside it, in the same rounds, a raw UDP blast and kernel TCP of the same payload size; "
                        + "prints goodput, the ratio to the blast, CPU seconds per GB and the tail of the gaps "
                        + "between arrivals. Then RDP in one process (labelled) and the heap of 1,000 idle "
                        + "connections."})
final class BenchRdpCommand implements Callable<Integer> {
    @Option(names = "--mib", defaultValue = "200", paramLabel = "N", description = "MiB per round (default: ${DEFAULT-VALUE}).")
    int mib;

    @Option(names = "--segment", defaultValue = "1000", paramLabel = "BYTES",
            description = "Payload bytes per RDP segment and per UDP datagram (default: ${DEFAULT-VALUE}).")
    int segment;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N", description = "Interleaved rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--offload-compare",
            description = "Also run each round's node-to-node transfers with UDP segmentation and receive offload off "
                    + "at both nodes (aspen node --offload off), side by side with them on.")
    boolean offloadCompare;

    @Override
    public Integer call() throws Exception {
        if (mib < 1 || mib > 4096 || segment < 64 || segment > 8192 || rounds < 1) {
            throw new IllegalArgumentException("--mib must be 1-4096, --segment 64-8192, --rounds at least 1");
        }
        // the nodes run as 'aspen node' does: this JVM's java and class path, default GC
        NodeLauncher launcher = args -> {
            List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                    System.getProperty("java.class.path"), Aspen.class.getName()));
            cmd.addAll(args);
            return cmd;
        };
        RdpBench.run(launcher, mib, segment, rounds, offloadCompare, System.out);
        return Aspen.OK;
    }
}
