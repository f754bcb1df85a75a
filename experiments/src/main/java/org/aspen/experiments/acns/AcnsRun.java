package org.aspen.experiments.acns;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.AcnsReno;
import org.aspen.lab.scenario.Transports;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.rdp.ns2.Ns2Cubic;
import org.aspen.vnet.config.Units;

/**
 * One run of the ACNS paper's simulation (Tables 5-11), with or without ACNS, sampled per flow by
 * {@link FlowProbeRun} on the {@link AcnsSites} scenario.
 *
 * <pre>{@code
 * AcnsRun r = AcnsRun.simulate(AcnsRun.Config.ACNS, 1, new AcnsRun.Setup(118, "3Mbps", 100));
 * double mbps = r.result().flows().get(0).avgThroughputBps() / 1e6;
 * }</pre>
 */
public record AcnsRun(Config config, long seed, FlowProbeRun.Result result, long bottleneckBps) {
    public static final String BOTTLENECK = "3Mbps";
    public static final int BUFFER = 100;
    /** Throughput is binned per second. */
    static final long BIN_NANOS = 1_000_000_000L;

    /**
     * The compared systems: drop-tail last miles and Reno; ACNS queues and AcnsReno at both ends of every
     * RDP flow as the paper's text reads (docs/results-acns.md, "Readings"); and the other readings, each
     * differing from {@code acns} in one point, run as sensitivity, plus {@code acns-old}, the readings
     * Aspen used before issue 17 all together.
     */
    public enum Config {
        RENO(false, 63, "normalised", AcnsReno.Reading.PAPER),
        ACNS(true, 63, "normalised", AcnsReno.Reading.PAPER),
        /** p_max = the highest priority among the flows in the table. */
        ACNS_PMAX_TABLE(true, 0, "normalised", AcnsReno.Reading.PAPER),
        /** age(f) of equation 4 in seconds, not normalised. */
        ACNS_AGE_SECONDS(true, 63, "seconds", AcnsReno.Reading.PAPER),
        /** Every data segment asks for a command, not the last of each window. */
        ACNS_EVERY_SEGMENT(true, 63, "normalised", new AcnsReno.Reading(true, false)),
        /** A command acts on the ACK that carries it only. */
        ACNS_ON_ITS_ACK(true, 63, "normalised", new AcnsReno.Reading(false, true)),
        /** The readings before issue 17: p_max of the table, a command on every segment, acting on its ACK only. */
        ACNS_OLD(true, 0, "normalised", new AcnsReno.Reading(true, true));

        private final boolean acns;
        private final int pMax;
        private final String age;
        private final AcnsReno.Reading reading;

        Config(boolean acns, int pMax, String age, AcnsReno.Reading reading) {
            this.acns = acns;
            this.pMax = pMax;
            this.age = age;
            this.reading = reading;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** Whether the flows run ACNS (and the last miles have ACNS queues). */
        public boolean acns() {
            return acns;
        }

        /** The sender's reading. */
        public AcnsReno.Reading reading() {
            return reading;
        }

        /** The last miles' discipline: drop-tail, or ACNS with this config's p_max and age. */
        Object queue() {
            if (!acns) {
                return "droptail";
            }
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("kind", "acns");
            q.put("p_max", pMax);
            q.put("age", age);
            return q;
        }

        /** The config with this {@link #id()}, or null. */
        public static Config byId(String id) {
            return Ids.byId(values(), Config::id, id);
        }
    }

