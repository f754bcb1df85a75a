package org.aspen.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/** {@code aspen node}'s config takes a node's {@code inputQueue} as a lab does: the daemon's socket gets the queue. */
class NodeHostInputQueueTest {
    @Test
    void theNodesInputQueueIsSetFromItsConfig() throws Exception {
        int port;
        try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = d.getLocalPort();
        }
        String yaml = """
                name: one
                routing: static
                nodes:
                  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:%d, inputQueue: 30}
                  - {name: b, address: 10.0.0.2, udp: 127.0.0.1:%d}
                """.formatted(port, port + 1);
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream(yaml.getBytes()), "one.yaml", true);
        try (NodeHost a = NodeHost.start(s, "a", "127.0.0.1:0", null)) {
            assertEquals(30, a.network().inputQueueLimit("a"));
            assertEquals(30, a.network().udpCounters("a").counts().inputQueueLimit());
        }
    }
}
