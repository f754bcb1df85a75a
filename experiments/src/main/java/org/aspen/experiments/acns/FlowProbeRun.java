package org.aspen.experiments.acns;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.lab.report.CrossReport;
import org.aspen.lab.run.CrossTraffic;
import org.aspen.lab.run.TransferRun;
import org.aspen.lab.run.WorkloadScheduler;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.stack.NodeStack;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.AcnsSender;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.time.Seeds;

/**
 * Runs a scenario's bulk flows and cross traffic in the simulation and samples every flow: data
 * arriving at the receiver per {@code bin} (throughput; new segments counted at full size), the path RTT every {@link #RTT_EVERY_NANOS}, and the
 * packets of the flow that any queue dropped. What the ACNS experiment (Tables 7-10 of the ACNS
 * paper) needs and the lab report does not keep.
 *
 * <p>The path RTT is what a full-size data segment sent at that instant and its ACK would take: the
 * propagation delay, transmission time and the time to drain the bytes queued ahead, summed over the
 * links of the forward and the reverse route. It is read from the queues, not from RDP's estimator,
 * because RDP's samples from cumulative ACKs are inflated when more than 64 segments wait behind a
 * hole (beyond the EACK list, so the sender cannot tell they waited); the transport's latest sample
 * is kept too, in the series, for comparison.
 *
 * <pre>{@code
 * FlowProbeRun.Result r = FlowProbeRun.run(scenario, 1, 1_000_000_000L, null);
 * double mbps = r.flows().get(0).maxThroughputBps() / 1e6;
 * }</pre>
 *
 * Only {@code flows} and {@code cross} of the workload run (pings, transfers and expectations are
 * the lab runner's). Each flow's {@code acns} selects {@link AcnsReno} (with its {@code sender}'s reading) at both ends and
 * {@code priority} sets the sender's VNet priority.
 */
public final class FlowProbeRun {
    /**
     * One flow's figures; series are per bin from the flow's start ({time s, throughput b/s, path RTT ms,
     * cwnd, RDP's latest RTT ms, ACNS command in force, the flow's data packets dropped in the bin}). ACNS senders only: {@code requests} (segments
     * that asked routers for a command), {@code commandsReceived} and {@code lossTrends} (losses handled
     * by trend command 1 freeze, 2 fallback, 3 decrease), indexed by omega. {@code dropsInSlowStart}: the
     * drops that happened while the sender was in slow start. {@code lateThroughputBps}: the mean of the
     * per-bin throughput after {@link #LATE_FROM_NANOS}, when every flow of the ACNS set-up runs.
     */
    public record FlowResult(String name, int priority, boolean acnsNegotiated, double startSeconds,
                             long bytesAcked, long drops, long dropsInSlowStart, long retransmissions, long timeouts, double avgThroughputBps,
                             double maxThroughputBps, double avgRttMs, double maxRttMs, double lateThroughputBps, List<double[]> series,
                             Map<String, Long> closesByCause, long requests, long[] commandsReceived, long[] lossTrends) {
    }

    /**
     * The run: per-flow results, cross-traffic reports and the discipline of every link end ({@code link@node}),
     * and {@code dropsByLink}: per flow name and link end ({@code link@node}), the flow's data packets that end
     * dropped in each second of the run (index k = [k, k + 1) s); in no file the experiment writes
     * (docs/traces/acns-cubic-keep reads it).
     */
    public record Result(List<FlowResult> flows, List<CrossReport> cross, Map<String, Map<String, Object>> queues,
                         double binSeconds, double durationSeconds, Map<String, Map<String, long[]>> dropsByLink) {
        /** Without the drops by link end. */
        public Result(List<FlowResult> flows, List<CrossReport> cross, Map<String, Map<String, Object>> queues,
                      double binSeconds, double durationSeconds) {
            this(flows, cross, queues, binSeconds, durationSeconds, Map.of());
        }

        /** A counter of a link end's discipline ({@code describe()}), 0 when it has none of that name. */
        public long queueCounter(String linkAtNode, String key) {
            Map<String, Object> q = queues.get(linkAtNode);
            return q != null && q.get(key) instanceof Number n ? n.longValue() : 0;
        }
    }

    /** From when {@code lateThroughputBps} averages: 31 s, after the ACNS set-up's last flow started (30.1 s ± 50 ms). */
    public static final long LATE_FROM_NANOS = 31_000_000_000L;
    /** How often the path RTT is sampled. */
    public static final long RTT_EVERY_NANOS = 100_000_000L;
    /** Frame sizes for the path RTT: a full data segment (RDP's default 1400 data bytes + RDP 40 + VNet 20) and an ACK. */
    private static final int DATA_FRAME = 1460;
    private static final int ACK_FRAME = 44;

    private FlowProbeRun() {
    }

