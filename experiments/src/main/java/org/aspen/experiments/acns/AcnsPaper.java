package org.aspen.experiments.acns;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.aspen.experiments.acns.AcnsRun.Config;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.experiments.sweep.Preregistration;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.vnet.config.Units;

/**
 * {@code aspen experiment acns}: the ACNS paper's Tables 7-11 ({@link AcnsExperiment}).
 *
 * <pre>{@code
 * aspen experiment acns --out results/acns
 * aspen experiment acns --baseline ns2 --preregistered --out docs/results/acns   # judged by preregistration/acns.yaml, RDP beside
 * aspen experiment acns --baseline ns2-cubic --preregistered --out docs/results/acns-cubic   # by acns-cubic.yaml
 * aspen experiment acns --baseline ns2-cubic --preregistered --preregistration acns-cubic-eq9-every-ack \
 *     --acns-cubic-reading eq9-every-ack --configs reno,acns --out docs/results/acns-cubic-eq9-every-ack   # a sensitivity
 * aspen experiment acns --print-scenario acns > acns.yaml && aspen lab --sim acns.yaml
 * }</pre>
 */
public final class AcnsPaper implements PaperExperiment<AcnsPaper.Options> {

    /** The options of {@code aspen experiment acns}. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--threads", label = "N", description = CommonParams.THREADS)
            int threads,
            @Param(names = "--configs", label = "CONFIG", description = "Systems compared (default: all).")
            List<String> configs,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--bottleneck", label = "RATE", unit = Param.Unit.RATE,
                    description = "Rate of the two last-mile links (default: ${DEFAULT-VALUE}).")
            long bottleneckBps,
            @Param(names = "--buffer", label = "PACKETS", description = "Last-mile buffers in packets (default: ${DEFAULT-VALUE}).")
            int buffer,
            @Param(names = "--baseline", label = "BASELINE",
                    description = "Transport and queues: ns2 (ns-2.35's TCP Reno, ACNS's sender built on it, over ns-2's "
                            + "drop-tail, with the paper's values and ns-2.35's defaults, docs/ns2-baseline.md), ns2-cubic (the text's CUBIC: "
                            + "ns-2.35's Agent/TCP/Linux with CUBIC, otherwise as ns2), ns2-2.35 "
                            + "(ns-2.35's defaults throughout: window_ 20) or rdp (Aspen RDP over Aspen's queues) "
                            + "(default: ${DEFAULT-VALUE}).")
            String baseline,
            @Param(names = "--preregistered",
                    description = "Judge the paper comparison by the committed pre-registration "
                            + "(experiments/src/main/resources/preregistration/acns.yaml; acns-cubic.yaml under --baseline "
                            + "ns2-cubic) and run the same sweep on Aspen RDP "
                            + "too, for the 'Aspen RDP' sensitivity column (runs-rdp.csv, series-rdp-*.csv); needs an ns-2 "
                            + "--baseline and the configs reno and acns (default: off).")
            boolean preregistered,
            @Param(names = "--preregistration", label = "NAME",
                    description = "With --preregistered: judge by preregistration/NAME.yaml instead of the baseline's "
                            + "(e.g. acns-cubic-eq9-every-ack).")
            String preregistration,
            @Param(names = "--acns-cubic-reading", label = "READING",
                    description = "With --baseline ns2-cubic: where ACNS reads equation 9 on CUBIC: primary "
                            + "(preregistration/acns-cubic.yaml), eq9-every-ack (a fallback acts on every ACK, in Recovery "
                            + "too) or epoch-restart (CUBIC's epoch restarts when a freeze or fallback ends); the last two "
                            + "are sensitivities registered after the primary was seen (default: ${DEFAULT-VALUE}).")
            String acnsCubicReading,
            @Param(names = "--cubic-beta", label = "BETA",
                    description = "With --baseline ns2-cubic and configs without ACNS: CUBIC's beta (/1024) as ns-2's "
                            + "'$tcp set_ca_param cubic beta BETA' sets it; 1024 keeps the window at a loss "
                            + "(docs/traces/acns-cubic-keep) (default: ns-2's 819).")
            Integer cubicBeta,
            @Param(names = "--print-scenario", label = "CONFIG",
                    description = "Print that config's scenario (seed 1) as YAML for 'aspen lab --sim', run nothing; "
                            + "a config's sender reading is in its flows' sender.acnsReading.")
            String printScenario) {
    }

    @Override
    public String name() {
        return "acns";
    }

    @Override
    public List<String> description() {
        return List.of("ACNS paper, Tables 7-11: prioritised flows, ACNS on and off.",
                "In the simulation: three prioritised RDP flows and three constant-rate flows between two "
                        + "sites, 118 s, start times moved by up to 50 ms per seed. Configs: reno, acns (the "
                        + "paper's text), and the other readings as sensitivity: acns-pmax-table, "
                        + "acns-age-seconds, acns-every-segment, acns-on-its-ack, acns-old. Files: runs.csv, "
                        + "series-*.csv, comparison.md, summary.json (with paperComparison), Figures 9-12 and "
                        + "cwnd as PNGs (docs/results-acns.md). --baseline picks the transport: ns-2's Reno "
                        + "(the default) or Aspen RDP.");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        return new Options(10, CommonParams.DEFAULT_THREADS, Arrays.stream(Config.values()).map(Config::id).toList(),
                118_000_000_000L, Units.bitsPerSecond(AcnsRun.BOTTLENECK), AcnsRun.BUFFER, AcnsBaseline.NS2.id(), false, null,
                Ns2AcnsCubic.CubicReading.PRIMARY.id(), null, null);
    }

    @Override
    public int threads(Options o) {
        return o.threads();
    }

    private static AcnsRun.Setup setup(Options o) {
        double seconds = CommonParams.seconds(o.durationNanos());
        if (o.seeds() < 1 || o.threads() < 1 || seconds <= 0 || o.buffer() < 1) {
            throw new IllegalArgumentException("--seeds, --threads and --buffer must be at least 1, --duration positive");
        }
        AcnsBaseline b = AcnsBaseline.byId(o.baseline());
        if (b == null) {
            throw new IllegalArgumentException("--baseline: unknown baseline '" + o.baseline() + "' (known: ns2, ns2-cubic, ns2-2.35, rdp)");
        }
        Ns2AcnsCubic.CubicReading r = Ns2AcnsCubic.CubicReading.byId(o.acnsCubicReading());
        if (r == null) {
            throw new IllegalArgumentException("--acns-cubic-reading: unknown reading '" + o.acnsCubicReading() + "' (known: "
                    + String.join(", ", Arrays.stream(Ns2AcnsCubic.CubicReading.values()).map(Ns2AcnsCubic.CubicReading::id).toList())
                    + ")");
        }
        if (o.cubicBeta() != null && o.preregistered()) {
            throw new IllegalArgumentException("--cubic-beta is not for a --preregistered run (the registrations use ns-2's beta)");
        }
        if (o.cubicBeta() != null && o.configs().stream().map(Config::byId).anyMatch(c -> c != null && c.acns())) {
            throw new IllegalArgumentException("--cubic-beta runs CUBIC without ACNS: --configs must hold no ACNS config (e.g. reno)");
        }
        return new AcnsRun.Setup(seconds, Units.formatRate(o.bottleneckBps()), o.buffer(), b, r, o.cubicBeta());
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        AcnsRun.Setup setup = setup(o);
        List<Config> cs = new ArrayList<>();
        for (String c : o.configs()) {
            Config config = Config.byId(c);
            if (config == null) {
                throw new IllegalArgumentException("unknown config '" + c + "' (known: " + known() + ")");
            }
            cs.add(config);
        }
        if (o.preregistered() && setup.baseline() == AcnsBaseline.RDP) {
            throw new IllegalArgumentException("--preregistered judges an ns-2 baseline against Aspen RDP: --baseline must be "
                    + "ns2, ns2-cubic or ns2-2.35, not rdp");
        }
        if (o.preregistered() && !(cs.contains(Config.RENO) && cs.contains(Config.ACNS))) {
            throw new IllegalArgumentException("--preregistered needs the configs reno and acns in --configs");
        }
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
            if (!p.experiment().equals("acns")) {
                throw new IllegalArgumentException("--preregistration " + name + ": that file registers experiment '"
                        + p.experiment() + "', not acns");
            }
        }
        return new AcnsExperiment(new AcnsExperiment.Params(cs, o.seeds(), setup, o.preregistered(), name));
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        Config c = Config.byId(o.printScenario());
        if (c == null) {
            throw new IllegalArgumentException("--print-scenario takes one of " + known());
        }
        return AcnsRun.scenario(c, setup(o), 1);
    }

    private static String known() {
        return String.join(", ", Arrays.stream(Config.values()).map(Config::id).toList());
    }
}
