package org.aspen.experiments.validation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.lab.report.LabReport;
import org.aspen.lab.report.TransferReport;
import org.aspen.lab.run.EventLog;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.run.RunObserver;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpPackets;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.Segment;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkObserver;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.runtime.Network;

/**
 * Runs the Aspen half of a validation case: its scenario in the lab runner's simulation, with the
 * seed given, watching the bottleneck for the sequence numbers it drops and (for RED cases) RED's
 * average. The watching only listens: the run, its report and its trace hash are those of
 * {@code aspen lab --sim NAME.yaml --seed N}.
 *
 * <pre>{@code
 * RunResult r = AspenRunner.run(ValidationCases.byName("reno-droptail"), ValidationCase.Baseline.NS2, 1, Files.createTempDirectory("aspen"));
 * }</pre>
 *
 * Counted as ns-2 counts: goodput from the bytes the receiver accepted in order ({@code bytesReceived}
 * of the report, divided by the data bytes per segment, times the data packet's bytes on the wire);
 * timeouts and fast retransmits from the report's closes by cause ({@code TIMEOUT},
 * {@code FAST_RETRANSMIT}); the cwnd trace from the sender's series ({@code cwnd.csv}), and the mean
 * cwnd from the sender's exact integral of its window over time ({@code ConnectionStats.cwndIntegral}:
 * every change, as ns-2's traced {@code cwnd_}, where the series keeps whole packets); dropped
 * packets numbered as ns-2 numbers them with {@code syn_ true}: the SYN is 0, data from 1 (the
 * segment's sequence number less the SYN's).
 */
public final class AspenRunner {
    /** Bytes of rdp.transfer.TransferHeader, which an ns-2 transport sends inside its first data segment. */
    static final int TRANSFER_HEADER = 12;
    /** RED's average is sampled this often (ns): finer than one 1000-byte packet at 1.5 Mb/s (5.3 ms). */
    static final long RED_SAMPLE_NANOS = 1_000_000;

    private AspenRunner() {
    }

