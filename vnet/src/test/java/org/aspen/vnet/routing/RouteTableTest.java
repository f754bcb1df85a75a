package org.aspen.vnet.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;

class RouteTableTest {
    @Test
    void staticBeatsDynamicUnlessItsLinkIsDownAndLongestPrefixWins() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
        net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
        net.addNode("c", VAddr.parse("10.0.0.3"), NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        net.connect("a-c", "a", "c", LinkConfig.DEFAULT);
        Link ab = a.link("a-b");
        Link ac = a.link("a-c");
        VAddr d = VAddr.parse("10.1.2.3");
        RouteTable t = a.routes();
        Route dyn = Route.host(d, ac, VAddr.parse("10.0.0.3"), 2, Route.Origin.DYNAMIC);
        t.replaceDynamic(Map.of(d, dyn));
        Route stat = Route.host(d, ab, VAddr.parse("10.0.0.2"), 1, Route.Origin.STATIC);
        t.addStatic(stat);
        assertSame(stat, t.lookup(d));
        a.setLinkUp(ab, false);
        assertSame(dyn, t.lookup(d));
        a.setLinkUp(ab, true);
        Route wide = new Route(VAddr.parse("10.0.0.0"), 8, ab, VAddr.parse("10.0.0.2"), 1, Route.Origin.STATIC);
        Route narrow = new Route(VAddr.parse("10.1.0.0"), 16, ac, VAddr.parse("10.0.0.3"), 1, Route.Origin.STATIC);
        t.addStatic(wide);
        t.addStatic(narrow);
        assertSame(narrow, t.lookup(VAddr.parse("10.1.9.9")));
        assertSame(wide, t.lookup(VAddr.parse("10.2.9.9")));
        assertNull(t.lookup(VAddr.parse("11.0.0.1")));
        t.replaceDynamic(Map.of());
        assertSame(stat, t.lookup(d));
        assertEquals(3, t.all().size(), "one static host route and two prefixes");
    }

    @Test
    void manyHostRoutesSurviveGrowthAndReplacement() {
        SimNetwork net = new SimNetwork(1);
        Node a = net.addNode("a", VAddr.parse("10.0.0.1"), NodeConfig.DEFAULT, null);
        net.addNode("b", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
        net.connect("a-b", "a", "b", LinkConfig.DEFAULT);
        Link ab = a.link("a-b");
        SplittableRandom r = new SplittableRandom(4);
        Map<VAddr, Route> routes = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            VAddr d = i % 2 == 0 ? VAddr.of(0x0A000000 + i) : VAddr.of(r.nextInt());
            routes.put(d, Route.host(d, ab, VAddr.parse("10.0.0.2"), i, Route.Origin.DYNAMIC));
        }
        RouteTable t = a.routes();
        t.replaceDynamic(routes);
        routes.forEach((d, route) -> assertSame(route, t.lookup(d)));
        assertEquals(routes.size(), t.all().size());
        t.replaceDynamic(Map.of());
        routes.keySet().forEach(d -> assertNull(t.lookup(d)));
    }
}
