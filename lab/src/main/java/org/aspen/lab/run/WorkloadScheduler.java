package org.aspen.lab.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.Transports;
import org.aspen.rdp.AcnsReno;
import org.aspen.rdp.AcnsTrend;
import org.aspen.rdp.AntiEcnReno;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.Recovery;
import org.aspen.rdp.ns2.Ns2AcnsCubic;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.runtime.Network;

/**
 * The one workload scheduler: puts a scenario's pings, traceroutes, transfers, bulk flows and
 * cross traffic on the network, in that order (the order fixes the simulation's events), and starts
 * every RDP transfer or flow the same way ({@link #start}) with the same options ({@link #options}).
 * The lab runner schedules the whole workload with {@link #schedule}; an experiment that samples its
 * flows itself (the ACNS probe) calls {@link #start} and {@link #cross} for its flows.
 *
 * <pre>{@code
 * WorkloadScheduler.Workload w = WorkloadScheduler.schedule(scenario, net, planes, n -> stacks.get(n).rdp(),
 *         seed, duration, baseDir, null);
 * net.run(duration);
 * w.transfers().forEach(t -> System.out.println(t.summary()));
 * }</pre>
 */
public final class WorkloadScheduler {
    private WorkloadScheduler() {
    }

    /** What {@link #schedule} put on the network; {@code stacks} the RDP stacks of the transfers' ends, by node. */
    public record Workload(List<PingFlow> pings, List<TraceRun> traces, Map<String, RdpStack> stacks,
                           List<TransferRun> transfers, List<CrossTraffic> cross) {
    }

    /**
     * Schedules the scenario's workload: pings and traceroutes on the nodes' control planes, transfers
     * then bulk flows over RDP (each end's stack from {@code rdp}, asked from, then to, flow by flow),
     * then cross traffic.
     */
    public static Workload schedule(Scenario s, Network net, Map<String, ControlPlane> planes, Function<String, RdpStack> rdp,
                                    long seed, long duration, Path baseDir, RunObserver dashboard) {
        List<PingFlow> pings = new ArrayList<>();
        for (Scenario.PingSpec p : s.workload().pings()) {
            PingFlow f = new PingFlow(p);
            f.schedule(net, planes, s, dashboard);
            pings.add(f);
        }
        List<TraceRun> traces = new ArrayList<>();
        for (Scenario.TraceSpec t : s.workload().traces()) {
            TraceRun tr = new TraceRun(t);
            tr.schedule(net, planes, s);
            traces.add(tr);
        }
        Map<String, RdpStack> stacks = new LinkedHashMap<>();
        List<TransferRun> transfers = new ArrayList<>();
        for (int i = 0; i < s.workload().transfers().size(); i++) {
            transfers.add(new TransferRun(s.workload().transfers().get(i), i));
        }
        for (int i = 0; i < s.workload().flows().size(); i++) {
            transfers.add(TransferRun.flow(s.workload().flows().get(i), i, duration));
        }
        for (TransferRun t : transfers) {
            for (String end : List.of(t.spec.from(), t.spec.to())) {
                stacks.computeIfAbsent(end, rdp);
            }
            t.schedule(net, stacks, s, seed, baseDir);
        }
        return new Workload(pings, traces, stacks, transfers, cross(s, net, seed, duration));
    }

    /** Schedules the scenario's cross traffic (raw datagrams, one receiver per destination node). */
    public static List<CrossTraffic> cross(Scenario s, Network net, long seed, long duration) {
        return cross(s, net, seed, duration, new LinkedHashMap<>());
    }

    /**
     * As {@link #cross(Scenario, Network, long, long)}, without a receiver on the destinations: their
     * nodes drop the datagrams (no RAW handler) and the reports count none received. What an
     * experiment that never counted arrivals keeps, so its packet trace stays as it was.
     */
    public static List<CrossTraffic> crossUncounted(Scenario s, Network net, long seed, long duration) {
        return cross(s, net, seed, duration, null);
    }

    private static List<CrossTraffic> cross(Scenario s, Network net, long seed, long duration,
                                            Map<String, CrossTraffic.Receiver> receivers) {
        List<CrossTraffic> cross = new ArrayList<>();
        for (int i = 0; i < s.workload().cross().size(); i++) {
            CrossTraffic c = new CrossTraffic(s.workload().cross().get(i), i, duration);
            c.schedule(net, receivers, seed);
            cross.add(c);
        }
        return cross;
    }

