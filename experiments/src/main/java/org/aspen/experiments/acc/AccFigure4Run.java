package org.aspen.experiments.acc;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.acc.aa.AccConfig;
import org.aspen.experiments.acc.AccDumbbell.Placement;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.report.CrossReport;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;

/**
 * One run of the ACC paper's Figures 4-7 set-up in the simulation, and what it measured: the
 * Figure 3 dumbbell ({@link AccDumbbell}) with two bulk RDP flows and four on/off cross sources,
 * run by the lab runner.
 *
 * <pre>{@code
 * AccFigure4Run r = AccFigure4Run.simulate(Config.ACC, 100, 3, Setup.defaults(200));  // long link 100 ms, seed 3
 * double kbps = r.goodputKbps();
 * }</pre>
 *
 * Our reading of Figure 3 (the paper gives the access links, packet size, cross traffic and the
 * varied R1-R2 delay, not the rest): bulk senders s1, s2 -> r1 => r2 -> r3 -> d1, d2 (the
 * default {@link Placement#PAPER}, chosen from both papers' words); the long link r1 => r2 (the paper's
 * R1-R2: from the senders' router to the next) is 10 Mb/s, uncongested, and its delay is the swept one; the bottleneck is
 * r2 -> r3, {@link #BOTTLENECK} (default) with a {@link #BUFFER}-packet buffer (default) and 10 ms
 * delay; four on/off cross sources (x1, x2 -> y1, y2, 100 kb/s, exponential 2.5 s on / 2.5 s off)
 * join at r2 and leave at r3, so the swept delay changes only the bulk flows' bandwidth-delay
 * product, as the paper says. Every other link is 10 Mb/s, 10 ms; packets are 1000 bytes (940 RDP
 * data bytes + 60 of headers). Static routes (no routing traffic in the congested queue). ACC: the
 * monitor on r2 (the congested router, {@link Setup#acc()}'s settings), filters on r1, its neighbour
 * upstream, RED queues. The other placements put the long link ahead of r1 or past the bottleneck.
 *
 * @param rttMs              the bulk flows' base RTT
 * @param goodputKbps        mean over the bulk flows
 * @param closesPerSecond    window closes per second, mean over the bulk flows
 * @param meanCloseMagnitude mean window reduction per close (packets), over every close
 * @param byCause            per close cause (ACC notification, fast retransmit, timeout, ECN): closes per
 *                           second per flow and mean magnitude (NaN when the run had none of that cause)
 * @param accCloseShare      the share of closes caused by ACC notifications
 * @param filtered           packets the ACC filters deleted (r1 and r2)
 * @param bottleneckDrops    drops at r2 -> r3 (all reasons but the run's end)
 */