    /** One sampled flow. */
    private static final class Probe {
        final Scenario.FlowSpec spec;
        final String name;
        final long start;
        TransferSender sender;
        RdpStack receiverStack;
        long lastAcked;
        long drops;
        long lastDrops;
        long dropsInSlowStart;
        List<Link> forward;
        List<Link> reverse;
        double lastPathRttMs = Double.NaN;
        double rttSum;
        long rttCount;
        double rttMax;
        double maxBin;
        final List<double[]> series = new ArrayList<>();
        final Map<String, long[]> dropsAt = new java.util.TreeMap<>();

        Probe(Scenario.FlowSpec spec, int index) {
            this.spec = spec;
            this.name = TransferRun.flowName(spec, index);
            this.start = spec.start() == null ? 1_000_000_000L : Units.nanos(spec.start());
        }
    }

    public static Result run(Scenario s, long seed, long binNanos, DoubleConsumer progress) {
        long duration = s.durationNanos();
        SimNetwork net = new SimNetwork(seed);
        // the node stack's TOPOLOGY and ROUTES stages, then RDP on the flows' ends as they are scheduled
        Map<String, NodeStack> nodes = NodeStack.topology(s, net, NodeStack.Mode.SIMULATED);
        List<Probe> probes = new ArrayList<>();
        Map<String, Probe> bySourcePort = new HashMap<>();
        for (int i = 0; i < s.workload().flows().size(); i++) {
            Probe p = new Probe(s.workload().flows().get(i), i);
            probes.add(p);
            RdpStack from = nodes.get(p.spec.from()).rdp();
            RdpStack to = nodes.get(p.spec.to()).rdp();
            p.receiverStack = to;
            long stop = p.spec.stop() == null ? duration : Units.nanos(p.spec.stop());
            WorkloadScheduler.Flow f = new WorkloadScheduler.Flow(p.name, p.spec.from(), p.spec.to(),
                    TransferRun.flowPort(p.spec, i), p.start, stop - 1, p.spec.priority(), options(p.spec));
            WorkloadScheduler.start(net, from, to, f, new WorkloadScheduler.Ends() {
                @Override
                public ByteSource source() {
                    return ByteSource.seeded(Seeds.derive(seed, "flow", p.name), Long.MAX_VALUE / 2);
                }

                @Override
                public void started(TransferSender sender) {
                    p.sender = sender;
                    bySourcePort.put(net.node(p.spec.from()).address() + ":" + sender.connection().localPort(), p);
                }
            });
        }
        List<CrossTraffic> cross = WorkloadScheduler.cross(s, net, seed, duration);
        int seconds = (int) (duration / 1_000_000_000L) + 1;
        for (Node n : net.nodes()) {
            for (Link l : n.links()) {
                l.setCongestionDetection(true);
                String end = l.name() + "@" + n.name();
                l.addDropListener((link, packet, why) -> countDrop(packet, bySourcePort, end,
                        (int) Math.min(seconds - 1, net.now() / 1_000_000_000L), seconds));
            }
        }
        for (Probe p : probes) {
            p.forward = path(net, p.spec.from(), p.spec.to());
            p.reverse = path(net, p.spec.to(), p.spec.from());
        }
        String anyNode = s.nodes().get(0).name();
        for (long t = binNanos; t <= duration; t += binNanos) {
            long at = t;
            net.at(at, anyNode, () -> probes.forEach(p -> sample(p, at, binNanos)));
        }
        for (long t = RTT_EVERY_NANOS; t <= duration; t += RTT_EVERY_NANOS) {
            long at = t;
            net.at(at, anyNode, () -> probes.forEach(p -> samplePathRtt(p, at)));
        }
        long step = Math.max(binNanos, duration / 100);
        for (long t = 0; t < duration; t += step) {
            net.run(Math.min(step, duration - t));
            if (progress != null) {
                progress.accept(Math.min(1.0, (t + step) / (double) duration));
            }
        }
        List<FlowResult> flows = new ArrayList<>();
        for (Probe p : probes) {
            flows.add(result(p, duration, binNanos));
        }
        List<CrossReport> crossReports = cross.stream().map(CrossTraffic::report).toList();
        Map<String, Map<String, Object>> queues = new LinkedHashMap<>();
        for (Node n : net.nodes()) {
            for (Link l : n.links()) {
                queues.put(l.name() + "@" + n.name(), l.discipline().describe());
            }
        }
        net.close();
        Map<String, Map<String, long[]>> dropsByLink = new LinkedHashMap<>();
        for (Probe p : probes) {
            dropsByLink.put(p.name, p.dropsAt);
        }
        return new Result(flows, crossReports, queues, binNanos / 1e9, duration / 1e9, dropsByLink);
    }

    /** The flow's options as every workload's ({@link WorkloadScheduler#options}), without the sender's cwnd series. */
    static RdpOptions options(Scenario.FlowSpec f) {
        return WorkloadScheduler.options(f.asTransfer(f.name()), "flow", RdpOptions.defaults().withMaxSamples(0));
    }

