package org.aspen.cli;

import java.util.List;
import org.aspen.experiments.purple.PurpleBaseline;
import org.aspen.experiments.purple.PurpleExperiment;
import org.aspen.experiments.purple.PurpleRun;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Ids;
import org.aspen.lab.scenario.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment purple}: the PURPLE paper's Section 3 ({@link PurpleExperiment}).
 *
 * <pre>{@code
 * aspen experiment purple --baseline ns2 --preregistered --uncongested no-mark --seeds 2 --threads 1 --out docs/results/purple
 * aspen experiment purple --baseline rdp --out old      # the defaults on RDP: docs/results/purple before issue 29
 * aspen experiment purple --duration 60s --warmup 20s --seeds 3 --out shorter
 * aspen experiment purple --parts bdp,short --aqms purple,purple-realised,purple-clamped,purple-same-period --out sensitivity
 * aspen experiment purple --print-scenario short:purple:40 > p.yaml && aspen lab --sim p.yaml
 * }</pre>
 */
@Command(name = "purple",
        description = {"PURPLE paper, Section 3: PURPLE vs RED and A-RED.",
                "In the simulation: goodput, queueing delay, mark and drop rates against the number of flows, "
                        + "RTOs with three bundles over two bottlenecks, and p_k and the queue over time with 100 flows "
                        + "(fig4). Files: runs.csv, summary.csv, summary.json, comparison.md, figure4-*.csv, PNGs "
                        + "(docs/results-purple.md). --baseline picks the senders' transport and RED/A-RED: ns-2's "
                        + "(the default) or Aspen's."})
final class PurpleCommand extends ExperimentSubcommand {
    /** The option list's old name ({@code --help} now, as every command); kept so that old notes still work. */
    @Option(names = "--usage", hidden = true, description = "Show this help and exit (as --help).")
    boolean usage;

    @Mixin
    SeedsOption seeds = new SeedsOption(5);

    @Mixin
    ThreadsOption threads;

    @Option(names = "--parts", split = ",", paramLabel = "PART", defaultValue = "bdp,short,multi,fig4",
            description = "Parts to run (default: ${DEFAULT-VALUE}).")
    List<String> parts;

    @Option(names = "--aqms", split = ",", paramLabel = "AQM", defaultValue = "purple,red,ared",
            description = "Queues compared: purple, red, ared, and PURPLE's sensitivity readings purple-realised, "
                    + "purple-clamped, purple-same-period (default: ${DEFAULT-VALUE}).")
    List<String> aqms;

    @Option(names = "--flows", split = ",", paramLabel = "N", defaultValue = "10,20,40,60,80",
            description = "Greedy flows through the single bottleneck (default: ${DEFAULT-VALUE}).")
    List<Integer> flows;

    @Option(names = "--bundle2", split = ",", paramLabel = "N", defaultValue = "10,40,70,100",
            description = "Multi-bottleneck: flows in bundle 2 (default: ${DEFAULT-VALUE}).")
    List<Integer> bundle2;

    @Option(names = "--bundle-size", paramLabel = "N", defaultValue = "50",
            description = "Multi-bottleneck: flows in bundles 1 and 3 (default: ${DEFAULT-VALUE}).")
    int bundleSize;

    @Option(names = "--bandwidth", converter = UnitConverters.Rate.class, paramLabel = "RATE", defaultValue = "20Mbps",
            description = "Bottleneck rate; the RTT follows so that the BDP stays 660 packets (default: ${DEFAULT-VALUE}).")
    long bandwidth;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "100s",
            description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--warmup", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "10s",
            description = "Left out of the figures (default: ${DEFAULT-VALUE}).")
    long warmup;

    @Option(names = "--baseline", paramLabel = "BASELINE", defaultValue = "ns2",
            description = "Senders and the RED/A-RED routers: ns2 (ns-2's TCP Reno with ECN over ns-2's RED and "
                    + "Adaptive RED, the paper's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 "
                    + "(ns-2.35's defaults where the text gives no value) or rdp (Aspen RDP over Aspen's red and ared); "
                    + "PURPLE's router is the same in all (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--uncongested", paramLabel = "READING", defaultValue = "update",
            description = "PURPLE on an uncongested link (gamma > 1), the paper's \"a router does not modify p\": update "
                    + "(equation 3 whatever gamma, every result before issue 29) or no-mark (p_k = 0 while gamma > 1, "
                    + "issue 29's pre-registered reading) (default: ${DEFAULT-VALUE}).")
    String uncongested;

    @Option(names = "--preregistered",
            description = "Judge the comparison rows by preregistration/purple.yaml (issue 29), run the same sweep on "
                    + "--baseline rdp for the 'Aspen RDP' column, and Figure 4 with every seed (default: off).")
    boolean preregistered;

    @Option(names = "--print-scenario", paramLabel = "PART:AQM:FLOWS",
            description = "Print one run's scenario as YAML (e.g. short:purple:40, for 'aspen lab --sim') and run "
                    + "nothing.")
    String printScenario;

    @Override
    public Integer call() throws Exception {
        if (usage) {
            spec.commandLine().usage(spec.commandLine().getOut());
            return Aspen.OK;
        }
        return super.call();
    }

    private PurpleRun.Setup setup() {
        long bps = bandwidth;
        PurpleBaseline b = PurpleBaseline.byId(baseline);
        if (b == null) {
            throw usage("--baseline: unknown baseline '" + baseline + "' (known: ns2, ns2-2.35, rdp)");
        }
        if (!uncongested.equals("update") && !uncongested.equals("no-mark")) {
            throw usage("--uncongested: unknown reading '" + uncongested + "' (known: update, no-mark)");
        }
        PurpleRun.Setup setup = new PurpleRun.Setup(bps, seconds(duration), seconds(warmup), bundleSize, b,
                uncongested.equals("no-mark"));
        if (seeds.seeds < 1 || threads.threads < 1 || setup.durationSeconds() < setup.warmupSeconds() + 2
                || flows.stream().anyMatch(n -> n < 1) || bundle2.stream().anyMatch(n -> n < 1) || bundleSize < 1
                || setup.bottleneckBps() <= 0) {
            throw usage("--seeds, --threads, --flows, --bundle2 and --bundle-size must be at least 1, --duration at least 2s "
                    + "past --warmup, --bandwidth positive");
        }
        return setup;
    }

    @Override
    Experiment<?, ?, ?> experiment() {
        PurpleRun.Setup setup = setup();
        return new PurpleExperiment(new PurpleExperiment.Params(parts.stream().map(this::part).toList(),
                aqms.stream().map(this::aqm).toList(), flows, bundle2, seeds.seeds, setup, preregistered));
    }

    @Override
    Scenario scenarioToPrint() {
        if (printScenario == null) {
            return null;
        }
        String[] f = printScenario.split(":");
        if (f.length != 3 || !f[2].matches("\\d+")) {
            throw usage("--print-scenario takes PART:AQM:FLOWS, e.g. short:purple:40");
        }
        return PurpleRun.scenario(part(f[0]), aqm(f[1]), Integer.parseInt(f[2]), setup());
    }

    private Part part(String id) {
        Part p = Ids.byId(Part.values(), q -> q.id, id);
        if (p != null) {
            return p;
        }
        throw usage("unknown part '" + id + "' (known: bdp, short, multi, fig4)");
    }

    private Aqm aqm(String id) {
        Aqm a = Ids.byId(Aqm.values(), Aqm::id, id);
        if (a != null) {
            return a;
        }
        throw usage("unknown queue '" + id + "' (known: purple, red, ared, purple-realised, purple-clamped, purple-same-period)");
    }
}
