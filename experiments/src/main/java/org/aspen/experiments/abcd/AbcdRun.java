package org.aspen.experiments.abcd;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.aspen.acc.AbcdSetup;
import org.aspen.acc.AccSetup;
import org.aspen.acc.aa.AccConfig;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.vnet.frag.Fragments;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.experiments.acc.AccDumbbell;
import org.aspen.experiments.sweep.Ids;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.lab.run.WorkloadScheduler;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.stack.NodeStack;
import org.aspen.lab.time.HostTime;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.TraceSink;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.time.Seeds;

/**
 * One run of the ACC-ABCD paper's Table 1 set-up in the simulation, and what it measured: drops at
 * the bottleneck and per-flow throughput for Reno, ACC or ACC-ABCD.
 *
 * <pre>{@code
 * AbcdRun r = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 3, AbcdRun.Setup.defaults(200));
 * long drops = r.drops();
 * }</pre>
 *
 * Topology: the ACC paper's Figure 3 ({@link AccDumbbell}, the long link between the filter router
 * and the congested one), which the ABCD paper reuses: bulk senders s1..s10 -> r1 -> r2 -> r3 ->
 * d1..d10; r1-r2 is 10 Mb/s with the swept delay; r2 -> r3 is the 2 Mb/s, 10 ms bottleneck with a
 * drop-tail queue limited in bytes (the paper's byte mode: {@code buffer} x 1000 bytes); every
 * endpoint link is 10 Mb/s, 10 ms. Four on/off cross sources x1, x2 -> y1, y2 (100 kb/s of
 * 1000-byte packets, 2.5 s on / 2.5 s off, random phase) join at r2 and leave at r3. Senders are RDP
 * with Reno, 1000-byte packets (940 data bytes), start in the first second, and keep 8 segments
 * queued beyond the window (so a new segment size applies within a few segments). ACC: monitor on
 * r2, filters on r1. ACC-ABCD: the ABCD monitor on r3, measuring arrivals over r2-r3, and the same AA
 * as step 3's resizer on r2, which splits packets larger than the monitor's step-2 size as it sends
 * them over r2-r3 (reassembled at d1..d10); {@code abcd-sender} leaves step 3 out. Static routes.
 *
 * <p>The network is the run's scenario ({@link #scenario(Config, int, long, Setup)}, what
 * {@code --print-scenario} prints): nodes, links and routes through the node stack
 * ({@link NodeStack#topology}), the flows started as the lab's workload starts them
 * ({@link WorkloadScheduler#start}; the senders' send buffer is the flows' {@code sender}, their
 * start times drawn from the seed are written in the scenario), the cross traffic by the lab's
 * sources ({@code phase: random}: fixed 2.5 s bursts from a random phase, no counting receiver on
 * y1, y2, as the run always was), and an execution environment on every node with the scenario's
 * ACC roles and ABCD AAs started at boot (the node stack's EE, AAS and ACC stages). So
 * {@code aspen lab --sim} on the printed scenario runs the same network. What stays here is
 * measurement: the senders' data segments and bytes and the AAs' counters, which the lab's report
 * does not give in this form.
 */