    /**
     * The RDP options of a transfer or flow, from {@code base}: its window, segment, ECN, Anti-ECN
     * ({@code aecn}), ACNS ({@code acns}, AcnsReno with the reading its {@code sender} names), loss
     * recovery, its {@code sender} settings (send buffer, refill on send), and an ns-2 transport's agent
     * (ACNS's or AntiECN's sender on ns-2's Reno when {@code acns} or {@code aecn}), which turns ECN off
     * unless the spec sets it.
     *
     * @param name the transfer's name, for errors in its transport settings
     */
    public static RdpOptions options(Scenario.TransferSpec spec, String name, RdpOptions base) {
        return options(spec, name, base, spec.sender() == null ? AcnsReno.Reading.PAPER : spec.sender().reading());
    }

    /** As {@link #options(Scenario.TransferSpec, String, RdpOptions)}, ACNS's sender following {@code reading}. */
    public static RdpOptions options(Scenario.TransferSpec spec, String name, RdpOptions base, AcnsReno.Reading reading) {
        RdpOptions o = base;
        if (spec.window() != null) {
            o = o.withMaxOutstanding(spec.window());
        }
        if (spec.segment() != null) {
            o = o.withMaxSegment(spec.segment());
        }
        if (spec.ecn() != null) {
            o = o.withEcn(spec.ecn());
        }
        if (Boolean.TRUE.equals(spec.aecn())) {
            o = o.withAntiEcn(AntiEcnReno.Delta.WINDOW);
        }
        boolean acns = Boolean.TRUE.equals(spec.acns());
        if (acns) {
            o = o.withCongestionControl(() -> new AcnsReno(AcnsTrend.Params.DEFAULTS, reading));
        }
        if (spec.recovery() != null) {
            o = o.withRecovery(Recovery.parse(spec.recovery()));
        }
        if (spec.sender() != null && spec.sender().sendBuffer() != null) {
            o = o.withSendBuffer(spec.sender().sendBuffer());
        }
        if (spec.sender() != null && spec.sender().refillOnSend() != null) {
            o = o.withRefillOnSend(spec.sender().refillOnSend());
        }
        var agent = Boolean.TRUE.equals(spec.aecn()) ? Transports.antiEcnAgent(name, spec.transport(), spec.ns2())
                : Transports.agent(name, spec.transport(), spec.ns2(), acns, reading,
                        spec.sender() == null ? Ns2AcnsCubic.CubicReading.PRIMARY : spec.sender().cubicReading());
        if (agent != null) {
            o = o.withCongestionControl(agent);
            if (spec.ecn() == null) {
                o = o.withEcn(false);   // ns-2's ecn_ 0 (ns-default.tcl:933)
            }
        }
        return o;
    }

    /**
     * One transfer or flow to start: {@code name}, the nodes and the receiver's port, when the sender
     * connects, when it closes (null: never, a transfer ends when its bytes are delivered), the VNet
     * priority of its packets (null: default) and its options.
     */
    public record Flow(String name, String from, String to, int port, long startNanos, Long closeAtNanos, Integer priority,
                       RdpOptions options) {
    }

    /** What the caller keeps of a flow: the receiver's sink and summary, the sender's bytes, the started sender. */
    public interface Ends {
        /** A sink for the receiver, made when it accepts the connection. */
        default ByteSink sink() {
            return ByteSink.discard();
        }

        /** The receiver's summary when the transfer completes. */
        default void received(TransferSummary summary) {
        }

        /** The bytes to send, made on the sender's loop when it starts. */
        ByteSource source();

        /** The sender just started (its connection is open for settings). */
        default void started(TransferSender sender) {
        }
    }

    /**
     * Starts flow {@code f}: the receiver listens on {@code to} from time 0, the sender connects at
     * {@code startNanos} (setting the priority, then telling {@code ends}), and closes at {@code closeAtNanos}.
     */
    public static void start(Network net, RdpStack from, RdpStack to, Flow f, Ends ends) {
        var dest = net.node(f.to()).address();
        Supplier<ByteSink> sink = ends::sink;
        Consumer<TransferSummary> received = ends::received;
        net.at(0, f.to(), () -> TransferReceiver.listen(to, f.port(), f.options(), sink, received, ProgressListener.NONE, 0));
        TransferSender[] sender = new TransferSender[1];
        net.at(f.startNanos(), f.from(), () -> {
            sender[0] = TransferSender.start(from, dest, f.port(), ends.source(), f.options(), ProgressListener.NONE, 0);
            if (f.priority() != null) {
                sender[0].connection().setPriority(f.priority());
            }
            ends.started(sender[0]);
        });
        if (f.closeAtNanos() != null) {
            net.at(f.closeAtNanos(), f.from(), () -> {
                if (sender[0] != null) {
                    sender[0].connection().close();
                }
            });
        }
    }
}
