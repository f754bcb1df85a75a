package org.aspen.lab.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.ee.AaException;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.flakeway.FlakewayControl;
import org.aspen.flakeway.RuleSpec;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.lab.build.NodeAuthSetup;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.judge.Judges;
import org.aspen.lab.judge.Judging;
import org.aspen.lab.report.LabReports;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.NodeReport;
import org.aspen.lab.scenario.QueueSpecs;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.stack.NodeStack;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.mgmt.LinkReport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.TraceHasher;
import org.aspen.vnet.node.TraceSink;
import org.aspen.vnet.node.TraceWriter;
import org.aspen.vnet.runtime.Network;
import org.aspen.vnet.sim.SimNetwork;
import org.aspen.vnet.udp.UdpCounters;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * Runs a scenario: builds the topology in the chosen runtime, schedules the workload, timed events
 * and route samples, runs for the scenario's duration, then judges every expectation.
 *
 * <pre>{@code
 * LabResult r = LabRunner.run(scenario, new LabRunner.Options(true, 7L, null, null, p -> {}));
 * System.out.println(r.summary());
 * }</pre>
 *
 * In the simulated runtime the whole run is deterministic: the same scenario and seed give the same
 * trace hash. In the real runtime every node has its own UDP socket on loopback (or the scenario's
 * addresses) and time is the wall clock.
 */
public final class LabRunner {
    /**
     * @param simulated     virtual time (true) or real UDP (false)
     * @param seed          overrides the scenario's seed when not null
     * @param durationNanos overrides the scenario's duration when not null
     * @param traceFile     where to write the human-readable packet trace, or null
     * @param progress      told the fraction done (0..1) as the run advances
     * @param baseDir       where relative paths in the scenario (transfer files) are resolved, or null
     * @param artifactsDir  where per-transfer cwnd series (CSV) are written, or null for none
     * @param udp           the real runtime's sockets and event loops, or null for {@link UdpOptions#DEFAULT}
     *                      (one loop per processor, the nodes dealt to the loops in the scenario's order);
     *                      unused in virtual time
     */
    public record Options(boolean simulated, Long seed, Long durationNanos, Path traceFile, DoubleConsumer progress,
                          Path baseDir, Path artifactsDir, UdpOptions udp) {
        public Options(boolean simulated, Long seed, Long durationNanos, Path traceFile, DoubleConsumer progress) {
            this(simulated, seed, durationNanos, traceFile, progress, null, null);
        }

        public Options(boolean simulated, Long seed, Long durationNanos, Path traceFile, DoubleConsumer progress,
                       Path baseDir, Path artifactsDir) {
            this(simulated, seed, durationNanos, traceFile, progress, baseDir, artifactsDir, null);
        }

        /** These options with the real runtime's {@code udp} settings (e.g. one event loop per node). */
        public Options withUdp(UdpOptions udp) {
            return new Options(simulated, seed, durationNanos, traceFile, progress, baseDir, artifactsDir, udp);
        }
    }

    private LabRunner() {
    }

    public static LabResult run(Scenario s, Options o) throws InterruptedException {
        return run(s, o, null);
    }

    /**
     * As {@link #run(Scenario, Options)}, watched by {@code dashboard} (null: none), which may also pace a
     * simulation (the live dashboard does). The stages, in order: the nodes ({@link #assemble}: topology,
     * then each node's auth, trace, control plane, EE and AAs), the workload ({@link WorkloadScheduler}),
     * each node's boot settings ({@link #bootSettings}: ACC, then flakeway), the timed events, capture,
     * judges and series ({@link #execute}), then the report ({@link #report}).
     */
    public static LabResult run(Scenario s, Options o, RunObserver dashboard) throws InterruptedException {
        long seed = o.seed() != null ? o.seed() : (s.seed() != null ? s.seed() : 1L);
        long duration = o.durationNanos() != null ? o.durationNanos() : s.durationNanos();
        long wallStart = HostTime.nanos();
        TraceHasher hasher = new TraceHasher();
        BufferedWriter[] traceOut = new BufferedWriter[1];
        try (Network net = Runtimes.create(o.simulated(), seed, o.udp())) {
            Lab lab = assemble(s, o, net, hasher, traceOut);
            WorkloadScheduler.Workload work = WorkloadScheduler.schedule(s, net, lab.planes(), n -> lab.nodes().get(n).rdp(),
                    seed, duration, o.baseDir(), dashboard);
            bootSettings(s, lab);
            scheduleEvents(s, net, lab.events(), lab.nodes());
            Ran ran = execute(s, o, lab, work, duration, dashboard);
            long wall = HostTime.nanos() - wallStart;
            return report(s, o, lab, work, ran, seed, duration, wall, hasher);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (traceOut[0] != null) {
                try {
                    traceOut[0].close();
                } catch (IOException ignored) {
                    // the run's result stands; a trace that could not be flushed is reported by the caller's file check
                }
            }
        }
    }

