package org.aspen.experiments.acc;

import java.util.List;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.Recovery;
import org.aspen.vnet.config.Units;

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
 * aspen experiment acc-overhead --preregistered --preregistration acc-overhead-asp --input-queue 25 --loops per-node \
 *     --delays 100 --seeds 5 --duration 15s --recovery modern --per-flow --out level-modern       # per flow, MODERN recovery
 * }</pre>
 */
public final class AccOverheadPaper implements PaperExperiment<AccOverheadPaper.Options> {

    /** The options of {@code aspen experiment acc-overhead}; the path's shape is null when not given. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Real time per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--delays", label = "MS",
                    description = "Delay the flakeway adds at the converging node, ms each way (default: ${DEFAULT-VALUE}).")
            List<Integer> delays,
            @Param(names = "--bottleneck", label = "RATE", unit = Param.Unit.RATE,
                    description = "Rate of the bottleneck c -> d (default: " + AccOverheadRun.BOTTLENECK
                            + "; not with --preregistered).")
            Long bottleneckBps,
            @Param(names = "--buffer", label = "PACKETS",
                    description = "Bottleneck buffer in packets (default: " + AccOverheadRun.BUFFER + "; not with --preregistered).")
            Integer buffer,
            @Param(names = "--preregistered",
                    description = "The pre-registered run (issue 29): no link shaped, so ACC's processing cost shows in the "
                            + "throughput; the summary adds the comparison judged by preregistration/acc-overhead.yaml and the "
                            + "load average.")
            boolean preregistered,
            @Param(names = "--loops", label = "N|per-node",
                    description = "Event loops of the real runtime: a number, or per-node (one loop per node, "
                            + AccParkingLot.NODES + "); default: one per processor, the nodes dealt to them in the order "
                            + "s1, s2, i1, i2, c, d (docs/traces/acc-overhead-imbalance.md).")
            String loops,
            @Param(names = "--flow2-first",
                    description = "List flow 2's nodes first (s2, s1, i2, i1, c, d), which puts them, not flow 1's, on c's "
                            + "event loop.")
            boolean flow2First,
            @Param(names = "--input-queue", label = "PACKETS",
                    description = "Give every node an input queue of PACKETS (ASP's congestion detection on the socket; the "
                            + "monitor on c hears its drops), in ACC-off and ACC-on runs alike (default: none).")
            Integer inputQueue,
            @Param(names = "--preregistration", label = "NAME",
                    description = "With --preregistered: judge by preregistration/NAME.yaml instead of acc-overhead.yaml "
                            + "(e.g. acc-overhead-input-queue).")
            String preregistration,
            @Param(names = "--recovery", label = "classic|modern|impatient",
                    description = "Both senders' RDP loss recovery (default: RDP's, classic, named nowhere; "
                            + "docs/traces/acc-overhead-level.md).")
            String recovery,
            @Param(names = "--per-flow",
                    description = "Add each flow's retransmissions, timeouts, fast retransmits and drops at its relay's "
                            + "(i1's, i2's) input queue to runs.csv, summary.csv and summary.json.")
            boolean perFlow,
            @Param(names = "--print-scenario", label = "on|off:DELAY",
                    description = "Print one run's scenario as YAML (e.g. on:50, for 'aspen lab') and run nothing.")
            String printScenario) {
    }

    @Override
    public String name() {
        return "acc-overhead";
    }

    @Override
    public List<String> description() {
        return List.of("ACC paper, Figures 8-9: ACC on vs off over real UDP.",
                "On loopback: the throughput of two senders with ACC on and off, against a delay inserted "
                        + "where they converge; runs go one at a time. Files: runs.csv, summary.csv, "
                        + "summary.json, figure9-throughput.png (docs/results-acc.md). --preregistered: no link shaped, "
                        + "judged by the pre-registration.");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        return new Options(3, 10_000_000_000L, List.of(0, 25, 50, 100), null, null, false, null, false, null, null, null, false,
                null);
    }

    private static AccOverheadRun.Setup setup(Options o) {
        double seconds = CommonParams.seconds(o.durationNanos());
        if (o.preregistered() && (o.bottleneckBps() != null || o.buffer() != null)) {
            throw new IllegalArgumentException("--bottleneck and --buffer shape the path; --preregistered runs it unshaped: "
                    + "leave them out");
        }
        int b = o.buffer() == null ? AccOverheadRun.BUFFER : o.buffer();
        List<Integer> delays = o.delays();
        if (o.seeds() < 1 || seconds <= 2 || delays.isEmpty() || delays.stream().anyMatch(d -> d < 0) || b < 1) {
            throw new IllegalArgumentException("--seeds must be at least 1, --duration more than 2s, --buffer at least 1, "
                    + "--delays non-negative");
        }
        if (delays.stream().distinct().count() != delays.size()) {
            throw new IllegalArgumentException("--delays: each delay once, not " + delays);
        }
        Integer q = o.inputQueue();
        if (q != null && (q < 1 || q > 1_000_000)) {
            throw new IllegalArgumentException("--input-queue: a whole number of packets, 1-1000000, not " + q);
        }
        AccOverheadRun.Setup s = o.preregistered() ? AccOverheadRun.Setup.unshaped(seconds)
                : new AccOverheadRun.Setup(seconds, o.bottleneckBps() == null ? AccOverheadRun.BOTTLENECK
                        : Units.formatRate(o.bottleneckBps()), b);
        s = s.withLoops(loops(o.loops())).withFlow2First(o.flow2First());
        if (o.recovery() != null) {
            try {
                s = s.withRecovery(Recovery.parse(o.recovery()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--recovery: " + e.getMessage());
            }
        }
        return q == null ? s : s.withInputQueue(q);
    }

    /** {@code --loops}: 0 (one per processor) when absent. */
    private static int loops(String loops) {
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
            // the error below names the value
        }
        throw new IllegalArgumentException("--loops takes a number of event loops of at least 1, or per-node, not '" + loops + "'");
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        AccOverheadRun.Setup s = setup(o);
        String name = o.preregistration();
        if (name != null) {
            if (!o.preregistered()) {
                throw new IllegalArgumentException("--preregistration names the file a --preregistered run is judged by: give "
                        + "--preregistered too");
            }
            Preregistration p;
            try {
                p = Preregistration.load(name);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--preregistration: " + e.getMessage());
            }
            if (!p.experiment().equals("acc-overhead")) {
                throw new IllegalArgumentException("--preregistration " + name + ": that file registers experiment '"
                        + p.experiment() + "', not acc-overhead");
            }
        }
        return new AccOverheadExperiment(new AccOverheadExperiment.Params(o.delays(), o.seeds(), s, o.preregistered(), name,
                o.perFlow()));
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        String[] ad = o.printScenario().split(":");
        if (ad.length != 2 || !ad[0].matches("on|off") || !ad[1].matches("\\d+")) {
            throw new IllegalArgumentException("--print-scenario takes on|off:DELAY_MS, e.g. on:50");
        }
        return AccOverheadRun.scenario(ad[0].equals("on"), Integer.parseInt(ad[1]), setup(o));
    }
}
