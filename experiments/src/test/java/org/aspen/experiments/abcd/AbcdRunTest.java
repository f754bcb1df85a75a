package org.aspen.experiments.abcd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.acc.abcd.AbcdConfig;
import org.aspen.experiments.sweep.RunReport;
import org.aspen.experiments.sweep.ScenarioYaml;
import org.aspen.lab.build.LabBuilder;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.run.LabRunner;
import org.aspen.lab.scenario.Scenario;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.node.TraceHasher;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ACC-ABCD's runs on the shared Figure 3 dumbbell: the topology built from the dumbbell's scenario
 * is the one the experiment used to wire by hand ({@link #legacy}, kept here as it was), so a run
 * on either gives the same packet trace and the same figures, for every config.
 */
class AbcdRunTest {
    private static final long MS = 1_000_000L;

    @ParameterizedTest
    @EnumSource(AbcdRun.Config.class)
    void dumbbellScenarioRunsExactlyAsTheHandWiredTopology(AbcdRun.Config c) {
        AbcdRun.Setup setup = AbcdRun.Setup.defaults(8);
        TraceHasher before = new TraceHasher();
        TraceHasher after = new TraceHasher();
        AbcdRun old = AbcdRun.simulate(c, 100, 2, setup, net -> {
            legacy(net, 100, setup.buffer());
            return null;
        }, before);
        AbcdRun now = AbcdRun.simulate(c, 100, 2, setup, net -> {
            LabBuilder.build(AbcdRun.topology(100, setup), net);
            return null;
        }, after);
        assertTrue(before.events() > 10_000, "packets moved: " + before.events());
        assertEquals(before.hex(), after.hex(), "trace hash");
        assertEquals(old.drops(), now.drops());
        assertArrayEquals(old.flowKbps(), now.flowKbps());
        assertEquals(List.of(old.advices(), old.resumes(), old.notifications(), old.segmentsSent(), old.bytesSent()),
                List.of(now.advices(), now.resumes(), now.notifications(), now.segmentsSent(), now.bytesSent()));
    }

    /**
     * A probe (what {@link AbcdFlowTrace} uses) only reads: an 8 s ACC-ABCD run on the ns-2 baseline
     * sampled every second gives the drops, per-flow throughputs and counters of the same run
     * unprobed, and the probe is called at 1, 2, ..., 8 s with every sender started (they start
     * within the first second).
     */
    @Test
    void aProbeReadsTheSendersWithoutChangingTheRun() {
        AbcdRun.Setup setup = AbcdRun.Setup.defaults(8).withBaseline(AbcdBaseline.NS2);
        List<Long> at = new ArrayList<>();
        List<Integer> started = new ArrayList<>();
        AbcdRun plain = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 1, setup);
        AbcdRun probed = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 1, setup, 1_000 * MS, (nanos, senders) -> {
            at.add(nanos);
            int n = 0;
            for (var s : senders) {
                n += s == null ? 0 : 1;
            }
            started.add(n);
        });
        assertEquals(List.of(1_000 * MS, 2_000 * MS, 3_000 * MS, 4_000 * MS, 5_000 * MS, 6_000 * MS, 7_000 * MS, 8_000 * MS), at);
        assertEquals(List.of(10, 10, 10, 10, 10, 10, 10, 10), started);
        assertEquals(plain.drops(), probed.drops());
        assertArrayEquals(plain.flowKbps(), probed.flowKbps());
        assertEquals(List.of(plain.advices(), plain.resumes(), plain.segmentsSent(), plain.bytesSent(), plain.fragments()),
                List.of(probed.advices(), probed.resumes(), probed.segmentsSent(), probed.bytesSent(), probed.fragments()));
    }

    /** The probe's link read (AbcdFlowTrace's link CSV) at 500 ms, fair rate on: the run is the unprobed one. */
    @Test
    void aProbeReadsTheBottleneckWithoutChangingTheRun() {
        AbcdRun.Setup setup = new AbcdRun.Setup(8, AbcdRun.BUFFER, org.aspen.acc.abcd.AbcdConfig.DEFAULT.withAveragingMs(0)
                .withRate(org.aspen.acc.abcd.AbcdConfig.RATE_FAIR), AbcdBaseline.NS2);
        List<Long> sent = new ArrayList<>();
        AbcdRun plain = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 1, setup);
        AbcdRun probed = AbcdRun.simulate(AbcdRun.Config.ABCD, 100, 1, setup, 500 * MS, new AbcdRun.Probe() {
            @Override
            public void sample(long nanos, org.aspen.rdp.RdpConnection[] senders) {
            }

            @Override
            public void link(long nanos, org.aspen.vnet.link.Link bottleneck) {
                assertEquals("r2-r3", bottleneck.name());
                sent.add(bottleneck.counters().sentBytes);
            }
        });
        assertEquals(16, sent.size());
        for (int i = 1; i < sent.size(); i++) {
            assertTrue(sent.get(i) >= sent.get(i - 1));
            assertTrue((sent.get(i) - sent.get(i - 1)) * 8 <= 2_000_000 / 2 + 1040 * 8, "at most 2 Mb/s for 0.5 s, one packet late");
        }
        assertEquals(plain.drops(), probed.drops());
        assertArrayEquals(plain.flowKbps(), probed.flowKbps());
        assertEquals(List.of(plain.advices(), plain.resumes(), plain.segmentsSent(), plain.bytesSent(), plain.fragments()),
                List.of(probed.advices(), probed.resumes(), probed.segmentsSent(), probed.bytesSent(), probed.fragments()));
    }

    /**
     * ACC-ABCD set up from a scenario alone (what {@code aspen experiment abcd --print-scenario abcd:100}
     * prints and examples/scenarios/abcd-dumbbell.yaml holds): the bundled monitor starts on r3 with the
     * scenario's parameters, advises the RDP senders, and they shrink their segments; the same AA as
     * resizer on r2 receives the step-2 packet size (step 3).
     */
    @Test
    void abcdRunsFromAScenarioFileWithTheBundledMonitorOnTheReceiversRouter() throws Exception {
        Scenario s = AbcdRun.scenario(AbcdRun.Config.ABCD, 100, AbcdRun.Setup.defaults(20));
        assertEquals(List.of(new Scenario.AaEntry(AbcdConfig.MONITOR_AA, null, java.util.Map.of("inLink", "r2-r3"))),
                s.node("r3").aas());
        Scenario back = ScenarioYaml.read(ScenarioYaml.write(s), "abcd.yaml");
        LabResult lab = LabRunner.run(back, new LabRunner.Options(true, 1L, null, null, null));
        RunReport r = RunReport.of(lab);
        assertEquals(List.of(new Scenario.AaEntry(AbcdConfig.MONITOR_AA, null, java.util.Map.of("role", AbcdConfig.ROLE_RESIZER))),
                s.node("r2").aas());
        assertTrue(r.aaMetric("r3", "advicesSent") > 0, "the monitor advised the senders");
        assertTrue(r.aaMetric("r2", "sizesApplied") > 0, "the resizer on r2 got the step-2 size (step 3)");
        assertEquals(10, r.transfers().size());
        // the flows run to the end of the run (their stop is after it): what arrived, not a closed flow's goodput
        assertTrue(lab.report().transfers().stream().allMatch(t -> t.bytesReceived() > 100_000), lab.report().transfers().toString());
        Scenario acc = AbcdRun.scenario(AbcdRun.Config.ACC, 100, AbcdRun.Setup.defaults(20));
        assertEquals("monitor", acc.node("r2").acc());
        assertEquals("filter", acc.node("r1").acc());
        assertTrue(acc.node("r3").aas().isEmpty());
    }

    /** The ACC config's monitor settings (--acc-notify window-only) reach r2's acc field; the default stays "monitor". */
    @Test
    void theAccConfigsNotificationReachesTheScenario() {
        AbcdRun.Setup text = AbcdRun.Setup.defaults(20).withAcc(
                org.aspen.acc.aa.AccConfig.DEFAULT.withNotification(org.aspen.acc.aa.AccConfig.Notify.WINDOW_ONLY));
        assertEquals(java.util.Map.of("monitor", true, "notify", "window-only"),
                AbcdRun.scenario(AbcdRun.Config.ACC, 100, text).node("r2").acc());
        assertEquals("monitor", AbcdRun.scenario(AbcdRun.Config.ACC, 100, AbcdRun.Setup.defaults(20)).node("r2").acc());
        assertEquals(null, AbcdRun.scenario(AbcdRun.Config.RENO, 100, text).node("r2").acc());
    }

    /** AbcdTable1's hand wiring before the dumbbell was shared (commit bc58c29). */
    static void legacy(SimNetwork net, int delayMs, int buffer) {
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        node(net, "r1", 0x0a000001);
        node(net, "r2", 0x0a000002);
        node(net, "r3", 0x0a000003);
        LinkConfig access = new LinkConfig(10_000_000, 10 * MS, QueueLimit.packets(100), 1);
        for (int i = 1; i <= AbcdRun.FLOWS; i++) {
            left.add(node(net, "s" + i, 0x0a000100 + i));
            right.add(node(net, "d" + i, 0x0a000300 + i));
            net.connect("s" + i + "-r1", "s" + i, "r1", access);
            net.connect("r3-d" + i, "r3", "d" + i, access);
        }
        for (int i = 1; i <= 2; i++) {
            left.add(node(net, "x" + i, 0x0a000200 + i));
            right.add(node(net, "y" + i, 0x0a000400 + i));
            net.connect("x" + i + "-r2", "x" + i, "r2", access);
            net.connect("r3-y" + i, "r3", "y" + i, access);
        }
        net.connect("r1-r2", "r1", "r2", new LinkConfig(10_000_000, delayMs * MS, QueueLimit.packets(100), 1));
        net.connect("r2-r3", "r2", "r3", new LinkConfig(2_000_000, 10 * MS, QueueLimit.bytes(buffer * 1000L), 1));
        VAddr all = VAddr.of(0x0a000000);
        for (String n : left) {
            Link l = net.node(n).links().get(0);
            net.node(n).routes().addStatic(new Route(all, 8, l, l.peer(), 1, Route.Origin.STATIC));
            Node router = n.startsWith("s") ? net.node("r1") : net.node("r2");
            Link back = router.link(n + "-" + router.name());
            router.routes().addStatic(Route.host(net.node(n).address(), back, net.node(n).address(), 1, Route.Origin.STATIC));
        }
        for (String n : right) {
            Link l = net.node(n).links().get(0);
            net.node(n).routes().addStatic(new Route(all, 8, l, l.peer(), 1, Route.Origin.STATIC));
            Link out = net.node("r3").link("r3-" + n);
            net.node("r3").routes().addStatic(Route.host(net.node(n).address(), out, net.node(n).address(), 1, Route.Origin.STATIC));
        }
        Link r1r2 = net.node("r1").link("r1-r2");
        Link r2r1 = net.node("r2").link("r1-r2");
        Link r2r3 = net.node("r2").link("r2-r3");
        Link r3r2 = net.node("r3").link("r2-r3");
        net.node("r1").routes().addStatic(new Route(all, 8, r1r2, net.node("r2").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(VAddr.of(0x0a000100), 24, r2r1, net.node("r1").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(VAddr.of(0x0a000001), 32, r2r1, net.node("r1").address(), 1, Route.Origin.STATIC));
        net.node("r2").routes().addStatic(new Route(all, 8, r2r3, net.node("r3").address(), 1, Route.Origin.STATIC));
        net.node("r3").routes().addStatic(new Route(all, 8, r3r2, net.node("r2").address(), 1, Route.Origin.STATIC));
    }

    private static String node(SimNetwork net, String name, int address) {
        net.addNode(name, VAddr.of(address), NodeConfig.DEFAULT, null);
        return name;
    }
}
