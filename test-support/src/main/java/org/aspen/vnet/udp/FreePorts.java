package org.aspen.vnet.udp;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * For tests that start nodes on loopback: a port number free for both UDP and TCP right now (a node
 * binds its overlay socket and its control endpoint with the same number).
 *
 * <pre>{@code
 * int port = FreePorts.udpAndTcp();
 * String yaml = "nodes:\n  - {name: a, address: 10.0.0.1, udp: 127.0.0.1:" + port + "}\n";
 * }</pre>
 */
public final class FreePorts {
    private FreePorts() {
    }

    /** A loopback port free for UDP and TCP at the time of the call (50 tries, then an IOException). */
    public static int udpAndTcp() throws IOException {
        for (int i = 0; i < 50; i++) {
            try (DatagramSocket u = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                int port = u.getLocalPort();
                try (ServerSocket t = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                    return port;
                } catch (IOException taken) {
                    // TCP side busy: try another
                }
            }
        }
        throw new IOException("no free port pair");
    }
}
