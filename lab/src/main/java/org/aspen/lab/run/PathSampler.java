package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.runtime.Network;

/**
 * Samples the forwarding path between two nodes at fixed times by following each node's route
 * table hop by hop, each lookup on that node's own loop (so it is safe in the real runtime too).
 */
public final class PathSampler {
    public record Sample(long atNanos, List<String> nodes, List<String> links, String problem) {
        public boolean complete() {
            return problem == null;
        }

        public String path() {
            return String.join(">", nodes) + (problem == null ? "" : " (" + problem + ")");
        }
    }

    private static final int MAX_HOPS = 64;
    final String from;
    final String to;
    private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());

    public PathSampler(String from, String to) {
        this.from = from;
        this.to = to;
    }

    public void schedule(Network net, long first, long every, long end) {
        VAddr dest = net.node(to).address();
        for (long t = first; t <= end; t += every) {
            net.at(t, from, () -> walk(net, net.node(from), dest, net.now(), new ArrayList<>(), new ArrayList<>()));
        }
    }

    private void walk(Network net, Node node, VAddr dest, long startedAt, List<String> nodes, List<String> links) {
        nodes.add(node.name());
        if (node.address().equals(dest)) {
            samples.add(new Sample(startedAt, nodes, links, null));
            return;
        }
        if (nodes.size() > MAX_HOPS) {
            samples.add(new Sample(startedAt, nodes, links, "loop"));
            return;
        }
        Route r = node.routes().lookup(dest);
        if (r == null || !r.link().isUp()) {
            samples.add(new Sample(startedAt, nodes, links, "no route at " + node.name()));
            return;
        }
        links.add(r.link().name());
        Node next = null;
        for (Node n : net.nodes()) {
            if (n.address().equals(r.nextHop())) {
                next = n;
            }
        }
        if (next == null) {
            samples.add(new Sample(startedAt, nodes, links, "next hop " + r.nextHop() + " is not in the lab"));
            return;
        }
        Node hop = next;
        net.onLoop(hop.name(), () -> walk(net, hop, dest, startedAt, nodes, links));
    }

    /** Adds a sample taken elsewhere (the multi-process lab walks routes through control endpoints). */
    public void record(Sample sample) {
        samples.add(sample);
    }

    public List<Sample> samples() {
        synchronized (samples) {
            List<Sample> copy = new ArrayList<>(samples);
            copy.sort((a, b) -> Long.compare(a.atNanos(), b.atNanos()));
            return copy;
        }
    }

    /** Distinct paths seen, in order of first appearance, with how often. */
    public Map<String, Integer> pathCounts() {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Sample s : samples()) {
            m.merge(s.path(), 1, Integer::sum);
        }
        return m;
    }
}