    /** The assembled lab: its network, each node's stack, control plane and EE by name, and the event log. */
    private record Lab(Network net, Map<String, NodeStack> nodes, Map<String, ControlPlane> planes,
                       Map<String, ExecutionEnvironment> ees, EventLog events) {
    }

    /**
     * Stage one: the topology ({@link NodeStack#topology}), the trace file opened, then node by node
     * (the network's order) its auth, trace sink, control plane (its route changes logged), EE (an AA
     * that stops during the run says so among the events) and AAs at boot.
     */
    private static Lab assemble(Scenario s, Options o, Network net, TraceHasher hasher, BufferedWriter[] traceOut)
            throws IOException {
        Map<String, NodeStack> nodes = NodeStack.topology(s, net,
                o.simulated() ? NodeStack.Mode.SIMULATED : NodeStack.Mode.REAL);
        if (o.traceFile() != null) {
            traceOut[0] = Files.newBufferedWriter(o.traceFile());
        }
        TraceSink sink = traceSink(o.simulated(), hasher, traceOut[0]);
        Lab lab = new Lab(net, nodes, new LinkedHashMap<>(), new LinkedHashMap<>(), new EventLog());
        boolean authOn = s.auth() != null && s.auth().on();
        List<AuthKey> keyring = authOn ? NodeAuthSetup.keyring(s, o.baseDir()) : List.of();
        for (NodeStack stack : nodes.values()) {
            String name = stack.node().name();
            ControlPlane cp = stack.auth(keyring, 1).trace(sink).controlPlane().plane();
            lab.planes().put(name, cp);
            lab.events().watchRoutes(net, stack.node(), cp);
            ExecutionEnvironment ee = stack.ee(o.baseDir());
            lab.ees().put(name, ee);
            ee.onAaStopped(i -> {
                if (!i.stopReason().equals(ExecutionEnvironment.SHUTDOWN)) {
                    lab.events().add(net.now(), name, EventLog.AA_STOPPED + i.id() + " stopped: " + i.stopReason());
                }
            });
            stack.aas(new NodeStack.AaLog() {
                @Override
                public void started(String what) {
                    lab.events().add(net.now(), name, "AA started: " + what);
                }

                @Override
                public void failed(String what, AaException e) {
                    lab.events().add(net.now(), name, EventLog.AA_STOPPED + what + " did not start: " + e.getMessage());
                }
            });
        }
        return lab;
    }

    /**
     * After the workload, in the scenario's node order: ACC on each node that sets it, then the flakeway
     * AA on each node whose rules the scenario sets, at boot or by a later event.
     */
    private static void bootSettings(Scenario s, Lab lab) {
        for (Scenario.NodeSpec n : s.nodes()) {
            lab.nodes().get(n.name()).acc();
        }
        for (Scenario.NodeSpec n : s.nodes()) {
            boolean changed = s.events().stream().anyMatch(e -> e.flakeway() != null && e.flakeway().node().equals(n.name()));
            lab.nodes().get(n.name()).flakeway(changed);
        }
    }

    /** Starts capture, judges and series, runs for {@code duration} (paced by the dashboard, if any), then stops. */
    private static Ran execute(Scenario s, Options o, Lab lab, WorkloadScheduler.Workload work, long duration,
                                      RunObserver dashboard) throws IOException, InterruptedException {
        Network net = lab.net();
        LabCapture capture = LabCapture.start(s, net, o.baseDir());
        Judging judging = Judges.start(s, duration, new NetObserver(net, s));
        LabSeries timeSeries = LabSeries.schedule(net, work.transfers(), duration);
        if (dashboard != null) {
            dashboard.attach(s, net, lab.ees(), work.stacks(), lab.events(), duration);
            dashboard.run(net, duration, o.progress());
            dashboard.finished(net.now());
        } else {
            runWithProgress(net, duration, o.progress());
        }
        net.close();
        lab.ees().values().forEach(ee -> ee.setWatchdog(null));   // the JVM's watchdog stops watching these loops
        if (capture != null) {
            capture.close();
            lab.events().add(net.now(), "*", "capture: " + capture.packets() + " packets written to " + capture.file());
        }
        return new Ran(judging, timeSeries);
    }

    /** The judges and series of the run {@link #execute} finished. */
    private record Ran(Judging judging, LabSeries timeSeries) {
    }

