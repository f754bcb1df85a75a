package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code aspen stats}' summary lines from a made-up stats reply, its counters and links read as records. */
class StatsSummaryTest {
    @Test
    void countersAndLinksOfAMadeUpReply() throws Exception {
        String reply = """
                {"node": "b", "address": "10.0.0.2", "nowNanos": 90000000000,
                 "counters": {"received": 120, "forwarded": 80, "delivered": 30, "originated": 12, "intercepted": 0,
                              "reinjected": 0, "drops": {"no-route": 2, "ttl-expired": 1}},
                 "links": [{"name": "a-b", "peer": "10.0.0.1", "wire": "127.0.0.1:4001", "up": true,
                            "config": {"bandwidthBps": 10000000, "delayNanos": 0, "limit": "100 packets", "cost": 1},
                            "discipline": {"kind": "droptail", "queuedPackets": 3, "queuedBytes": 3000},
                            "counters": {"enqueued": 70, "sentPackets": 70, "sentBytes": 70000, "receivedPackets": 65,
                                         "receivedBytes": 65000, "marked": 0, "peakQueue": 9, "averageQueue": 0.5,
                                         "utilisation": 0.25, "drops": {"overflow": 4, "node-stopped": 1}}},
                           {"name": "b-c", "peer": null, "wire": "127.0.0.1:4003", "up": false,
                            "config": {"bandwidthBps": 0, "delayNanos": 0, "limit": "unlimited", "cost": 1},
                            "discipline": {"kind": "droptail", "queuedPackets": 0, "queuedBytes": 0},
                            "counters": {"enqueued": 0, "sentPackets": 0, "sentBytes": 0, "receivedPackets": 0,
                                         "receivedBytes": 0, "marked": 0, "peakQueue": 0, "averageQueue": 0.0,
                                         "utilisation": 0.0, "drops": {}}}]}
                """;
        List<String> lines = StatsSummary.lines(new ObjectMapper().readTree(reply));
        assertEquals(List.of("node b (10.0.0.2), up 1.5 min",
                "packets: 120 received, 80 forwarded, 30 delivered, 12 originated; 3 dropped {no-route=2, ttl-expired=1}",
                "link a-b -> 10.0.0.1: up, 10 Mbit/s, sent 70, received 65 packets, queue 3 (peak 9), 5 dropped",
                "link b-c -> ?: DOWN, unlimited, sent 0, received 0 packets, queue 0 (peak 0), 0 dropped"), lines);
    }
}
