package org.aspen.experiments.acc;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.CloseCause;
import org.aspen.rdp.Recovery;
import org.aspen.vnet.udp.UdpOptions;

/**
 * One run of the ACC paper's overhead experiment (Figures 8 and 9) over real UDP on loopback, and
 * what it measured: two bulk RDP senders converge on one node that delays their traffic and, with
 * ACC on, runs the ACC monitor ({@link AccParkingLot}); one lab run in the real runtime.
 *
 * <pre>{@code
 * AccOverheadRun r = AccOverheadRun.measure(true, 50, 1, AccOverheadRun.Setup.defaults(10));  // ACC on, 50 ms, run 1
 * double kbps = r.throughputKbps();   // both senders together, as the paper's Figure 9 plots
 * }</pre>
 *
 * The paper used hosts on switched 100 Mb/s Ethernet; here every node is a UDP socket on
 * loopback, every link 10 Mb/s but the {@link #BOTTLENECK} c -> d with a {@link #BUFFER}-packet
 * drop-tail queue, or, with {@link Setup#unshaped}, every link at unlimited rate.
 */
public record AccOverheadRun(boolean acc, int delayMs, long seed, double throughputKbps, double flow1Kbps, double flow2Kbps,
                             long retransmissions, long timeouts, long notifications, long filterRequests, long filtersStarted,
                             long packetsFiltered, long bottleneckDrops, double wallSeconds, long inputQueueDropsC,
                             long inputQueuePeakC, long inputQueueDropsI, long inputQueueDropsD, long inputQueueDropsS,
                             long congestionEvents, PerFlow perFlow) {
    public static final String BOTTLENECK = "4Mbps";
    public static final int BUFFER = 25;
    public static final int SEGMENT = 940;
    /** The flows start after the nodes and AAs are up; goodput is measured over the flows' life. */
    public static final double START_SECONDS = 0.5;

    /** A run without the per-flow split ({@link PerFlow#NONE}). */
    public AccOverheadRun(boolean acc, int delayMs, long seed, double throughputKbps, double flow1Kbps, double flow2Kbps,
                          long retransmissions, long timeouts, long notifications, long filterRequests, long filtersStarted,
                          long packetsFiltered, long bottleneckDrops, double wallSeconds, long inputQueueDropsC,
                          long inputQueuePeakC, long inputQueueDropsI, long inputQueueDropsD, long inputQueueDropsS,
                          long congestionEvents) {
        this(acc, delayMs, seed, throughputKbps, flow1Kbps, flow2Kbps, retransmissions, timeouts, notifications, filterRequests,
                filtersStarted, packetsFiltered, bottleneckDrops, wallSeconds, inputQueueDropsC, inputQueuePeakC, inputQueueDropsI,
                inputQueueDropsD, inputQueueDropsS, congestionEvents, PerFlow.NONE);
    }

    /** A run without input queues (their four figures 0). */
    public AccOverheadRun(boolean acc, int delayMs, long seed, double throughputKbps, double flow1Kbps, double flow2Kbps,
                          long retransmissions, long timeouts, long notifications, long filterRequests, long filtersStarted,
                          long packetsFiltered, long bottleneckDrops, double wallSeconds) {
        this(acc, delayMs, seed, throughputKbps, flow1Kbps, flow2Kbps, retransmissions, timeouts, notifications, filterRequests,
                filtersStarted, packetsFiltered, bottleneckDrops, wallSeconds, 0, 0, 0, 0, 0, 0);
    }

    /**
     * The run's figures per flow (flow 1: s1 -> i1 -> c -> d, flow 2: s2 -> i2 -> c -> d): retransmitted
     * segments, timeouts (window closes by the retransmission timer) and fast retransmits (window
     * closes by three duplicate ACKs) of each sender, and the drops at each flow's own relay's input
     * queue. i1 forwards only flow 1's segments and ACKs (and, with ACC on, c's filter requests to i1),
     * i2 only flow 2's, so these drops fall on one flow each; the drops at c and d, which both flows
     * pass, are not split. Written with {@code --per-flow} (docs/traces/acc-overhead-level.md).
     *
     * <pre>{@code
     * PerFlow f = run.perFlow();
     * boolean flow1TimedOutMore = f.timeouts1() > f.timeouts2();
     * }</pre>
     */
    public record PerFlow(long retransmissions1, long retransmissions2, long timeouts1, long timeouts2, long fastRetransmits1,
                          long fastRetransmits2, long inputQueueDropsI1, long inputQueueDropsI2) {
        /** No per-flow figures (a run made before them, or a made-up one). */
        public static final PerFlow NONE = new PerFlow(0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** The metrics of the summary, by name, in the order of summary.csv. */
    public static final Map<String, ToDoubleFunction<AccOverheadRun>> METRICS = new LinkedHashMap<>();
    /**
     * The metrics added after {@link #METRICS} with input queues ({@link Setup#inputQueue}): drops at c's
     * input queue and its peak; drops at the other nodes' input queues, at i1 and i2 together, at d, and
     * at s1 and s2 together (no monitor hears those); and the congestion events c's monitor heard.
     */
    public static final Map<String, ToDoubleFunction<AccOverheadRun>> INPUT_QUEUE_METRICS = new LinkedHashMap<>();

    /** The metrics added after the others with {@code --per-flow} ({@link PerFlow}). */
    public static final Map<String, ToDoubleFunction<AccOverheadRun>> PER_FLOW_METRICS = new LinkedHashMap<>();

    static {
        PER_FLOW_METRICS.put("flow1Kbps", AccOverheadRun::flow1Kbps);
        PER_FLOW_METRICS.put("flow2Kbps", AccOverheadRun::flow2Kbps);
        PER_FLOW_METRICS.put("retransmissions1", r -> r.perFlow().retransmissions1());
        PER_FLOW_METRICS.put("retransmissions2", r -> r.perFlow().retransmissions2());
        PER_FLOW_METRICS.put("timeouts1", r -> r.perFlow().timeouts1());
        PER_FLOW_METRICS.put("timeouts2", r -> r.perFlow().timeouts2());
        PER_FLOW_METRICS.put("fastRetransmits1", r -> r.perFlow().fastRetransmits1());
        PER_FLOW_METRICS.put("fastRetransmits2", r -> r.perFlow().fastRetransmits2());
        PER_FLOW_METRICS.put("inputQueueDropsI1", r -> r.perFlow().inputQueueDropsI1());
        PER_FLOW_METRICS.put("inputQueueDropsI2", r -> r.perFlow().inputQueueDropsI2());
        METRICS.put("throughputKbps", AccOverheadRun::throughputKbps);
        METRICS.put("retransmissions", AccOverheadRun::retransmissions);
        METRICS.put("timeouts", AccOverheadRun::timeouts);
        METRICS.put("notifications", AccOverheadRun::notifications);
        METRICS.put("filterRequests", AccOverheadRun::filterRequests);
        METRICS.put("filtersStarted", AccOverheadRun::filtersStarted);
        METRICS.put("packetsFiltered", AccOverheadRun::packetsFiltered);
        METRICS.put("bottleneckDrops", AccOverheadRun::bottleneckDrops);
        INPUT_QUEUE_METRICS.put("inputQueueDropsC", AccOverheadRun::inputQueueDropsC);
        INPUT_QUEUE_METRICS.put("inputQueuePeakC", AccOverheadRun::inputQueuePeakC);
        INPUT_QUEUE_METRICS.put("inputQueueDropsI", AccOverheadRun::inputQueueDropsI);
        INPUT_QUEUE_METRICS.put("inputQueueDropsD", AccOverheadRun::inputQueueDropsD);
        INPUT_QUEUE_METRICS.put("inputQueueDropsS", AccOverheadRun::inputQueueDropsS);
        INPUT_QUEUE_METRICS.put("congestionEvents", AccOverheadRun::congestionEvents);
    }

    /**
     * Run length, bottleneck rate and buffer; {@code bottleneck} null for an unshaped path (every
     * link at unlimited rate, {@code buffer} unused: {@link #unshaped}). {@code loops} is the real
     * runtime's event loops ({@link UdpOptions#loopThreads}; 0, the default: one per processor, the
     * nodes dealt to them in the scenario's order; {@link AccParkingLot#NODES}: one loop per node),
     * {@code flow2First} lists flow 2's nodes first ({@link AccParkingLot}). Both only place the
     * nodes on threads (docs/traces/acc-overhead-imbalance.md). {@code inputQueue} above 0 gives every
     * node an input queue of that many packets ({@link AccParkingLot}; 0: none). {@code recovery} is both
     * senders' RDP loss recovery ({@code --recovery}; null, the default: RDP's, {@link Recovery#CLASSIC},
     * and the scenario names none, as every committed directory's).
     */
    public record Setup(double durationSeconds, String bottleneck, int buffer, int loops, boolean flow2First, int inputQueue,
                        Recovery recovery) {
        public Setup {
            if (loops < 0) {
                throw new IllegalArgumentException("loops must not be negative: " + loops);
            }
        }

        public Setup(double durationSeconds, String bottleneck, int buffer) {
            this(durationSeconds, bottleneck, buffer, 0, false, 0, null);
        }

        /** With event loops, node order and input queue, RDP's default recovery. */
        public Setup(double durationSeconds, String bottleneck, int buffer, int loops, boolean flow2First, int inputQueue) {
            this(durationSeconds, bottleneck, buffer, loops, flow2First, inputQueue, null);
        }

        /** With event loops and node order, no input queue. */
        public Setup(double durationSeconds, String bottleneck, int buffer, int loops, boolean flow2First) {
            this(durationSeconds, bottleneck, buffer, loops, flow2First, 0);
        }

        /** With an input queue of {@code inputQueue} packets on every node, the default placement. */
        public Setup(double durationSeconds, String bottleneck, int buffer, int inputQueue) {
            this(durationSeconds, bottleneck, buffer, 0, false, inputQueue);
        }

        /** This set-up on {@code n} event loops (0: one per processor). */
        public Setup withLoops(int n) {
            return new Setup(durationSeconds, bottleneck, buffer, n, flow2First, inputQueue, recovery);
        }

        /** This set-up with flow 2's nodes listed first. */
        public Setup withFlow2First(boolean on) {
            return new Setup(durationSeconds, bottleneck, buffer, loops, on, inputQueue, recovery);
        }

        /** The same set-up with an input queue of {@code packets} on every node. */
        public Setup withInputQueue(int packets) {
            return new Setup(durationSeconds, bottleneck, buffer, loops, flow2First, packets, recovery);
        }

        /** The same set-up with both senders on RDP's {@code r} recovery (null: RDP's default, named nowhere). */
        public Setup withRecovery(Recovery r) {
            return new Setup(durationSeconds, bottleneck, buffer, loops, flow2First, inputQueue, r);
        }

        /** The real runtime's settings: {@link UdpOptions#DEFAULT} unless {@link #loops} is set. */
        public UdpOptions udp() {
            return loops == 0 ? UdpOptions.DEFAULT : UdpOptions.DEFAULT.withLoopThreads(loops);
        }

        public static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BOTTLENECK, BUFFER);
        }

        /** No link shaped: the throughput is what the node processes carry (issue 29, {@code --preregistered}). */
        public static Setup unshaped(double durationSeconds) {
            return new Setup(durationSeconds, null, 0);
        }

        public boolean noShaping() {
            return bottleneck == null;
        }
    }

    /** The run's scenario: the parking lot and two bulk flows from {@link #START_SECONDS}. */
    public static Scenario scenario(boolean acc, int delayMs, Setup setup) {
        ScenarioBuilder b = new ScenarioBuilder("acc-overhead-" + (acc ? "acc" : "noacc") + "-" + delayMs + "ms",
                String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        new AccParkingLot(setup.bottleneck(), setup.buffer(), delayMs, acc, setup.flow2First(), setup.inputQueue()).addTo(b);
        for (int i = 1; i <= 2; i++) {
            b.flow(ScenarioBuilder.flow("bulk" + i, "s" + i, "d").start(Math.round(START_SECONDS * 1000) + "ms")
                    .segment(SEGMENT).recovery(setup.recovery() == null ? null : setup.recovery().label()).build());
        }
        return b.build();
    }

    /**
     * One run in the real runtime (wall-clock time, UDP sockets on loopback). Fails when the EE
     * stopped the flakeway or an ACC AA during the run (a handler over its wall-clock budget: a
     * loaded machine, or a cold JVM's class loading), or when the monitor did not start: such a run
     * measured something else.
     */
    public static AccOverheadRun measure(boolean acc, int delayMs, long seed, Setup setup) throws InterruptedException {
        RunReport r = RunReport.of(LabRunner.run(scenario(acc, delayMs, setup), new LabRunner.Options(false, seed, null, null, null)
                .withUdp(setup.udp())));
        for (String[] aa : new String[][] {{"c", "acc-monitor"}, {"c", "flakeway"}, {"i1", "acc-filter"}, {"i2", "acc-filter"}}) {
            String state = r.aaState(aa[0], aa[1]);
            if (state != null && !state.equals("running")) {
                throw new IllegalStateException(aa[1] + " on " + aa[0] + " was " + state + " during the run");
            }
        }
        if (acc && r.aaState("c", "acc-monitor") == null) {
            throw new IllegalStateException("the ACC monitor did not start");
        }
        double[] kbps = new double[2];
        long[] retransByFlow = new long[2];
        long[] timeoutsByFlow = new long[2];
        long[] fastByFlow = new long[2];
        for (int i = 0; i < r.transfers().size() && i < 2; i++) {
            RunReport.Transfer f = r.transfers().get(i);
            kbps[i] = f.goodputBps() / 1e3;
            retransByFlow[i] = f.retransmissions();
            timeoutsByFlow[i] = f.closes(CloseCause.TIMEOUT.name());
            fastByFlow[i] = f.closes(CloseCause.FAST_RETRANSMIT.name());
        }
        long retrans = retransByFlow[0] + retransByFlow[1];
        long timeouts = timeoutsByFlow[0] + timeoutsByFlow[1];
        PerFlow perFlow = new PerFlow(retransByFlow[0], retransByFlow[1], timeoutsByFlow[0], timeoutsByFlow[1], fastByFlow[0],
                fastByFlow[1], r.inputQueue("i1").drops(), r.inputQueue("i2").drops());
        long filtersStarted = 0;
        long filtered = 0;
        for (String n : new String[] {"i1", "i2", "c"}) {
            filtersStarted += r.aaMetric(n, "filtersStarted");
            filtered += r.aaMetric(n, "packetsFiltered");
        }
        return new AccOverheadRun(acc, delayMs, seed, kbps[0] + kbps[1], kbps[0], kbps[1], retrans, timeouts,
                r.aaMetric("c", "notificationsSent"), r.aaMetric("c", "filterRequestsSent"), filtersStarted, filtered,
                r.link("c-d@c").congestionDrops(), r.wallSeconds(), r.inputQueue("c").drops(), r.inputQueue("c").peak(),
                r.inputQueue("i1").drops() + r.inputQueue("i2").drops(), r.inputQueue("d").drops(),
                r.inputQueue("s1").drops() + r.inputQueue("s2").drops(),
                r.aaMetric("c", "congestionEvents"), perFlow);
    }
}
