package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.lab.judge.CounterPaths;
import org.aspen.lab.judge.Evidence;
import org.aspen.lab.judge.TransferOutcome;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.runtime.Network;

/**
 * The in-process runner's {@link Evidence}: its ping, trace and transfer runs, and the nodes'
 * counters read from the network once it has stopped.
 *
 * <pre>{@code
 * judging.results(new NetEvidence(net, scenario, pings, traces, transfers, ees));
 * }</pre>
 */
final class NetEvidence implements Evidence {
    private final Network net;
    private final Scenario s;
    private final List<PingFlow> pings;
    private final List<TraceRun> traces;
    private final List<TransferRun> transfers;
    private final Map<String, ExecutionEnvironment> ees;

    NetEvidence(Network net, Scenario s, List<PingFlow> pings, List<TraceRun> traces, List<TransferRun> transfers,
                Map<String, ExecutionEnvironment> ees) {
        this.net = net;
        this.s = s;
        this.pings = pings;
        this.traces = traces;
        this.transfers = transfers;
        this.ees = ees;
    }

    @Override
    public List<Probe> probes(String from, String to) {
        List<Probe> out = new ArrayList<>();
        for (PingFlow f : pings) {
            if (f.spec.from().equals(from) && f.spec.to().equals(to)) {
                out.addAll(f.observed());
            }
        }
        return out;
    }

    @Override
    public List<TraceSeen> traces() {
        return traces.stream().map(t -> t.observed(s)).toList();
    }

    @Override
    public TransferOutcome transfer(String name) {
        return transfers.stream().filter(t -> t.name.equals(name)).findFirst().map(TransferRun::outcome).orElse(null);
    }

    @Override
    public Map<String, Object> counters(String node) {
        return CounterPaths.of(net.node(node), net.now(), ees.get(node));
    }
}
