package org.aspen.vnet.routing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.sim.SimNetwork;

/**
 * Test topologies in the simulation: nodes {@code n0..n(k-1)} at {@code 10.0.0.(i+1)}, links named
 * {@code ni-nj}, a control plane with link-state routing on each.
 *
 * <pre>{@code
 * Topo t = Topo.build(1, 4, Topo.ring(4));
 * t.net.run(2_000_000_000L);
 * assertTrue(t.allReach());
 * }</pre>
 */
public final class Topo {
    /** Fast timers so tests cover dead intervals, refreshes and ageing in a few virtual seconds. */
    public static final NodeConfig FAST = new NodeConfig(16_384, 64, 100_000_000L, 400_000_000L, 3_000_000_000L);
    public static final LinkConfig LINK = new LinkConfig(10_000_000, 2_000_000, QueueLimit.packets(100), 1);

    public final SimNetwork net;
    public final List<Node> nodes = new ArrayList<>();
    public final List<ControlPlane> planes = new ArrayList<>();
    /** The links, as pairs of node indices (what shortest paths are checked against). */
    public int[][] edges;

    private Topo(SimNetwork net, int[][] edges) {
        this.net = net;
        this.edges = edges;
    }

    public static Topo build(long seed, int n, int[][] edges) {
        return build(seed, n, edges, FAST, LINK, true);
    }

    public static Topo build(long seed, int n, int[][] edges, NodeConfig cfg, LinkConfig link, boolean dynamic) {
        Topo t = new Topo(new SimNetwork(seed), edges);
        for (int i = 0; i < n; i++) {
            Node node = t.net.addNode("n" + i, addr(i), cfg, null);
            t.nodes.add(node);
        }
        for (int[] e : edges) {
            t.net.connect(name(e[0], e[1]), "n" + e[0], "n" + e[1], link);
        }
        for (Node node : t.nodes) {
            t.planes.add(ControlPlane.install(node, dynamic));
        }
        return t;
    }

    public static VAddr addr(int i) {
        return VAddr.of(0x0A000001 + i);
    }

    public static String name(int a, int b) {
        return "n" + a + "-n" + b;
    }

    public static int[][] line(int n) {
        int[][] e = new int[n - 1][];
        for (int i = 0; i + 1 < n; i++) {
            e[i] = new int[] {i, i + 1};
        }
        return e;
    }

    public static int[][] ring(int n) {
        int[][] e = Arrays.copyOf(line(n), n);
        e[n - 1] = new int[] {n - 1, 0};
        return e;
    }

    /** A connected random graph: a random spanning tree plus {@code extra} distinct chords. */
    public static int[][] random(int n, int extra, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Set<List<Integer>> edges = new LinkedHashSet<>();
        for (int i = 1; i < n; i++) {
            int j = r.nextInt(i);
            edges.add(List.of(j, i));
        }
        while (edges.size() < n - 1 + extra) {
            int a = r.nextInt(n);
            int b = r.nextInt(n);
            if (a != b) {
                edges.add(List.of(Math.min(a, b), Math.max(a, b)));
            }
        }
        return edges.stream().map(l -> new int[] {l.get(0), l.get(1)}).toArray(int[][]::new);
    }

    public Node node(int i) {
        return nodes.get(i);
    }

    public ControlPlane plane(int i) {
        return planes.get(i);
    }

    public int indexOf(VAddr a) {
        return a.value() - 0x0A000001;
    }

    /** Follows the route tables from {@code src}; the addresses after src up to dst, or null if it breaks or loops. */
    public List<VAddr> path(int src, int dst) {
        List<VAddr> hops = new ArrayList<>();
        Node cur = nodes.get(src);
        VAddr target = addr(dst);
        for (int guard = 0; guard <= nodes.size() && !cur.address().equals(target); guard++) {
            Route r = cur.routes().lookup(target);
            if (r == null || !r.link().isUp() || cur.isStopped()) {
                return null;
            }
            hops.add(r.nextHop());
            int next = indexOf(r.nextHop());
            if (next < 0 || next >= nodes.size()) {
                return null;
            }
            cur = nodes.get(next);
        }
        return cur.address().equals(target) ? hops : null;
    }

    /** Hop counts of shortest paths over the live edges (unit costs), -1 when unreachable. */
    public int[] bfs(int src, Set<Integer> dead) {
        int[] d = new int[nodes.size()];
        Arrays.fill(d, -1);
        d[src] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>(List.of(src));
        while (!q.isEmpty()) {
            int u = q.poll();
            for (int[] e : edges) {
                int v = e[0] == u ? e[1] : e[1] == u ? e[0] : -1;
                if (v >= 0 && d[v] < 0 && !dead.contains(v)) {
                    d[v] = d[u] + 1;
                    q.add(v);
                }
            }
        }
        return d;
    }

    /** True when every live node's table leads to every other live node along a shortest path. */
    public boolean allReach(Set<Integer> dead) {
        for (int s = 0; s < nodes.size(); s++) {
            if (dead.contains(s)) {
                continue;
            }
            int[] d = bfs(s, dead);
            for (int t = 0; t < nodes.size(); t++) {
                if (t == s || dead.contains(t) || d[t] < 0) {
                    continue;
                }
                List<VAddr> p = path(s, t);
                if (p == null || p.size() != d[t] || p.stream().anyMatch(h -> dead.contains(indexOf(h)))) {
                    return false;
                }
            }
        }
        return true;
    }

    public boolean allReach() {
        return allReach(Set.of());
    }

    /** Like {@link #runUntilConverged} but on the topology without the edge {@code a-b}. */
    public long runUntilConvergedWithout(int a, int b, long stepNanos, long limitNanos) {
        int[][] all = edges;
        int[][] fewer = Arrays.stream(all).filter(e -> !(e[0] == a && e[1] == b || e[0] == b && e[1] == a))
                .toArray(int[][]::new);
        edges = fewer;
        try {
            return runUntilConverged(Set.of(), stepNanos, limitNanos);
        } finally {
            edges = all;
        }
    }

    /** Runs in {@code stepNanos} steps until {@link #allReach(Set)}; the virtual time it took, or -1. */
    public long runUntilConverged(Set<Integer> dead, long stepNanos, long limitNanos) {
        long start = net.now();
        while (net.now() - start <= limitNanos) {
            if (allReach(dead)) {
                return net.now() - start;
            }
            net.run(stepNanos);
        }
        return -1;
    }
}
