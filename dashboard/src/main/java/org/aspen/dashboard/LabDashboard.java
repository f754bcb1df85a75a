package org.aspen.dashboard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.lab.build.LabBuilder;
import org.aspen.node.NodeHost;
import org.aspen.lab.run.EventLog;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.run.RunObserver;
import org.aspen.lab.run.TransferRun;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.runtime.Network;

/**
 * The live dashboard of a lab run or of one {@code aspen node}: a {@link DashboardServer} fed by a
 * {@link NodeSampler} on every node's loop, and, for a simulated lab, the pacing that runs virtual
 * time at {@code speed} times wall time so people can watch it.
 *
 * <pre>{@code
 * try (LabDashboard d = LabDashboard.start(8090, 1.0)) {
 *     System.out.println("dashboard at " + d.url());
 *     LabRunner.run(scenario, options, d);                 // a lab, paced when simulated
 * }
 * // or, for one node process:  LabDashboard.start(8090, 0).attach(nodeHost, scenario);
 * }</pre>
 *
 * The pacing is here, in the lab layer: the simulation itself only ever sees {@code run(slice)}
 * calls, so a paced run gives the same events as an unpaced one.
 */
public final class LabDashboard implements RunObserver, AutoCloseable {
    /** Sampling period in network time at speed 1 (ten updates per wall second). */
    static final long PERIOD_NANOS = 100_000_000L;
    /** Virtual time run between two looks at the wall clock, at speed 1. */
    static final long SLICE_NANOS = 10_000_000L;

    private final DashboardServer server;   // null: recording only (--report without --dashboard)
    private final DashboardHistory recorded;
    private final double speed;

    private LabDashboard(DashboardServer server, double speed) {
        this.server = server;
        this.recorded = server == null ? new DashboardHistory() : null;
        this.speed = speed;
    }

    /**
     * Serves the page on 127.0.0.1:{@code port} (0: a free port).
     *
     * @param speed simulated seconds per wall second for a simulated lab (0: as fast as possible)
     */
    public static LabDashboard start(int port, double speed) throws InterruptedException {
        if (!(speed >= 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed must be a positive number (or 0: unpaced)");
        }
        return new LabDashboard(DashboardServer.start(port), speed);
    }

    /**
     * Records what a dashboard would show, serving nothing: for {@code aspen lab --report} without
     * {@code --dashboard}. The run is not paced.
     */
    public static LabDashboard recorder() {
        return new LabDashboard(null, 0);
    }

    /** The page's address; null for a {@link #recorder()}. */
    public String url() {
        return server == null ? null : server.url();
    }

    /** The server; null for a {@link #recorder()}. */
    public DashboardServer server() {
        return server;
    }

    /** The run so far as one self-contained HTML page, drawn as it loads (docs/dashboard.md, "Reports"). */
    public String reportPage() {
        return server != null ? server.reportPage() : recorded.reportPage();
    }

    /** Writes {@link #reportPage()} to {@code file}. */
    public void writeReport(java.nio.file.Path file) throws java.io.IOException {
        java.nio.file.Files.writeString(file, reportPage(), java.nio.charset.StandardCharsets.UTF_8);
    }

    private void publish(String kind, Object data) {
        if (server != null) {
            server.publish(kind, data);
        } else {
            recorded.record(kind, data);
        }
    }

    /** Network time between samples: 100 ms, stretched when the simulation runs faster than wall time. */
    long periodNanos(boolean simulated) {
        return simulated && speed > 1 ? Math.round(PERIOD_NANOS * speed) : PERIOD_NANOS;
    }

    /** Called by the lab runner once the lab is built: topology out, a sampler on every node. */
    @Override
    public void attach(Scenario s, Network net, Map<String, ExecutionEnvironment> ees, Map<String, RdpStack> stacks,
                EventLog events, long duration) {
        publish("topology", topology(s, net.simulated() ? "sim" : "real", duration));
        events.listen(e -> publish("log", logEntry(e)));
        Map<VAddr, String> names = names(s);
        Map<String, Map<Integer, String>> flows = flowNames(s);
        long period = periodNanos(net.simulated());
        for (Node n : net.nodes()) {
            Map<Integer, String> mine = flows.getOrDefault(n.name(), Map.of());
            NodeSampler sampler = new NodeSampler(n, () -> ees.get(n.name()), () -> stacks.get(n.name()),
                    c -> mine.get(c.remotePort()), names, false, this::publish);
            net.at(0, n.name(), () -> sampler.start(period));
        }
    }

    /** Runs the lab: paced to wall time when simulated with a speed, else as the runner would. */
    @Override
    public void run(Network net, long duration, DoubleConsumer progress) throws InterruptedException {
        if (!net.simulated() || speed == 0) {
            LabRunner.runWithProgress(net, duration, progress);
            return;
        }
        long slice = Math.max(1, Math.round(SLICE_NANOS * Math.max(1, speed)));
        long wallStart = HostTime.nanos();
        long done = 0;
        while (done < duration) {
            long step = Math.min(slice, duration - done);
            net.run(step);
            done += step;
            if (progress != null) {
                progress.accept(done / (double) duration);
            }
            HostTime.sleepUntil(wallStart + Math.round(done / speed));
        }
    }

    /** Called when the run is over (network time {@code now}). */
    @Override
    public void finished(long now) {
        publish("end", Map.of("t", now / 1e9));
    }

    /** One ping probe's outcome, as a {@code ping} message (docs/dashboard.md). */
    @Override
    public void probe(Scenario.PingSpec ping, int seq, long sentAtNanos, org.aspen.vnet.control.EchoResult result) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", NodeSampler.seconds(sentAtNanos));
        m.put("from", ping.from());
        m.put("to", ping.to());
        m.put("seq", seq);
        boolean answered = result.status() == org.aspen.vnet.control.EchoResult.Status.REPLY;
        m.put("status", result.status().name().toLowerCase().replace('_', '-'));
        m.put("rttMs", answered ? Math.round(result.rttNanos() / 1e3) / 1e3 : null);
        publish("ping", m);
    }

