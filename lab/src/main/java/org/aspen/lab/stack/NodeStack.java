package org.aspen.lab.stack;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.AaException;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.flakeway.FlakewayAas;
import org.aspen.flakeway.FlakewayControl;
import org.aspen.flakeway.RuleSpec;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.lab.build.EeSetup;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.build.NodeAcc;
import org.aspen.lab.build.NodeAuthSetup;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.rdp.AckPolicy;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.TraceSink;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.udp.UdpNetwork;

/**
 * One node of a scenario, assembled from its spec in named stages: the one way a node is built,
 * whether simulated, on UDP inside a lab, or as the {@code aspen node} daemon. Callers run the
 * stages they need, in {@link Stage} order; a stage's tasks "at boot" go to the node's loop at the
 * start of the run (a lab: time 0 of {@link Network#at}; the daemon: {@link Network#onLoop} once it
 * runs). {@link #stages()} lists what ran.
 *
 * <pre>{@code
 * Map<String, NodeStack> nodes = NodeStack.topology(scenario, net, NodeStack.Mode.SIMULATED);  // addresses, links, routes
 * for (NodeStack n : nodes.values()) {
 *     n.auth(ring, 1);
 *     n.controlPlane();
 *     n.ee();
 *     n.aas(baseDir, NodeStack.AaLog.NONE);
 * }
 * nodes.values().forEach(NodeStack::acc);
 * }</pre>
 *
 * What differs between the modes: {@link Mode#SIMULATED} charges AA handlers nothing for the wall
 * clock; {@link Mode#REAL} (a lab on UDP in one JVM) watches their CPU time; {@link Mode#DAEMON}
 * also fetches code with modern loss recovery, stretches its RDP ACKs ({@link #DAEMON_ACK_POLICY})
 * and counts signed messages from the wall clock, and its links reach neighbours at their scenario
 * {@code udp} addresses ({@link #daemon}).
 */
public final class NodeStack {
    /** The stages, in the order a node goes through them. */
    public enum Stage {
        /** The node's address, its links (with their queue disciplines) and, real runtime, its input queue. */
        TOPOLOGY,
        /** The file's static routes, then the connected routes of {@code routing: static} ({@link LabBuilder#routes}). */
        ROUTES,
        /** Authenticated control messages, when the scenario has {@code auth}. */
        AUTH,
        /** Where the node's packet events go (a lab's trace hash and trace file). */
        TRACE,
        /** Echo, traceroute and link-state routing (or static). */
        CONTROL_PLANE,
        /** The reliable datagram protocol, on first use (see {@link NodeStack#rdp()}). */
        RDP,
        /** The execution environment, trusting the bundled AAs and fetching code over RDP. */
        EE,
        /** The AAs the scenario lists for the node, started at boot. */
        AAS,
        /** ACC's monitor and filters ({@code acc:}), at boot. */
        ACC,
        /** The flakeway AA with the node's boot rules ({@code flakeway:}), at boot. */
        FLAKEWAY
    }

    /** How the node runs. */
    public enum Mode {
        /** Virtual time (SimNetwork). */
        SIMULATED,
        /** Real UDP, every node of the lab in this JVM (UdpNetwork). */
        REAL,
        /** Real UDP, one node of an overlay: {@code aspen node}. */
        DAEMON
    }

    /** Receive-side ACK policy of a daemon's RDP stack (docs/rdp.md, "ACK/EACK"): one per 16 in-order segments, none held over 1 ms. */
    public static final AckPolicy DAEMON_ACK_POLICY = AckPolicy.stretch(16, 1_000_000L);

    /** What a lab hears of the node's AAs at boot; {@link #NONE} for nothing. */
    public interface AaLog {
        AaLog NONE = new AaLog() {
        };

        /** An AA started; {@code what} is its bundled name or jar path. */
        default void started(String what) {
        }

        /** An AA did not start. Without a log (NONE), the failure is thrown on the node's loop instead. */
        default void failed(String what, AaException e) {
            throw e;
        }
    }

