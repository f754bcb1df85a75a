package org.aspen.lab.run;

import java.util.function.Consumer;
import org.aspen.lab.judge.Observer;
import org.aspen.lab.judge.PathSample;
import org.aspen.lab.judge.PathWalk;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.runtime.Network;

/**
 * The in-process runner's {@link Observer}: reads each node's {@code RouteTable} on that node's own
 * loop, so it is safe in the real runtime too; a path walk hops from loop to loop.
 *
 * <pre>{@code
 * Judging judging = Judges.start(scenario, duration, new NetObserver(net, scenario));
 * }</pre>
 */
final class NetObserver implements Observer {
    private final Network net;
    private final Scenario s;

    NetObserver(Network net, Scenario s) {
        this.net = net;
        this.s = s;
    }

    @Override
    public void samplePath(long atNanos, String from, String to, Consumer<PathSample> sink) {
        VAddr dest = net.node(to).address();
        net.at(atNanos, from, () -> walk(net.node(from), dest, new PathWalk(net.now(), to, s::nodeNamed), sink));
    }

    private void walk(Node node, VAddr dest, PathWalk w, Consumer<PathSample> sink) {
        if (!w.arrive(node.name())) {
            sink.accept(w.sample());
            return;
        }
        Route r = node.routes().lookup(dest);
        String next = r == null ? w.noRoute(node.name()) : w.follow(node.name(), r.link().name(), r.nextHop(), r.link().isUp());
        if (next == null) {
            sink.accept(w.sample());
            return;
        }
        net.onLoop(next, () -> walk(net.node(next), dest, w, sink));
    }

    @Override
    public void findMissingRoutes(long atNanos, Consumer<String> sink) {
        for (Node n : net.nodes()) {
            net.at(atNanos, n.name(), () -> {
                for (Node other : net.nodes()) {
                    if (other != n && n.routes().lookup(other.address()) == null) {
                        sink.accept(n.name() + "->" + other.name());
                    }
                }
            });
        }
    }
}
