package org.aspen.lab.build;

import java.net.InetSocketAddress;
import java.util.Map;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.lab.scenario.Values;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.DropTail;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.qdisc.QueueDisciplines;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.runtime.Network;

/**
 * Turns a validated {@link Scenario} into nodes and links of a {@link Network}, in either runtime.
 *
 * <pre>{@code
 * LabBuilder.build(scenario, network);   // nodes, links, disciplines, static routes
 * }</pre>
 */
public final class LabBuilder {
    static final int DEFAULT_BUFFER_PACKETS = 100;

    private LabBuilder() {
    }

    public static NodeConfig nodeConfig(Scenario s) {
        NodeConfig d = NodeConfig.DEFAULT;
        long hello = s.timers().hello() == null ? d.helloNanos() : Values.durationNanos(s.timers().hello());
        long dead = s.timers().dead() == null ? Math.max(d.deadNanos(), hello * 4) : Values.durationNanos(s.timers().dead());
        long refresh = s.timers().lsaRefresh() == null ? d.lsaRefreshNanos() : Values.durationNanos(s.timers().lsaRefresh());
        return new NodeConfig(d.maxFrame(), d.defaultTtl(), hello, dead, refresh);
    }

    public static void build(Scenario s, Network net) {
        NodeConfig cfg = nodeConfig(s);
        for (Scenario.NodeSpec n : s.nodes()) {
            InetSocketAddress udp = n.udp() == null ? null : resolve(ScenarioLoader.HostPort.parse(n.udp()));
            net.addNode(n.name(), VAddr.parse(n.address()), cfg, udp);
        }
        for (Scenario.LinkSpec l : s.links()) {
            LinkConfig lc = linkConfig(l);
            net.connect(l.linkName(), l.between().get(0), l.between().get(1), lc);
            for (String end : l.between()) {
                Node node = net.node(end);
                Link link = node.link(l.linkName());
                link.setDiscipline(discipline(l.queue(), lc.limit()));
            }
        }
        for (Scenario.RouteSpec r : s.routes()) {
            Node node = net.node(r.node());
            Link link = node.link(linkBetween(s, r.node(), r.via()).linkName());
            VAddr via = VAddr.parse(s.node(r.via()).address());
            Prefix p = destination(s, r.to());
            node.routes().addStatic(new Route(p.addr(), p.length(), link, via, 1, Route.Origin.STATIC));
        }
    }

    public static InetSocketAddress resolve(InetSocketAddress unresolved) {
        return new InetSocketAddress(unresolved.getHostString(), unresolved.getPort());
    }

    public static LinkConfig linkConfig(Scenario.LinkSpec l) {
        long bw = l.bandwidth() == null ? 0 : Values.rateBps(l.bandwidth());
        long delay = l.delay() == null ? 0 : Values.durationNanos(l.delay());
        return new LinkConfig(bw, delay, bufferLimit(l.buffer()), l.cost() == null ? 1 : l.cost());
    }

    /** {@code buffer: 100} (packets), {@code buffer: 64KB} (bytes), or absent (100 packets). */
    public static QueueLimit bufferLimit(Object buffer) {
        if (buffer == null) {
            return QueueLimit.packets(DEFAULT_BUFFER_PACKETS);
        }
        if (buffer instanceof Number n) {
            if (n.longValue() < 1 || n.longValue() > 1_000_000) {
                throw new IllegalArgumentException("a buffer of " + n + " packets is outside 1-1000000");
            }
            return QueueLimit.packets(n.intValue());
        }
        if (buffer instanceof String str) {
            String t = str.trim();
            if (t.matches("[0-9]+\\s*(p|pkts?|packets?)?")) {
                return bufferLimit(Long.parseLong(t.replaceAll("[^0-9]", "")));
            }
            long bytes = Values.sizeBytes(t);
            if (bytes < 64) {
                throw new IllegalArgumentException("a buffer of " + bytes + " bytes cannot hold a packet");
            }
            return QueueLimit.bytes(bytes);
        }
        throw new IllegalArgumentException("expected a packet count (100) or a size (64KB)");
    }

    /**
     * {@code queue: red} or {@code queue: {kind: red, min_th: 5, ...}} (see {@code docs/queues.md});
     * absent means drop-tail.
     */
    public static QueueDiscipline discipline(Object queue, QueueLimit limit) {
        if (queue == null) {
            return new DropTail(limit);
        }
        if (queue instanceof String kind) {
            return QueueDisciplines.create(kind, Map.of(), limit);
        }
        if (queue instanceof Map<?, ?>) {
            Map<String, Object> params = new java.util.LinkedHashMap<>(Scenario.queueParams(queue));
            Object k = params.remove("kind");
            if (!(k instanceof String kind)) {
                throw new IllegalArgumentException("missing 'kind' (one of " + String.join(", ", QueueDisciplines.KINDS) + ")");
            }
            return QueueDisciplines.create(kind, params, limit);
        }
        throw new IllegalArgumentException("expected a discipline name or a mapping with 'kind'");
    }

    /** A destination written as a node name, an address or a prefix {@code a.b.c.d/len}. */
    public static Prefix destination(Scenario s, String to) {
        Scenario.NodeSpec n = s.node(to);
        if (n != null) {
            return new Prefix(VAddr.parse(n.address()), 32);
        }
        int slash = to.indexOf('/');
        if (slash < 0) {
            return new Prefix(VAddr.parse(to), 32);
        }
        int len;
        try {
            len = Integer.parseInt(to.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + to + "': prefix length is not a number");
        }
        if (len < 0 || len > 32) {
            throw new IllegalArgumentException("'" + to + "': prefix length must be 0-32");
        }
        return new Prefix(VAddr.parse(to.substring(0, slash)), len);
    }

    public record Prefix(VAddr addr, int length) {
    }

    public static Scenario.LinkSpec linkBetween(Scenario s, String a, String b) {
        for (Scenario.LinkSpec l : s.links()) {
            if ((l.between().get(0).equals(a) && l.between().get(1).equals(b))
                    || (l.between().get(0).equals(b) && l.between().get(1).equals(a))) {
                return l;
            }
        }
        return null;
    }
}
