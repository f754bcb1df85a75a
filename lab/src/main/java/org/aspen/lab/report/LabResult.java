package org.aspen.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.run.CrossTraffic;
import org.aspen.lab.run.EventLog;
import org.aspen.lab.run.LabSeries;
import org.aspen.lab.run.PingFlow;
import org.aspen.lab.run.TraceRun;
import org.aspen.lab.run.TransferRun;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.node.TraceHasher;

/** The outcome of one lab run: workload results, counters, judged expectations; JSON and text views. */
public final class LabResult {
    private final Scenario scenario;
    private final boolean simulated;
    private final long seed;
    private final long durationNanos;
    private final long wallNanos;
    private final TraceHasher hasher;
    private final List<PingFlow> pings;
    private final List<TraceRun> traces;
    private final List<TransferRun> transfers;
    private final List<CrossTraffic> cross;
    private final Map<String, java.nio.file.Path> series;
    private final Map<String, Object> nodes;
    private final Map<String, Object> links;
    private final List<ExpectationResult> expectations;
    private final EventLog events;
    /** Sampled series for plots (LabSeries.report()), or null. */
    private Map<String, Object> timeSeries;

    public LabResult(Scenario scenario, boolean simulated, long seed, long durationNanos, long wallNanos, TraceHasher hasher,
              List<PingFlow> pings, List<TraceRun> traces, List<TransferRun> transfers, List<CrossTraffic> cross,
              Map<String, java.nio.file.Path> series, Map<String, Object> nodes, Map<String, Object> links,
              List<ExpectationResult> expectations, EventLog events) {
        this.scenario = scenario;
        this.simulated = simulated;
        this.seed = seed;
        this.durationNanos = durationNanos;
        this.wallNanos = wallNanos;
        this.hasher = hasher;
        this.pings = pings;
        this.traces = traces;
        this.transfers = transfers;
        this.cross = cross;
        this.series = series;
        this.nodes = nodes;
        this.links = links;
        this.expectations = expectations;
        this.events = events;
    }

    public LabResult withTimeSeries(Map<String, Object> series) {
        this.timeSeries = series;
        return this;
    }

    public boolean passed() {
        return expectations.stream().allMatch(ExpectationResult::passed);
    }

    public List<ExpectationResult> expectations() {
        return expectations;
    }

    /** The simulated run's trace hash (hex), or null for the real runtime. */
    public String traceHash() {
        return hasher == null ? null : hasher.hex();
    }

    public long traceEvents() {
        return hasher == null ? 0 : hasher.events();
    }

    public Map<String, Object> nodes() {
        return nodes;
    }

    public Map<String, Object> links() {
        return links;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", scenario.name());
        m.put("mode", simulated ? "simulated" : "real-udp");
        m.put("seed", seed);
        m.put("durationSeconds", durationNanos / 1e9);
        m.put("wallSeconds", Math.round(wallNanos / 1e6) / 1e3);
        m.put("passed", passed());
        if (hasher != null) {
            m.put("traceHash", hasher.hex());
            m.put("traceEvents", hasher.events());
        }
        List<Map<String, Object>> ex = new ArrayList<>();
        expectations.forEach(e -> ex.add(e.toMap()));
        m.put("expectations", ex);
        List<Map<String, Object>> ps = new ArrayList<>();
        pings.forEach(p -> ps.add(p.report()));
        m.put("pings", ps);
        List<Map<String, Object>> ts = new ArrayList<>();
        traces.forEach(t -> ts.add(t.report(scenario)));
        m.put("traces", ts);
        List<Map<String, Object>> xs = new ArrayList<>();
        transfers.forEach(t -> xs.add(t.report(series.get(t.name))));
        m.put("transfers", xs);
        if (!cross.isEmpty()) {
            List<Map<String, Object>> cs = new ArrayList<>();
            cross.forEach(c -> cs.add(c.report()));
            m.put("cross", cs);
        }
        m.put("events", events.report());
        m.put("nodes", nodes);
        m.put("links", links);
        if (timeSeries != null) {
            m.put("timeSeries", timeSeries);
        }
        return m;
    }

    /** Route changes before this time are initial convergence, not news. */
    private long firstScheduledEvent() {
        long first = durationNanos;
        for (Scenario.EventSpec e : scenario.events()) {
            first = Math.min(first, Units.nanos(e.at()));
        }
        return first;
    }

    /** AAs that stopped during the run or did not start, one line each (see {@link EventLog#aaStops()}). */
    public List<String> aaStops() {
        return events.aaStops();
    }

    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append("Aspen lab '").append(scenario.name()).append("': ").append(simulated ? "simulated" : "real UDP")
                .append(", seed ").append(seed).append(", ").append(Units.formatNanos(durationNanos))
                .append(" (wall ").append(String.format(java.util.Locale.ROOT, "%.2fs", wallNanos / 1e9)).append(")\n");
        List<String> happened = events.lines(firstScheduledEvent());
        if (!happened.isEmpty()) {
            sb.append("events:\n");
            happened.forEach(l -> sb.append("  ").append(l).append('\n'));
        }
        sb.append("workload:\n");
        for (PingFlow p : pings) {
            sb.append("  ").append(p.summary()).append('\n');
        }
        for (TraceRun t : traces) {
            sb.append("  ").append(t.summary(scenario)).append('\n');
        }
        for (TransferRun t : transfers) {
            sb.append("  ").append(t.summary()).append('\n');
        }
        for (CrossTraffic c : cross) {
            sb.append("  ").append(c.summary()).append('\n');
        }
        sb.append("  links:\n");
        for (Map.Entry<String, Object> e : links.entrySet()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> l = (Map<String, Object>) e.getValue();
            sb.append(String.format(java.util.Locale.ROOT, "    %-14s sent %6s pkts  recv %6s pkts  peak queue %4s  drops %s%n",
                    e.getKey(), l.get("sentPackets"), l.get("receivedPackets"), l.get("peakQueue"), l.get("drops")));
        }
        if (!expectations.isEmpty()) {
            sb.append("expectations:\n");
            for (ExpectationResult r : expectations) {
                sb.append("  ").append(r.passed() ? "PASS " : "FAIL ").append(r.description()).append(": ")
                        .append(r.measured()).append(r.passed() ? "" : " (expected " + r.expected() + ")").append('\n');
            }
        }
        if (hasher != null) {
            sb.append("trace hash ").append(hasher.hex()).append(" over ").append(hasher.events()).append(" packet events\n");
        }
        long held = expectations.stream().filter(ExpectationResult::passed).count();
        sb.append("result: ").append(passed() ? "PASS" : "FAIL").append(" (").append(held).append('/')
                .append(expectations.size()).append(" expectations held)\n");
        return sb.toString();
    }
}
