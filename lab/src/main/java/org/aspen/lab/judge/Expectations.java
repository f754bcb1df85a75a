package org.aspen.lab.judge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.run.PathSampler;
import org.aspen.lab.run.PingFlow;
import org.aspen.lab.run.TraceRun;
import org.aspen.lab.run.TransferRun;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.Values;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.runtime.Network;

/**
 * Judges a scenario's expectations. Some need observations during the run (route samples,
 * reachability snapshots), scheduled by {@link #schedule}; the rest read the workload results and
 * counters at the end.
 */
public final class Expectations {
    private static final long DEFAULT_SAMPLE_EVERY = 100_000_000L;
    private final Scenario s;
    private final long duration;
    private final Map<Scenario.Expectation, PathSampler> samplers = new LinkedHashMap<>();
    private final Map<Scenario.Expectation, List<String>> unreachable = new LinkedHashMap<>();
    private Map<String, org.aspen.ee.ExecutionEnvironment> ees = Map.of();

    public Expectations(Scenario s, long duration) {
        this.s = s;
        this.duration = duration;
    }

    public void schedule(Network net) {
        for (Scenario.Expectation x : s.expect()) {
            if (x instanceof Scenario.RouteAvoids r) {
                PathSampler ps = new PathSampler(r.from(), r.to());
                long after = r.after() == null ? 0 : Values.durationNanos(r.after());
                long every = r.every() == null ? DEFAULT_SAMPLE_EVERY : Values.durationNanos(r.every());
                // the last sample a little before the end, so the real runtime still has every node running
                long end = r.until() != null ? Values.durationNanos(r.until())
                        : duration - Math.min(every, duration / 20);
                ps.schedule(net, after, every, Math.max(after, end));
                samplers.put(x, ps);
            } else if (x instanceof Scenario.Reachable r) {
                long at = r.at() == null ? duration - Math.min(100_000_000L, duration / 20) : Values.durationNanos(r.at());
                List<String> missing = Collections.synchronizedList(new ArrayList<>());
                unreachable.put(x, missing);
                for (Node n : net.nodes()) {
                    net.at(at, n.name(), () -> {
                        for (Node other : net.nodes()) {
                            if (other != n && n.routes().lookup(other.address()) == null) {
                                missing.add(n.name() + "->" + other.name());
                            }
                        }
                    });
                }
            }
        }
    }

    public List<ExpectationResult> evaluate(Network net, List<PingFlow> pings, List<TraceRun> traces, List<TransferRun> transfers,
                                     Map<String, org.aspen.ee.ExecutionEnvironment> ees) {
        this.ees = ees;
        List<ExpectationResult> out = new ArrayList<>();
        for (Scenario.Expectation x : s.expect()) {
            if (x instanceof Scenario.PingsAnswered p) {
                out.add(pings(p, pings));
            } else if (x instanceof Scenario.RouteAvoids r) {
                out.add(route(r, samplers.get(x)));
            } else if (x instanceof Scenario.Reachable r) {
                out.add(reachable(r, unreachable.get(x)));
            } else if (x instanceof Scenario.TracePath t) {
                out.add(trace(t, traces));
            } else if (x instanceof Scenario.CounterBound c) {
                out.add(counter(c, net));
            } else if (x instanceof Scenario.TransferDone t) {
                out.add(transfer(t, transfers));
            } else if (x instanceof Scenario.PingRtt r) {
                out.add(PingFlow.judgeRtt(r, pings));
            } else if (x instanceof Scenario.TransferStat t) {
                TransferRun run = transfers.stream().filter(r -> r.name.equals(t.transfer())).findFirst().orElseThrow();
                out.add(run.judgeStat(t));
            } else if (x instanceof Scenario.PingLoss l) {
                out.add(PingFlow.judgeLoss(l, pings));
            } else if (x instanceof Scenario.FlowGoodput f) {
                TransferRun run = transfers.stream().filter(r -> r.name.equals(f.flow())).findFirst().orElseThrow();
                double g = run.goodputBps();
                boolean ok = run.sender() != null && (f.minGoodput() == null || g >= Values.rateBps(f.minGoodput()))
                        && (f.maxGoodput() == null || g <= Values.rateBps(f.maxGoodput()));
                String want = (f.minGoodput() == null ? "" : ">= " + f.minGoodput())
                        + (f.minGoodput() != null && f.maxGoodput() != null ? " and " : "")
                        + (f.maxGoodput() == null ? "" : "<= " + f.maxGoodput());
                out.add(new ExpectationResult("flow", "flow " + run.name + " goodput", ok, want,
                        run.sender() == null ? "no summary" : Values.formatRate(Math.round(g))));
            }
        }
        return out;
    }

