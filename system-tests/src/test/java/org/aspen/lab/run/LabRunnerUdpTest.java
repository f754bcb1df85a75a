package org.aspen.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Labs run whole on the real UDP runtime (a system test: every node's loop on the wall clock): the
 * example line and reroute labs pass, an input queue shows in its node's report, and a transfer
 * through a lossy flakeway retransmits and arrives. The same labs in the simulation: lab's LabRunnerTest.
 */
class LabRunnerUdpTest {
    static Scenario example(String name) {
        return ScenarioLoader.load(Path.of("..", "examples", "scenarios", name));
    }

    static String failures(LabResult r) {
        return r.summary();
    }

    /** The lab of lab's LabRunnerTest.anInputQueueIsRefusedInSimulationInOneLine, which the simulation refuses. */
    static final String INPUT_QUEUE_LAB = """
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
    void line3OnRealUdp() throws Exception {
        LabResult r = LabRunner.run(example("line3.yaml"), new LabRunner.Options(false, null, null, null, null));
        assertTrue(r.passed(), failures(r));
        assertEquals(null, r.traceHash());
    }

    @Test
    void anInputQueueRunsOnRealUdpAndShowsInTheNodesReport() throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream(INPUT_QUEUE_LAB.getBytes()), "inq.yaml", true);
        LabResult r = LabRunner.run(s, new LabRunner.Options(false, 1L, null, null, null));
        assertTrue(r.passed(), failures(r));
        var q = r.report().nodes().get("b").inputQueue();
        assertEquals(50, q.limit());
        assertEquals(0L, q.drops());                     // three pings never fill 50 packets
        assertTrue(q.peak() >= 1, q.toString());
        assertEquals(null, r.report().nodes().get("a").inputQueue());
    }

    @Test
    void rerouteOnRealUdp() throws Exception {
        LabResult r = LabRunner.run(example("reroute.yaml"), new LabRunner.Options(false, null, null, null, null));
        assertTrue(r.passed(), failures(r));
    }

    @Test
    void transferThroughFlakewayOnRealUdp(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioLoader.parse(new java.io.ByteArrayInputStream("""
                name: real-transfer
                duration: 20s
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - name: b
                    address: 10.0.0.2
                    # 5% loss: over real UDP the draws follow the arrival order, which timing sets, so
                    # the loss count varies run to run; at 2% one run in about a hundred lost none of
                    # the ~215 data segments (no retransmission), at 5% about one in 60,000
                    flakeway: [{name: lossy, match: {proto: rdp}, loss: 5%, reorder: 2%}]
                  - {name: c, address: 10.0.0.3}
                links:
                  - {between: [a, b], bandwidth: 20Mbps, delay: 2ms}
                  - {between: [b, c], bandwidth: 20Mbps, delay: 2ms}
                workload:
                  transfers: [{name: t, from: a, to: c, size: 300KB, start: 1s}]
                expect:
                  - {type: transfer, transfer: t, minRetransmissions: 1}
                """.getBytes()), "real-transfer.yaml", true);
        LabResult r = LabRunner.run(s, new LabRunner.Options(false, 5L, null, null, null, null, dir));
        assertTrue(r.passed(), failures(r));
        assertTrue(Files.size(dir.resolve("real-transfer-t-cwnd.csv")) > 100);
    }
}
