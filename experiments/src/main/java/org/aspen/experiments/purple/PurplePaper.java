package org.aspen.experiments.purple;

import java.util.List;
import org.aspen.experiments.purple.PurpleRun.Aqm;
import org.aspen.experiments.purple.PurpleRun.Part;
import org.aspen.experiments.sweep.CommonParams;
import org.aspen.experiments.sweep.Experiment;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.PaperExperiment;
import org.aspen.experiments.sweep.Param;
import org.aspen.lab.scenario.Scenario;

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
public final class PurplePaper implements PaperExperiment<PurplePaper.Options> {

    /** The options of {@code aspen experiment purple}. */
    public record Options(
            @Param(names = "--seeds", label = "N", description = CommonParams.SEEDS)
            int seeds,
            @Param(names = "--threads", label = "N", description = CommonParams.THREADS)
            int threads,
            @Param(names = "--parts", label = "PART", description = "Parts to run (default: ${DEFAULT-VALUE}).")
            List<String> parts,
            @Param(names = "--aqms", label = "AQM",
                    description = "Queues compared: purple, red, ared, and PURPLE's sensitivity readings purple-realised, "
                            + "purple-clamped, purple-same-period (default: ${DEFAULT-VALUE}).")
            List<String> aqms,
            @Param(names = "--flows", label = "N",
                    description = "Greedy flows through the single bottleneck (default: ${DEFAULT-VALUE}).")
            List<Integer> flows,
            @Param(names = "--bundle2", label = "N", description = "Multi-bottleneck: flows in bundle 2 (default: ${DEFAULT-VALUE}).")
            List<Integer> bundle2,
            @Param(names = "--bundle-size", label = "N",
                    description = "Multi-bottleneck: flows in bundles 1 and 3 (default: ${DEFAULT-VALUE}).")
            int bundleSize,
            @Param(names = "--bandwidth", label = "RATE", unit = Param.Unit.RATE,
                    description = "Bottleneck rate; the RTT follows so that the BDP stays 660 packets "
                            + "(default: ${DEFAULT-VALUE}).")
            long bandwidthBps,
            @Param(names = "--duration", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Simulated time per run (default: ${DEFAULT-VALUE}).")
            long durationNanos,
            @Param(names = "--warmup", label = "DURATION", unit = Param.Unit.DURATION,
                    description = "Left out of the figures (default: ${DEFAULT-VALUE}).")
            long warmupNanos,
            @Param(names = "--baseline", label = "BASELINE",
                    description = "Senders and the RED/A-RED routers: ns2 (ns-2's TCP Reno with ECN over ns-2's RED and "
                            + "Adaptive RED, the paper's values and ns-2's 2002 defaults, docs/ns2-baseline.md), ns2-2.35 "
                            + "(ns-2.35's defaults where the text gives no value) or rdp (Aspen RDP over Aspen's red and "
                            + "ared); PURPLE's router is the same in all (default: ${DEFAULT-VALUE}).")
            String baseline,
            @Param(names = "--uncongested", label = "READING",
                    description = "PURPLE on an uncongested link (gamma > 1), the paper's \"a router does not modify p\": "
                            + "update (equation 3 whatever gamma, every result before issue 29) or no-mark (p_k = 0 while "
                            + "gamma > 1, issue 29's pre-registered reading) (default: ${DEFAULT-VALUE}).")
            String uncongested,
            @Param(names = "--preregistered",
                    description = "Judge the comparison rows by preregistration/purple.yaml (issue 29), run the same sweep on "
                            + "--baseline rdp for the 'Aspen RDP' column, and Figure 4 with every seed (default: off).")
            boolean preregistered,
            @Param(names = "--print-scenario", label = "PART:AQM:FLOWS",
                    description = "Print one run's scenario as YAML (e.g. short:purple:40, for 'aspen lab --sim') and run "
                            + "nothing.")
            String printScenario) {
    }

    @Override
    public String name() {
        return "purple";
    }

    @Override
    public List<String> description() {
        return List.of("PURPLE paper, Section 3: PURPLE vs RED and A-RED.",
                "In the simulation: goodput, queueing delay, mark and drop rates against the number of flows, "
                        + "RTOs with three bundles over two bottlenecks, and p_k and the queue over time with 100 flows "
                        + "(fig4). Files: runs.csv, summary.csv, summary.json, comparison.md, figure4-*.csv, PNGs "
                        + "(docs/results-purple.md). --baseline picks the senders' transport and RED/A-RED: ns-2's "
                        + "(the default) or Aspen's.");
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Options defaults() {
        return new Options(5, CommonParams.DEFAULT_THREADS, List.of("bdp", "short", "multi", "fig4"), List.of("purple", "red", "ared"),
                List.of(10, 20, 40, 60, 80), List.of(10, 40, 70, 100), 50, 20_000_000L, 100_000_000_000L, 10_000_000_000L,
                PurpleBaseline.NS2.id(), "update", false, null);
    }

    @Override
    public int threads(Options o) {
        return o.threads();
    }

    private static PurpleRun.Setup setup(Options o) {
        PurpleBaseline b = PurpleBaseline.byId(o.baseline());
        if (b == null) {
            throw new IllegalArgumentException("--baseline: unknown baseline '" + o.baseline() + "' (known: ns2, ns2-2.35, rdp)");
        }
        if (!o.uncongested().equals("update") && !o.uncongested().equals("no-mark")) {
            throw new IllegalArgumentException("--uncongested: unknown reading '" + o.uncongested() + "' (known: update, no-mark)");
        }
        PurpleRun.Setup setup = new PurpleRun.Setup(o.bandwidthBps(), CommonParams.seconds(o.durationNanos()),
                CommonParams.seconds(o.warmupNanos()), o.bundleSize(), b, o.uncongested().equals("no-mark"));
        if (o.seeds() < 1 || o.threads() < 1 || setup.durationSeconds() < setup.warmupSeconds() + 2
                || o.flows().stream().anyMatch(n -> n < 1) || o.bundle2().stream().anyMatch(n -> n < 1) || o.bundleSize() < 1
                || setup.bottleneckBps() <= 0) {
            throw new IllegalArgumentException("--seeds, --threads, --flows, --bundle2 and --bundle-size must be at least 1, "
                    + "--duration at least 2s past --warmup, --bandwidth positive");
        }
        return setup;
    }

    @Override
    public Experiment<?, ?, ?> experiment(Options o) {
        PurpleRun.Setup setup = setup(o);
        return new PurpleExperiment(new PurpleExperiment.Params(o.parts().stream().map(PurplePaper::part).toList(),
                o.aqms().stream().map(PurplePaper::aqm).toList(), o.flows(), o.bundle2(), o.seeds(), setup, o.preregistered()));
    }

    @Override
    public Scenario scenarioToPrint(Options o) {
        if (o.printScenario() == null) {
            return null;
        }
        String[] f = o.printScenario().split(":");
        if (f.length != 3 || !f[2].matches("\\d+")) {
            throw new IllegalArgumentException("--print-scenario takes PART:AQM:FLOWS, e.g. short:purple:40");
        }
        return PurpleRun.scenario(part(f[0]), aqm(f[1]), Integer.parseInt(f[2]), setup(o));
    }

    private static Part part(String id) {
        Part p = Ids.byId(Part.values(), q -> q.id, id);
        if (p != null) {
            return p;
        }
        throw new IllegalArgumentException("unknown part '" + id + "' (known: bdp, short, multi, fig4)");
    }

    private static Aqm aqm(String id) {
        Aqm a = Ids.byId(Aqm.values(), Aqm::id, id);
        if (a != null) {
            return a;
        }
        throw new IllegalArgumentException("unknown queue '" + id + "' (known: purple, red, ared, purple-realised, "
                + "purple-clamped, purple-same-period)");
    }
}
