package org.aspen.lab.report;

import static org.aspen.lab.report.LabReportJsonTest.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.aspen.ee.AaCounts;
import org.aspen.ee.AaReport;
import org.aspen.ee.EeCounts;
import org.aspen.ee.EeReport;
import org.aspen.rdp.RdpStackReport;
import org.aspen.vnet.auth.AuthCounts;
import org.aspen.vnet.control.ControlCounts;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.NeighbourReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.mgmt.RouteTableReport;
import org.aspen.vnet.node.NodeCounts;
import org.aspen.vnet.routing.RoutingCounts;
import org.aspen.vnet.udp.UdpCounts;
import org.junit.jupiter.api.Test;

/**
 * A node's {@code stats} reply as records ({@link NodeStats}, each section its producer's record)
 * writes the text the reply has always had, and reads back to the same records and text; a reply
 * without the optional sections, and one with a section this build does not know, read too.
 */
class NodeStatsJsonTest {

    /** Node b of a made-up daemon: every section, one AA stopped, an input queue, one neighbour down. */
    static NodeStats handBuilt() {
        AaReport acc = new AaReport("acc-monitor@1.0.0", "acc-monitor", "1.0.0", "d1g", "ACC monitor", "stopped", "overran its budget",
                map("minRtt", "0ms"), 5_000_000L, 1, 0, new AaCounts(12, 12000, 0, 1, 2, 10, 1, 0, 0, 0, 0, 1, 3000, 2500),
                map("notificationsSent", 4L));
        LinkReport ab = new LinkReport("a-b", "10.0.0.1", "127.0.0.1:4001", true, new LinkReport.Config(10_000_000, 2_000_000, "20 packets", 1),
                map("kind", "droptail", "queuedPackets", 3, "queuedBytes", 3000),
                new LinkCounts(70, 70, 70000, 65, 65000, 0, 9, 0.5, 0.25, map("overflow", 4L)));
        return new NodeStats("b", "10.0.0.2", 90_000_000_000L, new NodeCounts(120, 80, 30, 12, 0, 0, map("no-route", 2L)),
                new AuthCounts(7, map("routing", new AuthCounts.Kind(5, 0, 4, 1, 0, 0))),
                new NodeStats.Build("0.1.0-SNAPSHOT", "abc1234"),
                new ControlCounts(3, 1, 0, 0, new RoutingCounts(40, 6, 1, 5, 3, 2, 4, 3)),
                new EeReport(new EeCounts(1, 1, 0, 0, 0, 0, 0, 0, 0, 1), List.of(acc)),
                List.of(new NeighbourReport("a-b", "10.0.0.1", "a", "up", 0.25, "link-state"),
                        new NeighbourReport("b-c", null, null, "down", null, "link-state")),
                new RdpStackReport(10, 12, 1, 2, 0, map("no-listener", 1L), map("established", 1)),
                new RouteTableReport(3),
                new UdpCounts(200, 20000, 210, 21000, 0, 0, 0, 0, false, true, 25, 0L, 3L),
                List.of(ab));
    }

    /** Checked by hand against docs/real-runtime.md's stats reply: field names, order, nulls, numbers. */
    static final String HAND_BUILT_JSON = String.join("",
            "{\"node\":\"b\",\"address\":\"10.0.0.2\",\"nowNanos\":90000000000,",
            "\"counters\":{\"received\":120,\"forwarded\":80,\"delivered\":30,\"originated\":12,\"intercepted\":0,\"reinjected\":0,",
            "\"drops\":{\"no-route\":2}},",
            "\"auth\":{\"nodeKey\":7,\"routing\":{\"signed\":5,\"unsignable\":0,\"verified\":4,\"unsigned\":1,\"forged\":0,\"replayed\":0}},",
            "\"build\":{\"version\":\"0.1.0-SNAPSHOT\",\"commit\":\"abc1234\"},",
            "\"control\":{\"echoRepliesSent\":3,\"errorsSent\":1,\"errorsSuppressed\":0,\"echoesPending\":0,",
            "\"routing\":{\"hellosSent\":40,\"lsasSent\":6,\"lsaRetransmits\":1,\"acksSent\":5,\"spfRuns\":3,\"routeChanges\":2,",
            "\"ownSeq\":4,\"databaseSize\":3}},",
            "\"ee\":{\"ee\":{\"started\":1,\"stopped\":1,\"refused\":0,\"fetches\":0,\"fetchFailures\":0,\"digestMismatches\":0,",
            "\"pendingDrops\":0,\"undeliverableMessages\":0,\"remoteRefusals\":0,\"overruns\":1},",
            "\"aas\":[{\"id\":\"acc-monitor@1.0.0\",\"name\":\"acc-monitor\",\"version\":\"1.0.0\",\"digest\":\"d1g\",",
            "\"description\":\"ACC monitor\",\"state\":\"stopped\",\"stopReason\":\"overran its budget\",\"params\":{\"minRtt\":\"0ms\"},",
            "\"startedAtNanos\":5000000,\"channels\":1,\"queued\":0,",
            "\"counters\":{\"packets\":12,\"bytes\":12000,\"messages\":0,\"congestionEvents\":1,\"timers\":2,\"reinjected\":10,",
            "\"dropped\":1,\"released\":0,\"sent\":0,\"errors\":0,\"queueDrops\":0,\"overruns\":1,\"handlerNanos\":3000,",
            "\"maxHandlerNanos\":2500},\"metrics\":{\"notificationsSent\":4}}]},",
            "\"neighbours\":[{\"link\":\"a-b\",\"address\":\"10.0.0.1\",\"name\":\"a\",\"state\":\"up\",\"lastHelloSecondsAgo\":0.25,",
            "\"routing\":\"link-state\"},",
            "{\"link\":\"b-c\",\"address\":null,\"name\":null,\"state\":\"down\",\"lastHelloSecondsAgo\":null,\"routing\":\"link-state\"}],",
            "\"rdp\":{\"segmentsIn\":10,\"segmentsOut\":12,\"resetsSent\":1,\"connectionsOpened\":2,\"connectionsRefused\":0,",
            "\"drops\":{\"no-listener\":1},\"connections\":{\"established\":1}},",
            "\"routeTable\":{\"size\":3},",
            "\"udp\":{\"datagramsIn\":200,\"bytesIn\":20000,\"datagramsOut\":210,\"bytesOut\":21000,\"unknownPeer\":0,",
            "\"sendBacklogDrops\":0,\"socketErrors\":0,\"gsoWrites\":0,\"receiveOffload\":false,\"sendOffload\":true,",
            "\"inputQueueLimit\":25,\"inputQueueDrops\":0,\"inputQueuePeak\":3},",
            "\"links\":[{\"name\":\"a-b\",\"peer\":\"10.0.0.1\",\"wire\":\"127.0.0.1:4001\",\"up\":true,",
            "\"config\":{\"bandwidthBps\":10000000,\"delayNanos\":2000000,\"limit\":\"20 packets\",\"cost\":1},",
            "\"discipline\":{\"kind\":\"droptail\",\"queuedPackets\":3,\"queuedBytes\":3000},",
            "\"counters\":{\"enqueued\":70,\"sentPackets\":70,\"sentBytes\":70000,\"receivedPackets\":65,\"receivedBytes\":65000,",
            "\"marked\":0,\"peakQueue\":9,\"averageQueue\":0.5,\"utilisation\":0.25,\"drops\":{\"overflow\":4}}}]}");