    private final Scenario scenario;
    private final Scenario.NodeSpec spec;
    private final Node node;
    private final Network net;
    private final Mode mode;
    private final List<Stage> stages = new ArrayList<>();
    private NodeAuth auth;
    private ControlPlane plane;
    private RdpStack rdp;
    private ExecutionEnvironment ee;
    private Map<Scenario.AaEntry, byte[]> jars = Map.of();
    /** Set on the node's loop at boot, read by events and reports from other threads. */
    private volatile FlakewayControl flakeway;

    private NodeStack(Scenario scenario, Node node, Network net, Mode mode) {
        this.scenario = scenario;
        this.spec = scenario.node(node.name());
        this.node = node;
        this.net = net;
        this.mode = mode;
        stages.add(Stage.TOPOLOGY);
        stages.add(Stage.ROUTES);
    }

    /**
     * Stages TOPOLOGY and ROUTES for every node of a lab ({@link LabBuilder#build}): returns each
     * node's stack, in the network's node order.
     */
    public static Map<String, NodeStack> topology(Scenario s, Network net, Mode mode) {
        if (mode == Mode.DAEMON) {
            throw new IllegalArgumentException("a daemon builds one node: NodeStack.daemon");
        }
        LabBuilder.build(s, net);
        Map<String, NodeStack> out = new LinkedHashMap<>();
        for (Node n : net.nodes()) {
            out.put(n.name(), new NodeStack(s, n, net, mode));
        }
        return out;
    }

    /**
     * Stages TOPOLOGY and ROUTES for node {@code name} alone on {@code net} (the daemon): bound at
     * {@code udp}, its links sending to each neighbour's scenario {@code udp} address.
     */
    public static NodeStack daemon(Scenario s, String name, UdpNetwork net, InetSocketAddress udp) {
        Scenario.NodeSpec spec = s.node(name);
        Node node = net.addNode(name, VAddr.parse(spec.address()), LabBuilder.nodeConfig(s), udp);
        LabBuilder.inputQueue(spec, net);   // ASP's congestion detection on the socket, when the config sets it
        for (Scenario.LinkSpec l : s.links()) {
            if (!l.between().contains(name)) {
                continue;
            }
            String other = l.between().get(0).equals(name) ? l.between().get(1) : l.between().get(0);
            Scenario.NodeSpec peer = s.node(other);
            LinkConfig lc = LabBuilder.linkConfig(l);
            Link link = net.connectRemote(l.linkName(), name, requireUdp(s, peer), lc);
            link.setPeer(VAddr.parse(peer.address()));
            link.setDiscipline(LabBuilder.discipline(l, name));
        }
        LabBuilder.routes(s, node);
        return new NodeStack(s, node, net, Mode.DAEMON);
    }

    /** The node's scenario {@code udp} address, resolved; a one-line error when it has none or it does not resolve. */
    public static InetSocketAddress requireUdp(Scenario s, Scenario.NodeSpec spec) {
        if (spec.udp() == null) {
            throw new ConfigException(s.name() + ": nodes[" + s.nodes().indexOf(spec) + "].udp: required to run node '"
                    + spec.name() + "' on real hosts (the host:port it binds and its neighbours send to)");
        }
        InetSocketAddress a = LabBuilder.resolve(ScenarioLoader.HostPort.parse(spec.udp()));
        if (a.isUnresolved()) {
            throw new ConfigException(s.name() + ": nodes[" + s.nodes().indexOf(spec) + "].udp: cannot resolve host '"
                    + a.getHostString() + "'");
        }
        return a;
    }

    /** Stage AUTH: installs authentication when the scenario turns it on; {@code firstCounter} 1 in labs. */
    public NodeStack auth(List<AuthKey> ring, long firstCounter) {
        stage(Stage.AUTH);
        auth = NodeAuthSetup.install(scenario, node, ring, firstCounter);
        return this;
    }

    /** Stage TRACE: the node's packet events go to {@code sink}. */
    public NodeStack trace(TraceSink sink) {
        stage(Stage.TRACE);
        node.setTrace(sink);
        return this;
    }

    /** Stage CONTROL_PLANE: echo, traceroute, and the scenario's routing. */
    public NodeStack controlPlane() {
        stage(Stage.CONTROL_PLANE);
        plane = ControlPlane.install(node, scenario.dynamicRouting());
        return this;
    }

