package org.aspen.experiments.acns;

import java.util.Locale;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.scenario.Scenario;

/**
 * One run of the ACNS paper's simulation (Tables 5-11), with or without ACNS, sampled per flow by
 * {@link FlowProbeRun} on the {@link AcnsSites} scenario.
 *
 * <pre>{@code
 * AcnsRun r = AcnsRun.simulate(AcnsRun.Config.ACNS, 1, new AcnsRun.Setup(118, "3Mbps", 100));
 * double mbps = r.result().flows().get(0).avgThroughputBps() / 1e6;
 * }</pre>
 */
public record AcnsRun(Config config, long seed, FlowProbeRun.Result result) {
    public static final String BOTTLENECK = "3Mbps";
    public static final int BUFFER = 100;
    /** Throughput is binned per second. */
    static final long BIN_NANOS = 1_000_000_000L;

    /** The compared systems: drop-tail last miles and Reno, or ACNS queues and AcnsReno at both ends of every RDP flow. */
    public enum Config {
        RENO, ACNS;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The config with this {@link #id()}, or null. */
        public static Config byId(String id) {
            return Ids.byId(values(), Config::id, id);
        }
    }

    /** Run length, last-mile rate and buffer (packets). */
    public record Setup(double durationSeconds, String bottleneck, int buffer) {
    }

    public static Scenario scenario(Config config, Setup setup) {
        ScenarioBuilder b = new ScenarioBuilder("acns-paper-" + config.id(), String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        AcnsSites.addTo(b, config == Config.ACNS, setup.bottleneck(), setup.buffer());
        return b.build();
    }

    public static AcnsRun simulate(Config config, long seed, Setup setup) {
        return new AcnsRun(config, seed, FlowProbeRun.run(scenario(config, setup), seed, BIN_NANOS, null));
    }
}