    /**
     * Run length, last-mile rate and buffer (packets), the transport and queues ({@link AcnsBaseline}) and,
     * under {@link AcnsBaseline#NS2_CUBIC} only, where ACNS reads equation 9 on CUBIC
     * ({@link Ns2AcnsCubic.CubicReading}; the primary elsewhere), and under it only an opt-in CUBIC
     * {@code cubicBeta} (/1024, as ns-2's {@code set_ca_param cubic beta}; null for ns-2's 819) for the
     * runs without ACNS (docs/traces/acns-cubic-keep: beta 1024 keeps the window through a Recovery).
     */
    public record Setup(double durationSeconds, String bottleneck, int buffer, AcnsBaseline baseline,
                        Ns2AcnsCubic.CubicReading cubicReading, Integer cubicBeta) {
        public Setup {
            if (cubicReading == null) {
                cubicReading = Ns2AcnsCubic.CubicReading.PRIMARY;
            }
            if (cubicReading != Ns2AcnsCubic.CubicReading.PRIMARY && baseline != AcnsBaseline.NS2_CUBIC) {
                throw new IllegalArgumentException("--acns-cubic-reading " + cubicReading.id() + " reads ACNS on CUBIC: it needs "
                        + "--baseline ns2-cubic, not " + baseline.id());
            }
            if (cubicBeta != null && baseline != AcnsBaseline.NS2_CUBIC) {
                throw new IllegalArgumentException("--cubic-beta sets CUBIC's beta: it needs --baseline ns2-cubic, not " + baseline.id());
            }
            if (cubicBeta != null && (cubicBeta < 1 || cubicBeta > Ns2Cubic.MAX_BETA)) {
                throw new IllegalArgumentException("--cubic-beta must be 1-" + Ns2Cubic.MAX_BETA + " (/1024), not " + cubicBeta);
            }
        }

        /** The set-up on {@code baseline}, ACNS on CUBIC read as {@code cubicReading}, CUBIC's beta ns-2's. */
        public Setup(double durationSeconds, String bottleneck, int buffer, AcnsBaseline baseline,
                     Ns2AcnsCubic.CubicReading cubicReading) {
            this(durationSeconds, bottleneck, buffer, baseline, cubicReading, null);
        }

        /** The TCP flows' {@code ns2} map: the baseline's ({@link AcnsBaseline#agent()}), with cubic.beta when set. */
        public Map<String, Object> agent() {
            Map<String, Object> m = baseline.agent();
            if (cubicBeta != null) {
                m.put(Transports.CUBIC_BETA, cubicBeta);
            }
            return m;
        }

        /** The set-up on Aspen RDP (what the committed results before issue #28 ran). */
        public Setup(double durationSeconds, String bottleneck, int buffer) {
            this(durationSeconds, bottleneck, buffer, AcnsBaseline.RDP);
        }

        /** The set-up on {@code baseline}, ACNS on CUBIC read as the primary. */
        public Setup(double durationSeconds, String bottleneck, int buffer, AcnsBaseline baseline) {
            this(durationSeconds, bottleneck, buffer, baseline, Ns2AcnsCubic.CubicReading.PRIMARY);
        }

        /** The same set-up on another transport and queues (the CUBIC reading kept on ns2-cubic only). */
        public Setup withBaseline(AcnsBaseline b) {
            return new Setup(durationSeconds, bottleneck, buffer, b,
                    b == AcnsBaseline.NS2_CUBIC ? cubicReading : Ns2AcnsCubic.CubicReading.PRIMARY,
                    b == AcnsBaseline.NS2_CUBIC ? cubicBeta : null);
        }
    }

    /** The scenario of {@code config} under {@code seed} (the seed moves the start times, {@link AcnsSites}). */
    public static Scenario scenario(Config config, Setup setup, long seed) {
        AcnsBaseline base = setup.baseline();
        ScenarioBuilder b = new ScenarioBuilder("acns-paper-" + config.id() + (base == AcnsBaseline.RDP ? "" : "-" + base.id()),
                String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        AcnsSites.addTo(b, base.queue(config), config.acns(), setup.bottleneck(), setup.buffer(), seed, base, config.reading(),
                setup.cubicReading(), setup.agent());
        return b.build();
    }

    public static AcnsRun simulate(Config config, long seed, Setup setup) {
        return new AcnsRun(config, seed, FlowProbeRun.run(scenario(config, setup, seed), seed, BIN_NANOS, null),
                Units.bitsPerSecond(setup.bottleneck()));
    }
}