    /** Shows one node of {@code s}, run by {@code host} (what {@code aspen node --dashboard} does). */
    public void attach(NodeHost host, Scenario s) {
        publish("topology", topology(s, "node", 0));
        Node n = host.node();
        Map<Integer, String> mine = flowNames(s).getOrDefault(n.name(), Map.of());
        NodeSampler sampler = new NodeSampler(n, host::ee, host::rdp, c -> mine.get(c.remotePort()), names(s), true,
                this::publish);
        sampler.watchNeighbours(host::neighbours);   // the same states as 'aspen neighbours' and aspen_link_neighbour_up
        host.network().onLoop(n.name(), () -> sampler.start(PERIOD_NANOS));
    }

    static Map<String, Object> topology(Scenario s, String mode, long duration) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("mode", mode);
        m.put("durationSeconds", duration / 1e9);
        List<Object> nodes = new ArrayList<>();
        for (Scenario.NodeSpec n : s.nodes()) {
            nodes.add(Map.of("name", n.name(), "address", n.address()));
        }
        m.put("nodes", nodes);
        List<Object> links = new ArrayList<>();
        for (Scenario.LinkSpec l : s.links()) {
            LinkConfig c = LabBuilder.linkConfig(l);
            Map<String, Object> lm = new LinkedHashMap<>();
            lm.put("name", l.linkName());
            lm.put("a", l.between().get(0));
            lm.put("b", l.between().get(1));
            lm.put("bandwidthBps", c.bandwidthBps());
            lm.put("delayMs", c.delayNanos() / 1e6);
            lm.put("limit", c.limit().toString());
            links.add(lm);
        }
        m.put("links", links);
        return m;
    }

    private static Map<String, Object> logEntry(EventLog.Entry e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", e.atNanos() / 1e9);
        m.put("node", e.node());
        m.put("event", e.what());
        return m;
    }

    static Map<VAddr, String> names(Scenario s) {
        Map<VAddr, String> m = new HashMap<>();
        s.nodes().forEach(n -> m.put(VAddr.parse(n.address()), n.name()));
        return m;
    }

    /** Workload names by sending node and destination port (how a sampler recognises a connection). */
    static Map<String, Map<Integer, String>> flowNames(Scenario s) {
        Map<String, Map<Integer, String>> m = new HashMap<>();
        List<Scenario.TransferSpec> ts = s.workload().transfers();
        for (int i = 0; i < ts.size(); i++) {
            m.computeIfAbsent(ts.get(i).from(), k -> new HashMap<>())
                    .put(TransferRun.portOf(ts.get(i), i), TransferRun.nameOf(ts.get(i), i));
        }
        List<Scenario.FlowSpec> fs = s.workload().flows();
        for (int i = 0; i < fs.size(); i++) {
            m.computeIfAbsent(fs.get(i).from(), k -> new HashMap<>())
                    .put(TransferRun.flowPort(fs.get(i), i), TransferRun.flowName(fs.get(i), i));
        }
        return m;
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
