package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.aspen.lab.judge.Observer;
import org.aspen.lab.judge.PathSample;
import org.aspen.lab.judge.PathWalk;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;

/**
 * The process runner's {@link Observer}: asks each node process which route its own table picks
 * ({@code route.lookup}, answered by the node's {@code RouteTable.lookup}), hop by hop for a path
 * sample, all destinations at once for reachability. A node that does not answer has no usable
 * route at that instant.
 *
 * <pre>{@code
 * Judging judging = Judges.start(scenario, duration, new RemoteObserver(scenario, nodes, time));
 * }</pre>
 */
final class RemoteObserver implements Observer {
    private final Scenario s;
    private final Map<String, NodeProcess> nodes;
    private final Timeline time;

    RemoteObserver(Scenario s, Map<String, NodeProcess> nodes, Timeline time) {
        this.s = s;
        this.nodes = nodes;
        this.time = time;
    }

    @Override
    public void samplePath(long atNanos, String from, String to, Consumer<PathSample> sink) {
        String dest = s.node(to).address();
        time.at(atNanos, () -> {
            PathWalk w = new PathWalk(atNanos, to, s::nodeNamed);
            String here = from;
            while (here != null && w.arrive(here)) {
                JsonNode r = lookup(here, List.of(dest)).get(0);
                here = !r.has("link") ? w.noRoute(here)
                        : w.follow(here, r.path("link").asText(), VAddr.parse(r.path("nextHop").asText()),
                        r.path("linkUp").asBoolean(true));
            }
            sink.accept(w.sample());
        });
    }

    @Override
    public void findMissingRoutes(long atNanos, Consumer<String> sink) {
        time.at(atNanos, () -> {
            for (Scenario.NodeSpec n : s.nodes()) {
                List<Scenario.NodeSpec> others = s.nodes().stream().filter(o -> o != n).toList();
                List<JsonNode> routes = lookup(n.name(), others.stream().map(Scenario.NodeSpec::address).toList());
                for (int i = 0; i < others.size(); i++) {
                    if (!routes.get(i).has("link")) {
                        sink.accept(n.name() + "->" + others.get(i).name());
                    }
                }
            }
        });
    }

    /** {@code node}'s route to each target, in order; an object without {@code link} where it has none or did not answer. */
    private List<JsonNode> lookup(String node, List<String> targets) {
        List<JsonNode> out = new ArrayList<>();
        try {
            nodes.get(node).call("route.lookup", Map.of("targets", targets)).forEach(out::add);
        } catch (IOException | RuntimeException e) {
            // a node that does not answer has no usable routes at this instant
        }
        while (out.size() < targets.size()) {
            out.add(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
        }
        return out;
    }
}
