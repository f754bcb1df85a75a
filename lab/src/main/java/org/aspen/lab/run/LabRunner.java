package org.aspen.lab.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleConsumer;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.flakeway.FlakewayAas;
import org.aspen.flakeway.FlakewayControl;
import org.aspen.flakeway.RuleSpec;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.lab.build.EeSetup;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.build.NodeAcc;
import org.aspen.lab.build.NodeAuthSetup;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.judge.Judges;
import org.aspen.lab.judge.Judging;
import org.aspen.lab.report.LabReports;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.NodeReport;
import org.aspen.lab.scenario.QueueSpecs;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.rdp.RdpStack;
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

    /** As {@link #run(Scenario, Options)}, watched by {@code dashboard} (null: none), which may also pace a simulation (the live dashboard does). */
    public static LabResult run(Scenario s, Options o, RunObserver dashboard) throws InterruptedException {
        long seed = o.seed() != null ? o.seed() : (s.seed() != null ? s.seed() : 1L);
        long duration = o.durationNanos() != null ? o.durationNanos() : s.durationNanos();
        long wallStart = HostTime.nanos();
        TraceHasher hasher = new TraceHasher();
        BufferedWriter traceOut = null;
        LabCapture capture = null;
        try (Network net = Runtimes.create(o.simulated(), seed, o.udp())) {
            LabBuilder.build(s, net);
            if (o.traceFile() != null) {
                traceOut = Files.newBufferedWriter(o.traceFile());
            }
            TraceSink sink = traceSink(o.simulated(), hasher, traceOut);
            Map<String, ControlPlane> planes = new LinkedHashMap<>();
            Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
            EventLog events = new EventLog();
            boolean authOn = s.auth() != null && s.auth().on();
            List<org.aspen.vnet.auth.AuthKey> keyring = authOn ? NodeAuthSetup.keyring(s, o.baseDir()) : List.of();
            for (Node n : net.nodes()) {
                NodeAuthSetup.install(s, n, keyring, 1);   // authenticated control, when the scenario has auth
                n.setTrace(sink);
                ControlPlane cp = ControlPlane.install(n, s.dynamicRouting());
                planes.put(n.name(), cp);
                events.watchRoutes(net, n, cp);
                ExecutionEnvironment ee = EeSetup.create(n);
                if (!o.simulated()) {
                    EeSetup.watchCpuTime(ee);
                }
                ees.put(n.name(), ee);
                Map<Scenario.AaEntry, byte[]> jars = EeSetup.jars(s, s.node(n.name()), o.baseDir());
                // an AA that stops during the run (its budget, its failures) says so among the events
                ee.onAaStopped(i -> {
                    if (!i.stopReason().equals(ExecutionEnvironment.SHUTDOWN)) {
                        events.add(net.now(), n.name(), EventLog.AA_STOPPED + i.id() + " stopped: " + i.stopReason());
                    }
                });
                if (!jars.isEmpty()) {
                    net.at(0, n.name(), () -> jars.forEach((a, jar) -> {
                        String what = a.name() != null ? a.name() : a.jar();
                        try {
                            EeSetup.start(ee, Map.of(a, jar));
                            events.add(net.now(), n.name(), "AA started: " + what);
                        } catch (org.aspen.ee.AaException e) {
                            events.add(net.now(), n.name(), EventLog.AA_STOPPED + what + " did not start: " + e.getMessage());
                        }
                    }));
                }
            }
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
                TransferRun t = new TransferRun(s.workload().transfers().get(i), i);
                for (String end : List.of(t.spec.from(), t.spec.to())) {
                    stacks.computeIfAbsent(end, n -> RdpStack.install(net.node(n)));
                }
                t.schedule(net, stacks, s, seed, o.baseDir());
                transfers.add(t);
            }
            for (int i = 0; i < s.workload().flows().size(); i++) {
                TransferRun t = TransferRun.flow(s.workload().flows().get(i), i, duration);
                for (String end : List.of(t.spec.from(), t.spec.to())) {
                    stacks.computeIfAbsent(end, n -> RdpStack.install(net.node(n)));
                }
                t.schedule(net, stacks, s, seed, o.baseDir());
                transfers.add(t);
            }
            Map<String, CrossTraffic.Receiver> rawReceivers = new LinkedHashMap<>();
            List<CrossTraffic> cross = new ArrayList<>();
            for (int i = 0; i < s.workload().cross().size(); i++) {
                CrossTraffic c = new CrossTraffic(s.workload().cross().get(i), i, duration);
                c.schedule(net, rawReceivers, seed);
                cross.add(c);
            }
            for (Scenario.NodeSpec n : s.nodes()) {
                NodeAcc acc = NodeAcc.parse(n.acc());
                if (acc != null) {
                    ExecutionEnvironment ee = ees.get(n.name());
                    net.at(0, n.name(), () -> acc.install(ee));
                }
            }
            // the flakeway runs as an AA on each node whose rules the scenario sets (at boot or later)
            Map<String, FlakewayControl> flakeways = new java.util.concurrent.ConcurrentHashMap<>();
            for (Scenario.NodeSpec n : s.nodes()) {
                boolean changed = s.events().stream().anyMatch(e -> e.flakeway() != null && e.flakeway().node().equals(n.name()));
                if (!n.flakeway().isEmpty() || changed) {
                    List<RuleSpec> rules = n.flakeway().stream().map(RuleSpecs::fromMap).toList();
                    ExecutionEnvironment ee = ees.get(n.name());
                    net.at(0, n.name(), () -> flakeways.put(n.name(), FlakewayAas.start(ee, rules)));
                }
            }
            scheduleEvents(s, net, events, flakeways);
            capture = LabCapture.start(s, net, o.baseDir());
            Judging judging = Judges.start(s, duration, new NetObserver(net, s));
            LabSeries timeSeries = LabSeries.schedule(net, transfers, duration);
            if (dashboard != null) {
                dashboard.attach(s, net, ees, stacks, events, duration);
                dashboard.run(net, duration, o.progress());
                dashboard.finished(net.now());
            } else {
                runWithProgress(net, duration, o.progress());
            }
            net.close();
            ees.values().forEach(ee -> ee.setWatchdog(null));   // the JVM's watchdog stops watching these loops
            if (capture != null) {
                capture.close();
                events.add(net.now(), "*", "capture: " + capture.packets() + " packets written to " + capture.file());
            }
            long wall = HostTime.nanos() - wallStart;
            Map<String, NodeReport> nodeStats = new LinkedHashMap<>();
            Map<String, LinkReport> linkStats = new LinkedHashMap<>();
            long now = net.now();
            for (Node n : net.nodes()) {
                UdpCounters c = net instanceof UdpNetwork u ? u.udpCounters(n.name()) : null;
                FlakewayControl fw = flakeways.get(n.name());
                nodeStats.put(n.name(), LabReports.node(n, fw == null ? null : fw.show(), c, ees.get(n.name())));
                for (Link l : n.links()) {
                    linkStats.put(l.name() + "@" + n.name(), LinkReport.of(l, now));
                }
            }
            List<ExpectationResult> results = judging.results(new NetEvidence(net, s, pings, traces, transfers, ees));
            Map<String, Path> series = new LinkedHashMap<>();
            if (o.artifactsDir() != null) {
                for (TransferRun t : transfers) {
                    Path f = o.artifactsDir().resolve(s.name() + "-" + t.name + "-cwnd.csv");
                    t.writeSeries(f);
                    series.put(t.name, f);
                }
            }
            return new LabResult(s, o.simulated(), seed, duration, wall, o.simulated() ? hasher : null,
                    pings, traces, transfers, cross, series, nodeStats, linkStats, results, events)
                    .withTimeSeries(timeSeries.report());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (traceOut != null) {
                try {
                    traceOut.close();
                } catch (IOException ignored) {
                    // the run's result stands; a trace that could not be flushed is reported by the caller's file check
                }
            }
        }
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

    private static void scheduleEvents(Scenario s, Network net, EventLog log, Map<String, FlakewayControl> flakeways) {
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
                    FlakewayControl fw = flakeways.get(fc.node());
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
