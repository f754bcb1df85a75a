package org.aspen.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.aspen.bench.soak.SoakBench;
import org.aspen.bench.soak.SoakFiles;
import org.aspen.lab.report.ProgressBar;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code aspen bench soak}: memory over time under a long steady load (see {@link SoakBench}). Writes
 * {@code soak.csv}, {@code soak.png} and {@code soak.json} to {@code --out} ({@link SoakFiles}); not run by CI.
 */
@Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Minutes of 1,000 RDP connections (with churn) and AAs starting and stopping on loopback UDP.",
                "Reports heap (after GC), non-heap and RSS over time, end against warm-up, and writes CSV, PNG and JSON."})
final class BenchSoakCommand implements Callable<Integer> {
    @Option(names = "--duration", converter = UnitConverters.Duration.class, defaultValue = "5min", paramLabel = "D", description = "How long (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--connections", defaultValue = "1000", paramLabel = "N",
            description = "RDP connections kept open (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--churn", defaultValue = "10", paramLabel = "N",
            description = "Connections closed and replaced/s (default: ${DEFAULT-VALUE}).")
    int churn;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "Seed for message timing and churn (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", defaultValue = "soak-results", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        long d = duration;
        ProgressBar bar = new ProgressBar("soak, " + connections + " connections");
        SoakBench.Result r = SoakBench.run(new SoakBench.Options(connections, d, churn, seed),
                f -> bar.update(f, Units.formatNanos((long) (f * d) / 1_000_000 * 1_000_000) + " / " + Units.formatNanos(d)));
        bar.done();
        List<Path> written = SoakFiles.write(r, out);
        return output.printResult(spec.commandLine().getOut(), r.toJson(),
                () -> r.summary() + "written: " + written.get(0) + ", " + written.get(1) + ", " + written.get(2)
                        + System.lineSeparator());
    }
}
