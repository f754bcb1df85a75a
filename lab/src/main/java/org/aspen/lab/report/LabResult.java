package org.aspen.lab.report;

import java.util.ArrayList;
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
import org.aspen.vnet.link.LinkCounts;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.mgmt.ReportJson;
import org.aspen.vnet.node.TraceHasher;

/**
 * The outcome of one lab run: workload results, counters, judged expectations; its report as a
 * record ({@link LabReport}) and a text summary.
 *
 * <pre>{@code
 * LabResult r = LabRunner.run(scenario, options);
 * System.out.print(r.summary());
 * ReportJson.INDENTED.writeValue(file.toFile(), r.report());
 * }</pre>
 */
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
    private final Map<String, NodeReport> nodes;
    private final Map<String, LinkReport> links;
    private final List<ExpectationResult> expectations;
    private final EventLog events;
    /** Sampled series for plots (LabSeries.report()), or null. */
    private TimeSeries timeSeries;

    public LabResult(Scenario scenario, boolean simulated, long seed, long durationNanos, long wallNanos, TraceHasher hasher,
              List<PingFlow> pings, List<TraceRun> traces, List<TransferRun> transfers, List<CrossTraffic> cross,
              Map<String, java.nio.file.Path> series, Map<String, NodeReport> nodes, Map<String, LinkReport> links,
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

    public LabResult withTimeSeries(TimeSeries series) {
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

    public Map<String, NodeReport> nodes() {
        return nodes;
    }

    public Map<String, LinkReport> links() {
        return links;
    }

    /** The run's report as a record; {@link ReportJson} writes it as {@code --json} prints it. */
    public LabReport report() {
        List<PingReport> ps = new ArrayList<>();
        pings.forEach(p -> ps.add(p.report()));
        List<TraceReport> ts = new ArrayList<>();
        traces.forEach(t -> ts.add(t.report(scenario)));
        List<TransferReport> xs = new ArrayList<>();
        transfers.forEach(t -> xs.add(t.report(series.get(t.name))));
        List<CrossReport> cs = null;
        if (!cross.isEmpty()) {
            cs = new ArrayList<>();
            for (CrossTraffic c : cross) {
                cs.add(c.report());
            }
        }
        return new LabReport(scenario.name(), simulated ? "simulated" : "real-udp", seed, durationNanos / 1e9,
                Math.round(wallNanos / 1e6) / 1e3, passed(), hasher == null ? null : hasher.hex(),
                hasher == null ? null : hasher.events(), expectations, ps, ts, xs, cs, events.report(), nodes, links, timeSeries);
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
        for (Map.Entry<String, LinkReport> e : links.entrySet()) {
            LinkCounts l = e.getValue().counters();
            sb.append(String.format(java.util.Locale.ROOT, "    %-14s sent %6s pkts  recv %6s pkts  peak queue %4s  drops %s%n",
                    e.getKey(), l.sentPackets(), l.receivedPackets(), l.peakQueue(), l.drops()));
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
