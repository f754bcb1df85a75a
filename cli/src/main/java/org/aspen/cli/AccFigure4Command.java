package org.aspen.cli;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.acc.AccBaseline;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.acc.AccFigure4Experiment;
import org.aspen.experiments.acc.AccFigure4Preregistered;
import org.aspen.experiments.acc.AccFigure4Run;
import org.aspen.experiments.acc.AccFigure4Run.Config;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Ids;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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
@Command(name = "acc-figure4",
        description = {"ACC paper, Figures 4-7: throughput and window closes vs RTT.",
                "In the simulation: per-flow throughput, window closes per second and close magnitude against "
                        + "the RTT, for drop-tail, RED, RED+ECN and ACC over RED, on the Figure 3 dumbbell. Files: "
                        + "runs.csv, summary.csv, summary.json, four PNGs (docs/results-acc.md)."})
final class AccFigure4Command extends ExperimentSubcommand {
    @Mixin
    SeedsOption seeds = new SeedsOption(10);

    @Mixin
    ThreadsOption threads;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "200s",
            description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--delays", split = ",", paramLabel = "MS", defaultValue = "10,50,100,200,300",
            description = "One-way delays of the long (R1-R2) link, ms (default: ${DEFAULT-VALUE}).")
    List<Integer> delays;

    @Option(names = "--configs", split = ",", paramLabel = "CONFIG", defaultValue = "droptail,red,red-ecn,acc",
            description = "Systems compared (default: ${DEFAULT-VALUE}).")
    List<String> configs;

    @Option(names = "--bottleneck", converter = UnitConverters.Rate.class, paramLabel = "RATE", defaultValue = AccFigure4Run.BOTTLENECK,
            description = "Rate of the bottleneck r2 -> r3 (default: ${DEFAULT-VALUE}).")
    long bottleneck;

    @Option(names = "--buffer", paramLabel = "PACKETS", defaultValue = "" + AccFigure4Run.BUFFER,
            description = "Bottleneck buffer in packets (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--long-link", paramLabel = "PLACEMENT", defaultValue = "between",
            description = "Where the long link lies on the bulk path: between (senders' router r1 => congested r2, "
                    + "the papers' reading), upstream (r0 => filter router r1, 10 ms from the congested r2) or "
                    + "downstream (r3 => r4, past the bottleneck) (default: ${DEFAULT-VALUE}).")
    String longLink;

    @Option(names = "--acc-deletion", paramLabel = "RULE", defaultValue = "until-reaction",
            description = "What an ACC filter deletes: until-reaction (every later packet until the sender reacts, "
                    + "the paper's) or range (the window's worth after the drop) (default: ${DEFAULT-VALUE}).")
    String accDeletion;

    @Option(names = "--acc-once-per-srtt",
            description = "The ACC monitor acts at most once per connection per srtt (not the paper's).")
    boolean oncePerSrtt;

    @Option(names = "--acc-skip-recovery",
            description = "The ACC monitor ignores drops of senders in recovery (not the paper's).")
    boolean skipRecovery;

    @Option(names = "--acc-notify", paramLabel = "MODE", defaultValue = "resend",
            description = "What the ACC monitor's notification asks: resend (the sender resends the dropped segment it names, "
                    + "Aspen's reading) or window-only (the window only, RDP's WINDOW_ONLY flag: the drop is left to the "
                    + "sender's own fast retransmit or timer, the paper's text) (default: ${DEFAULT-VALUE}).")
    String accNotify;

    @Option(names = "--acc-min-rtt", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "0ms",
            description = "The ACC monitor leaves connections with a lower srtt alone (the paper's suggested "
                    + "low-RTT inhibition; default: ${DEFAULT-VALUE}, act on every RTT as in its Figure 4).")
    long accMinRtt;

    @Option(names = "--baseline", paramLabel = "BASELINE", defaultValue = "ns2",
            description = "Transport and queues: ns2 (ns-2's TCP Reno over ns-2's RED/drop-tail with the paper's "
                    + "values and ns-2's 1998 defaults, docs/ns2-baseline.md), ns2-2.35 (ns-2.35's defaults), "
                    + "ns2-wide (ns2 with window_ 10000) or rdp (Aspen RDP over Aspen's queues) "
                    + "(default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--flows", paramLabel = "N", defaultValue = "" + AccFigure4Run.FLOWS,
            description = "Bulk flows s1..sN -> d1..dN (default: ${DEFAULT-VALUE}, ACC's own; the ACC-ABCD sensitivity runs 10).")
    int flows;

    @Option(names = "--preregistered",
            description = "Judge the sweep by experiments/.../preregistration/acc-figure4.yaml and run the same sweep on "
                    + "Aspen RDP beside it (the 'Aspen RDP' column; files rdp-runs.csv, rdp-summary.csv); "
                    + "the baseline must be an ns-2 one.")
    boolean preregistered;

    @Option(names = "--print-scenario", paramLabel = "CONFIG:DELAY",
            description = "Print one run's scenario as YAML (e.g. acc:300, for 'aspen lab --sim') and run nothing.")
    String printScenario;

    private AccFigure4Run.Setup setup() {
        double seconds = seconds(duration);
        checkDelayGrid(seeds.seeds, seconds, delays, threads.threads, buffer);
        if (flows < 1) {
            throw usage("--flows: needs at least one bulk flow, not " + flows);
        }
        return new AccFigure4Run.Setup(seconds, Units.formatRate(bottleneck), buffer, placement(longLink), accConfig(), baseline(baseline), flows);
    }

    private AccBaseline baseline(String id) {
        AccBaseline b = AccBaseline.byId(id);
        if (b == null) {
            throw usage("--baseline: unknown baseline '" + id + "' (known: ns2, ns2-2.35, ns2-wide, rdp)");
        }
        return b;
    }

    private AccConfig accConfig() {
        AccConfig.Deletion deletion;
        try {
            deletion = AccConfig.Deletion.byId(accDeletion);
        } catch (IllegalArgumentException e) {
            throw usage("--acc-deletion: " + e.getMessage());
        }
        AccConfig.Notify notify;
        try {
            notify = AccConfig.Notify.byId(accNotify);
        } catch (IllegalArgumentException e) {
            throw usage("--acc-notify: " + e.getMessage());
        }
        long minRttMs = Math.round(seconds(accMinRtt) * 1000);
        return AccConfig.DEFAULT.withDeletion(deletion).withOncePerSrtt(oncePerSrtt).withSkipRecovery(skipRecovery)
                .withMinRttMicros(minRttMs * 1000).withNotification(notify);
    }

    @Override
    Experiment<?, ?, ?> experiment() {
        AccFigure4Run.Setup setup = setup();
        List<Config> cs = new ArrayList<>();
        for (String c : configs) {
            cs.add(config(c));
        }
        AccFigure4Experiment.Params params = new AccFigure4Experiment.Params(seeds.seeds, delays, cs, setup);
        if (preregistered) {
            if (!setup.baseline().ns2()) {
                throw usage("--preregistered: --baseline must be ns2, ns2-2.35 or ns2-wide (Aspen RDP runs beside it), not '"
                        + baseline + "'");
            }
            return new AccFigure4Preregistered(params);
        }
        return new AccFigure4Experiment(params);
    }

    @Override
    Scenario scenarioToPrint() {
        if (printScenario == null) {
            return null;
        }
        String[] cd = configAndDelay(printScenario, "acc:300");
        return AccFigure4Run.scenario(config(cd[0]), Integer.parseInt(cd[1]), setup());
    }

    private Config config(String id) {
        Config c = Config.byId(id);
        if (c == null) {
            throw usage("unknown config '" + id + "' (known: droptail, red, red-ecn, acc)");
        }
        return c;
    }

    private Placement placement(String id) {
        Placement p = Ids.byId(Placement.values(), Placement::id, id);
        if (p != null) {
            return p;
        }
        throw usage("--long-link: unknown placement '" + id + "' (known: between, upstream, downstream)");
    }
}
