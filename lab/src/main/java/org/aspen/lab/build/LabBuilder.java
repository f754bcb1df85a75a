package org.aspen.lab.build;

import java.net.InetSocketAddress;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Destination;
import org.aspen.lab.scenario.QueueSpecs;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.udp.UdpNetwork;

/**
 * Turns a validated {@link Scenario} into nodes and links of a {@link Network}, in either runtime.
 *
 * <pre>{@code
 * LabBuilder.build(scenario, network);   // nodes, links, disciplines, static routes
 * }</pre>
 */
public final class LabBuilder {
    private LabBuilder() {
    }

    public static NodeConfig nodeConfig(Scenario s) {
        NodeConfig d = NodeConfig.DEFAULT;
        long hello = s.timers().hello() == null ? d.helloNanos() : Units.nanos(s.timers().hello());
        long dead = s.timers().dead() == null ? Math.max(d.deadNanos(), hello * 4) : Units.nanos(s.timers().dead());
        long refresh = s.timers().lsaRefresh() == null ? d.lsaRefreshNanos() : Units.nanos(s.timers().lsaRefresh());
        return new NodeConfig(d.maxFrame(), d.defaultTtl(), hello, dead, refresh);
    }

    public static void build(Scenario s, Network net) {
        NodeConfig cfg = nodeConfig(s);
        for (Scenario.NodeSpec n : s.nodes()) {
            if (n.inputQueue() != null && !(net instanceof UdpNetwork)) {
                throw new ConfigException("scenario '" + s.name() + "': node '" + n.name() + "': inputQueue applies to the real"
                        + " runtime (UDP sockets) only, not to a simulated run: leave it out, or run without --sim");
            }
        }
        for (Scenario.NodeSpec n : s.nodes()) {
            InetSocketAddress udp = n.udp() == null ? null : resolve(ScenarioLoader.HostPort.parse(n.udp()));
            net.addNode(n.name(), VAddr.parse(n.address()), cfg, udp);
            inputQueue(n, net);
        }
        for (Scenario.LinkSpec l : s.links()) {
            LinkConfig lc = linkConfig(l);
            net.connect(l.linkName(), l.between().get(0), l.between().get(1), lc);
            for (String end : l.between()) {
                Node node = net.node(end);
                Link link = node.link(l.linkName());
                link.setDiscipline(discipline(l, end));
            }
        }
        for (Node n : net.nodes()) {
            routes(s, n);
        }
    }

    /**
     * The node's routes from the file: its {@code routes} entries in file order, then (under
     * {@code routing: static}) its {@link #connectedRoutes}. The one place static routes are
     * installed, for labs and for {@code aspen node} alike; each node's table is its own, so
     * installing node by node gives every table what a file-ordered loop over all nodes gave.
     */
    public static void routes(Scenario s, Node node) {
        for (Scenario.RouteSpec r : s.routes()) {
            if (!r.node().equals(node.name())) {
                continue;
            }
            Link link = node.link(s.linkBetween(r.node(), r.via()).linkName());
            VAddr via = VAddr.parse(s.node(r.via()).address());
            Destination p = Destination.of(s, r.to());
            node.routes().addStatic(new Route(p.addr(), p.length(), link, via, 1, Route.Origin.STATIC));
        }
        connectedRoutes(s, node);
    }

    /** Gives the node its {@code inputQueue}, when the scenario sets one (real runtime only; checked by {@link #build}). */
    public static void inputQueue(Scenario.NodeSpec n, Network net) {
        if (n.inputQueue() != null) {
            ((UdpNetwork) net).setInputQueue(n.name(), QueueSpecs.inputQueueLimit(n.inputQueue()));
        }
    }

    /**
     * Under {@code routing: static}, a node reaches its direct neighbours as a kernel reaches hosts on
     * its connected networks: a host route to each neighbour over the link between them, unless the
     * file's own {@code routes} already cover that neighbour's address (those win, so a file that
     * routed its neighbours runs exactly as before). Call after the file's routes are in.
     */
    public static void connectedRoutes(Scenario s, Node node) {
        if (s.dynamicRouting()) {
            return;   // link-state routing learns the neighbours
        }
        for (Scenario.LinkSpec l : s.links()) {
            if (!l.between().contains(node.name())) {
                continue;
            }
            String other = l.between().get(0).equals(node.name()) ? l.between().get(1) : l.between().get(0);
            VAddr peer = VAddr.parse(s.node(other).address());
            if (node.routes().lookup(peer) == null) {
                node.routes().addStatic(Route.host(peer, node.link(l.linkName()), peer, 1, Route.Origin.STATIC));
            }
        }
    }

    public static InetSocketAddress resolve(InetSocketAddress unresolved) {
        return new InetSocketAddress(unresolved.getHostString(), unresolved.getPort());
    }

    /** The queue discipline of the link's end at {@code node}: that end's {@code queue} and {@code buffer} ({@code ends}), else the link's. */
    public static QueueDiscipline discipline(Scenario.LinkSpec l, String node) {
        return QueueSpecs.discipline(l.queueAt(node), QueueSpecs.bufferLimit(l.bufferAt(node)));
    }

    public static LinkConfig linkConfig(Scenario.LinkSpec l) {
        long bw = l.bandwidth() == null ? 0 : Units.bitsPerSecond(l.bandwidth());
        long delay = l.delay() == null ? 0 : Units.nanos(l.delay());
        return new LinkConfig(bw, delay, QueueSpecs.bufferLimit(l.buffer()), l.cost() == null ? 1 : l.cost());
    }
}
