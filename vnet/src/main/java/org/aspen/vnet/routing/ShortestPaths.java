package org.aspen.vnet.routing;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlMessage.Adjacency;
import org.aspen.vnet.control.ControlMessage.Lsa;
import org.aspen.vnet.link.Link;

/**
 * Dijkstra over a {@link LinkStateDatabase}: one host route per reachable origin, through the
 * neighbour that starts its shortest path.
 *
 * <pre>{@code
 * ShortestPaths spf = new ShortestPaths(node.address(), db, neighbours);
 * Map<VAddr, Route> routes = spf.compute();   // dynamic routes, by destination
 * }</pre>
 *
 * An edge counts only when both ends list each other. Equal-cost ties go to the lower first-hop
 * address; among several links to that neighbour, to the cheaper one, then the lower-index one.
 */
final class ShortestPaths {
    private final VAddr self;
    private final LinkStateDatabase db;
    private final List<Neighbour> neighbours;

    ShortestPaths(VAddr self, LinkStateDatabase db, List<Neighbour> neighbours) {
        this.self = self;
        this.db = db;
        this.neighbours = neighbours;
    }

    Map<VAddr, Route> compute() {
        Map<VAddr, Long> dist = new HashMap<>();
        Map<VAddr, VAddr> firstHop = new HashMap<>();
        PriorityQueue<long[]> queue = new PriorityQueue<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
                : Integer.compareUnsigned((int) x[1], (int) y[1]));
        dist.put(self, 0L);
        queue.add(new long[] {0, self.value()});
        Set<VAddr> done = new HashSet<>();
        while (!queue.isEmpty()) {
            long[] top = queue.poll();
            VAddr u = VAddr.of((int) top[1]);
            if (!done.add(u)) {
                continue;
            }
            Lsa lu = db.lsa(u);
            if (lu == null) {
                continue;
            }
            for (Adjacency a : lu.links()) {
                VAddr v = a.neighbour();
                if (!u.equals(self) && !listsBack(v, u)) {
                    continue; // one-way: the far end does not confirm this adjacency
                }
                long d = top[0] + a.cost();
                VAddr hop = u.equals(self) ? v : firstHop.get(u);
                Long dv = dist.get(v);
                if (dv == null || d < dv || (d == dv && hop.compareTo(firstHop.get(v)) < 0)) {
                    dist.put(v, d);
                    firstHop.put(v, hop);
                    queue.add(new long[] {d, v.value()});
                }
            }
        }
        Map<VAddr, Route> routes = new TreeMap<>();
        for (Map.Entry<VAddr, VAddr> en : firstHop.entrySet()) {
            Link l = bestLinkTo(en.getValue());
            if (l != null && !en.getKey().equals(self)) {
                routes.put(en.getKey(), Route.host(en.getKey(), l, en.getValue(), dist.get(en.getKey()).intValue(), Route.Origin.DYNAMIC));
            }
        }
        return routes;
    }

    private boolean listsBack(VAddr v, VAddr u) {
        Lsa lv = db.lsa(v);
        if (lv == null) {
            return false;
        }
        for (Adjacency b : lv.links()) {
            if (b.neighbour().equals(u)) {
                return true;
            }
        }
        return false;
    }

    private Link bestLinkTo(VAddr addr) {
        Link best = null;
        for (Neighbour n : neighbours) {
            if (n.twoWay && n.link.isUp() && n.addr.equals(addr)
                    && (best == null || n.link.config().cost() < best.config().cost())) {
                best = n.link;
            }
        }
        return best;
    }
}
