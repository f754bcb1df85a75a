package org.aspen.cli;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.abcd.AbcdBaseline;
import org.aspen.experiments.abcd.AbcdExperiment;
import org.aspen.experiments.abcd.AbcdRun;
import org.aspen.experiments.abcd.AbcdRun.Config;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.lab.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment abcd}: the ACC-ABCD paper's Table 1 ({@link AbcdExperiment}). Its
 * defaults are the ones its committed results were made with (200 s runs, a 50-packet buffer), but
 * for the baseline: ns-2's TCP Reno over ns-2's byte-mode drop-tail ({@link AbcdBaseline}) unless
 * {@code --baseline rdp} (every committed result before issue #28).
 *
 * <pre>{@code
 * aspen experiment abcd --out results/abcd-ns2                  # 3 seeds, the ns-2 baseline
 * aspen experiment abcd --baseline rdp --out results/abcd       # as the committed docs/results/abcd
 * aspen experiment abcd --seeds 30 --out results/abcd-30        # the paper's 30 seeds
 * aspen experiment abcd --preregistered --out results/abcd      # issue 29: judged by preregistration/abcd.yaml, RDP beside
 * aspen experiment abcd --acc-notify window-only --out results/abcd-window-only   # ACC's notification sets the window only
 * }</pre>
 */
@Command(name = "abcd",
        description = {"ACC-ABCD paper, Table 1: drops and throughput, Reno/ACC/ABCD.",
                "In the simulation, on the ACC paper's Figure 3 dumbbell: drops at the bottleneck and per-flow "
                        + "throughput, on ns-2's TCP Reno and byte-mode drop-tail by default (--baseline). "
                        + "Files: runs.csv, table1.csv, summary.json, two PNGs (docs/results-abcd.md)."})
final class AbcdCommand extends ExperimentSubcommand {
    @Mixin
    SeedsOption seeds = new SeedsOption(AbcdExperiment.DEFAULT_SEEDS);

    @Mixin
    ThreadsOption threads;

    @Option(names = "--delays", split = ",", paramLabel = "MS", defaultValue = "100,200,300",
            description = "One-way delays of the R1-R2 link, ms (default: ${DEFAULT-VALUE}).")
    List<Integer> delays;

    @Option(names = "--configs", split = ",", paramLabel = "CONFIG", defaultValue = "reno,acc,abcd",
            description = "Systems compared: reno, acc, abcd; abcd-sender is ABCD "
                    + "without step 3 (default: ${DEFAULT-VALUE}).")
    List<String> configs;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "200s",
            description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--buffer", paramLabel = "PACKETS", defaultValue = "" + AbcdRun.BUFFER,
            description = "Bottleneck buffer, in 1000-byte packets' worth of bytes (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--baseline", paramLabel = "BASELINE", defaultValue = "ns2",
            description = "Transport and bottleneck queue: ns2 (ns-2's TCP Reno over ns-2's drop-tail in byte mode, the "
                    + "paper's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's agent "
                    + "defaults) or rdp (Aspen RDP over Aspen's drop-tail, as every committed result before issue #28) "
                    + "(default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--averaging-ms", paramLabel = "MS", defaultValue = "2000",
            description = "ABCD's averaging window W of the available-bandwidth estimate, ms; 0: none, a new estimate "
                    + "per triplet (the paper's step 5); 2000 is tuned (docs/results-abcd.md) (default: ${DEFAULT-VALUE}).")
    long averagingMs;

    @Option(names = "--acc-notify", paramLabel = "MODE", defaultValue = "resend",
            description = "What the ACC config's monitor notification asks: resend (the sender resends the dropped segment it "
                    + "names, Aspen's reading) or window-only (the window only, RDP's WINDOW_ONLY flag: the drop is left "
                    + "to the sender's own fast retransmit or timer, the paper's text) (default: ${DEFAULT-VALUE}).")
    String accNotify;

    @Option(names = "--preregistered",
            description = "Issue 29's run: judge the comparison rows by preregistration/abcd.yaml, run the same sweep on "
                    + "--baseline rdp beside the ns-2 baseline (runs-rdp.csv, table1-rdp.csv) and the section 5.1 estimator "
                    + "check on CBR (estimator.csv); needs an ns-2 baseline (docs/results-abcd.md).")
    boolean preregistered;

    @Option(names = "--print-scenario", paramLabel = "CONFIG:DELAY",
            description = "Print one run's scenario as YAML (e.g. abcd:100, for 'aspen lab --sim') and run nothing.")
    String printScenario;

    @Override
    Experiment<?, ?, ?> experiment() {
        double seconds = seconds(duration);
        checkDelayGrid(seeds.seeds, seconds, delays, threads.threads, buffer);
        List<Config> cs = new ArrayList<>();
        for (String c : configs) {
            cs.add(config(c));
        }
        if (averagingMs < 0) {
            throw usage("--averaging-ms: ABCD's averaging window must be at least 0 ms (0: no averaging), not " + averagingMs);
        }
        AbcdBaseline b = baseline(baseline);
        if (preregistered && !b.ns2()) {
            throw usage("--preregistered judges an ns-2 baseline with Aspen RDP beside it: not with --baseline " + b.id());
        }
        return new AbcdExperiment(new AbcdExperiment.Params(seeds.seeds, seconds, delays, cs, buffer).withBaseline(b)
                .withAveragingMs(averagingMs).withPreregistered(preregistered).withAcc(accConfig()));
    }

    @Override
    Scenario scenarioToPrint() {
        if (printScenario == null) {
            return null;
        }
        String[] cd = configAndDelay(printScenario, "abcd:100");
        double seconds = seconds(duration);
        return AbcdRun.scenario(config(cd[0]), Integer.parseInt(cd[1]),
                new AbcdRun.Setup(seconds, buffer, org.aspen.acc.abcd.AbcdConfig.DEFAULT.withAveragingMs(Math.max(1, averagingMs)))
                        .withBaseline(baseline(baseline)).withAcc(accConfig()));
    }

    private AccConfig accConfig() {
        try {
            return AccConfig.DEFAULT.withNotification(AccConfig.Notify.byId(accNotify));
        } catch (IllegalArgumentException e) {
            throw usage("--acc-notify: " + e.getMessage());
        }
    }

    private AbcdBaseline baseline(String id) {
        AbcdBaseline b = AbcdBaseline.byId(id);
        if (b == null) {
            throw usage("--baseline: unknown baseline '" + id + "' (known: ns2, ns2-2.35, rdp)");
        }
        return b;
    }

    private Config config(String id) {
        Config config = Config.byId(id);
        if (config == null) {
            throw usage("unknown config '" + id + "' (known: reno, acc, abcd, abcd-sender)");
        }
        return config;
    }
}
