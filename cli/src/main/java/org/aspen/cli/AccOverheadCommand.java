package org.aspen.cli;

import java.util.List;
import org.aspen.experiments.acc.AccOverheadExperiment;
import org.aspen.experiments.acc.AccOverheadRun;
import org.aspen.experiments.acc.AccParkingLot;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment acc-overhead}: the ACC paper's Figures 8-9 over real UDP on loopback
 * ({@link AccOverheadExperiment}); runs go one at a time, so there is no {@code --threads}.
 *
 * <pre>{@code
 * aspen experiment acc-overhead --preregistered --seeds 10 --duration 15s --out results/acc-overhead   # unshaped, judged
 * aspen experiment acc-overhead --seeds 10 --duration 30s --out results/acc-overhead-4mbps          # the 4 Mb/s bottleneck
 * aspen experiment acc-overhead --preregistered --preregistration acc-overhead-input-queue --input-queue 25 \
 *     --seeds 10 --duration 15s --out results/acc-overhead-input-queue                               # ASP's input queue
 * aspen experiment acc-overhead --print-scenario on:50 > on.yaml && aspen lab on.yaml
 * aspen experiment acc-overhead --preregistered --seeds 3 --delays 0 --duration 5s --loops per-node   # one loop per node
 * }</pre>
 */
@Command(name = "acc-overhead",
        description = {"ACC paper, Figures 8-9: ACC on vs off over real UDP.",
                "On loopback: the throughput of two senders with ACC on and off, against a delay inserted "
                        + "where they converge; runs go one at a time. Files: runs.csv, summary.csv, "
                        + "summary.json, figure9-throughput.png (docs/results-acc.md). --preregistered: no link shaped, "
                        + "judged by the pre-registration."})
final class AccOverheadCommand extends ExperimentSubcommand {
    @Mixin
    SeedsOption seeds = new SeedsOption(3);

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "10s",
            description = "Real time per run (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--delays", split = ",", paramLabel = "MS", defaultValue = "0,25,50,100",
            description = "Delay the flakeway adds at the converging node, ms each way (default: ${DEFAULT-VALUE}).")
    List<Integer> delays;

    @Option(names = "--bottleneck", converter = UnitConverters.Rate.class, paramLabel = "RATE",
            description = "Rate of the bottleneck c -> d (default: " + AccOverheadRun.BOTTLENECK + "; not with --preregistered).")
    Long bottleneck;

    @Option(names = "--buffer", paramLabel = "PACKETS",
            description = "Bottleneck buffer in packets (default: " + AccOverheadRun.BUFFER + "; not with --preregistered).")
    Integer buffer;

    @Option(names = "--preregistered",
            description = "The pre-registered run (issue 29): no link shaped, so ACC's processing cost shows in the throughput; "
                    + "the summary adds the comparison judged by preregistration/acc-overhead.yaml and the load average.")
    boolean preregistered;

    @Option(names = "--loops", paramLabel = "N|per-node",
            description = "Event loops of the real runtime: a number, or per-node (one loop per node, "
                    + AccParkingLot.NODES + "); default: one per processor, the nodes dealt to them in the order "
                    + "s1, s2, i1, i2, c, d (docs/traces/acc-overhead-imbalance.md).")
    String loops;

    @Option(names = "--flow2-first",
            description = "List flow 2's nodes first (s2, s1, i2, i1, c, d), which puts them, not flow 1's, on c's event loop.")
    boolean flow2First;

    @Option(names = "--input-queue", paramLabel = "PACKETS",
            description = "Give every node an input queue of PACKETS (ASP's congestion detection on the socket; the monitor "
                    + "on c hears its drops), in ACC-off and ACC-on runs alike (default: none).")
    Integer inputQueue;

    @Option(names = "--preregistration", paramLabel = "NAME",
            description = "With --preregistered: judge by preregistration/NAME.yaml instead of acc-overhead.yaml "
                    + "(e.g. acc-overhead-input-queue).")
    String preregistration;

    @Option(names = "--print-scenario", paramLabel = "on|off:DELAY",
            description = "Print one run's scenario as YAML (e.g. on:50, for 'aspen lab') and run nothing.")
    String printScenario;

    private AccOverheadRun.Setup setup() {
        double seconds = seconds(duration);
        if (preregistered && (bottleneck != null || buffer != null)) {
            throw usage("--bottleneck and --buffer shape the path; --preregistered runs it unshaped: leave them out");
        }
        int b = buffer == null ? AccOverheadRun.BUFFER : buffer;
        if (seeds.seeds < 1 || seconds <= 2 || delays.isEmpty() || delays.stream().anyMatch(d -> d < 0) || b < 1) {
            throw usage("--seeds must be at least 1, --duration more than 2s, --buffer at least 1, --delays non-negative");
        }
        if (delays.stream().distinct().count() != delays.size()) {
            throw usage("--delays: each delay once, not " + delays);
        }
        if (inputQueue != null && (inputQueue < 1 || inputQueue > 1_000_000)) {
            throw usage("--input-queue: a whole number of packets, 1-1000000, not " + inputQueue);
        }
        AccOverheadRun.Setup s = preregistered ? AccOverheadRun.Setup.unshaped(seconds)
                : new AccOverheadRun.Setup(seconds, bottleneck == null ? AccOverheadRun.BOTTLENECK : Units.formatRate(bottleneck), b);
        s = s.withLoops(loops()).withFlow2First(flow2First);
        return inputQueue == null ? s : s.withInputQueue(inputQueue);
    }

    /** {@code --loops}: 0 (one per processor) when absent. */
    private int loops() {
        if (loops == null) {
            return 0;
        }
        if (loops.equals("per-node")) {
            return AccParkingLot.NODES;
        }
        try {
            int n = Integer.parseInt(loops);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the usage error below names the value
        }
        throw usage("--loops takes a number of event loops of at least 1, or per-node, not '" + loops + "'");
    }

    @Override
    Experiment<?, ?, ?> experiment() {
        AccOverheadRun.Setup s = setup();
        if (preregistration != null) {
            if (!preregistered) {
                throw usage("--preregistration names the file a --preregistered run is judged by: give --preregistered too");
            }
            try {
                Preregistration p = Preregistration.load(preregistration);
                if (!p.experiment().equals("acc-overhead")) {
                    throw usage("--preregistration " + preregistration + ": that file registers experiment '" + p.experiment()
                            + "', not acc-overhead");
                }
            } catch (IllegalArgumentException e) {
                throw usage("--preregistration: " + e.getMessage());
            }
        }
        return new AccOverheadExperiment(new AccOverheadExperiment.Params(delays, seeds.seeds, s, preregistered, preregistration));
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
