package org.aspen.experiments.acc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.experiments.sweep.ScenarioBuilder;

/**
 * The ACC paper's Figure 8 (the overhead experiment) as scenario topology: two senders' legs
 * converging on one node, then the bottleneck: s1 -> i1 -> c and s2 -> i2 -> c, then c -> d.
 *
 * <pre>{@code
 * ScenarioBuilder b = new ScenarioBuilder("acc-overhead", "10.000s");
 * new AccParkingLot("4Mbps", 25, 50, true).addTo(b);      // 50 ms delay on c, ACC on
 * new AccParkingLot(null, 0, 50, true).addTo(b);          // the same, no link shaped (issue 29)
 * new AccParkingLot(null, 0, 50, true, 25).addTo(b);      // and a 25-packet input queue on every node
 * }</pre>
 *
 * Every link is 10 Mb/s without delay except c -> d, the bottleneck ({@code bottleneck}, a
 * {@code buffer}-packet drop-tail queue), so the two senders' traffic congests c's output queue.
 * With {@code delayMs} above 0 the flakeway on c delays every RDP packet arriving there (in both
 * directions: the round trip grows by twice the delay). With {@code acc}, c runs the ACC monitor
 * and i1, i2 the filters. Static routes: no routing traffic competes with the measurement.
 * With {@code bottleneck} null no link is shaped (unlimited rate, the default buffer): the
 * throughput is then what the node processes carry, as in the paper, whose Ethernet "is not a
 * bottleneck" ({@code buffer} is ignored).
 *
 * <p>The nodes are listed s1, s2, i1, i2, c, d; with {@code flow2First} s2, s1, i2, i1, c, d (the
 * same topology). The order matters only in the real runtime, which deals the nodes to its event
 * loops in the scenario's order: with two loops, s1, i1 and c share one loop and s2, i2 and d the
 * other, and {@code flow2First} gives c's loop to flow 2's nodes instead (docs/traces/acc-overhead-imbalance.md).
 * With {@code inputQueue} above 0 every node's socket has an input queue of that many packets (ASP's
 * congestion detection; real runtime only), so the monitor on c also hears the packets c's input queue drops.
 */
public record AccParkingLot(String bottleneck, int buffer, int delayMs, boolean acc, boolean flow2First, int inputQueue) {
    /** Nodes in the topology (one event loop each for {@code --loops per-node}). */
    public static final int NODES = 6;

    public AccParkingLot(String bottleneck, int buffer, int delayMs, boolean acc) {
        this(bottleneck, buffer, delayMs, acc, false, 0);
    }

    /** With flow 2's nodes listed first or not, without input queues. */
    public AccParkingLot(String bottleneck, int buffer, int delayMs, boolean acc, boolean flow2First) {
        this(bottleneck, buffer, delayMs, acc, flow2First, 0);
    }

    /** With input queues of {@code inputQueue} packets on every node (0: none). */
    public AccParkingLot(String bottleneck, int buffer, int delayMs, boolean acc, int inputQueue) {
        this(bottleneck, buffer, delayMs, acc, false, inputQueue);
    }

    /** Adds the nodes, links and routes to {@code b}. */
    public ScenarioBuilder addTo(ScenarioBuilder b) {
        String first = flow2First ? "2" : "1";
        String second = flow2First ? "1" : "2";
        for (String f : new String[] {first, second}) {
            b.node("s" + f, "10.0.1." + f);
        }
        for (String f : new String[] {first, second}) {
            b.node("i" + f, "10.0.0." + f, acc ? "filter" : null, List.of());
        }
        b.node("c", "10.0.0.3", acc ? "monitor" : null, delayMs > 0 ? List.of(delayRule()) : List.of());
        b.node("d", "10.0.2.1");
        if (inputQueue > 0) {
            // ASP's socket queue is the node's, "set when ASP starts": every host of Figure 8 runs ASP alike
            for (String n : new String[] {"s1", "s2", "i1", "i2", "c", "d"}) {
                b.inputQueue(n, inputQueue);
            }
        }
        for (String[] l : new String[][] {{"s1", "i1"}, {"s2", "i2"}, {"i1", "c"}, {"i2", "c"}}) {
            b.link(l[0], l[1], unshaped() ? null : "10Mbps", null);
        }
        if (unshaped()) {
            b.link("c", "d", null, null);
        } else {
            b.link("c", "d", bottleneck, null, buffer, null);
        }
        String[][] routes = {
                {"s1", "10.0.0.0/8", "i1"}, {"s2", "10.0.0.0/8", "i2"},
                {"i1", "s1", "s1"}, {"i1", "10.0.0.0/8", "c"}, {"i2", "s2", "s2"}, {"i2", "10.0.0.0/8", "c"},
                // the monitor sends filter requests to i1 and i2 themselves, so c needs routes to them
                {"c", "s1", "i1"}, {"c", "s2", "i2"}, {"c", "i1", "i1"}, {"c", "i2", "i2"}, {"c", "d", "d"},
                {"d", "10.0.0.0/8", "c"}};
        for (String[] r : routes) {
            b.route(r[0], r[1], r[2]);
        }
        return b;
    }

    /** No link shaped: every link at unlimited rate. */
    public boolean unshaped() {
        return bottleneck == null;
    }

    /** The flakeway rule on c: every RDP packet waits {@code delayMs}. */
    private Map<String, Object> delayRule() {
        Map<String, Object> rule = new LinkedHashMap<>();
        rule.put("name", "delay");
        rule.put("match", new LinkedHashMap<>(Map.of("proto", "rdp")));
        rule.put("delay", delayMs + "ms");
        return rule;
    }
}