public record AccFigure4Run(Config config, int delayMs, long seed, double rttMs, double goodputKbps, double closesPerSecond,
                            double meanCloseMagnitude, Map<Cause, CauseFigures> byCause, double accCloseShare, long timeouts, long notifications, long filtered,
                            long bottleneckDrops, long crossSent, long crossReceived, double wallSeconds) {
    public static final String BOTTLENECK = "1.5Mbps";
    public static final int BUFFER = 50;
    public static final int SEGMENT = 940;
    /** Bulk flows in ACC's own set-up (docs/results-acc.md, "The set-up"). */
    public static final int FLOWS = 2;

    /** The close causes Figure 7 is split by (ECN for RED+ECN); the lab reports them by {@code CloseCause} name. */
    public enum Cause {
        NOTIFICATION("NOTIFICATION", "notification"), FAST_RETRANSMIT("FAST_RETRANSMIT", "fastRetransmit"),
        TIMEOUT("TIMEOUT", "timeout"), ECN("ECN", "ecn");

        /** The lab report's name. */
        public final String report;
        /** The suffix of the metrics' names ({@code meanCloseMagnitude_timeout}). */
        public final String id;

        Cause(String report, String id) {
            this.report = report;
            this.id = id;
        }
    }

    /**
     * One cause's closes in a run: per second per flow, and their mean magnitude over both flows
     * (NaN when there were none).
     */
    public record CauseFigures(double closesPerSecond, double meanMagnitude) {
    }

    /** Metric names of the per-cause figures. */
    public static String closesMetric(Cause c) {
        return "closesPerSecond_" + c.id;
    }

    public static String magnitudeMetric(Cause c) {
        return "meanCloseMagnitude_" + c.id;
    }

    /** The metrics of the summary, by name, in the order of summary.csv. */
    public static final Map<String, ToDoubleFunction<AccFigure4Run>> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("goodputKbps", AccFigure4Run::goodputKbps);
        METRICS.put("closesPerSecond", AccFigure4Run::closesPerSecond);
        METRICS.put("meanCloseMagnitude", AccFigure4Run::meanCloseMagnitude);
        for (Cause c : Cause.values()) {
            METRICS.put(closesMetric(c), r -> r.byCause().get(c).closesPerSecond());
        }
        METRICS.put("accCloseShare", AccFigure4Run::accCloseShare);
        METRICS.put("timeouts", AccFigure4Run::timeouts);
        METRICS.put("notifications", AccFigure4Run::notifications);
        METRICS.put("filtered", AccFigure4Run::filtered);
        METRICS.put("bottleneckDrops", AccFigure4Run::bottleneckDrops);
    }

    /** The four compared systems (the paper's Figures 4 and 5). */
    public enum Config {
        DROPTAIL("drop-tail", false, false),
        RED("RED", false, false),
        RED_ECN("RED+ECN", true, false),
        ACC("ACC (RED)", false, true);

        /** The name in plots. */
        public final String label;
        final boolean ecn;
        final boolean acc;

        Config(String label, boolean ecn, boolean acc) {
            this.label = label;
            this.ecn = ecn;
            this.acc = acc;
        }

        /** The name on the command line and in the files: droptail, red, red-ecn, acc. */
        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The bottleneck's discipline: drop-tail, or RED as ns's defaults of the paper's time, identical in the RED, RED+ECN and ACC runs. */
        public Object queue() {
            return this == DROPTAIL ? "droptail" : red(ecn);
        }

        /** The config with this {@link #id()}, or null. */
        public static Config byId(String id) {
            return Ids.byId(values(), Config::id, id);
        }
    }

    /**
     * Where RED's parameters come from. The paper says only "Routers implement RED queueing, using
     * identical parameters for ACC and non-ACC simulations" and that the ECN gateways "use the same RED
     * parameters as the RED gateways"; the values are ns-2's Queue/RED defaults of the paper's time
     * (tcl/lib/ns-default.tcl of the ns-2.1b releases: thresh_ 5, maxthresh_ 15, linterm_ 10, i.e.
     * max_p 0.1, q_weight_ 0.002; later releases set thresh_ and maxthresh_ to 0 for automatic
     * configuration), which are also the RED paper's suggested w_q and max_p.
     */
    public static final String RED_SOURCE = "the paper gives none (only that RED, RED+ECN and ACC share them); "
            + "ns-2's Queue/RED defaults of its time (ns-default.tcl, ns-2.1b: thresh_ 5, maxthresh_ 15, linterm_ 10 "
            + "= max_p 0.1, q_weight_ 0.002), also Floyd and Jacobson 1993's suggested w_q and max_p";

    /** RED's settings (ns's defaults of the paper's time), with or without ECN marking. */
    static Map<String, Object> red(boolean ecn) {
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("kind", "red");
        q.put("min_th", 5);
        q.put("max_th", 15);
        q.put("max_p", 0.1);
        q.put("w_q", 0.002);
        q.put("ecn", ecn);
        return q;
    }

    /** RED's settings as the summary names them: {@code {kind: red, ..., ecn: false|true}}. */
    public static String redDescription() {
        StringBuilder b = new StringBuilder("{");
        red(false).forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append(": ")
                .append(k.equals("ecn") ? "false|true" : v));
        return b.append('}').toString();
    }

    /**
     * What the command can vary besides the delay: run length, bottleneck rate and buffer, where the
     * long link is, and the ACC monitor's settings (the paper's by default).
     */
    public record Setup(double durationSeconds, String bottleneck, int buffer, Placement placement, AccConfig acc,
                        AccBaseline baseline, int flows) {
        public Setup {
            if (flows < 1) {
                throw new IllegalArgumentException("a set-up needs at least one bulk flow, not " + flows);
            }
        }

        /** ACC's own two bulk flows. */
        public Setup(double durationSeconds, String bottleneck, int buffer, Placement placement, AccConfig acc,
                     AccBaseline baseline) {
            this(durationSeconds, bottleneck, buffer, placement, acc, baseline, FLOWS);
        }

        public Setup(double durationSeconds, String bottleneck, int buffer, Placement placement, AccConfig acc) {
            this(durationSeconds, bottleneck, buffer, placement, acc, AccBaseline.RDP);
        }

        public Setup(double durationSeconds, String bottleneck, int buffer, Placement placement) {
            this(durationSeconds, bottleneck, buffer, placement, AccConfig.DEFAULT);
        }

        /** The paper's set-up on Aspen RDP (what the committed results before issue #28 ran). */
        public static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BOTTLENECK, BUFFER, Placement.PAPER, AccConfig.DEFAULT);
        }

        /** The same set-up on another transport and queues. */
        public Setup withBaseline(AccBaseline b) {
            return new Setup(durationSeconds, bottleneck, buffer, placement, acc, b, flows);
        }

        /** The same set-up with {@code n} bulk flows (senders s1..sn, receivers d1..dn). */
        public Setup withFlows(int n) {
            return new Setup(durationSeconds, bottleneck, buffer, placement, acc, baseline, n);
        }
    }

    /** The run's scenario: the dumbbell, two bulk flows from 1 s (0.1 s apart) and the cross traffic. */
    public static Scenario scenario(Config c, int delayMs, Setup setup) {
        Placement p = setup.placement();
        AccBaseline base = setup.baseline();
        String name = "acc-figure3-" + c.id() + "-" + delayMs + "ms" + (p == Placement.PAPER ? "" : "-" + p.id())
                + (base == AccBaseline.RDP ? "" : "-" + base.id()) + (setup.flows() == FLOWS ? "" : "-" + setup.flows() + "flows");
        ScenarioBuilder b = new ScenarioBuilder(name, String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        AccDumbbell.figure4(p, setup.flows(), delayMs, setup.bottleneck(), setup.buffer(), base.queue(c)).withAcc(c.acc ? setup.acc() : null).addTo(b);
        for (int i = 1; i <= setup.flows(); i++) {
            b.flow(ScenarioBuilder.flow("bulk" + i, "s" + i, "d" + i).start((1000 + 100 * (i - 1)) + "ms")
                    .segment(base.segment()).ecn(c.ecn).transport(base.transport(), base.agent()).build());
        }
        for (String x : new String[] {"x1", "x2"}) {
            for (String y : new String[] {"y1", "y2"}) {
                b.cross(new Scenario.CrossSpec(null, x, y, "100kbps", "2.5s", "2.5s", 1000, null, null, null));
            }
        }
        return b.build();
    }

    /** Runs the scenario with {@code seed} and reads the figures out of its report. */
    public static AccFigure4Run simulate(Config c, int delayMs, long seed, Setup setup) throws InterruptedException {
        RunReport r = RunReport.of(LabRunner.run(scenario(c, delayMs, setup), new LabRunner.Options(true, seed, null, null, null)));
        double goodput = 0;
        double rate = 0;
        double magnitude = 0;
        long closes = 0;
        long accCloses = 0;
        long timeouts = 0;
        Map<Cause, double[]> perCause = new EnumMap<>(Cause.class);   // closes/s summed over flows, closes, magnitude x closes
        for (Cause k : Cause.values()) {
            perCause.put(k, new double[3]);
        }
        for (RunReport.Transfer f : r.transfers()) {
            goodput += f.goodputBps() / 1e3;
            rate += f.closesPerSecond();
            closes += f.windowCloses();
            magnitude += f.meanCloseMagnitude() * f.windowCloses();
            accCloses += f.closes("NOTIFICATION");
            timeouts += f.closes("TIMEOUT");
            for (Cause k : Cause.values()) {
                double[] a = perCause.get(k);
                long m = f.closes(k.report);
                a[0] += f.seconds() > 0 ? m / f.seconds() : 0;
                a[1] += m;
                a[2] += f.meanCloseMagnitude(k.report) * m;
            }
        }
        int flows = Math.max(1, r.transfers().size());
        Map<Cause, CauseFigures> byCause = new EnumMap<>(Cause.class);
        perCause.forEach((k, a) -> byCause.put(k, new CauseFigures(a[0] / flows, a[1] == 0 ? Double.NaN : a[2] / a[1])));
        long sent = 0;
        long received = 0;
        for (CrossReport x : r.cross()) {
            sent += x.sentPackets();
            received += x.receivedPackets();
        }
        int n = Math.max(1, r.transfers().size());
        return new AccFigure4Run(c, delayMs, seed, setup.placement().rttMs(delayMs), goodput / n, rate / n,
                closes == 0 ? 0 : magnitude / closes, byCause, closes == 0 ? 0 : accCloses / (double) closes, timeouts,
                r.aaMetric("r2", "notificationsSent"), r.aaMetric("r1", "packetsFiltered") + r.aaMetric("r2", "packetsFiltered"),
                r.link("r2-r3@r2").congestionDrops(), sent, received, r.wallSeconds());
    }
}
