package org.aspen.experiments.acc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;

/**
 * {@code aspen experiment acc-figure4}: the ACC paper's Figures 4-7 ({@link AccFigure4Experiment}).
 *
 * <pre>{@code
 * aspen experiment acc-figure4 --seeds 10 --duration 200s --out results/acc
 * aspen experiment acc-figure4 --print-scenario acc:300 > acc.yaml && aspen lab --sim acc.yaml
 * aspen experiment acc-figure4 --baseline ns2 --preregistered --out docs/results/acc   # issue 29's judged run
 * aspen experiment acc-figure4 --acc-notify window-only --print-scenario acc:10   # the notification sets the window only
 * }</pre>
 */
public final class AccFigure4Paper implements PaperExperiment<AccFigure4Paper.Options> {

    /** The options of {@code aspen experiment acc-figure4}. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--threads", label = "N", description = CommonParams.THREADS)
            int threads,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--delays", label = "MS",
                    description = "One-way delays of the long (R1-R2) link, ms (default: ${DEFAULT-VALUE}).")
            List<Integer> delays,
            @Param(names = "--configs", label = "CONFIG", description = "Systems compared (default: ${DEFAULT-VALUE}).")
            List<String> configs,
            @Param(names = "--bottleneck", label = "RATE", unit = Param.Unit.RATE,
                    description = "Rate of the bottleneck r2 -> r3 (default: ${DEFAULT-VALUE}).")
            long bottleneckBps,
            @Param(names = "--buffer", label = "PACKETS", description = "Bottleneck buffer in packets (default: ${DEFAULT-VALUE}).")
            int buffer,
            @Param(names = "--long-link", label = "PLACEMENT",
                    description = "Where the long link lies on the bulk path: between (senders' router r1 => congested r2, "
                            + "the papers' reading), upstream (r0 => filter router r1, 10 ms from the congested r2) or "
                            + "downstream (r3 => r4, past the bottleneck) (default: ${DEFAULT-VALUE}).")
            String longLink,
            @Param(names = "--acc-deletion", label = "RULE",
                    description = "What an ACC filter deletes: until-reaction (every later packet until the sender reacts, "
                            + "the paper's) or range (the window's worth after the drop) (default: ${DEFAULT-VALUE}).")
            String accDeletion,
            @Param(names = "--acc-once-per-srtt",
                    description = "The ACC monitor acts at most once per connection per srtt (not the paper's).")
            boolean oncePerSrtt,
            @Param(names = "--acc-skip-recovery",
                    description = "The ACC monitor ignores drops of senders in recovery (not the paper's).")
            boolean skipRecovery,
            @Param(names = "--acc-notify", label = "MODE",
                    description = "What the ACC monitor's notification asks: resend (the sender resends the dropped segment "
                            + "it names, Aspen's reading) or window-only (the window only, RDP's WINDOW_ONLY flag: the drop is "
                            + "left to the sender's own fast retransmit or timer, the paper's text) (default: ${DEFAULT-VALUE}).")
            String accNotify,
            @Param(names = "--acc-min-rtt", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "The ACC monitor leaves connections with a lower srtt alone (the paper's suggested "
                            + "low-RTT inhibition; default: ${DEFAULT-VALUE}, act on every RTT as in its Figure 4).")
            long accMinRttNanos,
            @Param(names = "--baseline", label = "BASELINE",
                    description = "Transport and queues: ns2 (ns-2's TCP Reno over ns-2's RED/drop-tail with the paper's "
                            + "values and ns-2's 1998 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's defaults), "
                            + "ns2-wide (ns2 with window_ 10000) or rdp (Aspen RDP over Aspen's queues) "
                            + "(default: ${DEFAULT-VALUE}).")
            String baseline,
            @Param(names = "--flows", label = "N",
                    description = "Bulk flows s1..sN -> d1..dN (default: ${DEFAULT-VALUE}, ACC's own; the ACC-ABCD "
                            + "sensitivity runs 10).")
            int flows,
            @Param(names = "--preregistered",
                    description = "Judge the sweep by experiments/.../preregistration/acc-figure4.yaml and run the same sweep "
                            + "on Aspen RDP beside it (the 'Aspen RDP' column; files rdp-runs.csv, rdp-summary.csv); "
                            + "the baseline must be an ns-2 one.")
            boolean preregistered,
            @Param(names = "--print-scenario", label = "CONFIG:DELAY",
                    description = "Print one run's scenario as YAML (e.g. acc:300, for 'aspen lab --sim') and run nothing.")
            String printScenario) {
    }

    @Override
    public String name() {
        return "acc-figure4";
    }

    @Override
    public List<String> description() {
        return List.of("ACC paper, Figures 4-7: throughput and window closes vs RTT.",
                "In the simulation: per-flow throughput, window closes per second and close magnitude against "
                        + "the RTT, for drop-tail, RED, RED+ECN and ACC over RED, on the Figure 3 dumbbell. Files: "
                        + "runs.csv, summary.csv, summary.json, four PNGs (docs/results-acc.md).");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        AccConfig acc = AccConfig.DEFAULT;
        return new Options(10, CommonParams.DEFAULT_THREADS, 200_000_000_000L, List.of(10, 50, 100, 200, 300),
                Arrays.stream(Config.values()).map(Config::id).toList(), Units.bitsPerSecond(AccFigure4Run.BOTTLENECK),
                AccFigure4Run.BUFFER, Placement.BETWEEN.id(), acc.deletion().id, acc.oncePerSrtt(), acc.skipRecovery(),
                acc.notification().id, acc.minRttMicros() * 1000, AccBaseline.NS2.id(), AccFigure4Run.FLOWS, false, null);
    }

    @Override
    public int threads(Options o) {
        return o.threads();
    }

    private static AccFigure4Run.Setup setup(Options o) {
        double seconds = CommonParams.seconds(o.durationNanos());
        CommonParams.checkDelayGrid(o.seeds(), seconds, o.delays(), o.threads(), o.buffer());
        if (o.flows() < 1) {
            throw new IllegalArgumentException("--flows: needs at least one bulk flow, not " + o.flows());
        }
        return new AccFigure4Run.Setup(seconds, Units.formatRate(o.bottleneckBps()), o.buffer(), placement(o.longLink()),
                accConfig(o), baseline(o.baseline()), o.flows());
    }

    private static AccBaseline baseline(String id) {
        AccBaseline b = AccBaseline.byId(id);
        if (b == null) {
            throw new IllegalArgumentException("--baseline: unknown baseline '" + id + "' (known: ns2, ns2-2.35, ns2-wide, rdp)");
        }
        return b;
    }

    private static AccConfig accConfig(Options o) {
        AccConfig.Deletion deletion;
        try {
            deletion = AccConfig.Deletion.byId(o.accDeletion());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--acc-deletion: " + e.getMessage());
        }
        AccConfig.Notify notify;
        try {
            notify = AccConfig.Notify.byId(o.accNotify());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--acc-notify: " + e.getMessage());
        }
        long minRttMs = Math.round(CommonParams.seconds(o.accMinRttNanos()) * 1000);
        return AccConfig.DEFAULT.withDeletion(deletion).withOncePerSrtt(o.oncePerSrtt()).withSkipRecovery(o.skipRecovery())
                .withMinRttMicros(minRttMs * 1000).withNotification(notify);
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        AccFigure4Run.Setup setup = setup(o);
        List<Config> cs = new ArrayList<>();
        for (String c : o.configs()) {
            cs.add(config(c));
        }
        AccFigure4Experiment.Params params = new AccFigure4Experiment.Params(o.seeds(), o.delays(), cs, setup);
        if (o.preregistered()) {
            if (!setup.baseline().ns2()) {
                throw new IllegalArgumentException("--preregistered: --baseline must be ns2, ns2-2.35 or ns2-wide (Aspen RDP "
                        + "runs beside it), not '" + o.baseline() + "'");
            }
            return new AccFigure4Preregistered(params);
        }
        return new AccFigure4Experiment(params);
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        String[] cd = CommonParams.configAndDelay(o.printScenario(), "acc:300");
        return AccFigure4Run.scenario(config(cd[0]), Integer.parseInt(cd[1]), setup(o));
    }

    private static Config config(String id) {
        Config c = Config.byId(id);
        if (c == null) {
            throw new IllegalArgumentException("unknown config '" + id + "' (known: droptail, red, red-ecn, acc)");
        }
        return c;
    }

    private static Placement placement(String id) {
        Placement p = Ids.byId(Placement.values(), Placement::id, id);
        if (p != null) {
            return p;
        }
        throw new IllegalArgumentException("--long-link: unknown placement '" + id + "' (known: between, upstream, downstream)");
    }
}
