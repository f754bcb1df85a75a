package org.aspen.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.AaCounts;
import org.aspen.ee.AaReport;
import org.aspen.ee.EeCounts;
import org.aspen.ee.EeReport;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;

/** The run report's records write the JSON text the report has always had, and read it back unchanged. */
class LabReportJsonTest {

    static <V> Map<String, V> map(Object... kv) {
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            @SuppressWarnings("unchecked")
            V v = (V) kv[i + 1];
            m.put((String) kv[i], v);
        }
        return m;
    }

    /** A report built by hand: one flow, one unfinished transfer, one cross source, a node with an AA, one link end. */
    static LabReport handBuilt() {
        TransferReport flow = TransferReport.of("f1", "a", "b:5001", true, 9.5, null, null, 120000, 118000, 8.5, 111059L, 3L, 2L,
                new CloseFigures(0.25, 4.5, map("FAST_RETRANSMIT", 2L, "TIMEOUT", 0L), map("FAST_RETRANSMIT", 4.5, "TIMEOUT", 0.0)),
                null, "out/demo-f1-cwnd.csv");
        TransferReport unfinished = TransferReport.of("t1", "a", "b:5002", null, null, false, false, 0, 4000, null, null, null,
                null, null, null, null);
        CrossReport cross = new CrossReport("x", "a", "b", 80000, 1000, "fixed", 5, 5.0, 50, 0, 49, 49000);
        AaReport aa = new AaReport("acc-monitor@1.0.0", "acc-monitor", "1.0.0", "d1g", "ACC monitor", "running", null,
                map("minRtt", "0ms"), 0, 1, 0, new AaCounts(12, 12000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3000, 0),
                map("notificationsSent", 4L));
        NodeReport a = new NodeReport(10, 2, 3, 4, 0, 0, map("no-route", 1L), null, null, new NodeReport.InputQueue(25, 0, 3),
                new EeReport(new EeCounts(1, 0, 0, 0, 0, 0, 0, 0, 0, 0), List.of(aa)));
        NodeReport b = new NodeReport(5, 0, 5, 0, 0, 0, Map.of(), null, null, null, null);
        LinkReport ab = new LinkReport("a-b", "10.0.0.2", "sim", true, new LinkReport.Config(1_000_000, 5_000_000, "10 packets", 1),
                map("kind", "droptail", "queuedPackets", 0, "queuedBytes", 0),
                new LinkCounts(60, 60, 61000, 7, 420, 0, 4, 0.125, 0.5, map("overflow", 2L)));
        return new LabReport("demo", "simulated", 7, 10.0, 0.25, false, "00ff", 1234L,
                List.of(new ExpectationResult("flow", "flow f1 goodput", false, ">= 1 Mbps", "111.1 kbps")),
                List.of(new PingReport("a", "b", 2, 1, map("reply", 1, "timeout", 1), 10.5, 10.5, 10.5, 10.5),
                        new PingReport("b", "a", 1, 0, map("unreachable", 1), null, null, null, null)),
                List.of(new TraceReport("a", "b", false, List.of(new TraceReport.Hop(1, "ttl_exceeded", "r", "10.0.0.3", 4.25),
                        new TraceReport.Hop(2, "timeout", null, null, 0.0)))),
                List.of(flow, unfinished), List.of(cross),
                List.of(new LabReport.Event(0.5, "*", "link a-b down")), map("a", a, "b", b), map("a-b@a", ab),
                new TimeSeries(0.5, List.of(0.5, 1.0), map("f1", new TimeSeries.Flow(Arrays.asList(null, 4.0), Arrays.asList(null, 96000.0))),
                        map("a-b@a", new TimeSeries.Queue(List.of(0.0, 2.0)))));
    }

    static final String HAND_BUILT_JSON = String.join("",
            "{\"scenario\":\"demo\",\"mode\":\"simulated\",\"seed\":7,\"durationSeconds\":10.0,\"wallSeconds\":0.25,\"passed\":false,",
            "\"traceHash\":\"00ff\",\"traceEvents\":1234,",
            "\"expectations\":[{\"type\":\"flow\",\"description\":\"flow f1 goodput\",\"passed\":false,\"expected\":\">= 1 Mbps\",",
            "\"measured\":\"111.1 kbps\"}],",
            "\"pings\":[{\"from\":\"a\",\"to\":\"b\",\"sent\":2,\"answered\":1,\"outcomes\":{\"reply\":1,\"timeout\":1},",
            "\"rttMinMs\":10.5,\"rttAvgMs\":10.5,\"rttP50Ms\":10.5,\"rttMaxMs\":10.5},",
            "{\"from\":\"b\",\"to\":\"a\",\"sent\":1,\"answered\":0,\"outcomes\":{\"unreachable\":1}}],",
            "\"traces\":[{\"from\":\"a\",\"to\":\"b\",\"reached\":false,\"hops\":[{\"ttl\":1,\"status\":\"ttl_exceeded\",",
            "\"node\":\"r\",\"address\":\"10.0.0.3\",\"rttMs\":4.25},{\"ttl\":2,\"status\":\"timeout\",\"node\":null,",
            "\"address\":null,\"rttMs\":0.0}]}],",
            "\"transfers\":[{\"name\":\"f1\",\"from\":\"a\",\"to\":\"b:5001\",\"bulk\":true,\"stopSeconds\":9.5,\"bytesSent\":120000,",
            "\"bytesReceived\":118000,\"seconds\":8.5,\"goodputBps\":111059,\"retransmissions\":3,\"windowCloses\":2,",
            "\"closesPerSecond\":0.25,\"meanCloseMagnitude\":4.5,\"closesByCause\":{\"FAST_RETRANSMIT\":2,\"TIMEOUT\":0},",
            "\"meanCloseMagnitudeByCause\":{\"FAST_RETRANSMIT\":4.5,\"TIMEOUT\":0.0},\"sha256\":null,\"cwndTrace\":\"out/demo-f1-cwnd.csv\"},",
            "{\"name\":\"t1\",\"from\":\"a\",\"to\":\"b:5002\",\"complete\":false,\"digestMatch\":false,\"bytesSent\":0,\"bytesReceived\":4000,",
            "\"seconds\":null,\"goodputBps\":null,\"retransmissions\":null,\"windowCloses\":null,\"sha256\":null,\"cwndTrace\":null}],",
            "\"cross\":[{\"name\":\"x\",\"from\":\"a\",\"to\":\"b\",\"rateBps\":80000,\"packetBytes\":1000,\"durations\":\"fixed\",",
            "\"bursts\":5,\"onSeconds\":5.0,\"sentPackets\":50,\"sendFailures\":0,\"receivedPackets\":49,\"receivedBytes\":49000}],",
            "\"events\":[{\"t\":0.5,\"node\":\"*\",\"event\":\"link a-b down\"}],",
            "\"nodes\":{\"a\":{\"received\":10,\"forwarded\":2,\"delivered\":3,\"originated\":4,\"intercepted\":0,\"reinjected\":0,",
            "\"drops\":{\"no-route\":1},\"inputQueue\":{\"limit\":25,\"drops\":0,\"peak\":3},",
            "\"ee\":{\"ee\":{\"started\":1,\"stopped\":0,\"refused\":0,\"fetches\":0,\"fetchFailures\":0,\"digestMismatches\":0,",
            "\"pendingDrops\":0,\"undeliverableMessages\":0,\"remoteRefusals\":0,\"overruns\":0},\"aas\":[{\"id\":\"acc-monitor@1.0.0\",\"name\":\"acc-monitor\",",
            "\"version\":\"1.0.0\",\"digest\":\"d1g\",\"description\":\"ACC monitor\",\"state\":\"running\",\"params\":{\"minRtt\":\"0ms\"},",
            "\"startedAtNanos\":0,\"channels\":1,\"queued\":0,\"counters\":{\"packets\":12,\"bytes\":12000,\"messages\":0,",
            "\"congestionEvents\":0,\"timers\":0,\"reinjected\":0,\"dropped\":0,\"released\":0,\"sent\":0,\"errors\":0,",
            "\"queueDrops\":0,\"overruns\":0,\"handlerNanos\":3000,\"maxHandlerNanos\":0},",
            "\"metrics\":{\"notificationsSent\":4}}]}},",
            "\"b\":{\"received\":5,\"forwarded\":0,\"delivered\":5,\"originated\":0,\"intercepted\":0,\"reinjected\":0,\"drops\":{}}},",
            "\"links\":{\"a-b@a\":{\"name\":\"a-b\",\"peer\":\"10.0.0.2\",\"wire\":\"sim\",\"up\":true,",
            "\"config\":{\"bandwidthBps\":1000000,\"delayNanos\":5000000,\"limit\":\"10 packets\",\"cost\":1},",
            "\"discipline\":{\"kind\":\"droptail\",\"queuedPackets\":0,\"queuedBytes\":0},",
            "\"counters\":{\"enqueued\":60,\"sentPackets\":60,\"sentBytes\":61000,\"receivedPackets\":7,\"receivedBytes\":420,",
            "\"marked\":0,\"peakQueue\":4,\"averageQueue\":0.125,\"utilisation\":0.5,\"drops\":{\"overflow\":2}}}},",
            "\"timeSeries\":{\"intervalSeconds\":0.5,\"t\":[0.5,1.0],",
            "\"flows\":{\"f1\":{\"cwndPackets\":[null,4.0],\"goodputBps\":[null,96000.0]}},",
            "\"links\":{\"a-b@a\":{\"queuePackets\":[0.0,2.0]}}}}");

    @Test
    void aHandBuiltReportWritesTheExactText() throws Exception {
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(handBuilt()));
    }

    @Test
    void theTextReadsBackToTheSameReportAndText() throws Exception {
        LabReport back = ReportJson.MAPPER.readValue(HAND_BUILT_JSON, LabReport.class);
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(back));
        assertEquals(handBuilt().transfers(), back.transfers());
        assertEquals(handBuilt().links(), back.links());
        assertEquals(handBuilt().nodes(), back.nodes());
        assertEquals(4, back.nodes().get("a").aaMetric("notificationsSent"));
        assertEquals(2, back.link("a-b@a").counters().congestionDrops());
        assertEquals(handBuilt().pings(), back.pings());
        assertEquals(handBuilt().traces(), back.traces());
        assertEquals(handBuilt().timeSeries(), back.timeSeries());
        assertNull(back.pings().get(1).rttMinMs(), "no answer: no round-trip times");
    }

    @Test
    void aRunsReportReadsBackToTheSameText() throws Exception {
        // a timed link cut, a ping, a flow and cross traffic over a 20-packet bottleneck: every part of the report has entries
        String yaml = """
                name: roundtrip
                duration: 6s
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: r, address: 10.0.0.2, acc: {monitor: true, minRtt: 0ms}}
                  - {name: b, address: 10.0.0.3}
                links:
                  - {between: [a, r], bandwidth: 10Mbps, delay: 5ms}
                  - {between: [r, b], bandwidth: 1Mbps, delay: 5ms, buffer: 20}
                workload:
                  pings: [{from: a, to: b, count: 3, interval: 1s, start: 1s}]
                  traces: [{from: a, to: b, at: 2s}]
                  flows: [{name: f1, from: a, to: b, start: 500ms}]
                  cross: [{from: a, to: b, rate: 100kbps, on: 1s, off: 1s, durations: fixed, start: 1s}]
                events:
                  - {at: 5s, down: a-r}
                expect:
                  - {type: flow, flow: f1, minGoodput: 100kbps}
                """;
        LabReport r = LabRunner.run(ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "rt.yaml", true),
                new LabRunner.Options(true, 1L, null, null, null)).report();
        String text = ReportJson.INDENTED.writeValueAsString(r);
        assertEquals(text, ReportJson.INDENTED.writeValueAsString(ReportJson.MAPPER.readValue(text, LabReport.class)));
        assertEquals(1, r.transfers().size());
        assertEquals(1, r.crossOrEmpty().size());
        assertEquals(3, r.pings().get(0).sent());
        assertEquals(List.of("r", "b"), r.traces().get(0).hops().stream().map(TraceReport.Hop::node).toList());
        assertEquals(r.timeSeries().t().size(), r.timeSeries().flows().get("f1").cwndPackets().size());
        assertEquals("running", r.nodes().get("r").aaState("acc-monitor"));
    }
}