public record AbcdRun(AbcdRun.Config config, int delayMs, long seed, long drops, double[] flowKbps, long advices, long resumes,
                      long notifications, long segmentsSent, long bytesSent, long fragmented, long fragments,
                      double fragmentHeaderKbps, double wallSeconds) {
    public static final long MS = 1_000_000L;
    public static final int FLOWS = 10;
    public static final int SEGMENT = 940;
    /**
     * Bottleneck buffer in 1000-byte packets' worth of bytes. The paper: "The queue size is fixed to a
     * certain number of packets but the mean packet size is set to the original size of packets. So the
     * buffering capacity of the queue ... is in bytes", with no number: ns-2's default queue limit
     * (Queue set limit_ 50) times its original 1000-byte packets, 50,000 bytes.
     */
    public static final int BUFFER = 50;
    /** Why {@link #BUFFER}: what summary.json says of it. */
    public static final String BUFFER_SOURCE = "the paper: a queue of a fixed number of packets in byte mode with the mean "
            + "packet size set to the original 1000 bytes, no number given; ns-2's default queue limit_ (50 packets) x 1000 bytes";
    /** VNet and RDP header bytes of a data packet: 1000-byte packets carry 940 data bytes. */
    public static final int HEADER_BYTES = 1000 - 940;
    public static final String BOTTLENECK = "2Mbps";
    /** The receivers' port. */
    public static final int PORT = 7000;
    /** Segments an RDP sender queues beyond its window: few, so a new segment size applies within a few segments. */
    public static final int RDP_SEND_BUFFER = 8;

    /** The compared systems. */
    public enum Config {
        RENO("Reno"), ACC("ACC"), ABCD("ACC-ABCD"),
        /** Sensitivity: ACC-ABCD without step 3 (no router splitting; the senders alone shrink), as before session 6. */
        ABCD_SENDER("ACC-ABCD, senders only");

        /** The configs of the paper's Table 1, run by default. */
        public static final List<Config> TABLE1 = List.of(RENO, ACC, ABCD);

        /** The name in tables and plots. */
        public final String label;

        Config(String label) {
            this.label = label;
        }

        /** The name on the command line and in the files: reno, acc, abcd. */
        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The config with this {@link #id()}, or null. */
        public static Config byId(String id) {
            return Ids.byId(values(), Config::id, id);
        }
    }

    /**
     * Run length, bottleneck buffer (in 1000-byte packets' worth of bytes; ns-2: limit_ in packets of
     * mean_pktsize_ 1000), ABCD's settings, the senders' transport and bottleneck queue, and the ACC
     * config's monitor settings ({@link AccConfig#DEFAULT} unless {@code --acc-notify window-only}).
     */
    public record Setup(double durationSeconds, int buffer, AbcdConfig abcd, AbcdBaseline baseline, AccConfig acc) {
        /** On Aspen RDP (what the committed results before issue #28 ran). */
        public Setup(double durationSeconds, int buffer, AbcdConfig abcd) {
            this(durationSeconds, buffer, abcd, AbcdBaseline.RDP);
        }

        /** The ACC config's monitor with its defaults ({@link AccConfig#DEFAULT}). */
        public Setup(double durationSeconds, int buffer, AbcdConfig abcd, AbcdBaseline baseline) {
            this(durationSeconds, buffer, abcd, baseline, AccConfig.DEFAULT);
        }

        public static Setup defaults(double durationSeconds) {
            return new Setup(durationSeconds, BUFFER, AbcdConfig.DEFAULT);
        }

        /** The same set-up on another transport and queue. */
        public Setup withBaseline(AbcdBaseline b) {
            return new Setup(durationSeconds, buffer, abcd, b, acc);
        }

        /** The same with the ACC config's monitor on these settings (e.g. {@code notify=window-only}). */
        public Setup withAcc(AccConfig a) {
            return new Setup(durationSeconds, buffer, abcd, baseline, a);
        }
    }

    /** Total throughput of the bulk flows. */
    public double totalKbps() {
        double t = 0;
        for (double k : flowKbps) {
            t += k;
        }
        return t;
    }

    /**
     * Total throughput counted as bytes on the wire: the goodput plus the headers of the segments that
     * carried it ({@link #HEADER_BYTES} each, at the run's mean segment size), plus the 28 header bytes
     * of every fragment beyond the first that r2 made of a packet on the bottleneck (step 3).
     */
    public double wireKbps() {
        double seg = meanSegment();
        return seg == 0 ? 0 : totalKbps() * (seg + HEADER_BYTES) / seg + fragmentHeaderKbps;
    }

    /** Mean data bytes per data segment the senders emitted (shows the shrinking). */
    public double meanSegment() {
        return segmentsSent == 0 ? 0 : bytesSent / (double) segmentsSent;
    }

    /** The flows' throughputs, highest first (flow 1 of one seed is not flow 1 of another: ranks are). */
    public double[] ranked() {
        double[] k = flowKbps.clone();
        java.util.Arrays.sort(k);
        double[] desc = new double[k.length];
        for (int i = 0; i < k.length; i++) {
            desc[i] = k[k.length - 1 - i];
        }
        return desc;
    }

    /** The topology: the Figure 3 dumbbell with ten bulk pairs, the long link between r1 and r2, a byte-limited drop-tail bottleneck. */
    public static Scenario topology(int delayMs, Setup setup) {
        AbcdBaseline base = setup.baseline();
        ScenarioBuilder b = new ScenarioBuilder("abcd-table1-" + delayMs + "ms" + suffix(base),
                String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        new AccDumbbell(AccDumbbell.Placement.PAPER, FLOWS, delayMs, BOTTLENECK, base.buffer(setup.buffer()), base.queue(), null, true)
                .addTo(b);
        return b.build();
    }

    /**
     * One run as a scenario file holds it ({@code --print-scenario}, for {@code aspen lab --sim}), and
     * the network {@link #simulate} builds: the topology; ten bulk RDP flows s_i -> d_i on port 7000,
     * started at times drawn from {@code seed} in the first second, never stopping within the run
     * ({@code stop} one second after its end), on the baseline's transport and segment, with its send
     * buffer ({@code sender}: 8 segments on RDP, so a new segment size applies within a few segments;
     * ns-2's agent one, refilled as each segment leaves); the four on/off cross sources x_i -> y_j
     * (named {@code i-j}) in fixed 2.5 s bursts from a random phase ({@code phase: random}); and per
     * config the ACC monitor on r2 with filter code on r1, or the ABCD monitor on r3
     * ({@code aas: [{name: abcd-monitor, params: {inLink: r2-r3}}]}) and its resizer on r2. Every RDP
     * sender follows ABCD advice: no switch needed.
     */
    public static Scenario scenario(Config c, int delayMs, long seed, Setup setup) {
        AbcdBaseline base = setup.baseline();
        long end = Math.round(setup.durationSeconds() * 1e9);
        ScenarioBuilder b = new ScenarioBuilder("abcd-table1-" + c.id() + "-" + delayMs + "ms" + suffix(base),
                String.format(Locale.ROOT, "%.3fs", setup.durationSeconds()));
        new AccDumbbell(AccDumbbell.Placement.PAPER, FLOWS, delayMs, BOTTLENECK, base.buffer(setup.buffer()), base.queue(),
                c == Config.ACC ? setup.acc() : null, true).addTo(b);
        if (c == Config.ABCD || c == Config.ABCD_SENDER) {
            java.util.Map<String, Object> params = new java.util.LinkedHashMap<>();
            params.put("inLink", "r2-r3");
            if (setup.abcd().averagingMs() != AbcdConfig.DEFAULT.averagingMs()) {
                params.put("averagingMs", Long.toString(setup.abcd().averagingMs()));
            }
            if (setup.abcd().fairRate()) {
                params.put("rate", setup.abcd().rate());
            }
            if (c == Config.ABCD_SENDER) {
                params.put("resize", "false");
            } else {
                b.aa("r2", AbcdConfig.MONITOR_AA, java.util.Map.of("role", AbcdConfig.ROLE_RESIZER));
            }
            b.aa("r3", AbcdConfig.MONITOR_AA, params);
        }
        SplittableRandom starts = Seeds.stream(seed, "abcd", "starts");
        Scenario.SenderSpec sender = base == AbcdBaseline.RDP ? ScenarioBuilder.sender(RDP_SEND_BUFFER, null, null)
                : ScenarioBuilder.sender(1, true, null);
        for (int i = 1; i <= FLOWS; i++) {
            b.flow(ScenarioBuilder.flow("bulk" + i, "s" + i, "d" + i).port(PORT).start(Units.formatNanos(starts.nextLong(1000) * MS))
                    .stop(Units.formatNanos(end + 1_000_000_000L)).segment(base.segment()).transport(base.transport(), base.agent())
                    .sender(sender).build());
        }
        for (int i = 1; i <= 2; i++) {
            for (int j = 1; j <= 2; j++) {
                b.cross(new Scenario.CrossSpec(i + "-" + j, "x" + i, "y" + j, "100kbps", "2.5s", "2.5s", 1000, null, null, "fixed",
                        "random"));
            }
        }
        return b.build();
    }

    /** {@link #scenario(Config, int, long, Setup)} of seed 1, what {@code --print-scenario} prints. */
    public static Scenario scenario(Config c, int delayMs, Setup setup) {
        return scenario(c, delayMs, 1, setup);
    }

    public static AbcdRun simulate(Config c, int delayMs, long seed, Setup setup) {
        return simulate(c, delayMs, seed, setup, stackOf(c, delayMs, seed, setup), TraceSink.NONE);
    }

    /** Reads the ten senders' connections (null before a sender starts) at a sampling instant; must not change them. */
    @FunctionalInterface
    public interface Probe {
        void sample(long nanos, RdpConnection[] senders);

        /** Reads the bottleneck link r2 -> r3 at the same instant, after {@link #sample}; must not change it. */
        default void link(long nanos, org.aspen.vnet.link.Link bottleneck) {
        }
    }

    /**
     * The same run with {@code probe} called every {@code everyNanos} of simulated time (a trace: the
     * probe only reads, so the run's figures are those of {@link #simulate(Config, int, long, Setup)}).
     */
    public static AbcdRun simulate(Config c, int delayMs, long seed, Setup setup, long everyNanos, Probe probe) {
        return simulate(c, delayMs, seed, setup, stackOf(c, delayMs, seed, setup), TraceSink.NONE, everyNanos, probe);
    }

    /** The run's nodes, links and routes from its scenario through the node stack (TOPOLOGY and ROUTES). */
    private static Function<SimNetwork, Map<String, NodeStack>> stackOf(Config c, int delayMs, long seed, Setup setup) {
        Scenario s = scenario(c, delayMs, seed, setup);
        return net -> NodeStack.topology(s, net, NodeStack.Mode.SIMULATED);
    }

    /**
     * The run on a network that {@code topology} builds (returning its node stacks, or null: RDP is then
     * installed on the flows' ends directly), every node's packet events going to {@code trace}.
     */
    static AbcdRun simulate(Config c, int delayMs, long seed, Setup setup, Function<SimNetwork, Map<String, NodeStack>> topology,
                            TraceSink trace) {
        return simulate(c, delayMs, seed, setup, topology, trace, 0, null);
    }

    private static AbcdRun simulate(Config c, int delayMs, long seed, Setup setup, Function<SimNetwork, Map<String, NodeStack>> topology,
                                    TraceSink trace, long everyNanos, Probe probe) {
        long wall0 = HostTime.nanos();
        Scenario s = scenario(c, delayMs, seed, setup);
        SimNetwork net = new SimNetwork(seed);
        Map<String, NodeStack> stacks = topology.apply(net);
        Map<String, ExecutionEnvironment> ees = stacks == null ? handWired(c, setup, net, trace) : eeStages(stacks, trace);
        ExecutionEnvironment r2 = ees.get("r2");
        ExecutionEnvironment r3 = ees.get("r3");
        long end = Math.round(setup.durationSeconds() * 1e9);
        TransferSender[] senders = new TransferSender[FLOWS];
        long[] startAt = new long[FLOWS];
        List<Scenario.FlowSpec> flows = s.workload().flows();
        for (int i = 0; i < FLOWS; i++) {
            int k = i;
            Scenario.FlowSpec f = flows.get(i);
            startAt[i] = Units.nanos(f.start());
            // as the lab's TransferRun, but the sender never closes within the run and samples RDP's default series
            RdpOptions options = WorkloadScheduler.options(f.asTransfer(f.name()), f.name(), RdpOptions.defaults());
            WorkloadScheduler.Flow flow = new WorkloadScheduler.Flow(f.name(), f.from(), f.to(), f.portAt(i), startAt[i], null,
                    f.priority(), options);
            WorkloadScheduler.start(net, rdp(net, stacks, f.from()), rdp(net, stacks, f.to()), flow, new WorkloadScheduler.Ends() {
                @Override
                public ByteSource source() {
                    return ByteSource.seeded(Seeds.derive(seed, "flow", f.from()), Long.MAX_VALUE / 2);
                }

                @Override
                public void started(TransferSender sender) {
                    senders[k] = sender;
                }
            });
        }
        WorkloadScheduler.crossUncounted(s, net, seed, end);   // no RAW handler on y1, y2: as the run always was
        if (probe != null) {
            RdpConnection[] conns = new RdpConnection[FLOWS];
            for (long t = everyNanos; t <= end; t += everyNanos) {
                long at = t;
                net.at(at, "r1", () -> {
                    for (int i = 0; i < FLOWS; i++) {
                        conns[i] = senders[i] == null ? null : senders[i].connection();
                    }
                    probe.sample(at, conns);
                    probe.link(at, net.node("r2").link("r2-r3"));
                });
            }
        }
        net.run(end);
        double[] kbps = new double[FLOWS];
        long segments = 0;
        long bytes = 0;
        for (int i = 0; i < FLOWS; i++) {
            RdpConnection conn = senders[i] == null ? null : senders[i].connection();
            if (conn != null) {
                kbps[i] = conn.stats().bytesAcked() * 8e6 / Math.max(1, end - startAt[i]);
                segments += conn.stats().dataSegmentsSent();
                bytes += conn.stats().bytesQueued();
            }
        }
        org.aspen.vnet.link.Link bottleneck = net.node("r2").link("r2-r3");
        long drops = bottleneck.counters().totalDrops();
        long extra = bottleneck.fragmentsMade() - bottleneck.packetsFragmented();
        double fragmentHeaderKbps = extra * (Packet.HEADER_LENGTH + Fragments.HEADER_LENGTH) * 8e6 / end;
        AbcdRun r = new AbcdRun(c, delayMs, seed, drops, kbps, AbcdSetup.counter(r3, "advicesSent"),
                AbcdSetup.counter(r3, "resumesSent"), AccSetup.counter(r2, "notificationsSent"), segments, bytes,
                bottleneck.packetsFragmented(), bottleneck.fragmentsMade(), fragmentHeaderKbps, HostTime.secondsSince(wall0));
        net.close();
        return r;
    }

    /** The scenario's name ends in the baseline's id, but for Aspen RDP (the names the committed runs had). */
    private static String suffix(AbcdBaseline b) {
        return b == AbcdBaseline.RDP ? "" : "-" + b.id();
    }

    /**
     * The node stack's stages TRACE, EE, AAS and ACC, stage by stage over the nodes in order: an EE on
     * every node (trusting the bundled AAs, serving code over RDP), then the scenario's AAs (ABCD's
     * monitor on r3, its resizer on r2) and ACC roles (the monitor on r2, filter code on r1) at boot.
     */
    private static Map<String, ExecutionEnvironment> eeStages(Map<String, NodeStack> stacks, TraceSink trace) {
        Map<String, ExecutionEnvironment> ees = new java.util.LinkedHashMap<>();
        for (NodeStack n : stacks.values()) {
            n.trace(trace);
            ees.put(n.node().name(), n.ee(null));
        }
        stacks.values().forEach(n -> n.aas(NodeStack.AaLog.NONE));
        stacks.values().forEach(NodeStack::acc);
        return ees;
    }

    /** The EEs and AAs as this run wired them on a hand-built network (no node stacks; the topology tests). */
    private static Map<String, ExecutionEnvironment> handWired(Config c, Setup setup, SimNetwork net, TraceSink trace) {
        net.nodes().forEach(n -> n.setTrace(trace));
        Map<String, ExecutionEnvironment> ees = new java.util.LinkedHashMap<>();
        for (Node n : net.nodes()) {
            ees.put(n.name(), new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy()));
        }
        ExecutionEnvironment r1 = ees.get("r1");
        ExecutionEnvironment r2 = ees.get("r2");
        ExecutionEnvironment r3 = ees.get("r3");
        if (c == Config.ACC) {
            net.at(0, "r1", () -> AccSetup.installFilter(r1));
            net.at(0, "r2", () -> AccSetup.install(r2, setup.acc()));
        } else if (c == Config.ABCD) {
            net.at(0, "r2", () -> AbcdSetup.installResizer(r2, setup.abcd()));
            net.at(0, "r3", () -> AbcdSetup.install(r3, setup.abcd().withInLink("r2-r3")));
        } else if (c == Config.ABCD_SENDER) {
            net.at(0, "r3", () -> AbcdSetup.install(r3, setup.abcd().withInLink("r2-r3").withResize(false)));
        }
        return ees;
    }

    /** The RDP stack of node {@code name}: its node stack's, or installed directly on a hand-built network. */
    private static RdpStack rdp(SimNetwork net, Map<String, NodeStack> stacks, String name) {
        return stacks == null ? RdpStack.install(net.node(name)) : stacks.get(name).rdp();
    }

}
