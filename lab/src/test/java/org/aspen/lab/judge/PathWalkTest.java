package org.aspen.lab.judge;

import java.util.Map;
import org.aspen.vnet.VAddr;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one set of path-walking rules both runners feed hop by hop. */
class PathWalkTest {
    static final Map<VAddr, String> NODES = Map.of(VAddr.parse("10.0.0.1"), "a", VAddr.parse("10.0.0.2"), "b",
            VAddr.parse("10.0.0.3"), "c");

    static PathWalk walk() {
        return new PathWalk(7, "c", NODES::get);
    }

    @Test
    void reachesTheDestination() {
        PathWalk w = walk();
        assertTrue(w.arrive("a"));
        assertEquals("b", w.follow("a", "a-b", VAddr.parse("10.0.0.2"), true));
        assertTrue(w.arrive("b"));
        assertEquals("c", w.follow("b", "b-c", VAddr.parse("10.0.0.3"), true));
        assertFalse(w.arrive("c"));
        assertEquals(new PathSample(7, java.util.List.of("a", "b", "c"), java.util.List.of("a-b", "b-c"), null), w.sample());
        assertEquals("a>b>c", w.sample().path());
    }

    @Test
    void stopsWhereThereIsNoUsableRoute() {
        PathWalk w = walk();
        w.arrive("a");
        assertNull(w.noRoute("a"));
        assertEquals("a (no route at a)", w.sample().path());
        PathWalk down = walk();
        down.arrive("a");
        assertNull(down.follow("a", "a-b", VAddr.parse("10.0.0.2"), false));   // a route over a link that is down
        assertEquals("a (no route at a)", down.sample().path());
        assertTrue(down.sample().links().isEmpty());
    }

    @Test
    void stopsAtANextHopOutsideTheLab() {
        PathWalk w = walk();
        w.arrive("a");
        assertNull(w.follow("a", "a-x", VAddr.parse("10.9.9.9"), true));
        assertEquals("a (next hop 10.9.9.9 is not in the lab)", w.sample().path());
    }

    @Test
    void stopsALoopAfterSixtyFourHops() {
        PathWalk w = walk();
        String here = "a";
        int hops = 0;
        while (w.arrive(here)) {
            here = w.follow(here, "a-b", VAddr.parse(here.equals("a") ? "10.0.0.2" : "10.0.0.1"), true);
            hops++;
        }
        assertEquals(PathWalk.MAX_HOPS, hops);
        assertEquals("loop", w.sample().problem());
    }
}
