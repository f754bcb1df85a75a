package org.aspen.lab.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.aspen.lab.judge.ExpectationResult;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LabRunnerTest {
    static Scenario example(String name) {
        return ScenarioLoader.load(Path.of("..", "examples", "scenarios", name));
    }

    static LabResult sim(Scenario s, long seed) throws InterruptedException {
        return LabRunner.run(s, new LabRunner.Options(true, seed, null, null, null));
    }

    static String failures(LabResult r) {
        return r.summary();
    }

    @Test
    void rerouteHoldsInSimulation() throws Exception {
        LabResult r = sim(example("reroute.yaml"), 1);
        assertTrue(r.passed(), failures(r));
        // the outage really happened: some pings were lost while routing converged
        String pingsOverall = r.expectations().get(4).measured().toString();
        assertTrue(!pingsOverall.startsWith("100.0%"), pingsOverall);
    }

    @Test
    void sameSeedSameTraceDifferentSeedDifferentTrace(@TempDir Path dir) throws Exception {
        Scenario s = example("reroute.yaml");
        Path t1 = dir.resolve("t1.txt");
        Path t2 = dir.resolve("t2.txt");
        LabResult a = LabRunner.run(s, new LabRunner.Options(true, 7L, null, t1, null));
        LabResult b = LabRunner.run(s, new LabRunner.Options(true, 7L, null, t2, null));
        LabResult c = sim(s, 8);
        assertEquals(a.traceHash(), b.traceHash());
        assertEquals(a.traceEvents(), b.traceEvents());
        assertTrue(a.traceEvents() > 1000, "trace too small: " + a.traceEvents());
        assertEquals(Files.readAllLines(t1), Files.readAllLines(t2));
        assertNotEquals(a.traceHash(), c.traceHash());
    }

    private static final String INPUT_QUEUE_LAB = """
            name: inq
            duration: 2s
            routing: static
            nodes:
              - {name: a, address: 10.0.0.1}
              - {name: b, address: 10.0.0.2, inputQueue: 50}
            links:
              - {between: [a, b], delay: 1ms}
            workload:
              pings:
                - {from: a, to: b, count: 3, interval: 100ms, start: 500ms}
            expect:
              - {type: pings, from: a, to: b, atLeast: 100%}
            """;

    @Test
    void anInputQueueIsRefusedInSimulationInOneLine() {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream(INPUT_QUEUE_LAB.getBytes()), "inq.yaml", true);
        String msg = org.junit.jupiter.api.Assertions.assertThrows(org.aspen.lab.scenario.ConfigException.class, () -> sim(s, 1))
                .getMessage();
        assertEquals("scenario 'inq': node 'b': inputQueue applies to the real runtime (UDP sockets) only, not to a simulated run:"
                + " leave it out, or run without --sim", msg);
    }

    @Test
    void underStaticRoutingDirectNeighboursAreReachableWithoutRoutesButNothingFurther() throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: connected
                duration: 3s
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                  - {name: c, address: 10.0.0.3}
                links:
                  - {between: [a, b], bandwidth: 1Mbps, delay: 1ms}
                  - {between: [b, c], bandwidth: 1Mbps, delay: 1ms}
                workload:
                  pings:
                    - {from: a, to: b, count: 3, interval: 100ms, start: 500ms}
                    - {from: c, to: b, count: 3, interval: 100ms, start: 500ms}
                    - {from: a, to: c, count: 3, interval: 100ms, start: 500ms}
                expect:
                  - {type: pings, from: a, to: b, atLeast: 100%}
                  - {type: pings, from: c, to: b, atLeast: 100%}
                  - {type: counter, node: a, counter: drops.no-route, atLeast: 3}
                """.getBytes()), "connected.yaml", true);
        LabResult r = sim(s, 1);
        assertTrue(r.passed(), failures(r));
    }

    @Test
    void staticRoutesAndCounters() throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: static
                duration: 3s
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                  - {name: c, address: 10.0.0.3}
                links:
                  - {between: [a, b], bandwidth: 1Mbps, delay: 1ms}
                  - {between: [b, c], bandwidth: 1Mbps, delay: 1ms}
                routes:
                  - {node: a, to: c, via: b}
                  - {node: b, to: c, via: c}
                  - {node: c, to: 10.0.0.0/24, via: b}
                  - {node: b, to: a, via: a}
                workload:
                  pings: [{from: a, to: c, count: 5, interval: 100ms, start: 500ms}]
                  traces: [{from: a, to: c, at: 1s}]
                expect:
                  - {type: pings, from: a, to: c, atLeast: 100%}
                  - {type: trace, from: a, to: c, hops: [b, c]}
                  - {type: counter, node: b, counter: forwarded, atLeast: 10}
                  - {type: counter, node: b, counter: drops.no-route, atMost: 0}
                """.getBytes()), "static.yaml", true);
        LabResult r = sim(s, 1);
        assertTrue(r.passed(), failures(r));
        assertEquals(List.of(true, true, true, true), r.expectations().stream().map(ExpectationResult::passed).toList());
    }

    @Test
    void rdpLossyDeliversIntactInSimulation() throws Exception {
        LabResult r = sim(example("rdp-lossy.yaml"), 3);
        assertTrue(r.passed(), failures(r));
        var t = r.report().transfers().get(0);
        assertEquals(true, t.digestMatch());
        assertEquals(2_000_000L, t.bytesReceived());
    }

    @Test
    void unfinishedTransferReportsWhatArrived() throws Exception {
        // 10 MB over 2 Mbps cannot finish in 3 s: hundreds of segments arrive, the receiver has no summary yet
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: slow
                duration: 3s
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                links:
                  - {between: [a, b], bandwidth: 2Mbps, delay: 5ms}
                workload:
                  transfers: [{name: big, from: a, to: b, size: 10MB, start: 500ms}]
                expect:
                  - {type: transfer, transfer: big}
                """.getBytes()), "slow.yaml", true);
        LabResult r = sim(s, 1);
        var t = r.report().transfers().get(0);
        assertEquals(false, t.complete());
        long got = t.bytesReceived();
        assertTrue(got > 100_000 && got < 10_000_000, "bytesReceived " + got);
        String measured = String.valueOf(r.expectations().get(0).measured());
        assertTrue(measured.contains(got + " bytes received"), measured);
    }

    @Test
    void bulkFlowsShareABottleneckAndTheQueueChangesMidRun() throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: shared
                duration: 20s
                nodes:
                  - {name: s1, address: 10.0.1.1}
                  - {name: s2, address: 10.0.1.2}
                  - {name: r1, address: 10.0.2.1}
                  - {name: r2, address: 10.0.2.2}
                  - {name: d, address: 10.0.3.1}
                links:
                  - {between: [s1, r1], bandwidth: 10Mbps, delay: 5ms}
                  - {between: [s2, r1], bandwidth: 10Mbps, delay: 5ms}
                  - {between: [r1, r2], bandwidth: 2Mbps, delay: 20ms, buffer: 30}
                  - {between: [r2, d], bandwidth: 10Mbps, delay: 5ms}
                workload:
                  flows:
                    - {name: f1, from: s1, to: d, start: 1s}
                    - {name: f2, from: s2, to: d, start: 1s}
                events:
                  - {at: 10s, queue: {link: r1-r2, node: r1, set: {kind: red, min_th: 5, max_th: 15, max_p: 0.1}}}
                expect:
                  - {type: flow, flow: f1, minGoodput: 300kbps, maxGoodput: 2Mbps}
                  - {type: flow, flow: f2, minGoodput: 300kbps, maxGoodput: 2Mbps}
                  - {type: counter, node: r1, counter: link.r1-r2.drops.overflow, atLeast: 1}
                """.getBytes()), "shared.yaml", true);
        LabResult r = sim(s, 2);
        assertTrue(r.passed(), failures(r));
        var link = r.links().get("r1-r2@r1");
        var disc = link.discipline();
        assertEquals("red", disc.get("kind"));
        // the bottleneck is well used and not exceeded
        double util = link.counters().utilisation();
        assertTrue(util > 0.7 && util <= 1.0, "utilisation " + util);
        assertTrue(r.summary().contains("queue on r1-r2 now"), r.summary());
    }

    @Test
    void ns2QueueKindsRunInAScenarioAndSwapMidRun() throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: ns2-queues
                duration: 8s
                nodes:
                  - {name: s1, address: 10.0.1.1}
                  - {name: r1, address: 10.0.2.1}
                  - {name: r2, address: 10.0.2.2}
                  - {name: d, address: 10.0.3.1}
                links:
                  - {between: [s1, r1], bandwidth: 10Mbps, delay: 5ms}
                  - {between: [r1, r2], bandwidth: 2Mbps, delay: 20ms, buffer: 20, queue: {kind: ns2-droptail}}
                  - {between: [r2, d], bandwidth: 10Mbps, delay: 5ms}
                workload:
                  flows:
                    - {name: f1, from: s1, to: d, start: 1s}
                events:
                  - {at: 4s, queue: {link: r1-r2, node: r1, set: {kind: ns2-red, adaptive: 1, interval: 250ms}}}
                expect:
                  - {type: flow, flow: f1, minGoodput: 300kbps, maxGoodput: 2Mbps}
                  - {type: counter, node: r1, counter: link.r1-r2.discipline.arrivals, atLeast: 1}
                """.getBytes()), "ns2-queues.yaml", true);
        LabResult r = sim(s, 2);
        assertTrue(r.passed(), failures(r));
        var disc = r.links().get("r1-r2@r1").discipline();
        assertEquals("ns2-red", disc.get("kind"));
        assertEquals(true, disc.get("adaptive"));
    }
}