    /** Runs the {@code baseline} half of case {@code c} with {@code seed}; the per-flow cwnd series go to {@code dir}. */
    public static RunResult run(ValidationCase c, ValidationCase.Baseline baseline, long seed, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Scenario s;
        try (InputStream in = AspenRunner.class.getResourceAsStream(c.yamlResource(baseline))) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("no class-path resource " + c.yamlResource(baseline)));
            }
            s = ScenarioLoader.parse(in, c.name() + baseline.suffix() + ".yaml", true);
        }
        Watcher w = new Watcher(c);
        LabReport report = LabRunner.run(s, new LabRunner.Options(true, seed, null, null, null, null, dir), w).report();
        LinkReport end = report.links().get(c.bottleneck());
        long drops = end == null ? 0 : end.counters().congestionDrops();
        Map<String, RunResult.Flow> flows = new LinkedHashMap<>();
        for (int i = 0; i < c.flows().size(); i++) {
            String name = c.flows().get(i);
            double start = c.flowStarts().get(i);
            TransferReport t = report.transfers().stream().filter(x -> name.equals(x.name())).findFirst().orElse(null);
            if (t == null) {
                throw new IOException("Aspen's report has no flow " + name);
            }
            // on an ns-2 transport the transfer's 12-byte header rides at the front of the first full-size
            // segment (docs/rdp.md), so that segment holds 12 data bytes fewer: count it as the packet it is
            long header = baseline == ValidationCase.Baseline.NS2 ? TRANSFER_HEADER : 0;
            long delivered = (t.bytesReceived() + header) / c.segment();
            List<double[]> cwnd = cwndSeries(t.cwndTrace());
            // the window's exact time mean (ConnectionStats.cwndIntegral), as ns-2's traced cwnd_ gives it: the
            // series holds whole packets between its rows and would read up to a packet low in congestion avoidance
            Double integral = w.cwndIntegral.get(name);
            double meanCwnd = integral != null ? integral / 1e9 / (c.durationSeconds() - start)
                    : RunResult.timeMean(cwnd, start, c.durationSeconds());
            flows.put(name, new RunResult.Flow(delivered * c.dataFrame() * 8.0 / (c.durationSeconds() - start), delivered,
                    t.closes("TIMEOUT"), t.closes("FAST_RETRANSMIT"), t.closes("ECN"), w.dropped(name),
                    meanCwnd, cwnd));
        }
        double red = c.watchRed() ? RunResult.timeMean(w.redAverage, w.redFrom, c.durationSeconds()) : Double.NaN;
        return new RunResult(flows, drops, red);
    }

    /** The sender's series ({@code time_s,cwnd,...}), or empty when the report named none. */
    private static List<double[]> cwndSeries(String file) throws IOException {
        List<double[]> l = new ArrayList<>();
        if (file == null) {
            return l;
        }
        List<String> lines = Files.readAllLines(Path.of(file));
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",");
            l.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
        }
        return l;
    }

    /** Listens at the bottleneck (drops, RED's average) and on the senders' links (their SYNs). */
    private static final class Watcher implements RunObserver {
        private final ValidationCase c;
        /** flow name by "sender address:receiver port". */
        private final Map<String, String> flowByKey = new HashMap<>();
        private final Map<String, Integer> synSeq = new HashMap<>();
        private final Map<String, List<Long>> drops = new HashMap<>();
        final List<double[]> redAverage = new ArrayList<>();
        /** Per flow, the sender's cwnd integral over time (packets x ns) at the end of the run. */
        final Map<String, Double> cwndIntegral = new HashMap<>();
        private Network net;
        private Map<String, RdpStack> stacks;
        private List<Scenario.FlowSpec> specs = List.of();
        double redFrom = Double.NaN;
        private Link bottleneck;

        Watcher(ValidationCase c) {
            this.c = c;
        }

        List<Long> dropped(String flow) {
            return List.copyOf(drops.getOrDefault(flow, List.of()));
        }

        @Override
        public void attach(Scenario s, Network net, Map<String, ExecutionEnvironment> ees, Map<String, RdpStack> stacks,
                           EventLog events, long durationNanos) {
            this.net = net;
            this.stacks = stacks;
            specs = s.workload() == null || s.workload().flows() == null ? List.of() : s.workload().flows();
            for (int i = 0; i < specs.size(); i++) {
                Scenario.FlowSpec f = specs.get(i);
                Node sender = net.node(f.from());
                flowByKey.put(sender.address() + ":" + f.portAt(i), f.nameAt(i));
                for (Link l : sender.links()) {
                    l.addObserver(new LinkObserver() {
                        @Override
                        public void transmitted(Link link, byte[] frame) {
                            sawSyn(frame);
                        }

                        @Override
                        public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
                        }
                    });
                }
            }
            String[] end = c.bottleneck().split("@");
            bottleneck = net.node(end[1]).link(end[0]);
            bottleneck.setCongestionDetection(true);
            bottleneck.addDropListener((link, p, why) -> sawDrop(p));
        }

        private void sawSyn(byte[] frame) {
            if (frame.length < 20 || frame[3] != Protocol.RDP) {
                return;
            }
            Packet p = Packet.wrapValidated(frame);
            Segment seg = RdpPackets.decode(p);
            if (seg != null && seg.has(Segment.SYN)) {
                synSeq.putIfAbsent(p.source() + ":" + seg.destinationPort, seg.seq);
            }
        }

        private void sawDrop(Packet p) {
            Segment seg = RdpPackets.decode(p);
            if (seg == null || seg.dataLength == 0) {
                return;
            }
            String key = p.source() + ":" + seg.destinationPort;
            String flow = flowByKey.get(key);
            Integer syn = synSeq.get(key);
            if (flow != null && syn != null) {
                // ns-2's numbering with syn_ true: the SYN is packet 0, data from 1 (tcp/tcp.cc:699-705)
                drops.computeIfAbsent(flow, k -> new ArrayList<>()).add((long) (seg.seq - syn));
            }
        }

        @Override
        public void run(Network net, long durationNanos, DoubleConsumer progress) throws InterruptedException {
            if (!c.watchRed()) {
                LabRunner.runWithProgress(net, durationNanos, progress);
                return;
            }
            for (long t = 0; t < durationNanos; t += RED_SAMPLE_NANOS) {
                net.run(Math.min(RED_SAMPLE_NANOS, durationNanos - t));
                double avg = bottleneck.discipline().averageQueue();
                if (Double.isNaN(redFrom) && avg > 0) {
                    redFrom = net.now() / 1e9;
                }
                redAverage.add(new double[] {net.now() / 1e9, avg});
            }
        }

        /** Reads each flow's cwnd integral from its sender's connection, still open at the end of the run. */
        @Override
        public void finished(long nowNanos) {
            for (int i = 0; i < specs.size(); i++) {
                Scenario.FlowSpec f = specs.get(i);
                RdpStack stack = stacks.get(f.from());
                if (stack == null) {
                    continue;
                }
                VAddr to = net.node(f.to()).address();
                for (RdpConnection conn : stack.connections()) {
                    if (conn.remoteAddress().equals(to) && conn.remotePort() == f.portAt(i)) {
                        cwndIntegral.put(f.nameAt(i), conn.stats().cwndIntegral(nowNanos));
                    }
                }
            }
        }
    }
}
