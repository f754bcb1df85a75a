package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.aspen.lab.scenario.Scenario;

/**
 * What the node processes answered to a {@link ProcessLab} run's workload, as it streamed in: the
 * {@code ping} and {@code trace} lines of each workload entry (by its index), each transfer's
 * {@code rdp.send} and {@code rdp.recv} summaries (by its name), and the requests that failed.
 *
 * <pre>{@code
 * Replies r = new Replies(scenario);
 * r.pings(0).add(line);              // {"seq": 3, "status": "reply", "rttMs": 4.1, ...}
 * r.sent().put("bulk", summary);     // {"bytes": 262144, "retransmissions": 0, ..., "summary": true}
 * }</pre>
 */
final class Replies {
    private final Scenario s;
    private final List<List<JsonNode>> pings = new ArrayList<>();
    private final List<List<JsonNode>> traces = new ArrayList<>();
    private final Map<String, JsonNode> sent = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> received = new ConcurrentHashMap<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private final Map<String, Long> sentSoFar = new ConcurrentHashMap<>();
    private final Map<String, Long> receivedSoFar = new ConcurrentHashMap<>();

    Replies(Scenario s) {
        this.s = s;
        s.workload().pings().forEach(p -> pings.add(Collections.synchronizedList(new ArrayList<>())));
        s.workload().traces().forEach(t -> traces.add(Collections.synchronizedList(new ArrayList<>())));
    }

    /** The {@code ping} reply lines of ping workload entry {@code i} (one per echo request, with {@code seq}). */
    List<JsonNode> pings(int i) {
        return pings.get(i);
    }

    /** The {@code trace} lines of trace workload entry {@code i} (one per hop, with {@code ttl}). */
    List<JsonNode> traces(int i) {
        return traces.get(i);
    }

    /** The senders' summaries by transfer name. */
    Map<String, JsonNode> sent() {
        return sent;
    }

    /** The receivers' summaries by transfer name. */
    Map<String, JsonNode> received() {
        return received;
    }

    /** Bytes of the senders' last progress lines by transfer name (what an unfinished transfer had sent). */
    Map<String, Long> sentSoFar() {
        return sentSoFar;
    }

    /** Bytes of the receivers' last progress lines by transfer name (what had arrived when the run ended). */
    Map<String, Long> receivedSoFar() {
        return receivedSoFar;
    }

    /** What failed, by what it was ({@code "transfer bulk sender"}, {@code "b link.set"}). */
    Map<String, String> failures() {
        return failures;
    }

    static List<JsonNode> copy(List<JsonNode> lines) {
        synchronized (lines) {
            return new ArrayList<>(lines);
        }
    }

    /** The report's {@code workload}: transfers' summaries, pings' replies, failures. */
    ProcessReport.Workload report() {
        Map<String, ProcessReport.Transfer> transfers = new LinkedHashMap<>();
        Set<String> names = new TreeSet<>(sent.keySet());
        names.addAll(received.keySet());
        for (String k : names) {
            transfers.put(k, new ProcessReport.Transfer(sent.get(k), received.get(k)));
        }
        List<ProcessReport.Ping> ps = new ArrayList<>();
        for (int i = 0; i < pings.size(); i++) {
            Scenario.PingSpec p = s.workload().pings().get(i);
            ps.add(new ProcessReport.Ping(p.from(), p.to(), copy(pings.get(i))));
        }
        return new ProcessReport.Workload(transfers, ps, new TreeMap<>(failures));
    }
}
