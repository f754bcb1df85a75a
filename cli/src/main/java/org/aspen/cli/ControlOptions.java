package org.aspen.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import picocli.CommandLine.Option;

/** How a client command reaches a running node's control endpoint. */
public final class ControlOptions {
    @Option(names = "--node", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:7101",
            description = "The node's control endpoint (default: ${DEFAULT-VALUE}).")
    String node;

    @Option(names = "--token", paramLabel = "TOKEN", description = "Control token, when the node requires one.")
    String token;

    ControlClient connect(Duration replyTimeout) throws IOException {
        InetSocketAddress a = ScenarioLoader.HostPort.parse(node);
        InetSocketAddress resolved = new InetSocketAddress(a.getHostString(), a.getPort());
        try {
            return ControlClient.connect(resolved, token, replyTimeout);
        } catch (IOException e) {
            throw new IOException("cannot reach the node's control endpoint at " + node + " (" + e.getMessage()
                    + "); is 'aspen node' running there?", e);
        }
    }
}
