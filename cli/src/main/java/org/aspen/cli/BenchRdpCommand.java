package org.aspen.cli;

import java.util.concurrent.Callable;
import org.aspen.bench.rdp.RdpBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code aspen bench rdp}: RDP bulk goodput beside raw UDP and kernel TCP (see {@link RdpBench}). */
@Command(name = "rdp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDP bulk goodput over one loopback hop, beside a raw UDP blast and kernel TCP.",
                "The UDP blast uses the same datagram size; all three are measured in the same run (medians of interleaved "
                        + "rounds). Also the heap of 1,000 idle connections."})
final class BenchRdpCommand implements Callable<Integer> {
    @Option(names = "--mib", defaultValue = "64", paramLabel = "N", description = "MiB per round (default: ${DEFAULT-VALUE}).")
    int mib;

    @Option(names = "--segment", defaultValue = "1400", paramLabel = "BYTES", description = "RDP segment size (default: ${DEFAULT-VALUE}).")
    int segment;

    @Option(names = "--rounds", defaultValue = "5", paramLabel = "N", description = "Interleaved rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() throws Exception {
        if (mib < 1 || mib > 4096 || segment < 64 || segment > 8192 || rounds < 1) {
            throw new IllegalArgumentException("--mib must be 1-4096, --segment 64-8192, --rounds at least 1");
        }
        RdpBench.main(new String[] {Integer.toString(mib), Integer.toString(segment), Integer.toString(rounds)});
        return Aspen.OK;
    }
}