    /**
     * Stage RDP, on first call (later calls return the same stack); the one stage not bound to its
     * place in the order: a lab calls it for the nodes its transfers use, when it schedules them (the
     * EE's code fetch has installed RDP by then, and this returns that stack); the daemon calls it on
     * every node before its EE, with {@link #DAEMON_ACK_POLICY}.
     */
    public RdpStack rdp() {
        if (rdp == null) {
            stages.add(Stage.RDP);   // on first use, wherever that falls (a lab's EE installs it to fetch code)
            rdp = RdpStack.install(node);
            if (mode == Mode.DAEMON) {
                rdp.setAckPolicy(DAEMON_ACK_POLICY);
            }
        }
        return rdp;
    }

    /**
     * Stage EE: the execution environment (real runtimes: its handlers charged for CPU time), and
     * the jars of the node's {@code aas} read now, relative to {@code baseDir}, so a missing file is a
     * configuration error before the node runs.
     */
    public ExecutionEnvironment ee(Path baseDir) {
        stage(Stage.EE);
        ee = mode == Mode.DAEMON ? EeSetup.createForNode(node) : EeSetup.create(node);
        if (mode != Mode.SIMULATED) {
            EeSetup.watchCpuTime(ee);
        }
        jars = EeSetup.jars(scenario, spec, baseDir);
        return ee;
    }

    /** Stage AAS: starts the node's AAs at boot, one by one, telling {@code log}. */
    public NodeStack aas(AaLog log) {
        stage(Stage.AAS);
        Map<Scenario.AaEntry, byte[]> toStart = jars;
        if (!toStart.isEmpty()) {
            atBoot(() -> toStart.forEach((a, jar) -> {
                String what = a.name() != null ? a.name() : a.jar();
                try {
                    EeSetup.start(ee, Map.of(a, jar));
                    log.started(what);
                } catch (AaException e) {
                    log.failed(what, e);
                }
            }));
        }
        return this;
    }

    /** Stage ACC: the node's {@code acc:} settings installed at boot, when it has any. */
    public NodeStack acc() {
        stage(Stage.ACC);
        NodeAcc acc = NodeAcc.parse(spec.acc());
        if (acc != null) {
            ExecutionEnvironment e = ee;
            atBoot(() -> acc.install(e));
        }
        return this;
    }

    /**
     * Stage FLAKEWAY: the flakeway AA started at boot with the node's {@code flakeway:} rules, when it
     * has any or {@code evenWithoutRules} (a lab whose events set rules on the node later).
     */
    public NodeStack flakeway(boolean evenWithoutRules) {
        stage(Stage.FLAKEWAY);
        if (!spec.flakeway().isEmpty() || evenWithoutRules) {
            List<RuleSpec> rules = spec.flakeway().stream().map(RuleSpecs::fromMap).toList();
            ExecutionEnvironment e = ee;
            atBoot(() -> flakeway = FlakewayAas.start(e, rules));
        }
        return this;
    }

    private void atBoot(Runnable task) {
        if (mode == Mode.DAEMON) {
            net.onLoop(node.name(), task);
        } else {
            net.at(0, node.name(), task);
        }
    }

    private void stage(Stage s) {
        Stage last = stages.stream().filter(x -> x != Stage.RDP).reduce((a, b) -> b).orElseThrow();
        if (s.ordinal() <= last.ordinal()) {
            throw new IllegalStateException("node " + node.name() + ": stage " + s + " after " + last + " (stages run once, in order)");
        }
        stages.add(s);
    }

    /** The stages this node went through, in order. */
    public List<Stage> stages() {
        return List.copyOf(stages);
    }

    public Node node() {
        return node;
    }

    public Scenario.NodeSpec spec() {
        return spec;
    }

    public Mode mode() {
        return mode;
    }

    /** The node's authentication, or null without {@code auth} (or before stage AUTH). */
    public NodeAuth nodeAuth() {
        return auth;
    }

    /** The control plane (null before stage CONTROL_PLANE). */
    public ControlPlane plane() {
        return plane;
    }

    /** The execution environment (null before stage EE); use it on the node's loop. */
    public ExecutionEnvironment ee() {
        return ee;
    }

    /** The flakeway AA's control once it started at boot, else null. */
    public FlakewayControl flakewayControl() {
        return flakeway;
    }
}
