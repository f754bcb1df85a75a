package org.aspen.lab.processes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.CounterPaths;
import org.aspen.lab.judge.Evidence;
import org.aspen.lab.judge.TransferOutcome;
import org.aspen.lab.report.CloseFigures;
import org.aspen.lab.report.EchoReply;
import org.aspen.lab.report.HopReply;
import org.aspen.lab.report.TransferReport;
import org.aspen.lab.scenario.Scenario;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.mgmt.ReportJson;

/**
 * The process runner's {@link Evidence}, read from what the node processes answered ({@link Replies})
 * and their {@code stats} at the end: a ping's lines are {@link EchoReply} records, and probe
 * {@code seq} left at start + seq * interval; a trace's lines are {@link HopReply} records, and
 * a silent trace hop is {@code ?}; a transfer's {@code rdp.send} (with {@code details}) and {@code rdp.recv}
 * summaries are read as {@link TransferSummary} records (the sender's window-close figures as
 * {@link CloseFigures}) and give the same {@link TransferReport} a lab transfer has.
 *
 * <pre>{@code
 * List<ExpectationResult> results = judging.results(new ProcessEvidence(scenario, replies, stats));
 * }</pre>
 */
final class ProcessEvidence implements Evidence {
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
            Map<Integer, EchoReply> bySeq = new HashMap<>();
            for (JsonNode line : Replies.copy(replies.pings(i))) {
                EchoReply r = read(line, EchoReply.class);
                bySeq.put(r.seq(), r);
            }
            // every probe asked for counts; one the node never reported on was not answered
            for (int k = 0; k < spec.probes(); k++) {
                EchoReply r = bySeq.get(k);
                boolean answered = r != null && r.answered();
                out.add(new Probe(spec.startNanos() + k * spec.intervalNanos(), answered, answered ? r.rttMs() : 0));
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
            for (JsonNode line : Replies.copy(replies.traces(i))) {
                HopReply h = read(line, HopReply.class);
                if (!h.heard()) {
                    hops.add("?");
                } else {
                    String n = s.nodeNamed(VAddr.parse(h.from()));
                    hops.add(n != null ? n : h.from());
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
        TransferSummary a = read(replies.sent().get(name), TransferSummary.class);
        TransferSummary b = read(replies.received().get(name), TransferSummary.class);
        boolean complete = a != null && b != null && a.complete() && b.complete();
        boolean match = complete && a.sha256() != null && a.sha256().equals(b.sha256());
        TransferOutcome.Sent sent = a == null ? null : new TransferOutcome.Sent(a.bytes(), a.retransmissions(), a.goodputBps());
        Map<String, Object> counters = a == null || a.stats() == null ? Map.of() : a.stats();
        // an unfinished transfer has no summary yet: what its last progress lines counted
        Long received = b != null ? Long.valueOf(b.bytes()) : replies.receivedSoFar().get(name);
        Long sentSoFar = a != null ? null : replies.sentSoFar().get(name);
        TransferReport report = report(name, spec, spec.portAt(i), a, figures(replies.sent().get(name)), complete, match,
                a != null ? a.bytes() : sentSoFar == null ? 0 : sentSoFar, received == null ? 0 : received);
        return new TransferOutcome(name, spec.from(), spec.to(), false, sent, received,
                match, ReportJson.MAPPER.convertValue(report, Map.class), counters,
                replies.failures().get("transfer " + name + " sender"));
    }

    /**
     * A lab transfer's report ({@code TransferRun.report}) from the {@code rdp.send} summary {@code a}
     * (null: none came) and its window-close figures {@code f} (null: the node sent none).
     */
    private static TransferReport report(String name, Scenario.TransferSpec spec, int port, TransferSummary a, CloseFigures f,
                                         boolean complete, boolean match, long bytesSent, long bytesReceived) {
        return TransferReport.of(name, spec.from(), spec.to() + ":" + port, null, null, complete, match, bytesSent,
                bytesReceived, a == null ? null : a.seconds(), a == null ? null : Math.round(a.goodputBps()),
                a == null ? null : a.retransmissions(), a == null ? null : a.windowCloses(), a == null ? null : f,
                a == null ? null : a.sha256(), null);
    }

    /** The window-close figures a {@code details} summary carries beside its own fields; null when it has none. */
    private static CloseFigures figures(JsonNode summary) {
        CloseFigures f = read(summary, CloseFigures.class);
        return f == null || f.closesByCause() == null ? null : f;
    }

    /** A reply line as its record; null for none. */
    private static <T> T read(JsonNode line, Class<T> type) {
        if (line == null) {
            return null;
        }
        try {
            return ReportJson.MAPPER.treeToValue(line, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a node's reply is not a " + type.getSimpleName() + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    @Override
    public Map<String, Object> counters(String node) {
        return CounterPaths.of(stats.get(node));
    }
}