    public static ExpectationResult reachable(Scenario.Reachable r, List<String> seen) {
        List<String> missing;
        synchronized (seen) {
            missing = new ArrayList<>(seen);
        }
        Collections.sort(missing);
        return new ExpectationResult("reachable", "every node has a route to every other"
                + (r.at() == null ? " at the end" : " at " + r.at()), missing.isEmpty(), "0 missing routes",
                missing.isEmpty() ? "0 missing routes" : missing.size() + " missing: " + String.join(", ", missing));
    }

    private ExpectationResult pings(Scenario.PingsAnswered p, List<PingFlow> pings) {
        long after = p.after() == null ? 0 : Values.durationNanos(p.after());
        long ok = 0;
        long all = 0;
        for (PingFlow f : pings) {
            if (f.spec.from().equals(p.from()) && f.spec.to().equals(p.to())) {
                long[] a = f.answered(after);
                ok += a[0];
                all += a[1];
            }
        }
       return pingsResult(p, ok, all);
    }

    /** {@code ok} of {@code all} pings counted for {@code p} were answered. */
    public static ExpectationResult pingsResult(Scenario.PingsAnswered p, long ok, long all) {
        double want = Values.ratio(p.atLeast());
        double got = all == 0 ? 0 : ok / (double) all;
        String desc = "pings " + p.from() + " -> " + p.to() + (p.after() == null ? "" : " sent after " + p.after())
                + " answered";
        return new ExpectationResult("pings", desc, all > 0 && got + 1e-9 >= want, ">= " + pct(want),
                pct(got) + " (" + ok + "/" + all + ")");
    }

    public static ExpectationResult route(Scenario.RouteAvoids r, PathSampler ps) {
        List<PathSampler.Sample> samples = ps.samples();
        String bad = null;
        for (PathSampler.Sample sm : samples) {
            if (!sm.complete()) {
                bad = "at " + Values.formatDuration(sm.atNanos()) + ": " + sm.path();
            } else if (r.avoids() != null && sm.links().contains(r.avoids())) {
                bad = "at " + Values.formatDuration(sm.atNanos()) + ": " + sm.path() + " uses " + r.avoids();
            } else if (r.via() != null && !sm.nodes().containsAll(r.via())) {
                bad = "at " + Values.formatDuration(sm.atNanos()) + ": " + sm.path() + " misses " + r.via();
            }
            if (bad != null) {
                break;
            }
        }
        StringBuilder desc = new StringBuilder("route " + r.from() + " -> " + r.to());
        if (r.avoids() != null) {
            desc.append(" avoids ").append(r.avoids());
        }
        if (r.via() != null) {
            desc.append(" via ").append(String.join(",", r.via()));
        }
        if (r.after() != null) {
            desc.append(" after ").append(r.after());
        }
        if (r.until() != null) {
            desc.append(" until ").append(r.until());
        }
        Map<String, Integer> seen = ps.pathCounts();
        String measured = samples.isEmpty() ? "no samples" : (bad != null ? bad + "; " : "") + "paths " + seen;
        return new ExpectationResult("route", desc.toString(), bad == null && !samples.isEmpty(),
                "a complete path on every sample", measured);
    }

    private ExpectationResult trace(Scenario.TracePath t, List<TraceRun> traces) {
        List<String> seen = List.of();
        for (TraceRun tr : traces) {
            if (tr.spec.from().equals(t.from()) && tr.spec.to().equals(t.to())
                    && (t.at() == null || tr.at == Values.durationNanos(t.at()))) {
                seen = tr.hopNames(s);
            }
        }
        return new ExpectationResult("trace", "trace " + t.from() + " -> " + t.to()
                + (t.at() == null ? "" : " at " + t.at()) + " sees " + String.join(" ", t.hops()),
                seen.equals(t.hops()), String.join(" ", t.hops()), String.join(" ", seen));
    }

    private ExpectationResult transfer(Scenario.TransferDone t, List<TransferRun> transfers) {
        TransferRun run = transfers.stream().filter(r -> r.name.equals(t.transfer())).findFirst().orElseThrow();
        var sent = run.sender();
        String ends = " (" + run.spec.from() + " -> " + run.spec.to() + ")";
        if (sent == null) {
           return transferResult(t, ends, false, -1, 0, 0,
                    run.receiver() == null ? "nothing received" : run.receiver().bytes() + " bytes received");
        }
       return transferResult(t, ends, run.digestMatch(), sent.bytes(), sent.retransmissions(), sent.goodputBps(), null);
    }

