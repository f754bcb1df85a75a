package org.aspen.rdp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.time.Seeds;
import org.aspen.vnet.time.SimScheduler;

/**
 * A chain of simulated nodes (a - b - c ...) on one {@link SimScheduler}, with an {@link Impairment}
 * on each direction of each link and static routes, for RDP tests.
 */
final class TestNet {
    static final LinkConfig FAST = new LinkConfig(10_000_000, 5_000_000, QueueLimit.packets(100), 1);

    final SimScheduler sim = new SimScheduler();
    final List<Node> nodes = new ArrayList<>();
    /** forward[i]: impairment on the link from node i to node i+1; backward[i]: from i+1 to i. */
    final List<Impairment> forward = new ArrayList<>();
    final List<Impairment> backward = new ArrayList<>();
    final long seed;

    TestNet(long seed, int count, LinkConfig config) {
        this(seed, Collections.nCopies(count - 1, config));
    }

    /** A chain of {@code links.size() + 1} nodes, link i (both directions) between node i and i+1 configured by {@code links.get(i)}. */
    TestNet(long seed, List<LinkConfig> links) {
        this.seed = seed;
        int count = links.size() + 1;
        for (int i = 0; i < count; i++) {
            nodes.add(new Node("n" + i, VAddr.of(0x0a000001 + i), sim, Seeds.stream(seed, "node", "n" + i), NodeConfig.DEFAULT));
        }
        for (int i = 0; i + 1 < count; i++) {
            Node a = nodes.get(i);
            Node b = nodes.get(i + 1);
            Wire ab = new Wire();
            Wire ba = new Wire();
            Impairment iab = new Impairment(ab, Seeds.derive(seed, "fwd", Integer.toString(i)));
            Impairment iba = new Impairment(ba, Seeds.derive(seed, "bwd", Integer.toString(i)));
            Link la = a.addLink(a.name() + "-" + b.name(), links.get(i), iab);
            Link lb = b.addLink(b.name() + "-" + a.name(), links.get(i), iba);
            ab.far = lb;
            ba.far = la;
            la.setPeer(b.address());
            lb.setPeer(a.address());
            forward.add(iab);
            backward.add(iba);
        }
        for (int i = 0; i < count; i++) {
            Node n = nodes.get(i);
            for (int j = 0; j < count; j++) {
                if (j == i) {
                    continue;
                }
                Link out = n.links().get(j < i ? 0 : (i == 0 ? 0 : 1));
                n.routes().addStatic(Route.host(nodes.get(j).address(), out, out.peer(), Math.abs(i - j), Route.Origin.STATIC));
            }
            n.start();
        }
    }

    Node node(int i) {
        return nodes.get(i);
    }

    RdpStack rdp(int i) {
        return RdpStack.install(nodes.get(i));
    }

    void run(long nanos) {
        sim.runUntil(sim.nanos() + nanos);
    }

    void at(long nanos, Runnable task) {
        sim.scheduleAt(nanos, task);
    }

    private final class Wire implements LinkTransport {
        Link far;

        @Override
        public void transmit(byte[] frame, long delayNanos) {
            Link target = far;
            sim.schedule(delayNanos, () -> target.receiveFrame(frame, 0, frame.length, true));
        }

        @Override
        public String describePeer() {
            return "test:" + far.name();
        }
    }
}
