package org.aspen.experiments.aecn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.aspen.experiments.sweep.ScenarioBuilder;
import org.aspen.experiments.sweep.Stat;
import org.aspen.lab.run.WorkloadScheduler;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.stack.NodeStack;
import org.aspen.lab.time.HostTime;
import org.aspen.rdp.AntiEcnReno;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.ns2.Ns2AntiEcnReno;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.qdisc.AntiEcn;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.time.Seeds;

/**
 * One run of the AntiECN paper's single-link set-up in the simulation, sampled over time, and what
 * it measured.
 *
 * <pre>{@code
 * AecnRun r = AecnRun.simulate(new AecnRun.Setup(40, 0.5, 500, 1, 6, 10_000_000, 50, 10, 1, 1));
 * double utilisation = r.utilisation();          // bytes over the bottleneck / (C x duration)
 * }</pre>
 *
 * Senders s1..sN - r - d. The bottleneck is r -> d, rate C, with the whole propagation delay but
 * 1 ms per access hop, so the base RTT is the requested one; its queue is {@code aecn} (eta, the
 * virtual buffer) over {@code avq} (gamma 0.96, alpha 0.15, the real buffer) as the paper's link:
 * AVQ gives the ECN marks, AntiECN the bits. Access links run at 10 C with large drop-tail buffers,
 * so the one bottleneck is r -> d. Each sender runs one endless ECN-capable RDP flow of 1000-byte
 * frames (940 data bytes): {@code eta = 0} means no AntiECN (Reno over the same link); otherwise
 * the flow asks for AntiECN with Delta = W. The receiver window is 65535 segments (the paper's
 * "very large"), initial ssthresh 65535: slow start ends on the first ECN mark.
 *
 * <p>The network is the run's lab scenario ({@link #scenario}) built through the node stack
 * ({@link NodeStack#topology}: nodes, links, disciplines, static routes) and its flows started as the
 * lab's workload starts them ({@link WorkloadScheduler#start}), so {@code aspen lab --sim} on the
 * printed scenario runs the same network. The scenario says the AECN/AVQ discipline on r's end of
 * the bottleneck only (the link's {@code ends}: d's ACKs pass no AVQ of their own) and the senders'
 * 4096-segment send buffer ({@code sender}); RDP's initial window of 2 and initial ssthresh of 65535
 * are its defaults. What stays here is measurement: the cwnd of every flow sampled at whole numbers
 * of RTTs while the run goes on, between runs of the network (no events of its own).
 *
 * @param samples         about 400 over the run ({@link #sampleStep})
 * @param utilisation     bytes over the bottleneck / (C x duration)
 * @param bottleneckBytes bytes sent over r -> d
 * @param flowBytes       bytes acknowledged per flow
 * @param aecnEnabled     per flow: the AntiECN increase was negotiated
 * @param slowStartEnd    flow 1's window when its first reduction ended slow start (twice the ssthresh
 *                        it then set, seen at the first sample after it), NaN if it never left slow start
 */
