package org.aspen.lab.scenario;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.link.QueueLimit;

/** The topology's checks, part of {@link ScenarioCheck}: nodes, links, static routes and the capture entry. */
final class TopologyChecks {
    private final ScenarioCheck c;
    private final Scenario s;

    TopologyChecks(ScenarioCheck c) {
        this.c = c;
        this.s = c.scenario();
    }

    void nodes(List<ScenarioRules> rules) {
        if (s.nodes() == null || s.nodes().isEmpty()) {
            throw c.fail("nodes", "missing (a scenario needs at least one node)");
        }
        Set<String> names = new HashSet<>();
        Map<VAddr, String> addrs = new HashMap<>();
        Set<String> udps = new HashSet<>();
        for (int i = 0; i < s.nodes().size(); i++) {
            Scenario.NodeSpec n = s.nodes().get(i);
            String p = "nodes[" + i + "]";
            if (n == null) {
                throw c.fail(p, "empty entry");
            }
            if (n.name() == null || !n.name().matches("[A-Za-z0-9_.-]{1,32}")) {
                throw c.fail(p + ".name", n.name() == null ? "missing" : "'" + n.name()
                        + "' must be 1-32 letters, digits, '_', '.', '-'");
            }
            if (!names.add(n.name())) {
                throw c.fail(p + ".name", "duplicate node name '" + n.name() + "'");
            }
            if (n.address() == null) {
                throw c.fail(p + ".address", "missing (a VNet address like 10.0.0.1)");
            }
            VAddr a;
            try {
                a = VAddr.parse(n.address());
            } catch (IllegalArgumentException e) {
                throw c.fail(p + ".address", e.getMessage());
            }
            if (a.isUnspecified() || a.isBroadcast()) {
                throw c.fail(p + ".address", n.address() + " is reserved");
            }
            String other = addrs.put(a, n.name());
            if (other != null) {
                throw c.fail(p + ".address", n.address() + " is already node '" + other + "'");
            }
            if (n.udp() != null) {
                c.unit(p + ".udp", n.udp(), ScenarioLoader.HostPort::parse);
                if (!udps.add(n.udp())) {
                    throw c.fail(p + ".udp", n.udp() + " is used by another node");
                }
            }
            c.unit(p + ".control", n.control(), ScenarioLoader.HostPort::parse);
            c.unit(p + ".metrics", n.metrics(), ScenarioLoader.HostPort::parseOrPort);
            c.flakewayRules(p + ".flakeway", n.flakeway());
            if (n.inputQueue() != null) {
                try {
                    QueueSpecs.inputQueueLimit(n.inputQueue());
                } catch (IllegalArgumentException e) {
                    throw c.fail(p + ".inputQueue", e.getMessage());
                }
            }
            for (ScenarioRules r : rules) {
                r.checkNode(c, p, n);   // acc, aas
            }
        }
    }

    void links() {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < s.links().size(); i++) {
            Scenario.LinkSpec l = s.links().get(i);
            String p = "links[" + i + "]";
            if (l == null) {
                throw c.fail(p, "empty entry");
            }
            if (l.between() == null || l.between().size() != 2) {
                throw c.fail(p + ".between", "must name exactly two nodes, like [a, b]");
            }
            c.nodeRef(p + ".between[0]", l.between().get(0));
            c.nodeRef(p + ".between[1]", l.between().get(1));
            if (l.between().get(0).equals(l.between().get(1))) {
                throw c.fail(p + ".between", "a link joins two different nodes");
            }
            if (!names.add(l.linkName())) {
                throw c.fail(p + (l.name() == null ? ".between" : ".name"), "duplicate link '" + l.linkName() + "'");
            }
            c.positive(p + ".bandwidth", l.bandwidth(), Units::bitsPerSecond);   // leave it out for unlimited
            c.unit(p + ".delay", l.delay(), Units::nanos);
            try {
                QueueSpecs.bufferLimit(l.buffer());
            } catch (IllegalArgumentException e) {
                throw c.fail(p + ".buffer", e.getMessage());
            }
            try {
                QueueSpecs.discipline(l.queue(), QueueLimit.packets(QueueSpecs.DEFAULT_BUFFER_PACKETS));
            } catch (IllegalArgumentException e) {
                throw c.fail(p + ".queue", e.getMessage());
            }
            ends(p, l);
            if (l.cost() != null && (l.cost() < 1 || l.cost() > 65535)) {
                throw c.fail(p + ".cost", "must be 1-65535");
            }
        }
    }

    /** A link's {@code ends}: each names one of its two nodes, and its own buffer and queue read as the link's do. */
    private void ends(String p, Scenario.LinkSpec l) {
        for (Map.Entry<String, Scenario.EndSpec> e : l.ends().entrySet()) {
            String q = p + ".ends." + e.getKey();
            if (!l.between().contains(e.getKey())) {
                throw c.fail(q, "'" + e.getKey() + "' is not an end of this link (" + String.join(", ", l.between()) + ")");
            }
            if (e.getValue() == null || (e.getValue().buffer() == null && e.getValue().queue() == null)) {
                throw c.fail(q, "give the end's buffer, queue or both");
            }
            try {
                QueueSpecs.bufferLimit(e.getValue().buffer());
            } catch (IllegalArgumentException x) {
                throw c.fail(q + ".buffer", x.getMessage());
            }
            try {
                QueueSpecs.discipline(e.getValue().queue(), QueueLimit.packets(QueueSpecs.DEFAULT_BUFFER_PACKETS));
            } catch (IllegalArgumentException x) {
                throw c.fail(q + ".queue", x.getMessage());
            }
        }
    }

    void routes() {
        for (int i = 0; i < s.routes().size(); i++) {
            Scenario.RouteSpec r = s.routes().get(i);
            String p = "routes[" + i + "]";
            c.nodeRef(p + ".node", r.node());
            c.nodeRef(p + ".via", r.via());
            if (r.to() == null) {
                throw c.fail(p + ".to", "missing (a node name, address or prefix like 10.0.0.0/24)");
            }
            c.unit(p + ".to", r.to(), to -> Destination.of(s, to));
            if (s.linkBetween(r.node(), r.via()) == null) {
                throw c.fail(p + ".via", "'" + r.via() + "' is not a neighbour of '" + r.node() + "'");
            }
        }
    }

    /** {@code capture: {file, nodes, links}} names a file and existing nodes and links (docs/capture.md). */
    void capture() {
        Scenario.CaptureSpec cap = s.capture();
        if (cap == null) {
            return;
        }
        if (cap.file() == null || cap.file().isBlank()) {
            throw c.fail("capture.file", "missing (a .pcapng file to write)");
        }
        for (int i = 0; i < cap.nodes().size(); i++) {
            if (s.node(cap.nodes().get(i)) == null) {
                throw c.fail("capture.nodes[" + i + "]", "no node named '" + cap.nodes().get(i) + "'");
            }
        }
        for (int i = 0; i < cap.links().size(); i++) {
            if (s.link(cap.links().get(i)) == null) {
                throw c.fail("capture.links[" + i + "]", "no link named '" + cap.links().get(i) + "'");
            }
        }
    }
}
