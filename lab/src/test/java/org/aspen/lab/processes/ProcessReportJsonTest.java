package org.aspen.lab.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.NodeStats;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.node.NodeCounts;
import org.junit.jupiter.api.Test;

/**
 * The report of a run with one process per node ({@link ProcessReport}) writes the text the report has
 * had (its ping entries now always {@code from, to, replies} and its failures in name order, where
 * they came in no set order before), and reads back to the same text.
 */
class ProcessReportJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static ProcessReport handBuilt() throws Exception {
        ProcessReport.Workload w = new ProcessReport.Workload(
                Map.of("bulk", new ProcessReport.Transfer(JSON.readTree("{\"bytes\":4000,\"complete\":true}"),
                        JSON.readTree("{\"bytes\":4000,\"complete\":true}"))),
                List.of(new ProcessReport.Ping("a", "c", List.of(JSON.readTree("{\"seq\":0,\"status\":\"reply\",\"from\":\"10.0.0.3\","
                        + "\"name\":\"c\",\"ttl\":62,\"rttMs\":4.5}")))),
                new TreeMap<>(Map.of("b link.set", "refused", "transfer bulk receiver", "timed out")));
        NodeStats b = new NodeStats("b", "10.0.0.2", 3_000_000_000L, new NodeCounts(4, 4, 0, 0, 0, 0, Map.of()),
                null, null, null, null, null, null, null, null, List.of());
        return new ProcessReport("line3", "processes", 1, 8_000_000_000L, false,
                List.of(new ExpectationResult("pings", "pings a->c", true, ">= 1 answered", "1/1")), w,
                List.of("0s: 3 node processes up"), Map.of("b", b));
    }

    static final String HAND_BUILT_JSON = String.join("",
            "{\"scenario\":\"line3\",\"runtime\":\"processes\",\"seed\":1,\"durationNanos\":8000000000,\"passed\":false,",
            "\"expectations\":[{\"type\":\"pings\",\"description\":\"pings a->c\",\"passed\":true,\"expected\":\">= 1 answered\",",
            "\"measured\":\"1/1\"}],",
            "\"workload\":{\"transfers\":{\"bulk\":{\"sender\":{\"bytes\":4000,\"complete\":true},",
            "\"receiver\":{\"bytes\":4000,\"complete\":true}}},",
            "\"pings\":[{\"from\":\"a\",\"to\":\"c\",\"replies\":[{\"seq\":0,\"status\":\"reply\",\"from\":\"10.0.0.3\",\"name\":\"c\",",
            "\"ttl\":62,\"rttMs\":4.5}]}],",
            "\"failures\":{\"b link.set\":\"refused\",\"transfer bulk receiver\":\"timed out\"}},",
            "\"events\":[\"0s: 3 node processes up\"],",
            "\"nodes\":{\"b\":{\"node\":\"b\",\"address\":\"10.0.0.2\",\"nowNanos\":3000000000,\"counters\":{\"received\":4,",
            "\"forwarded\":4,\"delivered\":0,\"originated\":0,\"intercepted\":0,\"reinjected\":0,\"drops\":{}},\"links\":[]}}}");

    @Test
    void aHandBuiltReportWritesTheExactTextAndReadsBack() throws Exception {
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(handBuilt()));
        ProcessReport back = ReportJson.MAPPER.readValue(HAND_BUILT_JSON, ProcessReport.class);
        assertEquals(handBuilt(), back);
        assertEquals(HAND_BUILT_JSON, ReportJson.MAPPER.writeValueAsString(back));
        assertEquals(4, back.nodes().get("b").counters().forwarded());
    }
}
