package org.aspen.experiments.purple;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;

/**
 * One run of the PURPLE paper's Section 3 in the simulation ({@link PurpleBundles}' topology and
 * flows, one queue discipline on the bottleneck(s)), and its figures after the warm-up.
 *
 * <pre>{@code
 * PurpleRun.Setup s = new PurpleRun.Setup(20_000_000L, 60, 20, 50);   // 20 Mb/s, 60 s, measured after 20 s; bundles of 50
 * PurpleRun r = PurpleRun.simulate(PurpleRun.Part.BDP, PurpleRun.Aqm.PURPLE, 40, 1, s);
 * }</pre>
 *
 * Packets are 1500 bytes (1440 RDP data bytes and 60 of headers). Mark and drop rates are per
 * packet arriving at the congested queue(s); utilisation and queueing delay are averaged over them;
 * bundle figures only in the multi-bottleneck part.
 */
public record PurpleRun(Part part, Aqm aqm, int flows, long seed, double goodputMbps, double utilisation, double delayMs,
                        double markRate, double dropRate, long timeouts, long[] bundleTimeouts, double[] bundleGoodputMbps,
                        double wallSeconds) {
    public static final int PACKET = 1500;
    public static final int SEGMENT = 1440;
    public static final int BDP_PACKETS = 660;
    public static final int SHORT_BUFFER = 100;
    public static final int ACCESS_BUFFER = 20_000;
    public static final int HOSTS = 10;
    public static final int BUNDLE_HOSTS = 5;
    public static final double BOTTLENECK_DELAY_MS = 5;

    /** The metrics of the summary and plots, by name. */
    public static final Map<String, ToDoubleFunction<PurpleRun>> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("goodputMbps", PurpleRun::goodputMbps);
        METRICS.put("utilisation", PurpleRun::utilisation);
        METRICS.put("delayMs", PurpleRun::delayMs);
        METRICS.put("markRate", PurpleRun::markRate);
        METRICS.put("dropRate", PurpleRun::dropRate);
        METRICS.put("rto", r -> r.timeouts());
        METRICS.put("rtoBundle1", r -> r.bundleTimeouts()[0]);
        METRICS.put("rtoBundle2", r -> r.bundleTimeouts()[1]);
        METRICS.put("rtoBundle3", r -> r.bundleTimeouts()[2]);
    }

    /** The paper's three experiments. */
    public enum Part {
        BDP("bdp", "queue = BDP (660), PURPLE without the microscopic term"),
        SHORT("short", "100-packet queue, full PURPLE"),
        MULTI("multi", "three bundles over two bottlenecks, 100-packet queues");

        public final String id;
        public final String label;

        Part(String id, String label) {
            this.id = id;
            this.label = label;
        }

        @JsonValue
        public String id() {
            return id;
        }

        /** The congested link ends. */
        List<String> queues() {
            return this == MULTI ? List.of("r1-r2@r1", "r2-r3@r2") : List.of("r1-r2@r1");
        }
    }

    /** The compared queue disciplines, with the paper's settings per part. */
    public enum Aqm {
        PURPLE("PURPLE"), RED("RED"), ARED("A-RED");

        public final String label;

        Aqm(String label) {
            this.label = label;
        }

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The queue: PURPLE (weight 1/32, task every 1 ms, alpha 1; without the microscopic term in
         * the BDP part), RED 10/600 (BDP) or 20/60 (short), max_p 0.02, w_q 0.002, or A-RED with
         * ns-2's automatic 5/15; all ECN.
         */
        Map<String, Object> queue(Part part) {
            Map<String, Object> q = new LinkedHashMap<>();
            switch (this) {
                case PURPLE -> {
                    q.put("kind", "purple");
                    q.put("micro", part != Part.BDP);
                    if (part != Part.BDP) {
                        q.put("alpha", 1);
                    }
                }
                case RED -> {
                    q.put("kind", "red");
                    q.put("min_th", part == Part.BDP ? 10 : 20);
                    q.put("max_th", part == Part.BDP ? 600 : 60);
                    q.put("max_p", 0.02);
                    q.put("w_q", 0.002);
                    q.put("ecn", true);
                }
                case ARED -> {
                    q.put("kind", "ared");
                    q.put("min_th", 5);
                    q.put("max_th", 15);
                    q.put("max_p", 0.1);
                    q.put("w_q", "auto");
                    q.put("ecn", true);
                }
            }
            return q;
        }
    }

    /** Bottleneck rate, run length, the warm-up left out of the figures, and the size of bundles 1 and 3. */
    public record Setup(long bottleneckBps, double durationSeconds, double warmupSeconds, int bundleSize) {
        /** The nominal RTT: 660 full-size packets are one bandwidth-delay product. */
        public double rttMs() {
            return BDP_PACKETS * PACKET * 8e3 / bottleneckBps;
        }

        double packetMs() {
            return PACKET * 8e3 / bottleneckBps;
        }
    }

    /** The run's scenario. */
    public static Scenario scenario(Part part, Aqm aqm, int flows, Setup s) {
        ScenarioBuilder b = new ScenarioBuilder("purple-" + part.id + '-' + aqm.id() + '-' + flows,
                String.format(Locale.ROOT, "%.3fs", s.durationSeconds()));
        PurpleBundles.addTo(b, part, aqm, flows, s);
        return b.build();
    }

    /**
     * Runs the scenario twice with the same seed, to {@code warmupSeconds} and to the end: the
     * simulation is deterministic, so the first run is exactly the second one's beginning, and the
     * difference of their cumulative counters is the steady state after the warm-up (slow start's
     * overshoot, the same for every queue, would otherwise dominate drops and RTOs).
     */
    public static PurpleRun simulate(Part part, Aqm aqm, int flows, long seed, Setup s) throws InterruptedException {
        Scenario sc = scenario(part, aqm, flows, s);
        long t0 = HostTime.nanos();
        Totals warm = s.warmupSeconds() > 0
                ? Totals.of(part, LabRunner.run(sc, new LabRunner.Options(true, seed, (long) (s.warmupSeconds() * 1e9), null, null)))
                : Totals.ZERO;
        Totals d = Totals.of(part, LabRunner.run(sc, new LabRunner.Options(true, seed, null, null, null))).minus(warm);
        double t = s.durationSeconds() - s.warmupSeconds();
        int queues = part.queues().size();
        double arrivals = Math.max(1, d.arrivals());
        double[] bundleGoodput = {d.bytes()[0] * 8 / t / 1e6, d.bytes()[1] * 8 / t / 1e6, d.bytes()[2] * 8 / t / 1e6};
        long[] rto = {(long) d.rto()[0], (long) d.rto()[1], (long) d.rto()[2]};
        return new PurpleRun(part, aqm, flows, seed, bundleGoodput[0] + bundleGoodput[1] + bundleGoodput[2], d.busy() / t / queues,
                d.queueTime() / t / queues * s.packetMs(), d.marks() / arrivals, d.drops() / arrivals, rto[0] + rto[1] + rto[2],
                rto, bundleGoodput, HostTime.secondsSince(t0));
    }

    /**
     * Cumulative totals of one run: bytes received and RTOs per bundle, then over the congested
     * queues the arrivals, marks, queue drops (overflow, RED's early and forced), and the time
     * integrals of the waiting packets and of the busy transmitter.
     */
    record Totals(double[] bytes, double[] rto, double arrivals, double marks, double drops, double queueTime, double busy) {
        static final Totals ZERO = new Totals(new double[3], new double[3], 0, 0, 0, 0, 0);

        static Totals of(Part part, LabResult result) {
            RunReport r = RunReport.of(result);
            double[] bytes = new double[3];
            double[] rto = new double[3];
            for (RunReport.Transfer f : r.transfers()) {
                int b = part == Part.MULTI ? f.name().charAt(1) - '1' : 0;
                bytes[b] += f.goodputBps() / 8 * f.seconds();   // bulk flows report goodput, not bytes
                rto[b] += f.closes("TIMEOUT");
            }
            double seconds = r.durationSeconds();
            double drops = 0;
            double marks = 0;
            double queueTime = 0;
            double busy = 0;
            for (String q : part.queues()) {
                RunReport.LinkEnd l = r.link(q);
                drops += l.drops(List.of("overflow", "early", "forced"));
                marks += l.marked();
                queueTime += l.averageQueue() * seconds;
                busy += l.utilisation() * seconds;
            }
            double arrivals = drops;
            for (String q : part.queues()) {
                arrivals += r.link(q).enqueued();
            }
            return new Totals(bytes, rto, arrivals, marks, drops, queueTime, busy);
        }

        Totals minus(Totals o) {
            double[] b = new double[3];
            double[] t = new double[3];
            for (int i = 0; i < 3; i++) {
                b[i] = bytes[i] - o.bytes[i];
                t[i] = rto[i] - o.rto[i];
            }
            return new Totals(b, t, arrivals - o.arrivals, marks - o.marks, drops - o.drops, queueTime - o.queueTime, busy - o.busy);
        }
    }
}
