package org.aspen.vnet.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.TraceHasher;
import org.junit.jupiter.api.Test;

/** The same scenario and seed give the same packet trace; another seed gives another. */
class DeterminismTest {
    static final long SEC = 1_000_000_000L;

    record Outcome(long hash, long events, long replies) {
    }

    static Outcome run(long seed) {
        Topo t = Topo.build(seed, 8, Topo.random(8, 4, 1234));
        TraceHasher hasher = new TraceHasher();
        for (Node n : t.nodes) {
            n.setTrace(hasher);
        }
        long[] replies = new long[1];
        for (int k = 0; k < 4; k++) {
            int src = k;
            int dst = 7 - k;
            t.net.at(SEC + k, "n" + src, () -> t.plane(src).ping(Topo.addr(dst), 50, 100_000_000L, SEC,
                    r -> replies[0] += r.status() == org.aspen.vnet.control.EchoResult.Status.REPLY ? 1 : 0, s -> { }));
        }
        int[] e = t.edges[0];
        t.net.at(3 * SEC, "n" + e[0], () -> t.node(e[0]).setLinkUp(t.node(e[0]).link(Topo.name(e[0], e[1])), false));
        t.net.at(5 * SEC, "n" + e[0], () -> t.node(e[0]).setLinkUp(t.node(e[0]).link(Topo.name(e[0], e[1])), true));
        t.net.run(8 * SEC);
        return new Outcome(hasher.hash(), hasher.events(), replies[0]);
    }

    @Test
    void sameSeedSameTraceDifferentSeedDifferentTrace() {
        Outcome a = run(42);
        Outcome b = run(42);
        Outcome c = run(43);
        assertEquals(a, b);
        assertTrue(a.events() > 10_000, "a busy trace: " + a.events());
        assertTrue(a.replies() > 150, "most pings answered: " + a.replies());
        assertNotEquals(a.hash(), c.hash());
    }
}
