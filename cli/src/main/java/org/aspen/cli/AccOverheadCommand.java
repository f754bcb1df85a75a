package org.aspen.cli;

import java.util.List;
import org.aspen.experiments.acc.AccOverheadExperiment;
import org.aspen.experiments.acc.AccOverheadRun;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.lab.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment acc-overhead}: the ACC paper's Figures 8-9 over real UDP on loopback
 * ({@link AccOverheadExperiment}); runs go one at a time, so there is no {@code --threads}.
 *
 * <pre>{@code
 * aspen experiment acc-overhead --seeds 10 --duration 30s --out results/acc-overhead
 * aspen experiment acc-overhead --print-scenario on:50 > on.yaml && aspen lab on.yaml
 * }</pre>
 */
@Command(name = "acc-overhead",
        description = {"ACC paper, Figures 8-9: ACC on vs off over real UDP.",
                "On loopback: the throughput of two senders with ACC on and off, against a delay inserted "
                        + "where they converge; runs go one at a time. Files: runs.csv, summary.csv, "
                        + "summary.json, figure9-throughput.png (docs/results-acc.md)."})
final class AccOverheadCommand extends ExperimentSubcommand {
    @Mixin
    SeedsOption seeds = new SeedsOption(3);

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s",
            description = "Real time per run (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--delays", split = ",", paramLabel = "MS", defaultValue = "0,25,50,100",
            description = "Delay the flakeway adds at the converging node, ms each way (default: ${DEFAULT-VALUE}).")
    List<Integer> delays;

    @Option(names = "--bottleneck", paramLabel = "RATE", defaultValue = AccOverheadRun.BOTTLENECK,
            description = "Rate of the bottleneck c -> d (default: ${DEFAULT-VALUE}).")
    String bottleneck;

    @Option(names = "--buffer", paramLabel = "PACKETS", defaultValue = "" + AccOverheadRun.BUFFER,
            description = "Bottleneck buffer in packets (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--print-scenario", paramLabel = "on|off:DELAY",
            description = "Print one run's scenario as YAML (e.g. on:50, for 'aspen lab') and run nothing.")
    String printScenario;

    private AccOverheadRun.Setup setup() {
        double seconds = seconds("--duration", duration);
        if (seeds.seeds < 1 || seconds <= 2 || delays.isEmpty() || delays.stream().anyMatch(d -> d < 0) || buffer < 1) {
            throw usage("--seeds must be at least 1, --duration more than 2s, --buffer at least 1, --delays non-negative");
        }
        return new AccOverheadRun.Setup(seconds, bottleneck, buffer);
    }

    @Override
    Experiment<?, ?, ?> experiment() {
        return new AccOverheadExperiment(new AccOverheadExperiment.Params(delays, seeds.seeds, setup()));
    }

    @Override
    Scenario scenarioToPrint() {
        if (printScenario == null) {
            return null;
        }
        String[] ad = printScenario.split(":");
        if (ad.length != 2 || !ad[0].matches("on|off") || !ad[1].matches("\\d+")) {
            throw usage("--print-scenario takes on|off:DELAY_MS, e.g. on:50");
        }
        return AccOverheadRun.scenario(ad[0].equals("on"), Integer.parseInt(ad[1]), setup());
    }
}
