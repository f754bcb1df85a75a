package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.aspen.vnet.VAddr;

/**
 * One walk along the forwarding path toward {@code to}, fed one hop at a time by whoever can read
 * that hop's route table: the same rules for both runners (a loop ends after 64 hops, a missing or
 * down route ends it there, a next hop outside the lab ends it).
 *
 * <pre>{@code
 * PathWalk w = new PathWalk(now, "c", scenario::nodeNamed);
 * String here = "a";
 * while (w.arrive(here)) {
 *     Route r = table(here).lookup(dest);                          // that node's RouteTable
 *     here = r == null ? w.noRoute(here) : w.follow(here, r.link().name(), r.nextHop(), r.link().isUp());
 * }
 * PathSample s = w.sample();
 * }</pre>
 */
public final class PathWalk {
    static final int MAX_HOPS = 64;
    private final long atNanos;
    private final String to;
    private final Function<VAddr, String> nodeNamed;
    private final List<String> nodes = new ArrayList<>();
    private final List<String> links = new ArrayList<>();
    private PathSample sample;

    /** @param nodeNamed the name of the lab node with an address, or null */
    public PathWalk(long atNanos, String to, Function<VAddr, String> nodeNamed) {
        this.atNanos = atNanos;
        this.to = to;
        this.nodeNamed = nodeNamed;
    }

    /** Reaches node {@code here}; true when the walk goes on (then give here's route to {@link #follow}). */
    public boolean arrive(String here) {
        nodes.add(here);
        if (here.equals(to)) {
            return end(null);
        }
        if (nodes.size() > MAX_HOPS) {
            return end("loop");
        }
        return true;
    }

    /** {@code here} has no route to the destination: the walk ends. Returns null. */
    public String noRoute(String here) {
        end("no route at " + here);
        return null;
    }

    /** {@code here} forwards on {@code link} to {@code nextHop}; returns the next node, or null when the walk ended. */
    public String follow(String here, String link, VAddr nextHop, boolean linkUp) {
        if (!linkUp) {
            return noRoute(here);
        }
        links.add(link);
        String next = nodeNamed.apply(nextHop);
        if (next == null) {
            end("next hop " + nextHop + " is not in the lab");
        }
        return next;
    }

    /** The finished sample; null while the walk goes on. */
    public PathSample sample() {
        return sample;
    }

    private boolean end(String problem) {
        sample = new PathSample(atNanos, nodes, links, problem);
        return false;
    }
}
