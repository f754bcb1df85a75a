package org.aspen.acc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * A simulated topology for the ACC tests: nodes with an EE each, links, and shortest-path static
 * routes computed once all links exist (symmetric, as link-state routing makes them).
 *
 * <pre>{@code
 * AccLab lab = new AccLab(7).add("s").add("u").connect("s", "u", cfg).routes();
 * lab.net.run(1_000_000_000L);
 * }</pre>
 */
final class AccLab {
    final SimNetwork net;
    final Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
    private final Map<String, List<String>> adj = new LinkedHashMap<>();
    private int nextAddress = 1;

    AccLab(long seed) {
        net = new SimNetwork(seed);
    }

    AccLab add(String name) {
        Node n = net.addNode(name, VAddr.of(0x0a000000 + nextAddress++), NodeConfig.DEFAULT, null);
        ees.put(name, new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy()));
        adj.put(name, new ArrayList<>());
        return this;
    }

    AccLab connect(String a, String b, LinkConfig cfg) {
        net.connect(a + "-" + b, a, b, cfg);
        adj.get(a).add(b);
        adj.get(b).add(a);
        return this;
    }

    /** Installs a host route on every node to every other node along a shortest path (BFS, first found). */
    AccLab routes() {
        for (String from : adj.keySet()) {
            Map<String, String> firstHop = new HashMap<>();
            Deque<String> queue = new ArrayDeque<>(List.of(from));
            firstHop.put(from, from);
            while (!queue.isEmpty()) {
                String cur = queue.poll();
                for (String nb : adj.get(cur)) {
                    if (!firstHop.containsKey(nb)) {
                        firstHop.put(nb, cur.equals(from) ? nb : firstHop.get(cur));
                        queue.add(nb);
                    }
                }
            }
            Node n = node(from);
            firstHop.forEach((dest, hop) -> {
                if (!dest.equals(from)) {
                    Link out = linkBetween(from, hop);
                    n.routes().addStatic(Route.host(node(dest).address(), out, node(hop).address(), 1, Route.Origin.STATIC));
                }
            });
        }
        return this;
    }

    Link linkBetween(String a, String b) {
        Link l = node(a).link(a + "-" + b);
        return l != null ? l : node(a).link(b + "-" + a);
    }

    Node node(String name) {
        return net.node(name);
    }

    VAddr addr(String name) {
        return node(name).address();
    }

    ExecutionEnvironment ee(String name) {
        return ees.get(name);
    }

    long counter(String node, String name) {
        return AccSetup.counter(ee(node), name);
    }

    void run(long nanos) {
        net.run(nanos);
    }
}
