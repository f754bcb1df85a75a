package org.aspen.lab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.report.TransferReport;
import org.junit.jupiter.api.Test;

/** A scenario's {@code transport: ns2-reno} with its {@code ns2} overrides reaches the sender (docs/scenarios.md). */
class Ns2TransportLabTest {
    @Test
    void windowFromTheNs2MapBoundsTheNs2SenderOnly() throws Exception {
        // 100 ms each way: a round trip takes at least 200 ms, so window_ 4 of 1000-byte segments allows at
        // most 4 x 8000 bits / 0.2 s = 160 kb/s, whatever the path's rate; RDP's own sender is not bounded so
        LabResult r = CrossAndAccTest.sim(CrossAndAccTest.yaml("""
                name: ns2-transport
                duration: 60s
                routing: static
                nodes: [{name: a, address: 10.0.0.1}, {name: b, address: 10.0.0.2}]
                links: [{between: [a, b], bandwidth: 10Mbps, delay: 100ms, buffer: 1000}]
                routes: [{node: a, to: b, via: b}, {node: b, to: a, via: a}]
                workload:
                  transfers:
                    - {name: ns2, from: a, to: b, size: 200KB, segment: 1000, start: 1s, transport: ns2-reno, ns2: {window: 4}}
                    - {name: rdp, from: a, to: b, size: 200KB, segment: 1000, start: 30s}
                """), 1);
        List<TransferReport> ts = r.report().transfers();
        TransferReport ns2 = ts.get(0);
        TransferReport rdp = ts.get(1);
        assertEquals(true, ns2.digestMatch(), ns2.toString());
        assertEquals(true, rdp.digestMatch(), rdp.toString());
        long ns2Goodput = ns2.goodputBps();
        long rdpGoodput = rdp.goodputBps();
        assertTrue(ns2Goodput <= 160_000, "ns2-reno with window 4: " + ns2Goodput + " b/s");
        assertTrue(rdpGoodput > 160_000, "rdp: " + rdpGoodput + " b/s");
        assertEquals(0L, ns2.retransmissions());
    }
}
