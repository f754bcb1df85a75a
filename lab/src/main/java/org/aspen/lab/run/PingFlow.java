package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.Evidence;
import org.aspen.lab.report.PingReport;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.control.EchoResult;
import org.aspen.vnet.runtime.Network;

/**
 * One ping workload entry: echo requests at fixed intervals, each result kept with its send time.
 * Runs on the source node's loop; results are read after the run.
 */
public final class PingFlow {
    record Probe(int seq, long sentAtNanos, EchoResult result) {
    }

    public final Scenario.PingSpec spec;
    final int count;
    final long interval;
    final long start;
    final long timeout;
    final int size;
    private final List<Probe> probes = Collections.synchronizedList(new ArrayList<>());

    PingFlow(Scenario.PingSpec spec) {
        this.spec = spec;
        this.count = spec.probes();
        this.interval = spec.intervalNanos();
        this.start = spec.startNanos();
        this.timeout = spec.timeoutNanos();
        this.size = spec.payloadBytes();
    }

    /** Schedules the probes; {@code watcher} (may be null) hears of each result as it comes. */
    void schedule(Network net, Map<String, ControlPlane> planes, Scenario s, RunObserver watcher) {
        ControlPlane cp = planes.get(spec.from());
        var target = org.aspen.vnet.VAddr.parse(s.node(spec.to()).address());
        for (int i = 0; i < count; i++) {
            final int seq = i;
            long at = start + i * interval;
            net.at(at, spec.from(), () -> {
                long sentAt = net.now();
                cp.echo(target, 64, size, timeout, r -> {
                    probes.add(new Probe(seq, sentAt, r));
                    if (watcher != null) {
                        watcher.probe(spec, seq, sentAt, r);
                    }
                });
            });
        }
    }

    List<Probe> probes() {
        synchronized (probes) {
            List<Probe> copy = new ArrayList<>(probes);
            copy.sort((a, b) -> Integer.compare(a.seq(), b.seq()));
            return copy;
        }
    }

    /** The probes with a result, in sequence order, as the judges see them. */
    public List<Evidence.Probe> observed() {
        List<Evidence.Probe> out = new ArrayList<>();
        for (Probe p : probes()) {
            boolean answered = p.result().status() == EchoResult.Status.REPLY;
            out.add(new Evidence.Probe(p.sentAtNanos(), answered, answered ? p.result().rttNanos() / 1e6 : 0));
        }
        return out;
    }

    public PingReport report() {
        List<Probe> ps = probes();
        List<Double> rtts = new ArrayList<>();
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        for (Probe p : ps) {
            byStatus.merge(p.result().status().name().toLowerCase(), 1, Integer::sum);
            if (p.result().status() == EchoResult.Status.REPLY) {
                rtts.add(p.result().rttNanos() / 1e6);
            }
        }
        if (rtts.isEmpty()) {
            return new PingReport(spec.from(), spec.to(), ps.size(), 0, byStatus, null, null, null, null);
        }
        List<Double> sorted = new ArrayList<>(rtts);
        Collections.sort(sorted);
        return new PingReport(spec.from(), spec.to(), ps.size(), rtts.size(), byStatus, round(sorted.get(0)),
                round(sorted.stream().mapToDouble(Double::doubleValue).average().orElse(0)), round(sorted.get(sorted.size() / 2)),
                round(sorted.get(sorted.size() - 1)));
    }

    public String summary() {
        PingReport r = report();
        String s = "ping " + spec.from() + " -> " + spec.to() + ": " + r.answered() + "/" + r.sent() + " answered";
        if (r.rttMinMs() != null) {
            s += ", rtt min/avg/max " + r.rttMinMs() + "/" + r.rttAvgMs() + "/" + r.rttMaxMs() + " ms";
        }
        return s;
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
