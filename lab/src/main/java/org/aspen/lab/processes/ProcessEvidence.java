package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.CounterPaths;
import org.aspen.lab.judge.Evidence;
import org.aspen.lab.judge.TransferOutcome;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;

/**
 * The process runner's {@link Evidence}, read from what the node processes answered ({@link Replies})
 * and their {@code stats} at the end: a ping's probe {@code seq} left at start + seq * interval;
 * a silent trace hop is {@code ?}; a transfer's report has the keys of a lab transfer report, from the
 * {@code rdp.send} (with {@code details}) and {@code rdp.recv} summaries.
 *
 * <pre>{@code
 * List<ExpectationResult> results = judging.results(new ProcessEvidence(scenario, replies, stats));
 * }</pre>
 */
final class ProcessEvidence implements Evidence {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Scenario s;
    private final Replies replies;
    private final Map<String, JsonNode> stats;

    ProcessEvidence(Scenario s, Replies replies, Map<String, JsonNode> stats) {
        this.s = s;
        this.replies = replies;
        this.stats = stats;
    }

    @Override
    public List<Probe> probes(String from, String to) {
        List<Probe> out = new ArrayList<>();
        List<Scenario.PingSpec> pings = s.workload().pings();
        for (int i = 0; i < pings.size(); i++) {
            Scenario.PingSpec spec = pings.get(i);
            if (!spec.from().equals(from) || !spec.to().equals(to)) {
                continue;
            }
            Map<Long, JsonNode> bySeq = new HashMap<>();
            for (JsonNode r : Replies.copy(replies.pings(i))) {
                bySeq.put(r.path("seq").asLong(), r);
            }
            // every probe asked for counts; one the node never reported on was not answered
            for (int k = 0; k < spec.probes(); k++) {
                JsonNode r = bySeq.get((long) k);
                boolean answered = r != null && "reply".equals(r.path("status").asText());
                out.add(new Probe(spec.startNanos() + k * spec.intervalNanos(), answered,
                        answered ? r.path("rttMs").asDouble() : 0));
            }
        }
        return out;
    }

    @Override
    public List<TraceSeen> traces() {
        List<TraceSeen> out = new ArrayList<>();
        List<Scenario.TraceSpec> traces = s.workload().traces();
        for (int i = 0; i < traces.size(); i++) {
            Scenario.TraceSpec spec = traces.get(i);
            List<String> hops = new ArrayList<>();
            for (JsonNode h : Replies.copy(replies.traces(i))) {
                String from = h.path("from").asText(null);
                if (from == null || "timeout".equals(h.path("status").asText())) {
                    hops.add("?");
                } else {
                    String n = s.nodeNamed(VAddr.parse(from));
                    hops.add(n != null ? n : from);
                }
            }
            out.add(new TraceSeen(spec.from(), spec.to(), spec.atNanos(), hops));
        }
        return out;
    }

    @Override
    public TransferOutcome transfer(String name) {
        int i = s.transferIndex(name);
        if (i < 0) {
            return null;   // bulk flows do not run as processes (refused before the run)
        }
        Scenario.TransferSpec spec = s.workload().transfers().get(i);
        Map<String, Object> a = map(replies.sent().get(name));
        Map<String, Object> b = map(replies.received().get(name));
        boolean match = a != null && b != null && Boolean.TRUE.equals(a.get("complete")) && Boolean.TRUE.equals(b.get("complete"))
                && a.get("sha256") != null && a.get("sha256").equals(b.get("sha256"));
        TransferOutcome.Sent sent = a == null ? null : new TransferOutcome.Sent(number(a, "bytes").longValue(),
                number(a, "retransmissions").longValue(), number(a, "goodputBps").doubleValue());
        @SuppressWarnings("unchecked")
        Map<String, Object> counters = a != null && a.get("stats") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        // an unfinished transfer has no summary yet: what its last progress lines counted
        Long received = b != null ? Long.valueOf(number(b, "bytes").longValue()) : replies.receivedSoFar().get(name);
        Long sentSoFar = a != null ? null : replies.sentSoFar().get(name);
        Map<String, Object> report = report(name, spec, spec.portAt(i), a, b, match);
        report.put("bytesSent", a != null ? a.get("bytes") : sentSoFar == null ? 0 : sentSoFar);
        report.put("bytesReceived", received == null ? 0 : received);
        return new TransferOutcome(name, spec.from(), spec.to(), false, sent, received,
                match, report, counters,
                replies.failures().get("transfer " + name + " sender"));
    }

    /** The keys of a lab transfer's report ({@code TransferRun.report}), from the two summaries. */
    private static Map<String, Object> report(String name, Scenario.TransferSpec spec, int port, Map<String, Object> a,
                                              Map<String, Object> b, boolean match) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("from", spec.from());
        m.put("to", spec.to() + ":" + port);
        m.put("complete", a != null && Boolean.TRUE.equals(a.get("complete")) && b != null && Boolean.TRUE.equals(b.get("complete")));
        m.put("digestMatch", match);
        m.put("bytesSent", a == null ? 0 : a.get("bytes"));
        m.put("bytesReceived", b == null ? 0 : b.get("bytes"));
        m.put("seconds", a == null ? null : a.get("seconds"));
        m.put("goodputBps", a == null ? null : Math.round(number(a, "goodputBps").doubleValue()));
        m.put("retransmissions", a == null ? null : a.get("retransmissions"));
        m.put("windowCloses", a == null ? null : a.get("windowCloses"));
        if (a != null) {
            for (String k : List.of("closesPerSecond", "meanCloseMagnitude", "closesByCause", "meanCloseMagnitudeByCause")) {
                if (a.containsKey(k)) {
                    m.put(k, a.get(k));
                }
            }
        }
        m.put("sha256", a == null ? null : a.get("sha256"));
        return m;
    }

    @Override
    public Map<String, Object> counters(String node) {
        return CounterPaths.of(stats.get(node));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(JsonNode summary) {
        return summary == null ? null : JSON.convertValue(summary, Map.class);
    }

    private static Number number(Map<String, Object> m, String key) {
        return m.get(key) instanceof Number n ? n : 0;
    }
}
