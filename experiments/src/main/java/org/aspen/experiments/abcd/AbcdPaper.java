package org.aspen.experiments.abcd;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.experiments.abcd.AbcdRun.Config;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.lab.scenario.Scenario;

/**
 * {@code aspen experiment abcd}: the ACC-ABCD paper's Table 1 ({@link AbcdExperiment}). Its
 * defaults are the ones its committed results were made with (200 s runs, a 50-packet buffer), but
 * for the baseline: ns-2's TCP Reno over ns-2's byte-mode drop-tail ({@link AbcdBaseline}) unless
 * {@code --baseline rdp} (every committed result before issue #28).
 *
 * <pre>{@code
 * aspen experiment abcd --out results/abcd-ns2                  # 3 seeds, the ns-2 baseline
 * aspen experiment abcd --baseline rdp --out results/abcd       # as the committed docs/results/abcd before issue 29
 * aspen experiment abcd --seeds 30 --out results/abcd-30        # the paper's 30 seeds
 * aspen experiment abcd --preregistered --out results/abcd      # issue 29: judged by preregistration/abcd.yaml, RDP beside
 * aspen experiment abcd --acc-notify window-only --out results/abcd-window-only   # ACC's notification sets the window only
 * aspen experiment abcd --abcd-rate fair --out results/abcd-fair   # ABCD advises the text's fair rate
 * }</pre>
 */
public final class AbcdPaper implements PaperExperiment<AbcdPaper.Options> {

