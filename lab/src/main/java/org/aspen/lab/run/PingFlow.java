package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.Values;
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
        this.count = spec.count() == null ? 10 : spec.count();
        this.interval = spec.interval() == null ? 1_000_000_000L : Values.durationNanos(spec.interval());
        this.start = spec.start() == null ? 2_000_000_000L : Values.durationNanos(spec.start());
        this.timeout = spec.timeout() == null ? 1_000_000_000L : Values.durationNanos(spec.timeout());
        this.size = spec.size() == null ? 56 : spec.size();
    }

    void schedule(Network net, Map<String, ControlPlane> planes, Scenario s) {
        ControlPlane cp = planes.get(spec.from());
        var target = org.aspen.vnet.VAddr.parse(s.node(spec.to()).address());
        for (int i = 0; i < count; i++) {
            final int seq = i;
            long at = start + i * interval;
            net.at(at, spec.from(), () -> {
                long sentAt = net.now();
                cp.echo(target, 64, size, timeout, r -> probes.add(new Probe(seq, sentAt, r)));
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

    /** Probes sent at or after {@code afterNanos} that were answered, and all such probes. */
    public long[] answered(long afterNanos) {
        long ok = 0;
        long all = 0;
        for (Probe p : probes()) {
            if (p.sentAtNanos() >= afterNanos) {
                all++;
                if (p.result().status() == EchoResult.Status.REPLY) {
                    ok++;
                }
            }
        }
        return new long[] {ok, all};
    }

    public Map<String, Object> report() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("from", spec.from());
        m.put("to", spec.to());
        List<Probe> ps = probes();
        List<Double> rtts = new ArrayList<>();
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        for (Probe p : ps) {
            byStatus.merge(p.result().status().name().toLowerCase(), 1, Integer::sum);
            if (p.result().status() == EchoResult.Status.REPLY) {
                rtts.add(p.result().rttNanos() / 1e6);
            }
        }
        m.put("sent", ps.size());
        m.put("answered", rtts.size());
        m.put("outcomes", byStatus);
        if (!rtts.isEmpty()) {
            List<Double> sorted = new ArrayList<>(rtts);
            Collections.sort(sorted);
            m.put("rttMinMs", round(sorted.get(0)));
            m.put("rttAvgMs", round(sorted.stream().mapToDouble(Double::doubleValue).average().orElse(0)));
            m.put("rttP50Ms", round(sorted.get(sorted.size() / 2)));
            m.put("rttMaxMs", round(sorted.get(sorted.size() - 1)));
        }
        return m;
    }

    public String summary() {
        Map<String, Object> r = report();
        String s = "ping " + spec.from() + " -> " + spec.to() + ": " + r.get("answered") + "/" + r.get("sent") + " answered";
        if (r.containsKey("rttMinMs")) {
            s += ", rtt min/avg/max " + r.get("rttMinMs") + "/" + r.get("rttAvgMs") + "/" + r.get("rttMaxMs") + " ms";
        }
        return s;
    }

    /** The {@code rtt} expectation: the median RTT of the answered pings from -> to within bounds. */
    public static ExpectationResult judgeRtt(Scenario.PingRtt r, List<PingFlow> flows) {
        List<Double> rtts = new ArrayList<>();
        for (PingFlow f : flows) {
            if (f.spec.from().equals(r.from()) && f.spec.to().equals(r.to())) {
                for (Probe p : f.probes()) {
                    if (p.result().status() == EchoResult.Status.REPLY) {
                        rtts.add(p.result().rttNanos() / 1e6);
                    }
                }
            }
        }
        Collections.sort(rtts);
        double minMs = r.min() == null ? 0 : Values.durationNanos(r.min()) / 1e6;
        double maxMs = r.max() == null ? Double.MAX_VALUE : Values.durationNanos(r.max()) / 1e6;
        Double median = rtts.isEmpty() ? null : rtts.get(rtts.size() / 2);
        boolean ok = median != null && median >= minMs && median <= maxMs;
        return new ExpectationResult("rtt", "median RTT " + r.from() + " -> " + r.to(), ok, bounds(r.min(), r.max()),
                median == null ? "no answered ping" : round(median) + " ms over " + rtts.size() + " answers");
    }

    /** The {@code loss} expectation: the share of unanswered pings from -> to within bounds. */
    public static ExpectationResult judgeLoss(Scenario.PingLoss l, List<PingFlow> flows) {
        long ok = 0;
        long all = 0;
        for (PingFlow f : flows) {
            if (f.spec.from().equals(l.from()) && f.spec.to().equals(l.to())) {
                long[] a = f.answered(0);
                ok += a[0];
                all += a[1];
            }
        }
        double loss = all == 0 ? Double.NaN : (all - ok) / (double) all;
        boolean holds = all > 0 && (l.min() == null || loss + 1e-9 >= Values.ratio(l.min()))
                && (l.max() == null || loss - 1e-9 <= Values.ratio(l.max()));
        return new ExpectationResult("loss", "ping loss " + l.from() + " -> " + l.to(), holds, bounds(l.min(), l.max()),
                all == 0 ? "no pings sent" : String.format(java.util.Locale.ROOT, "%.1f%% (%d/%d lost)", 100 * loss, all - ok, all));
    }

    private static String bounds(String min, String max) {
        return (min == null ? "" : ">= " + min) + (min != null && max != null ? " and " : "") + (max == null ? "" : "<= " + max);
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
