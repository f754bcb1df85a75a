package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.lab.judge.Evidence;
import org.aspen.lab.report.TraceReport;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.control.EchoResult;
import org.aspen.vnet.runtime.Network;

/**
 * A traceroute workload entry: echo requests with TTL 1, 2, ... one after the other until the
 * destination answers, a hop is unreachable, or {@code maxHops} is reached.
 */
public final class TraceRun {
    public final Scenario.TraceSpec spec;
    final int maxHops;
    public final long at;
    private final List<EchoResult> hops = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean complete;

    TraceRun(Scenario.TraceSpec spec) {
        this.spec = spec;
        this.maxHops = spec.hopLimit();
        this.at = spec.atNanos();
    }

    void schedule(Network net, Map<String, ControlPlane> planes, Scenario s) {
        ControlPlane cp = planes.get(spec.from());
        VAddr target = VAddr.parse(s.node(spec.to()).address());
        net.at(at, spec.from(), () -> probe(cp, target, 1));
    }

    private void probe(ControlPlane cp, VAddr target, int ttl) {
        cp.echo(target, ttl, 32, 1_000_000_000L, r -> {
            hops.add(r);
            if (r.status() == EchoResult.Status.TTL_EXCEEDED && ttl < maxHops) {
                probe(cp, target, ttl + 1);
            } else if (r.status() == EchoResult.Status.TIMEOUT && ttl < maxHops) {
                probe(cp, target, ttl + 1);
            } else {
                complete = r.status() == EchoResult.Status.REPLY;
            }
        });
    }

    /** Node names of the hops that answered, in order ("?" for a silent hop). */
    public List<String> hopNames(Scenario s) {
        List<String> out = new ArrayList<>();
        synchronized (hops) {
            for (EchoResult r : hops) {
                out.add(r.from() == null || r.status() == EchoResult.Status.TIMEOUT ? "?" : nameOf(s, r.from()));
            }
        }
        return out;
    }

    /** The trace as the judges see it. */
    public Evidence.TraceSeen observed(Scenario s) {
        return new Evidence.TraceSeen(spec.from(), spec.to(), at, hopNames(s));
    }

    static String nameOf(Scenario s, VAddr a) {
        String n = s.nodeNamed(a);
        return n != null ? n : a.toString();
    }

    public TraceReport report(Scenario s) {
        List<TraceReport.Hop> hs = new ArrayList<>();
        synchronized (hops) {
            int ttl = 1;
            for (EchoResult r : hops) {
                hs.add(new TraceReport.Hop(ttl++, r.status().name().toLowerCase(), r.from() == null ? null : nameOf(s, r.from()),
                        r.from() == null ? null : r.from().toString(), PingFlow.round(r.rttNanos() / 1e6)));
            }
        }
        return new TraceReport(spec.from(), spec.to(), complete, hs);
    }

    public String summary(Scenario s) {
        return "trace " + spec.from() + " -> " + spec.to() + ": " + String.join(" ", hopNames(s))
                + (complete ? "" : " (destination not reached)");
    }
}