    /** The options of {@code aspen experiment abcd}. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--threads", label = "N", description = CommonParams.THREADS)
            int threads,
            @Param(names = "--delays", label = "MS", description = "One-way delays of the R1-R2 link, ms (default: ${DEFAULT-VALUE}).")
            List<Integer> delays,
            @Param(names = "--configs", label = "CONFIG", description = "Systems compared: reno, acc, abcd; abcd-sender is ABCD "
                    + "without step 3 (default: ${DEFAULT-VALUE}).")
            List<String> configs,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--buffer", label = "PACKETS",
                    description = "Bottleneck buffer, in 1000-byte packets' worth of bytes (default: ${DEFAULT-VALUE}).")
            int buffer,
            @Param(names = "--baseline", label = "BASELINE",
                    description = "Transport and bottleneck queue: ns2 (ns-2's TCP Reno over ns-2's drop-tail in byte mode, the "
                            + "paper's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's agent "
                            + "defaults) or rdp (Aspen RDP over Aspen's drop-tail, as every committed result before issue #28) "
                            + "(default: ${DEFAULT-VALUE}).")
            String baseline,
            @Param(names = "--averaging-ms", label = "MS",
                    description = "ABCD's averaging window W of the available-bandwidth estimate, ms; 0: none, a new estimate "
                            + "per triplet (the paper's step 5); 2000 is tuned (docs/results-abcd.md) (default: ${DEFAULT-VALUE}).")
            long averagingMs,
            @Param(names = "--acc-notify", label = "MODE",
                    description = "What the ACC config's monitor notification asks: resend (the sender resends the dropped "
                            + "segment it names, Aspen's reading) or window-only (the window only, RDP's WINDOW_ONLY flag: the "
                            + "drop is left to the sender's own fast retransmit or timer, the paper's text) "
                            + "(default: ${DEFAULT-VALUE}).")
            String accNotify,
            @Param(names = "--abcd-rate", label = "RATE",
                    description = "The pace ABCD advises below the threshold: own (each flow's own rate by equation 4.2 over "
                            + "its packets, Aspen's reading) or fair (the text's \"fair rate\": one max-min share of the link "
                            + "capacity for every flow; with --preregistered judged by preregistration/abcd-fair-rate.yaml) "
                            + "(default: ${DEFAULT-VALUE}).")
            String abcdRate,
            @Param(names = "--preregistered",
                    description = "Issue 29's run: judge the comparison rows by preregistration/abcd.yaml, run the same sweep "
                            + "on --baseline rdp beside the ns-2 baseline (runs-rdp.csv, table1-rdp.csv) and the section 5.1 "
                            + "estimator check on CBR (estimator.csv); needs an ns-2 baseline (docs/results-abcd.md).")
            boolean preregistered,
            @Param(names = "--print-scenario", label = "CONFIG:DELAY",
                    description = "Print one run's scenario as YAML (e.g. abcd:100, for 'aspen lab --sim') and run nothing.")
            String printScenario) {
    }

    @Override
    public String name() {
        return "abcd";
    }

    @Override
    public List<String> description() {
        return List.of("ACC-ABCD paper, Table 1: drops and throughput, Reno/ACC/ABCD.",
                "In the simulation, on the ACC paper's Figure 3 dumbbell: drops at the bottleneck and per-flow "
                        + "throughput, on ns-2's TCP Reno and byte-mode drop-tail by default (--baseline). "
                        + "Files: runs.csv, table1.csv, summary.json, two PNGs (docs/results-abcd.md).");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        return new Options(AbcdExperiment.DEFAULT_SEEDS, CommonParams.DEFAULT_THREADS, AbcdExperiment.DELAYS,
                Config.TABLE1.stream().map(Config::id).toList(), Math.round(AbcdExperiment.DEFAULT_SECONDS * 1e9), AbcdRun.BUFFER,
                AbcdBaseline.NS2.id(), AbcdConfig.DEFAULT.averagingMs(), AccConfig.DEFAULT.notification().id, AbcdConfig.RATE_OWN, false, null);
    }

    @Override
    public int threads(Options o) {
        return o.threads();
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        double seconds = CommonParams.seconds(o.durationNanos());
        CommonParams.checkDelayGrid(o.seeds(), seconds, o.delays(), o.threads(), o.buffer());
        List<Config> cs = new ArrayList<>();
        for (String c : o.configs()) {
            cs.add(config(c));
        }
        if (o.averagingMs() < 0) {
            throw new IllegalArgumentException("--averaging-ms: ABCD's averaging window must be at least 0 ms (0: no averaging), not "
                    + o.averagingMs());
        }
        AbcdBaseline b = baseline(o.baseline());
        if (o.preregistered() && !b.ns2()) {
            throw new IllegalArgumentException("--preregistered judges an ns-2 baseline with Aspen RDP beside it: not with --baseline "
                    + b.id());
        }
        return new AbcdExperiment(new AbcdExperiment.Params(o.seeds(), seconds, o.delays(), cs, o.buffer()).withBaseline(b)
                .withAveragingMs(o.averagingMs()).withPreregistered(o.preregistered()).withAcc(accConfig(o))
                .withAbcdRate(abcdRate(o)));
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        String[] cd = CommonParams.configAndDelay(o.printScenario(), "abcd:100");
        return AbcdRun.scenario(config(cd[0]), Integer.parseInt(cd[1]),
                new AbcdRun.Setup(CommonParams.seconds(o.durationNanos()), o.buffer(),
                        AbcdConfig.DEFAULT.withAveragingMs(o.averagingMs()).withRate(abcdRate(o)))
                        .withBaseline(baseline(o.baseline())).withAcc(accConfig(o)));
    }

    private static String abcdRate(Options o) {
        if (!AbcdConfig.RATE_OWN.equals(o.abcdRate()) && !AbcdConfig.RATE_FAIR.equals(o.abcdRate())) {
            throw new IllegalArgumentException("--abcd-rate: must be own or fair, not '" + o.abcdRate() + "'");
        }
        return o.abcdRate();
    }

    private static AccConfig accConfig(Options o) {
        try {
            return AccConfig.DEFAULT.withNotification(AccConfig.Notify.byId(o.accNotify()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--acc-notify: " + e.getMessage());
        }
    }

    private static AbcdBaseline baseline(String id) {
        AbcdBaseline b = AbcdBaseline.byId(id);
        if (b == null) {
            throw new IllegalArgumentException("--baseline: unknown baseline '" + id + "' (known: ns2, ns2-2.35, rdp)");
        }
        return b;
    }

    private static Config config(String id) {
        Config config = Config.byId(id);
        if (config == null) {
            throw new IllegalArgumentException("unknown config '" + id + "' (known: reno, acc, abcd, abcd-sender)");
        }
        return config;
    }
}
