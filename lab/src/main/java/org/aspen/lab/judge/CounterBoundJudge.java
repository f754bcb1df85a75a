package org.aspen.lab.judge;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.aspen.lab.scenario.Scenario.CounterBound;
import org.aspen.lab.scenario.ScenarioCheck;

/**
 * {@code {type: counter, node: b, counter: link.b-c.drops.overflow, atLeast: 1}}: a counter of the
 * node at the end ({@link CounterPaths}) is within the bounds; a drop reason never seen counts as 0.
 */
final class CounterBoundJudge extends ExpectationJudge<CounterBound, Void> {
    CounterBoundJudge() {
        super(CounterBound.class);
    }

    @Override
    public void check(CounterBound x, String p, ScenarioCheck c) {
        c.nodeRef(p + ".node", x.node());
        if (x.counter() == null) {
            throw c.fail(p + ".counter", "missing (e.g. drops.no-route or link.a-b.sentPackets)");
        }
        if (x.atLeast() == null && x.atMost() == null) {
            throw c.fail(p, "give atLeast, atMost or both");
        }
    }

    @Override
    public ExpectationResult judge(CounterBound c, Void watched, Evidence e) {
        Map<String, Object> flat = e.counters(c.node());
        Object v = flat.get(c.counter());
        long value = v instanceof Number num ? num.longValue() : 0;
        if (v == null && (c.counter().startsWith("drops.") || c.counter().contains(".drops."))) {
            v = 0L; // a drop reason never seen is a zero count
        }
        boolean ok = v != null && (c.atLeast() == null || value >= c.atLeast()) && (c.atMost() == null || value <= c.atMost());
        return new ExpectationResult("counter", c.node() + " " + c.counter(), ok, Refs.bounds(c.atLeast(), c.atMost()),
                v == null ? missing(c.node(), c.counter(), flat) : value);
    }

    /**
     * Why {@code counter} is not among {@code node}'s counters, in words a student can act on: an AA
     * that is not running there, a link the node does not have, a queue discipline of another kind,
     * or else the known counters that share the longest prefix with the name asked for (a handful, not
     * the node's whole list).
     */
    static String missing(String node, String counter, Map<String, Object> counters) {
        Collection<String> known = counters.keySet();
        String[] parts = counter.split("\\.", 4);
        if (parts.length == 4 && parts[0].equals("link") && parts[2].equals("discipline")
                && counters.get("link." + parts[1] + ".discipline.kind") instanceof String kind) {
            return node + "'s link " + parts[1] + " runs queue discipline " + kind + ", which has no counter " + parts[3];
        }
        for (String scope : List.of("aa", "link")) {
            if (counter.startsWith(scope + ".") && counter.indexOf('.', scope.length() + 1) > 0) {
                String name = counter.substring(scope.length() + 1, counter.indexOf('.', scope.length() + 1));
                Set<String> present = new TreeSet<>();
                for (String k : known) {
                    int end = k.startsWith(scope + ".") ? k.indexOf('.', scope.length() + 1) : -1;
                    if (end > 0) {
                        present.add(k.substring(scope.length() + 1, end));
                    }
                }
                if (!present.contains(name)) {
                    String others = present.isEmpty() ? "none" : String.join(", ", present);
                    return scope.equals("aa")
                            ? "AA " + name + " is not running on " + node + " (running: " + others + ")"
                            : node + " has no link " + name + " (its links: " + others + ")";
                }
            }
        }
        int best = 0;
        for (String k : known) {
            best = Math.max(best, commonPrefix(k, counter));
        }
        int b = best;
        List<String> near = known.stream().filter(k -> commonPrefix(k, counter) == b).sorted().limit(8).toList();
        return "no such counter on " + node + (near.isEmpty() ? "" : " (nearest: " + String.join(", ", near)
                + (near.size() == 8 ? ", ..." : "") + ")");
    }

    /** Length of the common prefix of {@code a} and {@code b}, counted in whole dot-separated parts. */
    private static int commonPrefix(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int n = 0;
        while (n < x.length && n < y.length && x[n].equals(y[n])) {
            n++;
        }
        return n;
    }
}
