package org.aspen.experiments.purple;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleConsumer;
import java.util.function.ToDoubleFunction;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.EventLog;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.run.RunObserver;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkCounters;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.qdisc.Purple;
import org.aspen.vnet.runtime.Network;

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
                        List<SeriesPoint> series, double wallSeconds, PurpleBaseline baseline) {

    /** The mean of {@code f} over the samples after the warm-up (NaN when none). */
    public double seriesMean(double warmupSeconds, ToDoubleFunction<SeriesPoint> f) {
        return series.stream().filter(x -> x.seconds() > warmupSeconds).mapToDouble(f).filter(v -> !Double.isNaN(v))
                .average().orElse(Double.NaN);
    }
    public static final int PACKET = 1500;
    public static final int SEGMENT = 1440;
    public static final int BDP_PACKETS = 660;
    public static final int SHORT_BUFFER = 100;
    public static final int ACCESS_BUFFER = 20_000;
    public static final int HOSTS = 10;
    public static final int BUNDLE_HOSTS = 5;
    public static final double BOTTLENECK_DELAY_MS = 5;
    /** Sampling step of the Figure 4 series. */
    public static final long SERIES_STEP_NANOS = 100_000_000L;
    /** Flows of the paper's Figure 4. */
    public static final int FIGURE4_FLOWS = 100;

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
        MULTI("multi", "three bundles over two bottlenecks, 100-packet queues"),
        /** The short-queue set-up with 100 flows, sampled over time (one seed). */
        FIG4("fig4", "100 flows, 100-packet queue, full PURPLE, over time");

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

    /**
     * The compared queue disciplines, with the paper's settings per part; the last two are PURPLE
     * under the sensitivity readings of {@code docs/purple.md} (p_k,last as the realised share of
     * marks; p_&gt;k clamped at 0 before use).
     */
    public enum Aqm {
        PURPLE("PURPLE"), RED("RED"), ARED("A-RED"), PURPLE_REALISED("PURPLE, realised p_k"),
        PURPLE_CLAMPED("PURPLE, clamped p_>k"), PURPLE_SAME_PERIOD("PURPLE, p and p_<k over the period");

        public final String label;

        Aqm(String label) {
            this.label = label;
        }

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /**
         * The queue: PURPLE (weight 1/32, task every 1 ms, alpha 1; without the microscopic term in
         * the BDP part), RED 10/600 (BDP) or 20/60 (short), max_p 0.02, w_q 0.002, or A-RED with
         * ns-2's automatic 5/15; all ECN.
         */
        Map<String, Object> queue(Part part) {
            Map<String, Object> q = new LinkedHashMap<>();
            switch (this) {
                case PURPLE, PURPLE_REALISED, PURPLE_CLAMPED, PURPLE_SAME_PERIOD -> {
                    q.put("kind", "purple");
                    q.put("micro", part != Part.BDP);
                    if (part != Part.BDP) {
                        q.put("alpha", 1);
                    }
                    if (this == PURPLE_REALISED) {
                        q.put("realised_p_k", true);
                    }
                    if (this == PURPLE_CLAMPED) {
                        q.put("clamp_beyond", true);
                    }
                    if (this == PURPLE_SAME_PERIOD) {
                        q.put("same_period", true);
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

    /**
     * Bottleneck rate, run length, the warm-up left out of the figures, the size of bundles 1 and 3, the
     * senders' transport with the RED and A-RED routers ({@link PurpleBaseline}), and the reading of "On an
     * uncongested link, a router does not modify p": {@code noMarkUncongested} (every PURPLE queue marks
     * nothing while gamma &gt; 1, issue 29's pre-registered reading) or equation (3) whatever gamma (false,
     * every result before issue 29).
     */
    public record Setup(long bottleneckBps, double durationSeconds, double warmupSeconds, int bundleSize,
                        PurpleBaseline baseline, boolean noMarkUncongested) {
        /** The set-up on Aspen RDP (what the committed results before issue #28 ran). */
        public Setup(long bottleneckBps, double durationSeconds, double warmupSeconds, int bundleSize) {
            this(bottleneckBps, durationSeconds, warmupSeconds, bundleSize, PurpleBaseline.RDP);
        }

        /** The set-up on {@code baseline}, equation (3) applied whatever gamma. */
        public Setup(long bottleneckBps, double durationSeconds, double warmupSeconds, int bundleSize, PurpleBaseline baseline) {
            this(bottleneckBps, durationSeconds, warmupSeconds, bundleSize, baseline, false);
        }

        /** The same set-up on another transport and queues. */
        public Setup withBaseline(PurpleBaseline b) {
            return new Setup(bottleneckBps, durationSeconds, warmupSeconds, bundleSize, b, noMarkUncongested);
        }

        /** The same set-up with the other reading of the uncongested link. */
        public Setup withNoMarkUncongested(boolean on) {
            return new Setup(bottleneckBps, durationSeconds, warmupSeconds, bundleSize, baseline, on);
        }

        /** The bottleneck's discipline: the baseline's, PURPLE's with {@code no_mark_uncongested} when this set-up asks for it. */
        @SuppressWarnings("unchecked")
        public Object queue(Aqm aqm, Part part) {
            Object q = baseline.queue(aqm, part);
            if (noMarkUncongested && q instanceof Map<?, ?> m && "purple".equals(m.get("kind"))) {
                ((Map<String, Object>) q).put("no_mark_uncongested", true);
            }
            return q;
        }

        /** The nominal RTT: 660 full-size packets are one bandwidth-delay product. */
        public double rttMs() {
            return BDP_PACKETS * PACKET * 8e3 / bottleneckBps;
        }

        double packetMs() {
            return PACKET * 8e3 / bottleneckBps;
        }
    }

    /**
     * One sample at the (first) bottleneck: time, the queue now, the AQM's own average queue, and the
     * local probability: PURPLE's p_k, for RED and A-RED the share of arrivals marked or dropped since
     * the last sample (they keep no single probability over time); for PURPLE also p, p_&lt;k, p_&gt;k and
     * gamma of its last step (NaN for the others); and for every queue the realised share of arrivals marked or
     * dropped since the last sample ({@code signalShare}: the same quantity for all, Figure 4 like for like).
     */
    public record SeriesPoint(double seconds, int queuePackets, double averageQueue, double localProbability, double total,
                              double before, double beyond, double gamma, double signalShare) {
    }

    /** The run's scenario. */
    public static Scenario scenario(Part part, Aqm aqm, int flows, Setup s) {
        ScenarioBuilder b = new ScenarioBuilder("purple-" + part.id + '-' + aqm.id() + '-' + flows
                + (s.baseline() == PurpleBaseline.RDP ? "" : "-" + s.baseline().id()) + (s.noMarkUncongested() ? "-no-mark" : ""),
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
        Sampler sampler = new Sampler(part.queues().get(0));
        Totals d = Totals.of(part, LabRunner.run(sc, new LabRunner.Options(true, seed, null, null, null), sampler)).minus(warm);
        double t = s.durationSeconds() - s.warmupSeconds();
        int queues = part.queues().size();
        double arrivals = Math.max(1, d.arrivals());
        double[] bundleGoodput = {d.bytes()[0] * 8 / t / 1e6, d.bytes()[1] * 8 / t / 1e6, d.bytes()[2] * 8 / t / 1e6};
        long[] rto = {(long) d.rto()[0], (long) d.rto()[1], (long) d.rto()[2]};
        return new PurpleRun(part, aqm, flows, seed, bundleGoodput[0] + bundleGoodput[1] + bundleGoodput[2], d.busy() / t / queues,
                d.queueTime() / t / queues * s.packetMs(), d.marks() / arrivals, d.drops() / arrivals, rto[0] + rto[1] + rto[2],
                rto, bundleGoodput, sampler.points, HostTime.secondsSince(t0), s.baseline());
    }

    /** Samples the bottleneck every {@link #SERIES_STEP_NANOS} on its node's loop while the run goes on. */
    private static final class Sampler implements RunObserver {
        private final String queue;
        final List<SeriesPoint> points = new ArrayList<>();

        Sampler(String queue) {
            this.queue = queue;
        }

        @Override
        public void attach(Scenario s, Network net, Map<String, ExecutionEnvironment> ees, Map<String, RdpStack> stacks,
                           EventLog events, long durationNanos) {
            String[] f = queue.split("@");
            Link link = net.node(f[1]).link(f[0]);
            long[] last = new long[2];
            for (long t = SERIES_STEP_NANOS; t <= durationNanos; t += SERIES_STEP_NANOS) {
                long at = t;
                net.at(t, f[1], () -> {
                    QueueDiscipline d = link.discipline();
                    LinkCounters c = link.counters();
                    long signals = c.marked + c.totalDrops();
                    long arrivals = c.enqueued + c.totalDrops();
                    double share = arrivals == last[1] ? 0 : (signals - last[0]) / (double) (arrivals - last[1]);
                    double p = d instanceof Purple purple ? purple.localProbability() : share;
                    last[0] = signals;
                    last[1] = arrivals;
                    Purple pu = d instanceof Purple x ? x : null;
                    points.add(new SeriesPoint(at / 1e9, d.packets(), d.averageQueue(), p, pu == null ? Double.NaN : pu.totalProbability(),
                            pu == null ? Double.NaN : pu.beforeProbability(), pu == null ? Double.NaN : pu.beyondProbability(),
                            pu == null ? Double.NaN : pu.gamma(), share));
                });
            }
        }

        @Override
        public void run(Network net, long durationNanos, DoubleConsumer progress) throws InterruptedException {
            LabRunner.runWithProgress(net, durationNanos, progress);
        }

        @Override
        public void finished(long nowNanos) {
        }
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
                LinkCounts l = r.link(q);
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