    private static void countDrop(Packet packet, Map<String, Probe> bySourcePort, String end, int second, int seconds) {
        if (!RdpPackets.isRdp(packet) || RdpPackets.dataLength(packet) == 0) {
            return;
        }
        Probe p = bySourcePort.get(packet.source() + ":" + RdpPackets.connectionId(packet).sourcePort());
        if (p != null) {
            p.drops++;
            p.dropsAt.computeIfAbsent(end, k -> new long[seconds])[second]++;
            if (p.sender != null && p.sender.connection().congestionState().phase() == org.aspen.rdp.SenderState.PHASE_SLOW_START) {
                p.dropsInSlowStart++;
            }
        }
    }

    /** The links a packet from {@code from} to {@code to} crosses, by the static routes. */
    static List<Link> path(SimNetwork net, String from, String to) {
        Map<Integer, Node> byAddress = new HashMap<>();
        net.nodes().forEach(n -> byAddress.put(n.address().value(), n));
        Node n = net.node(from);
        int dest = net.node(to).address().value();
        List<Link> links = new ArrayList<>();
        while (n.address().value() != dest && links.size() < 64) {
            var r = n.routes().lookup(dest);
            if (r == null) {
                break;
            }
            links.add(r.link());
            n = byAddress.get(r.nextHop().value());
            if (n == null) {
                break;
            }
        }
        return links;
    }

    private static double delayNanos(List<Link> links, int frame) {
        double d = 0;
        for (Link l : links) {
            long bw = l.config().bandwidthBps();
            d += l.config().delayNanos();
            if (bw > 0) {
                d += (l.discipline().bytes() + frame) * 8e9 / bw;
            }
        }
        return d;
    }

    private static void samplePathRtt(Probe p, long now) {
        if (p.sender == null || now <= p.start) {
            return;
        }
        int frame = p.spec.segment() == null ? DATA_FRAME : p.spec.segment() + org.aspen.rdp.RdpPackets.DATA_FRAME_OVERHEAD;
        double ms = (delayNanos(p.forward, frame) + delayNanos(p.reverse, ACK_FRAME)) / 1e6;
        p.lastPathRttMs = ms;
        p.rttSum += ms;
        p.rttCount++;
        p.rttMax = Math.max(p.rttMax, ms);
    }

    private static void sample(Probe p, long now, long bin) {
        if (p.sender == null || now <= p.start) {
            return;
        }
        // arrivals at the receiver (new segments, full size), not cumulative ACKs, which jump when a
        // hole is repaired and would show more than the link's rate in one bin
        long arrived = 0;
        for (RdpConnection rc : p.receiverStack.connections()) {
            if (rc.remotePort() == p.sender.connection().localPort() && rc.remoteAddress().equals(p.sender.connection().localAddress())) {
                arrived = (rc.stats().segmentsReceived() - rc.stats().duplicates()) * p.sender.connection().maxSendSize();
            }
        }
        double bps = (arrived - p.lastAcked) * 8e9 / Math.min(bin, now - p.start);
        p.lastAcked = arrived;
        p.maxBin = Math.max(p.maxBin, bps);
        var rtt = p.sender.connection().congestionState().rtt();
        double transportMs = rtt.hasSample() ? rtt.latestNanos() / 1e6 : Double.NaN;
        double command = p.sender.connection().congestionControl() instanceof AcnsSender a && p.sender.connection().acnsEnabled()
                ? a.command() : Double.NaN;
        p.series.add(new double[]{now / 1e9, bps, p.lastPathRttMs, p.sender.connection().congestionState().cwnd(),
                transportMs, command, p.drops - p.lastDrops});
        p.lastDrops = p.drops;
    }

    private static FlowResult result(Probe p, long duration, long bin) {
        RdpConnection c = p.sender == null ? null : p.sender.connection();
        long acked = c == null ? 0 : c.stats().bytesAcked();
        double life = (duration - p.start) / 1e9;
        Map<String, Long> closes = new LinkedHashMap<>();
        long[] commands = new long[4];
        long[] trends = new long[4];
        long requests = 0;
        if (c != null) {
            for (var cause : org.aspen.rdp.CloseCause.values()) {
                closes.put(cause.name(), c.stats().windowCloses(cause));
            }
            if (c.congestionControl() instanceof AcnsSender a) {
                for (int w = 1; w <= 3; w++) {
                    commands[w] = a.received(w);
                    trends[w] = a.trends(w);
                }
                requests = a.requests();
            }
        }
        return new FlowResult(p.name, p.spec.priority() == null ? 0 : p.spec.priority(), c != null && c.acnsEnabled(),
                p.start / 1e9, acked, p.drops, p.dropsInSlowStart, c == null ? 0 : c.stats().retransmissions(),
                c == null ? 0 : c.stats().timeouts(), life > 0 ? acked * 8 / life : 0, p.maxBin,
                p.rttCount == 0 ? Double.NaN : p.rttSum / p.rttCount, p.rttCount == 0 ? Double.NaN : p.rttMax,
                p.series.stream().filter(x -> x[0] * 1e9 > LATE_FROM_NANOS).mapToDouble(x -> x[1]).average().orElse(Double.NaN),
                p.series, closes, requests, commands, trends);
    }
}
