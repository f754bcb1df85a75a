package org.aspen.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.junit.jupiter.api.Test;

/**
 * What a dashboard keeps of a run: thinning in time that keeps the start and the end and treats
 * every node alike, the replay order, and the self-contained report page.
 */
class DashboardHistoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Sample number {@code i} of node {@code node}, at {@code i} tenths of a second. */
    private static Map<String, Object> sample(String node, int i) {
        return Map.of("node", node, "t", i / 10.0, "flows", List.of(), "links", List.of());
    }

    /** The (node, t) of each sample in the replayed report, in order. */
    private static List<String> replayedSamples(String page) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"aspen-replay\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertTrue(m.find(), "the report embeds the replay");
        List<String> out = new ArrayList<>();
        for (JsonNode pair : JSON.readTree(m.group(1).replace("<\\/", "</"))) {
            if (pair.get(0).asText().equals("sample")) {
                out.add(pair.get(1).get("node").asText() + "@" + Math.round(pair.get(1).get("t").asDouble() * 10));
            }
        }
        return out;
    }

    @Test
    void aLongRunIsThinnedInTimeKeepingItsStartAndEndForEveryNode() throws Exception {
        DashboardHistory h = new DashboardHistory();
        h.record("topology", Map.of("name", "two"));
        int per = DashboardHistory.MAX_SAMPLES / 2 + 1;   // two nodes: one sample over the limit at the end
        for (int i = 0; i < per; i++) {
            h.record("sample", sample("a", i));
            h.record("sample", sample("b", i));
        }
        // 2 * 3001 = 6002 > 6000: thinned once (level 1) when the 6001st arrived, then one more came.
        // Level 1 keeps the even-numbered samples of each node: a's 0, 2, ..., 3000 and b's 0, 2, ..., 2998
        // at the moment of thinning (b's 3000 had not arrived), then b's 3000 arrives, even: kept
        assertEquals(1, h.thinning());
        assertEquals(1501 + 1501, h.samples());
        h.record("sample", sample("a", per));   // number 3001: odd, so not kept at level 1
        assertEquals(1501 + 1501, h.samples(), "after thinning, new samples are kept at the same stride");
        List<String> kept = replayedSamples(h.reportPage());
        assertEquals("a@0", kept.get(0), "the start stays");
        assertEquals("b@0", kept.get(1));
        assertEquals(List.of("a@3000", "b@3000"), kept.subList(kept.size() - 2, kept.size()), "the end stays");
        assertFalse(kept.contains("a@1") || kept.contains("b@2999"), "odd-numbered samples went: " + kept.subList(0, 6));
        assertEquals(kept.stream().filter(k -> k.startsWith("a@")).count(), kept.stream().filter(k -> k.startsWith("b@")).count(),
                "both nodes keep as many samples");
    }

    @Test
    void theStreamReplaysGraphLogPingsSamplesThenEndAndANewTopologyStartsAgain() {
        DashboardHistory h = new DashboardHistory();
        h.record("topology", Map.of("name", "first"));
        h.record("sample", sample("a", 0));
        h.record("topology", Map.of("name", "second"));   // the run restarted
        h.record("sample", sample("a", 1));
        h.record("ping", Map.of("t", 0.5, "from", "a", "to", "b"));
        h.record("log", Map.of("t", 0.2, "node", "a", "event", "x"));
        h.record("end", Map.of("t", 1.0));
        h.record("unknown", Map.of());
        String s = h.eventStream();
        List<String> kinds = Pattern.compile("event: (\\w+)").matcher(s).results().map(r -> r.group(1)).toList();
        assertEquals(List.of("topology", "log", "ping", "sample", "end"), kinds);
        assertTrue(s.contains("\"second\"") && !s.contains("\"first\""), s);
        assertTrue(h.ended());
    }

    @Test
    void theReportIsOnePageWithItsStyleScriptAndDataInline() throws Exception {
        DashboardHistory h = new DashboardHistory();
        h.record("topology", Map.of("name", "tricky </script><b>"));
        h.record("log", Map.of("t", 0.1, "node", "a", "event", "</script> in an event"));
        String page = h.reportPage();
        assertFalse(page.contains("href=\"dashboard.css\"") || page.contains("src=\"dashboard.js\""), "nothing to fetch");
        assertTrue(page.contains("<style>") && page.contains("function replay("), "style and script inline");
        // the only </script> closings are the two elements' own: data cannot end its element early
        assertEquals(2, Pattern.compile("</script>").matcher(page).results().count());
        assertEquals(List.of(), replayedSamples(page));
        assertTrue(page.contains("tricky <\\/script><b>"), "escaped inside the JSON, read back by JSON.parse as </");
    }

    @Test
    void aRecorderWatchesALabWithoutServingAndWithoutChangingIt() throws Exception {
        LabRunner.Options o = new LabRunner.Options(true, null, null, null, null);
        LabResult without = LabRunner.run(LabDashboardTest.scenario(), o);
        try (LabDashboard d = LabDashboard.recorder()) {
            LabResult with = LabRunner.run(LabDashboardTest.scenario(), o, d);
            assertEquals(without.traceHash(), with.traceHash(), "recording does not change the run");
            assertEquals(without.traceEvents(), with.traceEvents());
            assertEquals(null, d.url());
            String page = d.reportPage();
            List<String> samples = replayedSamples(page);
            // 6 s at 100 ms for each of four nodes, from t = 0 to the end
            assertTrue(samples.contains("s1@0") && samples.contains("r2@59"), samples.subList(0, 4).toString());
            assertTrue(page.contains("[\"end\",{\"t\":6.0}]"), "the run's end is in the report");
        }
    }
}