public record AecnRun(AecnRun.Setup setup, List<AecnRun.Sample> samples, double utilisation, long bottleneckBytes, long ecnMarks,
                      long drops, long retransmissions, long aecnKept, long aecnCleared, long aggressiveAcks, long[] flowBytes,
                      boolean[] aecnEnabled, double slowStartEnd, double wallSeconds) {
    public static final int FRAME = 1000;
    public static final int SEGMENT = 940;
    public static final double GAMMA = 0.96;
    public static final double ALPHA = 0.15;
    public static final long MS = 1_000_000L;
    public static final int PORT = 7000;
    public static final int INITIAL_SSTHRESH = 65_535;
    /** Buffer of the access links, and of d's end of the bottleneck, in packets: large, so r -> d is the one bottleneck. */
    public static final int ACCESS_BUFFER = 65_535;
    /** Segments a sender queues beyond its window. */
    public static final int SEND_BUFFER = 4096;

    /**
     * @param rttMs               base round-trip time
     * @param eta                 AECN threshold, or 0 for plain Reno (no AntiECN)
     * @param virtualBufferPackets B of the AECN virtual queue, in 1000-byte packets
     * @param flows               number of senders (1, or 3 for Experiment 3)
     * @param durationSeconds     simulated time
     * @param bandwidthBps        bottleneck capacity C
     * @param bufferPackets       real buffer of the bottleneck
     * @param avqBufferPackets    AVQ's virtual buffer
     * @param startSpreadSeconds  flows start uniformly over [0, this) (Experiment 3); one flow starts at 0
     * @param seed                seeds the start times of the flows and the nodes
     */
    public record Setup(int rttMs, double eta, int virtualBufferPackets, int flows, double durationSeconds, long bandwidthBps,
                 int bufferPackets, int avqBufferPackets, double startSpreadSeconds, long seed, AecnBaseline baseline) {
        /** On Aspen RDP (the committed results before issue #28). */
        public Setup(int rttMs, double eta, int virtualBufferPackets, int flows, double durationSeconds, long bandwidthBps,
                     int bufferPackets, int avqBufferPackets, double startSpreadSeconds, long seed) {
            this(rttMs, eta, virtualBufferPackets, flows, durationSeconds, bandwidthBps, bufferPackets, avqBufferPackets,
                    startSpreadSeconds, seed, AecnBaseline.RDP);
        }

        public boolean aecn() {
            return eta > 0;
        }

        /** Bandwidth-delay product in 1000-byte packets. */
        public double bdpPackets() {
            return bandwidthBps * rttMs / 1e3 / 8 / FRAME;
        }
    }

    /** One sample: time, each flow's cwnd (packets), the bottleneck's utilisation since the last sample. */
    public record Sample(double seconds, double[] cwnd, double utilisation) {
    }

    /** Jain's fairness index of the flows' bytes (1 = equal shares). */
    public double jain() {
        double j = Stat.jain(Arrays.stream(flowBytes).asDoubleStream().toArray());
        return Double.isNaN(j) ? 1 : j;
    }

    /**
     * Jain's index of the flows' mean cwnd over the samples taken at or after {@code fromSeconds}
     * (1 = equal windows; NaN when no sample is that late). Experiment 3's "after an initial
     * transient, the congestion windows of the flows become roughly identical", with the transient
     * read as the run's first half: {@code cwndJain(setup().durationSeconds() / 2)}.
     */
    public double cwndJain(double fromSeconds) {
        double[] mean = new double[setup.flows()];
        int n = 0;
        for (Sample x : samples) {
            if (x.seconds() >= fromSeconds) {
                for (int i = 0; i < mean.length; i++) {
                    mean[i] += x.cwnd()[i];
                }
                n++;
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        double j = Stat.jain(mean);
        return Double.isNaN(j) ? 1 : j;
    }

    /**
     * The run as a scenario file holds it ({@code aspen experiment aecn --print-scenario}, for
     * {@code aspen lab --sim}): nodes r, d, s1..sN; the bottleneck r - d with the AECN/AVQ discipline
     * and the real buffer on r's end only ({@code ends}), d's end and the access links drop-tail with
     * 65535-packet buffers; static routes; one bulk flow per sender to d (port 7000 + its index),
     * ECN-capable, a 65535-segment window, a 4096-segment send buffer ({@code sender}), AntiECN when
     * {@code eta > 0}, on the baseline's transport. Start times are drawn here from the seed, as the
     * run always drew them; the flows never stop within the run ({@code stop} one second after its end).
     */
    public static Scenario scenario(Setup s) {
        long end = Math.round(s.durationSeconds() * 1e9);
        ScenarioBuilder b = new ScenarioBuilder("aecn-" + s.rttMs() + "ms-eta" + s.eta() + "-" + s.flows() + "flows-seed" + s.seed()
                + "-" + s.baseline().id(), Units.formatNanos(end));
        b.node("r", "10.0.0.1").node("d", "10.0.2.1");
        for (int i = 1; i <= s.flows(); i++) {
            b.node("s" + i, "10.0.1." + i);
        }
        Map<String, Object> avq = new LinkedHashMap<>();
        avq.put("kind", "avq");
        avq.put("gamma", GAMMA);
        avq.put("alpha", ALPHA);
        avq.put("virtual_buffer_packets", s.avqBufferPackets());
        Map<String, Object> aecn = new LinkedHashMap<>();
        aecn.put("kind", "aecn");
        aecn.put("eta", s.aecn() ? s.eta() : 1.0);
        aecn.put("virtual_buffer_packets", s.virtualBufferPackets());
        aecn.put("mean_packet_size", FRAME);
        aecn.put("inner", avq);
        long oneWay = s.rttMs() * MS / 2;
        b.link("r", "d", Units.formatRate(s.bandwidthBps()), Units.formatNanos(oneWay - MS), ACCESS_BUFFER, null,
                Map.of("r", new Scenario.EndSpec(s.bufferPackets(), aecn)));
        for (int i = 1; i <= s.flows(); i++) {
            b.link("s" + i, "r", Units.formatRate(10 * s.bandwidthBps()), Units.formatNanos(MS), ACCESS_BUFFER, null);
        }
        b.route("r", "d", "d");
        for (int i = 1; i <= s.flows(); i++) {
            b.route("s" + i, "d", "r").route("r", "s" + i, "s" + i).route("d", "s" + i, "r");
        }
        SplittableRandom starts = Seeds.stream(s.seed(), "aecn-experiment", "starts");
        AecnBaseline base = s.baseline();
        for (int i = 0; i < s.flows(); i++) {
            long start = s.flows() == 1 ? 0 : (long) (starts.nextDouble() * s.startSpreadSeconds() * 1e9);
            b.flow(ScenarioBuilder.flow("s" + (i + 1), "s" + (i + 1), "d").port(PORT + i).start(Units.formatNanos(start))
                    .stop(Units.formatNanos(end + 1_000_000_000L)).window(65_535).segment(base.segment()).ecn(true)
                    .aecn(s.aecn() ? true : null).transport(base.ns2() ? "ns2-reno" : null, base.agent())
                    .recovery(base == AecnBaseline.RDP_IMPATIENT ? "impatient" : null)
                    .sender(ScenarioBuilder.sender(SEND_BUFFER, null, null)).build());
        }
        return b.build();
    }

    /** Builds the network from {@link #scenario} through the node stack, runs it for the set-up's duration, sampling as it goes, and returns the totals. */
    public static AecnRun simulate(Setup s) {
        long wall0 = HostTime.nanos();
        Scenario sc = scenario(s);
        SimNetwork net = new SimNetwork(s.seed());
        // the node stack's TOPOLOGY and ROUTES stages; RDP on the flows' ends as they are scheduled
        Map<String, NodeStack> nodes = NodeStack.topology(sc, net, NodeStack.Mode.SIMULATED);
        Link bottleneck = net.node("r").link("r-d");
        TransferSender[] flows = new TransferSender[s.flows()];
        List<Scenario.FlowSpec> specs = sc.workload().flows();
        for (int i = 0; i < specs.size(); i++) {
            Scenario.FlowSpec f = specs.get(i);
            int k = i;
            // as the lab's TransferRun, but the sender never closes within the run and samples no cwnd series
            WorkloadScheduler.Flow flow = new WorkloadScheduler.Flow(f.nameAt(i), f.from(), f.to(), f.portAt(i),
                    Units.nanos(f.start()), null, f.priority(), options(f));
            WorkloadScheduler.start(net, nodes.get(f.from()).rdp(), nodes.get(f.to()).rdp(), flow, new WorkloadScheduler.Ends() {
                @Override
                public ByteSource source() {
                    return ByteSource.seeded(Seeds.derive(s.seed(), "flow", Integer.toString(k)), Long.MAX_VALUE / 2);
                }

                @Override
                public void started(TransferSender sender) {
                    flows[k] = sender;
                }
            });
        }
        long end = Math.round(s.durationSeconds() * 1e9);
        long step = sampleStep(s);
        List<Sample> samples = new ArrayList<>();
        long lastBytes = 0;
        double slowStartEnd = Double.NaN;
        // the last sample may be shorter: the run always ends at its full duration
        for (long t = Math.min(step, end); net.now() < end; t = Math.min(t + step, end)) {
            long from = net.now();
            net.run(t - from);
            double[] cwnd = new double[s.flows()];
            for (int i = 0; i < cwnd.length; i++) {
                RdpConnection c = flows[i] == null ? null : flows[i].connection();
                cwnd[i] = c == null || c.state() != RdpConnection.State.OPEN ? 0 : c.congestionState().cwnd();
                if (i == 0 && cwnd[0] > 0 && Double.isNaN(slowStartEnd) && c.congestionState().ssthresh() < initialSsthresh(s)) {
                    slowStartEnd = 2 * c.congestionState().ssthresh();
                }
            }
            long bytes = bottleneck.counters().sentBytes;
            samples.add(new Sample(t / 1e9, cwnd, (bytes - lastBytes) * 8.0 / s.bandwidthBps() / ((t - from) / 1e9)));
            lastBytes = bytes;
        }
        return totals(s, net, bottleneck, flows, samples, slowStartEnd, HostTime.secondsSince(wall0));
    }

    /** A flow's RDP options, as the lab's workload makes them ({@link WorkloadScheduler#options}), without the sender's cwnd series. */
    static RdpOptions options(Scenario.FlowSpec f) {
        return WorkloadScheduler.options(f.asTransfer(f.name()), f.name(), RdpOptions.defaults().withMaxSamples(0));
    }

    /** The sender's slow-start threshold before its first reduction: RDP's initial one, or ns-2's window_ (tcp.cc:462). */
    private static double initialSsthresh(Setup s) {
        return s.baseline().ns2() ? AecnBaseline.VERY_LARGE_WINDOW : INITIAL_SSTHRESH;
    }

    /**
     * About 400 samples a run, each a whole number of RTTs: a window travels as one cluster per RTT,
     * so a shorter or misaligned step would alias the utilisation into a saw-tooth.
     */
    static long sampleStep(Setup s) {
        long rtt = s.rttMs() * MS;
        return rtt * Math.max(1, (long) Math.ceil(s.durationSeconds() * 1e9 / 400 / rtt));
    }

    private static AecnRun totals(Setup s, SimNetwork net, Link bottleneck, TransferSender[] flows, List<Sample> samples,
                              double slowStartEnd, double wall) {
        AntiEcn aecn = (AntiEcn) bottleneck.discipline();
        Map<String, Object> desc = aecn.describe();
        long bytes = bottleneck.counters().sentBytes;
        long drops = 0;
        for (Node n : net.nodes()) {
            for (Link l : n.links()) {
                drops += l.counters().totalDrops();
            }
        }
        long[] flowBytes = new long[flows.length];
        boolean[] enabled = new boolean[flows.length];
        long retx = 0;
        long aggressive = 0;
        for (int i = 0; i < flows.length; i++) {
            RdpConnection c = flows[i] == null ? null : flows[i].connection();
            if (c == null) {
                continue;
            }
            flowBytes[i] = c.stats().bytesAcked();
            enabled[i] = c.aecnEnabled();
            retx += c.stats().retransmissions();
            if (c.congestionControl() instanceof AntiEcnReno a) {
                aggressive += a.aggressiveAcks();
            } else if (c.congestionControl() instanceof Ns2AntiEcnReno a) {
                aggressive += a.aggressiveAcks();
            }
        }
        double utilisation = bytes * 8.0 / s.bandwidthBps() / s.durationSeconds();
        return new AecnRun(s, samples, utilisation, bytes, bottleneck.counters().marked, drops, retx,
                (long) desc.get("aecn_kept"), (long) desc.get("aecn_cleared"), aggressive, flowBytes, enabled, slowStartEnd, wall);
    }
}
