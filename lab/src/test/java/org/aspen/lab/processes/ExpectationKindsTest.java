package org.aspen.lab.processes;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.aspen.lab.judge.ExpectationJudge;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.judge.Judges;
import org.aspen.lab.judge.Observer;
import org.aspen.lab.judge.PathSample;
import org.aspen.lab.judge.TransferOutcome;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.TransferReport;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ReportJson;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kind of expectation (each permitted subtype of the sealed {@link Scenario.Expectation}) has
 * one judge, and both runners either judge it or refuse it: the in-process runner judges every kind;
 * the process runner judges it from its nodes' control replies ({@link ProcessEvidence}) or refuses
 * the scenario in one line before any process starts. A new kind that neither handles fails here
 * (add a judge to {@code Judges} and an example to {@link #EVERY_KIND}). The process side is fed
 * canned control replies of the shapes the node commands send; {@code ProcessLabTest} (cli) runs
 * real node processes.
 */
class ExpectationKindsTest {
    static final String EVERY_KIND = """
            name: every-kind
            duration: 4s
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2}
              - {name: c, address: 10.0.0.3}
            links:
              - {between: [a, b], bandwidth: 10Mbps, delay: 5ms}
              - {between: [b, c], bandwidth: 10Mbps, delay: 5ms}
            workload:
              pings:
                - {from: a, to: c, count: 4, interval: 100ms, start: 2s}
              traces:
                - {from: a, to: c, at: 2s}
              transfers:
                - {name: x, from: a, to: c, size: 20KB, start: 2s}
              flows:
                - {name: f, from: c, to: a, start: 2s}
            expect:
              - {type: pings, from: a, to: c, atLeast: 50%}
              - {type: route, from: a, to: c, via: [b], after: 2s}
              - {type: reachable}
              - {type: trace, from: a, to: c, hops: [b, c]}
              - {type: counter, node: b, counter: link.b-c.sentPackets, atLeast: 1}
              - {type: transfer, transfer: x}
              - {type: flow, flow: f, minGoodput: 1kbps}
              - {type: rtt, from: a, to: c, max: 1s}
              - {type: loss, from: a, to: c, max: 50%}
              - {type: stat, transfer: x, stat: closesByCause.TIMEOUT, atMost: 100}
            """;
    static final ObjectMapper JSON = new ObjectMapper();

    static Scenario parse(String yaml) {
        return ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "k.yaml", true);
    }

    /** The {@code type} name of each expectation record, as the file format declares it. */
    static Map<Class<?>, String> typeNames() {
        return Arrays.stream(Scenario.Expectation.class.getAnnotation(JsonSubTypes.class).value())
                .collect(Collectors.toMap(JsonSubTypes.Type::value, JsonSubTypes.Type::name));
    }

    @Test
    void everyKindHasOneJudgeAndAnExampleHere() {
        Scenario s = parse(EVERY_KIND);
        Set<Class<?>> sampled = new LinkedHashSet<>();
        s.expect().forEach(x -> sampled.add(x.getClass()));
        for (Class<?> kind : Scenario.Expectation.class.getPermittedSubclasses()) {
            ExpectationJudge<?, ?> j = Judges.of(kind.asSubclass(Scenario.Expectation.class));
            assertEquals(kind, j.kind());
            assertTrue(sampled.contains(kind), "add an example of " + kind.getSimpleName() + " to EVERY_KIND");
            assertTrue(typeNames().containsKey(kind), kind.getSimpleName() + " has no @JsonSubTypes name");
        }
    }

    @Test
    void oneProcessJudgesEveryKind() throws Exception {
        Scenario s = parse(EVERY_KIND);
        LabResult r = LabRunner.run(s, new LabRunner.Options(true, 1L, null, null, null));
        assertEquals(s.expect().size(), r.expectations().size());
        for (int i = 0; i < s.expect().size(); i++) {
            ExpectationResult x = r.expectations().get(i);
            assertEquals(typeNames().get(s.expect().get(i).getClass()), x.kind(), r.summary());
            assertTrue(x.passed(), r.summary());
        }
    }

    @Test
    void processesJudgeOrRefuseEveryKind() throws Exception {
        Scenario every = parse(EVERY_KIND);
        for (Scenario.Expectation x : every.expect()) {
            String type = typeNames().get(x.getClass());
            Optional<String> refused = refusal(x);
            if (refused.isPresent()) {
                // refused before any process starts, in one line that names it
                ConfigException e = assertThrows(ConfigException.class, () -> ProcessLab.refuseUnsupported(every), type);
                assertTrue(e.getMessage().contains(refused.get()) && !e.getMessage().contains("\n"), e.getMessage());
                continue;
            }
            Scenario alone = parse(EVERY_KIND.substring(0, EVERY_KIND.indexOf("  flows:"))
                    + "expect:\n  - " + JSON.writeValueAsString(x) + "\n");   // the record with its "type"
            ProcessLab.refuseUnsupported(alone);   // does not throw
            ExpectationResult r = Judges.start(alone, alone.durationNanos(), healthyRoutes()).results(cannedReplies(alone)).get(0);
            assertEquals(type, r.kind());
            assertTrue(r.passed(), type + ": " + r);
        }
    }

    @SuppressWarnings("unchecked")
    private static <X extends Scenario.Expectation> Optional<String> refusal(X x) {
        return Judges.of((Class<X>) x.getClass()).refusedUnderProcesses(x);
    }

    @Test
    void rttLossAndStatAreJudgedFromControlReplies() {
        Scenario s = parse(EVERY_KIND.substring(0, EVERY_KIND.indexOf("  flows:")) + """
                expect:
                  - {type: rtt, from: a, to: c, min: 11ms, max: 12ms}
                  - {type: loss, from: a, to: c, min: 25%, max: 25%}
                  - {type: stat, transfer: x, stat: closesByCause.TIMEOUT, atLeast: 2, atMost: 2}
                  - {type: stat, transfer: x, stat: aecnEchoes, atLeast: 7}
                  - {type: stat, transfer: x, stat: goodputBps, atLeast: 1000000}
                """);
        List<ExpectationResult> r = Judges.start(s, s.durationNanos(), healthyRoutes()).results(cannedReplies(s));
        assertEquals("11.0 ms over 3 answers", r.get(0).measured());   // rtts 10, 11, 12: the median
        assertEquals("25.0% (1/4 lost)", r.get(1).measured());
        assertEquals("2", r.get(2).measured());
        assertEquals("7", r.get(3).measured());
        assertEquals("1600000", r.get(4).measured());
        r.forEach(x -> assertTrue(x.passed(), x.toString()));
    }

    @Test
    void aTransfersSummariesGiveTheReportALabTransferHas() throws Exception {
        Scenario s = transferX();
        TransferOutcome t = cannedReplies(s).transfer("x");
        int port = s.workload().transfers().get(0).portAt(0);
        // the canned rdp.send summary: 20000 bytes in 0.1 s (1.6 Mb/s), 2 closes, both TIMEOUT of 1.5 packets
        String expected = "{\"name\":\"x\",\"from\":\"a\",\"to\":\"c:" + port + "\",\"complete\":true,\"digestMatch\":true,"
                + "\"bytesSent\":20000,\"bytesReceived\":20000,\"seconds\":0.1,\"goodputBps\":1600000,\"retransmissions\":0,"
                + "\"windowCloses\":2,\"closesPerSecond\":20.0,\"meanCloseMagnitude\":1.5,"
                + "\"closesByCause\":{\"FAST_RETRANSMIT\":0,\"TIMEOUT\":2,\"ECN\":0,\"NOTIFICATION\":0},"
                + "\"meanCloseMagnitudeByCause\":{\"FAST_RETRANSMIT\":0.0,\"TIMEOUT\":1.5,\"ECN\":0.0,\"NOTIFICATION\":0.0},"
                + "\"sha256\":\"ab12\",\"cwndTrace\":null}";
        assertEquals(expected, ReportJson.MAPPER.writeValueAsString(t.report()));
        // the same record the in-process lab writes, read back from that text
        TransferReport typed = ReportJson.MAPPER.readValue(expected, TransferReport.class);
        assertEquals(2, typed.closes("TIMEOUT"));
        assertEquals(expected, ReportJson.MAPPER.writeValueAsString(typed));
        assertEquals(new TransferOutcome.Sent(20000, 0, 1.6e6), t.sent());
        assertEquals(20000L, t.bytesReceived());
        assertTrue(t.digestMatch());
        assertEquals(7, t.senderCounters().get("aecnEchoes"));
    }

    @Test
    void aReceiverWithAnotherDigestIsNoMatch() {
        Scenario s = transferX();
        Replies replies = new Replies(s);
        replies.sent().put("x", json("""
                {"role": "send", "bytes": 300, "seconds": 0.5, "goodputBps": 4800.0, "sha256": "ab12", "complete": true,
                 "summary": true}"""));
        replies.received().put("x", json("""
                {"role": "recv", "bytes": 300, "sha256": "cd34", "complete": true, "summary": true}"""));
        TransferOutcome t = new ProcessEvidence(s, replies, Map.of()).transfer("x");
        assertFalse(t.digestMatch());
        assertEquals(true, t.report().get("complete"));
        assertEquals(false, t.report().get("digestMatch"));
        assertEquals(4800L, t.report().get("goodputBps"));   // 300 * 8 / 0.5
        assertFalse(t.report().containsKey("closesByCause"));   // no details: no close figures
        assertEquals(Map.of(), t.senderCounters());
    }

    @Test
    void anUnfinishedTransferReportsWhatItsProgressLinesCounted() {
        Scenario s = transferX();
        Replies replies = new Replies(s);
        // the run ended mid-transfer: progress lines only, no summaries
        replies.sentSoFar().put("x", 14000L);
        replies.receivedSoFar().put("x", 12000L);
        ProcessEvidence e = new ProcessEvidence(s, replies, Map.of());
        assertEquals(12000L, e.transfer("x").bytesReceived());
        assertEquals(14000L, e.transfer("x").report().get("bytesSent"));
        assertEquals(12000L, e.transfer("x").report().get("bytesReceived"));
        ExpectationResult r = Judges.start(s, s.durationNanos(), healthyRoutes()).results(e).get(0);
        assertFalse(r.passed());
        assertEquals("not finished (12000 bytes received)", r.measured());
    }

    @Test
    void aKindTheProcessesCannotJudgeIsRefusedInOneLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> ProcessLab.refuseUnsupported(parse(EVERY_KIND)));
        assertEquals("every-kind: --processes does not run workload.flows, expect type 'flow' yet; run this scenario"
                + " without --processes (one process)", e.getMessage());
        assertFalse(Judges.refusedUnderProcesses(parse(EVERY_KIND)).isEmpty());
    }

    /** EVERY_KIND's nodes, links and workload without flows, expecting transfer x. */
    private static Scenario transferX() {
        return parse(EVERY_KIND.substring(0, EVERY_KIND.indexOf("  flows:")) + """
                expect:
                  - {type: transfer, transfer: x}
                """);
    }

    /** Routes as a healthy line a-b-c would answer them. */
    private static Observer healthyRoutes() {
        return new Observer() {
            @Override
            public void samplePath(long atNanos, String from, String to, Consumer<PathSample> sink) {
                sink.accept(new PathSample(atNanos, List.of("a", "b", "c"), List.of("a-b", "b-c"), null));
            }

            @Override
            public void findMissingRoutes(long atNanos, Consumer<String> sink) {
            }
        };
    }

    /**
     * What the nodes would answer: ping probes 0..2 replied (rtt 10, 11, 12 ms) and 3 timed out; a
     * trace through b to c; the transfer's rdp.send summary with details and its rdp.recv summary;
     * each node's stats.
     */
    private static ProcessEvidence cannedReplies(Scenario s) {
        Replies replies = new Replies(s);
        for (int k = 0; k < 4; k++) {
            replies.pings(0).add(json(k < 3 ? "{\"seq\": %d, \"status\": \"reply\", \"from\": \"10.0.0.3\", \"rttMs\": %d}".formatted(k, 10 + k)
                    : "{\"seq\": %d, \"status\": \"timeout\", \"from\": null, \"rttMs\": 0}".formatted(k)));
        }
        replies.traces(0).add(json("{\"ttl\": 1, \"status\": \"ttl_exceeded\", \"from\": \"10.0.0.2\", \"rttMs\": 10}"));
        replies.traces(0).add(json("{\"ttl\": 2, \"status\": \"reply\", \"from\": \"10.0.0.3\", \"rttMs\": 20}"));
        replies.sent().put("x", json("""
                {"role": "send", "peer": "10.0.0.3:5000", "bytes": 20000, "expected": 20000, "seconds": 0.1,
                 "goodputBps": 1600000.0, "retransmissions": 0, "windowCloses": 2, "sha256": "ab12", "complete": true,
                 "end": "LOCAL", "stats": {"aecnEchoes": 7, "timeouts": 2}, "closesPerSecond": 20.0,
                 "meanCloseMagnitude": 1.5, "closesByCause": {"FAST_RETRANSMIT": 0, "TIMEOUT": 2, "ECN": 0, "NOTIFICATION": 0},
                 "meanCloseMagnitudeByCause": {"FAST_RETRANSMIT": 0.0, "TIMEOUT": 1.5, "ECN": 0.0, "NOTIFICATION": 0.0},
                 "summary": true}"""));
        replies.received().put("x", json("""
                {"role": "recv", "bytes": 20000, "sha256": "ab12", "complete": true, "summary": true}"""));
        Map<String, JsonNode> stats = new LinkedHashMap<>();
        for (Scenario.NodeSpec n : s.nodes()) {
            List<String> links = new ArrayList<>();
            s.links().stream().filter(l -> l.between().contains(n.name()))
                    .forEach(l -> links.add("{\"name\": \"" + l.linkName() + "\", \"counters\": {\"sentPackets\": 40}}"));
            stats.put(n.name(), json("{\"counters\": {\"received\": 50}, \"links\": [" + String.join(", ", links) + "]}"));
        }
        return new ProcessEvidence(s, replies, stats);
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