    @Test
    void aHandBuiltReplyWritesTheExactText() throws Exception {
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(handBuilt()));
    }

    @Test
    void theTextReadsBackToTheSameRecordsAndText() throws Exception {
        NodeStats back = NodeStats.of(new ObjectMapper().readTree(HAND_BUILT_JSON));
        assertEquals(handBuilt(), back);
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(back));
        assertEquals(1, back.auth().kind("routing").unsigned());
        assertEquals(0, back.auth().kind("code-fetch").verified(), "a kind the node does not protect counts 0");
        assertEquals(4, back.ee().aaMetric("notificationsSent"));
        assertEquals("a", back.neighbours().get(0).who());
        assertEquals(25, back.udp().inputQueueLimit());
    }

    @Test
    void theControlEndpointsMapOfSectionRecordsWritesTheSameText() throws Exception {
        // ControlServer.stats(): node, address, nowNanos, counters, the sections in name order as their records, links
        NodeStats h = handBuilt();
        Map<String, Object> reply = map("node", h.node(), "address", h.address(), "nowNanos", h.nowNanos(), "counters", h.counters(),
                "auth", h.auth(), "build", h.build(), "control", h.control(), "ee", h.ee(), "neighbours", h.neighbours(),
                "rdp", h.rdp(), "routeTable", h.routeTable(), "udp", h.udp(), "links", h.links());
        assertEquals(HAND_BUILT_JSON, new ObjectMapper().writeValueAsString(reply));
        assertEquals(h, NodeStats.of(reply));
    }

    @Test
    void aReplyWithoutSectionsAndWithAnUnknownOneReads() throws Exception {
        // an in-process node's reply (no daemon sections), static routing, no input queue, plus a section from a newer node
        String bare = "{\"node\":\"a\",\"address\":\"10.0.0.1\",\"nowNanos\":5,\"counters\":{\"received\":0,\"forwarded\":0,"
                + "\"delivered\":0,\"originated\":0,\"intercepted\":0,\"reinjected\":0,\"drops\":{}},"
                + "\"control\":{\"echoRepliesSent\":0,\"errorsSent\":0,\"errorsSuppressed\":0,\"echoesPending\":1},"
                + "\"udp\":{\"datagramsIn\":0,\"bytesIn\":0,\"datagramsOut\":0,\"bytesOut\":0,\"unknownPeer\":0,\"sendBacklogDrops\":0,"
                + "\"socketErrors\":0,\"gsoWrites\":0,\"receiveOffload\":true,\"sendOffload\":false},\"links\":[]}";
        NodeStats s = NodeStats.of(new ObjectMapper().readTree(bare.replace("\"links\"", "\"zeta\":{\"x\":1},\"links\"")));
        assertNull(s.control().routing());
        assertNull(s.udp().inputQueueLimit());
        assertNull(s.ee());
        assertNull(s.neighbours());
        assertEquals(1, s.control().echoesPending());
        assertEquals(bare, ReportJson.MAPPER.writeValueAsString(s), "the unknown section is skipped, the rest is as sent");
    }
}