    /** The report: node and link counters, the judges' verdicts, the transfers' cwnd series written out. */
    private static LabResult report(Scenario s, Options o, Lab lab, WorkloadScheduler.Workload work, Ran done,
                                    long seed, long duration, long wall, TraceHasher hasher) throws IOException {
        Network net = lab.net();
        Map<String, NodeReport> nodeStats = new LinkedHashMap<>();
        Map<String, LinkReport> linkStats = new LinkedHashMap<>();
        long now = net.now();
        for (Node n : net.nodes()) {
            UdpCounters c = net instanceof UdpNetwork u ? u.udpCounters(n.name()) : null;
            FlakewayControl fw = lab.nodes().get(n.name()).flakewayControl();
            nodeStats.put(n.name(), LabReports.node(n, fw == null ? null : fw.show(), c, lab.ees().get(n.name())));
            for (Link l : n.links()) {
                linkStats.put(l.name() + "@" + n.name(), LinkReport.of(l, now));
            }
        }
        List<ExpectationResult> results = done.judging().results(
                new NetEvidence(net, s, work.pings(), work.traces(), work.transfers(), lab.ees()));
        Map<String, Path> series = new LinkedHashMap<>();
        if (o.artifactsDir() != null) {
            for (TransferRun t : work.transfers()) {
                Path f = o.artifactsDir().resolve(s.name() + "-" + t.name + "-cwnd.csv");
                t.writeSeries(f);
                series.put(t.name, f);
            }
        }
        return new LabResult(s, o.simulated(), seed, duration, wall, o.simulated() ? hasher : null,
                work.pings(), work.traces(), work.transfers(), work.cross(), series, nodeStats, linkStats, results, lab.events())
                .withTimeSeries(done.timeSeries().report());
    }

    private static TraceSink traceSink(boolean simulated, TraceHasher hasher, BufferedWriter out) {
        TraceSink writer = out == null ? TraceSink.NONE : new TraceWriter(out);
        if (!simulated) {
            // real runtime: several loops write concurrently, so serialise the human trace and skip the hash
            return out == null ? TraceSink.NONE : (t, n, e, l, p, r) -> {
                synchronized (writer) {
                    writer.record(t, n, e, l, p, r);
                }
            };
        }
        if (out == null) {
            return hasher;
        }
        return (t, n, e, l, p, r) -> {
            hasher.record(t, n, e, l, p, r);
            writer.record(t, n, e, l, p, r);
        };
    }

    private static void scheduleEvents(Scenario s, Network net, EventLog log, Map<String, NodeStack> nodes) {
        for (Scenario.EventSpec e : s.events()) {
            long at = Units.nanos(e.at());
            if (e.queue() != null) {
                Scenario.QueueChange q = e.queue();
                Scenario.LinkSpec ls = s.link(q.link());
                for (String end : ls.between()) {
                    if (q.node() == null || q.node().equals(end)) {
                        net.at(at, end, () -> {
                            Link l = net.node(end).link(q.link());
                            l.setDiscipline(QueueSpecs.discipline(q.set(), l.config().limit()));
                            log.add(net.now(), end, "queue on " + q.link() + " now " + l.discipline().describe());
                        });
                    }
                }
                continue;
            }
            if (e.flakeway() != null) {
                Scenario.FlakewayChange fc = e.flakeway();
                net.at(at, fc.node(), () -> {
                    FlakewayControl fw = nodes.get(fc.node()).flakewayControl();
                    if (fc.set() != null) {
                        for (Map<String, Object> rule : fc.set()) {
                            RuleSpec r = RuleSpecs.fromMap(rule);
                            fw.set(r);
                            log.add(net.now(), fc.node(), "flakeway rule '" + r.name() + "' set: " + r);
                        }
                    } else if (fc.clear().equals("all")) {
                        fw.clearAll();
                        log.add(net.now(), fc.node(), "flakeway rules cleared");
                    } else {
                        boolean had = fw.clear(fc.clear());
                        log.add(net.now(), fc.node(), "flakeway rule '" + fc.clear() + "' " + (had ? "cleared" : "was not set"));
                    }
                });
                continue;
            }
            boolean up = e.up() != null;
            Scenario.LinkSpec l = s.link(up ? e.up() : e.down());
            net.at(at, l.between().get(0), () -> log.add(net.now(), "*", "link " + l.linkName() + (up ? " mended" : " cut")));
            for (String end : l.between()) {
                net.at(at, end, () -> {
                    // a silent wire failure: routing finds out from missing hellos, as on a real overlay
                    net.node(end).link(l.linkName()).setCut(!up);
                });
            }
        }
    }

    public static void runWithProgress(Network net, long duration, DoubleConsumer progress) throws InterruptedException {
        int steps = 50;
        long done = 0;
        for (int i = 1; i <= steps; i++) {
            long target = duration * i / steps;
            net.run(target - done);
            done = target;
            if (progress != null) {
                progress.accept(i / (double) steps);
            }
        }
    }

    /** Creates the runtime a lab runs in. */
    static final class Runtimes {
        private Runtimes() {
        }

        static Network create(boolean simulated, long seed, UdpOptions udp) {
            if (simulated) {
                return new SimNetwork(seed);
            }
            return new UdpNetwork(seed, udp == null ? UdpOptions.DEFAULT : udp);
        }
    }
}
