package org.aspen.cli;

import java.util.ArrayList;
import java.util.List;
import org.aspen.experiments.acns.AcnsBaseline;
import org.aspen.experiments.acns.AcnsExperiment;
import org.aspen.experiments.acns.AcnsRun;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code aspen experiment acns}: the ACNS paper's Tables 7-11 ({@link AcnsExperiment}).
 *
 * <pre>{@code
 * aspen experiment acns --out results/acns
 * aspen experiment acns --baseline ns2 --preregistered --out docs/results/acns   # judged by preregistration/acns.yaml, RDP beside
 * aspen experiment acns --print-scenario acns > acns.yaml && aspen lab --sim acns.yaml
 * }</pre>
 */
@Command(name = "acns",
        description = {"ACNS paper, Tables 7-11: prioritised flows, ACNS on and off.",
                "In the simulation: three prioritised RDP flows and three constant-rate flows between two "
                        + "sites, 118 s, start times moved by up to 50 ms per seed. Configs: reno, acns (the "
                        + "paper's text), and the other readings as sensitivity: acns-pmax-table, "
                        + "acns-age-seconds, acns-every-segment, acns-on-its-ack, acns-old. Files: runs.csv, "
                        + "series-*.csv, comparison.md, summary.json (with paperComparison), Figures 9-12 and "
                        + "cwnd as PNGs (docs/results-acns.md). --baseline picks the transport: ns-2's Reno "
                        + "(the default) or Aspen RDP."})
final class AcnsCommand extends ExperimentSubcommand {
    @Mixin
    SeedsOption seeds = new SeedsOption(10);

    @Mixin
    ThreadsOption threads;

    @Option(names = "--configs", split = ",", paramLabel = "CONFIG",
            defaultValue = "reno,acns,acns-pmax-table,acns-age-seconds,acns-every-segment,acns-on-its-ack,acns-old",
            description = "Systems compared (default: all).")
    List<String> configs;

    @Option(names = "--duration", converter = UnitConverters.Duration.class, paramLabel = "DURATION", defaultValue = "118s",
            description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
    long duration;

    @Option(names = "--bottleneck", converter = UnitConverters.Rate.class, paramLabel = "RATE", defaultValue = AcnsRun.BOTTLENECK,
            description = "Rate of the two last-mile links (default: ${DEFAULT-VALUE}).")
    long bottleneck;

    @Option(names = "--buffer", paramLabel = "PACKETS", defaultValue = "" + AcnsRun.BUFFER,
            description = "Last-mile buffers in packets (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--baseline", paramLabel = "BASELINE", defaultValue = "ns2",
            description = "Transport and queues: ns2 (ns-2.35's TCP Reno, ACNS's sender built on it, over ns-2's "
                    + "drop-tail, with the paper's values and ns-2.35's defaults, docs/ns2-baseline.md), ns2-2.35 "
                    + "(ns-2.35's defaults throughout: window_ 20) or rdp (Aspen RDP over Aspen's queues) "
                    + "(default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--preregistered",
            description = "Judge the paper comparison by the committed pre-registration "
                    + "(experiments/src/main/resources/preregistration/acns.yaml) and run the same sweep on Aspen RDP "
                    + "too, for the 'Aspen RDP' sensitivity column (runs-rdp.csv, series-rdp-*.csv); needs an ns-2 "
                    + "--baseline and the configs reno and acns (default: off).")
    boolean preregistered;

    @Option(names = "--print-scenario", paramLabel = "CONFIG",
            description = "Print that config's scenario (seed 1) as YAML for 'aspen lab --sim', run nothing; "
                    + "the lab runs the text's reading of the sender.")
    String printScenario;

    private AcnsRun.Setup setup() {
        double seconds = seconds(duration);
        if (seeds.seeds < 1 || threads.threads < 1 || seconds <= 0 || buffer < 1) {
            throw usage("--seeds, --threads and --buffer must be at least 1, --duration positive");
        }
        AcnsBaseline b = AcnsBaseline.byId(baseline);
        if (b == null) {
            throw usage("--baseline: unknown baseline '" + baseline + "' (known: ns2, ns2-2.35, rdp)");
        }
        return new AcnsRun.Setup(seconds, Units.formatRate(bottleneck), buffer, b);
    }

    @Override
    Experiment<?, ?, ?> experiment() {
        AcnsRun.Setup setup = setup();
        List<Config> cs = new ArrayList<>();
        for (String c : configs) {
            Config config = Config.byId(c);
            if (config == null) {
                throw usage("unknown config '" + c + "' (known: " + known() + ")");
            }
            cs.add(config);
        }
        if (preregistered && setup.baseline() == AcnsBaseline.RDP) {
            throw usage("--preregistered judges an ns-2 baseline against Aspen RDP: --baseline must be ns2 or ns2-2.35, not rdp");
        }
        if (preregistered && !(cs.contains(Config.RENO) && cs.contains(Config.ACNS))) {
            throw usage("--preregistered needs the configs reno and acns in --configs");
        }
        return new AcnsExperiment(new AcnsExperiment.Params(cs, seeds.seeds, setup, preregistered));
    }

    @Override
    Scenario scenarioToPrint() {
        if (printScenario == null) {
            return null;
        }
        Config c = Config.byId(printScenario);
        if (c == null) {
            throw usage("--print-scenario takes one of " + known());
        }
        return AcnsRun.scenario(c, setup(), 1);
    }

    private static String known() {
        return String.join(", ", java.util.Arrays.stream(Config.values()).map(Config::id).toList());
    }
}