    /**
     * Judges a transfer from the sender's figures ({@code bytes} < 0: the sender never finished, and
     * {@code notFinished} says what the receiver got).
     */
    public static ExpectationResult transferResult(Scenario.TransferDone t, String ends, boolean digestMatch, long bytes,
                                            long rtx, double goodput, String notFinished) {
        StringBuilder want = new StringBuilder("complete, digest match");
        boolean ok = digestMatch && bytes >= 0;
        String measured;
        if (bytes < 0) {
            measured = "not finished (" + notFinished + ")";
        } else {
            if (t.minRetransmissions() != null) {
                want.append(", retransmissions >= ").append(t.minRetransmissions());
                ok &= rtx >= t.minRetransmissions();
            }
            if (t.maxRetransmissions() != null) {
                want.append(", retransmissions <= ").append(t.maxRetransmissions());
                ok &= rtx <= t.maxRetransmissions();
            }
            if (t.minGoodput() != null) {
                want.append(", goodput >= ").append(t.minGoodput());
                ok &= goodput >= Values.rateBps(t.minGoodput());
            }
            measured = bytes + " bytes, digest " + (digestMatch ? "match" : "MISMATCH") + ", " + rtx
                    + " retransmissions, goodput " + Values.formatRate(Math.round(goodput));
        }
        return new ExpectationResult("transfer", "transfer " + t.transfer() + ends, ok, want.toString(), measured);
    }

    private ExpectationResult counter(Scenario.CounterBound c, Network net) {
        Node n = net.node(c.node());
        Map<String, Object> flat = new LinkedHashMap<>();
        flatten("", n.counters().snapshot(), flat);
        for (Link l : n.links()) {
            flatten("link." + l.name() + ".", l.counters().snapshot(net.now()), flat);
            // the discipline's own state and counters (docs/queues.md), e.g. link.r-b.discipline.aecn_cleared
            flatten("link." + l.name() + ".discipline.", l.discipline().describe(), flat);
        }
        if (n.auth() instanceof org.aspen.vnet.auth.NodeAuth auth) {
            flatten("auth.", auth.snapshot(), flat);   // auth.<kind>.verified|unsigned|forged|replayed|...
        }
        var ee = ees.get(n.name());
        if (ee != null) {
            for (var aa : ee.instances()) {
                // the newest instance of a name wins, so 'aa.<name>.' means the version running last
                flatten("aa." + aa.name() + ".", aa.counters().snapshot(), flat);
                flatten("aa." + aa.name() + ".metrics.", new LinkedHashMap<>(aa.metrics()), flat);
            }
        }
        return counter(c, flat);
    }

    /** Judges {@code c} against a node's counters, flattened to the paths docs/scenarios.md names. */
    public static ExpectationResult counter(Scenario.CounterBound c, Map<String, Object> flat) {
        Object v = flat.get(c.counter());
        long value = v instanceof Number num ? num.longValue() : 0;
        if (v == null && (c.counter().startsWith("drops.") || c.counter().contains(".drops."))) {
            v = 0L; // a drop reason never seen is a zero count
        }
        boolean ok = v != null && (c.atLeast() == null || value >= c.atLeast()) && (c.atMost() == null || value <= c.atMost());
        String want = (c.atLeast() == null ? "" : ">= " + c.atLeast()) + (c.atLeast() != null && c.atMost() != null ? " and " : "")
                + (c.atMost() == null ? "" : "<= " + c.atMost());
        return new ExpectationResult("counter", c.node() + " " + c.counter(), ok, want,
                v == null ? "no such counter (known: " + String.join(", ", flat.keySet()) + ")" : value);
    }

    @SuppressWarnings("unchecked")
    public static void flatten(String prefix, Map<String, Object> m, Map<String, Object> out) {
        for (Map.Entry<String, Object> e : m.entrySet()) {
            if (e.getValue() instanceof Map<?, ?> sub) {
                flatten(prefix + e.getKey() + ".", (Map<String, Object>) sub, out);
            } else {
                out.put(prefix + e.getKey(), e.getValue());
            }
        }
    }

    private static String pct(double v) {
        return String.format(java.util.Locale.ROOT, "%.1f%%", v * 100);
    }
}
