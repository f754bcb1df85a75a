package org.aspen.node;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.mgmt.EeControl;
import org.aspen.flakeway.FlakewayCommands;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.build.NodeAuthSetup;
import org.aspen.lab.report.EchoReply;
import org.aspen.lab.report.HopReply;
import org.aspen.lab.report.PingSummaryReply;
import org.aspen.lab.report.TraceSummaryReply;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.lab.stack.NodeStack;
import org.aspen.rdp.AckPolicy;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.mgmt.ControlConfig;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.mgmt.OverlayReport;
import org.aspen.vnet.mgmt.RouteTableReport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * One node of a scenario, on real UDP, with its control endpoint: what {@code aspen node} runs on
 * each host of a multi-host overlay. Neighbours are reached at the UDP addresses the scenario gives
 * them; routes come from the routing protocol (or the scenario's static routes).
 *
 * <pre>{@code
 * try (NodeHost h = NodeHost.start(scenario, "b", null, null)) {
 *     System.out.println(h.node().address() + " on " + h.udpAddress() + ", control " + h.controlAddress());
 *     ...
 * }
 * }</pre>
 */
public final class NodeHost implements AutoCloseable {
    private final UdpNetwork net;
    private final Node node;
    private final ControlServer control;
    private final ControlPlane plane;
    /**
     * The control endpoint's longest line, 12 MiB where a plain {@code ControlServer} takes 64 KiB:
     * room for a deploy request, whose jar (up to the EE's 8 MiB limit) travels base64-encoded on
     * one line (docs/real-runtime.md).
     */
    static final int MAX_CONTROL_LINE = 12 << 20;
    /** Receive-side ACK policy of a node daemon's RDP stack (docs/rdp.md, "ACK/EACK"). */
    public static final AckPolicy NODE_ACK_POLICY = NodeStack.DAEMON_ACK_POLICY;
    private ExecutionEnvironment ee;
    private RdpStack rdp;
    private NodeMetrics metrics;

    private NodeHost(UdpNetwork net, Node node, ControlPlane plane, ControlServer control) {
        this.net = net;
        this.node = node;
        this.plane = plane;
        this.control = control;
    }

    /**
     * Binds the node's socket and control endpoint and starts it.
     *
     * @param controlOverride host:port for the control endpoint, or null for the scenario's (default: TCP
     *                        on the node's UDP port number, same host)
     * @param tokenOverride   control token, or null for the scenario's
     */
    public static NodeHost start(Scenario s, String name, String controlOverride, String tokenOverride)
            throws InterruptedException {
        return start(s, name, controlOverride, tokenOverride, null);
    }

    /** As {@link #start(Scenario, String, String, String)}, resolving the scenario's AA jar paths against {@code baseDir}. */
    public static NodeHost start(Scenario s, String name, String controlOverride, String tokenOverride, java.nio.file.Path baseDir)
            throws InterruptedException {
        return start(s, name, controlOverride, tokenOverride, baseDir, UdpOptions.DEFAULT);
    }

    /**
     * As {@link #start(Scenario, String, String, String, java.nio.file.Path)}, with the socket settings
     * {@code udp} (e.g. {@code UdpOptions.DEFAULT.withOffload(false)}: no UDP segmentation or receive offload).
     */
    public static NodeHost start(Scenario s, String name, String controlOverride, String tokenOverride, java.nio.file.Path baseDir,
                                 UdpOptions udpOptions) throws InterruptedException {
        Scenario.NodeSpec spec = s.node(name);
        if (spec == null) {
            throw new ConfigException("no node named '" + name + "' in scenario '" + s.name() + "' (nodes: "
                    + String.join(", ", s.nodes().stream().map(Scenario.NodeSpec::name).toList()) + ")");
        }
        InetSocketAddress udp = NodeStack.requireUdp(s, spec);
        UdpNetwork net = new UdpNetwork(s.seed() == null ? 1 : s.seed(), udpOptions);
        try {
            // the node stack's stages (NodeStack.Stage), with the daemon's control endpoint between them
            NodeStack stack = NodeStack.daemon(s, name, net, udp);
            Node node = stack.node();
            boolean authOn = s.auth() != null && s.auth().on();
            stack.auth(authOn ? NodeAuthSetup.keyring(s, baseDir) : List.of(), NodeAuthSetup.wallClockCounter());
            ControlPlane plane = stack.controlPlane().plane();
            ControlServer server = controlServer(s, spec, net, udp, controlOverride, tokenOverride, plane, stack);
            NodeHost host = new NodeHost(net, node, plane, server);
            // what an operator asks first: which build, which neighbours answer, how big the table is
            server.addStatsSection("build", BuildInfo::current);
            server.addStatsSection("neighbours", host::neighbours);
            server.addStatsSection("routeTable", () -> new RouteTableReport(node.routes().all().size()));
            plane.addRouteChangeListener(host::noteRoutes);
            Map<VAddr, String> names = new java.util.HashMap<>();
            s.nodes().forEach(n -> names.put(VAddr.parse(n.address()), n.name()));
            host.names = names;
            host.registerCommands();
            host.rdp = stack.rdp();   // its receivers stretch their ACKs (NodeStack.DAEMON_ACK_POLICY)
            RdpCommands.register(server, host.rdp);
            QueueCommands.register(server, node);
            CaptureCommands.register(server, node);   // aspen capture: pcapng of this node's links
            ExecutionEnvironment ee = stack.ee(baseDir);
            EeControl.bind(ee, server);
            host.ee = ee;
            FlakewayCommands.register(server, ee);    // the flakeway AA: aspen flakeway set|clear|show
            server.start();
            net.run(0);
            net.onLoop(name, host::noteRoutes);   // the static and connected routes' age counts from start-up
            // at boot, on the node's loop: its AAs, then the file's ACC (acc:) and flakeway rules (flakeway:)
            stack.aas(NodeStack.AaLog.NONE).acc().flakeway(false);
            return host;
        } catch (RuntimeException | InterruptedException e) {
            net.close();
            throw e;
        }
    }

    /** The daemon's control endpoint (not yet started), with the control plane's and auth's stats sections. */
    private static ControlServer controlServer(Scenario s, Scenario.NodeSpec spec, UdpNetwork net, InetSocketAddress udp,
                                               String controlOverride, String tokenOverride, ControlPlane plane, NodeStack stack) {
        String ctl = controlOverride != null ? controlOverride : spec.control();
        InetSocketAddress bind = ctl != null ? LabBuilder.resolve(ScenarioLoader.HostPort.parse(ctl))
                : new InetSocketAddress(udp.getAddress(), udp.getPort());
        String token = tokenOverride != null ? tokenOverride : spec.token();
        ControlServer server = ControlServer.forUdpNode(net, spec.name(), new ControlConfig(bind, token, false, MAX_CONTROL_LINE));
        // stats: the control plane's counters, with link-state routing's (routeChanges, spfRuns, ownSeq)
        server.addStatsSection("control", plane::counters);
        if (stack.nodeAuth() != null) {
            server.addStatsSection("auth", stack.nodeAuth()::counts);   // per kind: signed, verified, unsigned, forged, replayed
        }
        return server;
    }

    private void registerCommands() {
        control.register("ping", (args, reply) -> {
            VAddr target = VAddr.parse(args.path("target").asText(""));
            int count = args.path("count").asInt(4);
            long interval = args.path("intervalMs").asLong(1000) * 1_000_000L;
            long timeout = args.path("timeoutMs").asLong(1000) * 1_000_000L;
            if (count < 1 || count > 100_000 || interval < 0 || timeout <= 0) {
                throw new IllegalArgumentException("ping: count must be 1-100000 and timeout positive");
            }
            plane.ping(target, count, interval, timeout, r -> reply.next(EchoReply.of(r, nameOf(r.from()))), sum -> reply.done(PingSummaryReply.of(sum)));
        });
        control.register("trace", (args, reply) -> {
            VAddr target = VAddr.parse(args.path("target").asText(""));
            int maxHops = args.path("maxHops").asInt(16);
            long timeout = args.path("timeoutMs").asLong(1000) * 1_000_000L;
            plane.trace(target, maxHops, timeout, hop -> reply.next(HopReply.of(hop, nameOf(hop.from()))), hops -> reply.done(new TraceSummaryReply(hops.size())));
        });
        // link.set {link, cut}: cuts or mends a link's wire here (a silent failure: routing notices from
        // missing hellos); what 'aspen lab --processes' uses for a scenario's down/up events
        control.register("link.set", (args, reply) -> {
            String name = args.path("link").asText("");
            Link l = node.link(name);
            if (l == null) {
                throw new IllegalArgumentException("node " + node.name() + " has no link '" + name + "' (links: "
                        + String.join(", ", node.links().stream().map(Link::name).toList()) + ")");
            }
            if (!args.path("cut").isBoolean()) {
                throw new IllegalArgumentException("link.set needs \"cut\": true or false");
            }
            l.setCut(args.get("cut").asBoolean());
            reply.done(Map.of("link", name, "cut", args.get("cut").asBoolean()));
        });
        // overlay: the neighbours and the forwarding table with ages, for 'aspen routes' and 'aspen neighbours'
        control.register("overlay", (args, reply) -> reply.done(new OverlayReport(node.name(), node.address().toString(),
                plane.routing() == null ? "static" : "link-state", neighbours(), routesWithAge())));
        // route.lookup {targets: [addr, ...]}: the route this node's table picks for each (RouteTable.lookup),
        // {target, link, nextHop, linkUp} or {target} when none; 'aspen lab --processes' walks paths with it
        control.register("route.lookup", (args, reply) -> {
            List<Map<String, Object>> out = new ArrayList<>();
            for (com.fasterxml.jackson.databind.JsonNode t : args.path("targets")) {
                VAddr target = VAddr.parse(t.asText(""));
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("target", target.toString());
                Route r = node.routes().lookup(target);
                if (r != null) {
                    m.put("link", r.link().name());
                    m.put("nextHop", r.nextHop().toString());
                    m.put("linkUp", r.link().isUp());
                }
                out.add(m);
            }
            reply.done(out);
        });
    }

    /** When each destination's route last changed (node time), and what it was then: for the routes' age. */
    private final Map<String, Map.Entry<String, Long>> routeSince = new java.util.HashMap<>();

    /** Records the time of every route that is new or changed since the last call. On the node's loop. */
    private void noteRoutes() {
        long now = node.scheduler().nanos();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Route r : node.routes().all()) {
            String dest = r.prefix() + "/" + r.length();
            String how = r.nextHop() + " " + r.link().name() + " " + r.metric() + " " + r.origin();
            seen.add(dest);
            Map.Entry<String, Long> was = routeSince.get(dest);
            if (was == null || !was.getKey().equals(how)) {
                routeSince.put(dest, Map.entry(how, now));
            }
        }
        routeSince.keySet().retainAll(seen);
    }

    /**
     * Each link's neighbour ({@link NeighbourReport}): {@code link}, {@code address}, {@code name}, {@code state} ({@code up}:
     * hellos heard both ways within the dead interval; {@code init}: heard, not yet two-way;
     * {@code down}; with static routing, the link's state) and {@code lastHelloSecondsAgo} (null
     * when never heard or static). On the node's loop.
     */
    public List<NeighbourReport> neighbours() {
        long now = node.scheduler().nanos();
        List<NeighbourReport> out = new ArrayList<>();
        if (plane.routing() == null) {
            for (Link l : node.links()) {
                VAddr a = l.peer();
                out.add(neighbour(l.name(), a.isUnspecified() ? null : a, l.isUp() ? "up" : "down", null, "static"));
            }
            return out;
        }
        for (var n : plane.routing().neighbours()) {
            Link l = node.link(n.link());
            String state = n.twoWay() && l != null && l.isUp() ? "up" : n.alive() && l != null && l.isUp() ? "init" : "down";
            Double ago = n.lastHeardNanos() < 0 ? null : Math.round((now - n.lastHeardNanos()) / 1e6) / 1e3;
            out.add(neighbour(n.link(), n.address().isUnspecified() ? null : n.address(), state, ago, "link-state"));
        }
        return out;
    }

    private NeighbourReport neighbour(String link, VAddr address, String state, Double ago, String routing) {
        return new NeighbourReport(link, address == null ? null : address.toString(), nameOf(address), state, ago, routing);
    }

    /** The forwarding table with each route's age: {@code aspen routes}. On the node's loop. */
    List<OverlayReport.Route> routesWithAge() {
        noteRoutes();
        long now = node.scheduler().nanos();
        List<OverlayReport.Route> out = new ArrayList<>();
        for (Route r : node.routes().all()) {
            String dest = r.prefix() + "/" + r.length();
            Map.Entry<String, Long> since = routeSince.get(dest);
            out.add(new OverlayReport.Route(dest, r.length() == 32 ? nameOf(r.prefix()) : null, r.nextHop().toString(),
                    nameOf(r.nextHop()), r.link().name(), r.metric(), r.origin().name().toLowerCase(), r.link().isUp(),
                    since == null ? 0.0 : Math.round((now - since.getValue()) / 1e6) / 1e3));
        }
        return out;
    }

    /** The scenario's node names by address: replies and hops name the node they came from. */
    private Map<VAddr, String> names = Map.of();

    private String nameOf(VAddr a) {
        return a == null ? null : names.get(a);
    }

    public Node node() {
        return node;
    }

    /** The node's execution environment; use it on the node's loop. */
    public ExecutionEnvironment ee() {
        return ee;
    }

    /** The node's RDP stack; use it on the node's loop. */
    public RdpStack rdp() {
        return rdp;
    }

    public UdpNetwork network() {
        return net;
    }

    public ControlServer control() {
        return control;
    }

    public InetSocketAddress udpAddress() {
        return net.udpAddress(node.name());
    }

    public InetSocketAddress controlAddress() {
        return control.address();
    }

    /**
     * Serves this node's counters at {@code http://ADDRESS/metrics} in the Prometheus text format
     * until the node closes ({@link NodeMetrics}); at most once.
     *
     * @param bind a resolved address (port 0: a free one)
     * @throws java.io.UncheckedIOException when it cannot be bound
     */
    public synchronized NodeMetrics startMetrics(InetSocketAddress bind) {
        if (metrics != null) {
            throw new IllegalStateException("metrics already served at " + metrics.url());
        }
        metrics = NodeMetrics.start(control, bind);
        return metrics;
    }

    /** The metrics endpoint, or null when none was started. */
    public synchronized NodeMetrics metrics() {
        return metrics;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (metrics != null) {
                metrics.close();
            }
        }
        if (ee != null) {
            try {
                net.onLoop(node.name(), ee::shutdown);
            } catch (RuntimeException alreadyClosed) {
                // the network is shutting down anyway
            }
        }
        control.close();
        net.close();
    }
}
