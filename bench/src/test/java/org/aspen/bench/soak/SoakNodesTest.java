package org.aspen.bench.soak;

import java.util.List;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The soak's two nodes, now built by the node stack from a scenario: the same nodes and link it wired by hand. */
class SoakNodesTest {
    @Test
    void theTwoNodeScenarioIsTheLinkTheSoakAlwaysHad() {
        Scenario s = SoakBench.TWO_NODES;
        assertEquals(List.of("a", "b"), s.nodes().stream().map(Scenario.NodeSpec::name).toList());
        assertEquals("10.0.0.1", s.node("a").address());
        assertEquals("10.0.0.2", s.node("b").address());
        assertTrue(s.dynamicRouting(), "link-state routing, as ControlPlane.install(n, true) gave");
        // 1 Gb/s, no delay, 4096 packets, cost 1: new LinkConfig(1_000_000_000L, 0, QueueLimit.packets(4096), 1)
        assertEquals(new LinkConfig(1_000_000_000L, 0, QueueLimit.packets(4096), 1), LabBuilder.linkConfig(s.links().get(0)));
    }
}
