package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.mgmt.ControlClient;
import picocli.CommandLine.Option;

/**
 * The options of every command that talks to a running node's control endpoint ({@code --node},
 * {@code --token}), and the one way such a command reaches the node.
 *
 * <pre>{@code
 * @Mixin ControlOptions control = new ControlOptions();
 * JsonNode stats = control.call("stats", Map.of());
 * control.stream("ping", args, Duration.ofSeconds(7), line -> out.println(line));
 * }</pre>
 *
 * A client never waits forever: a one-shot request waits at most {@link #REQUEST_TIMEOUT} for its
 * answer, and a stream names how long the node may stay quiet between two lines. {@code CliMixinsTest}
 * fails when a command has a {@code --node} that does not come from here.
 */
public final class ControlOptions {
    /** How long a one-shot request (stats, deploy, aa, qdisc, flakeway) or a pause in a capture may last. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** How long the sending node may go without a progress line ({@code aspen send}). */
    static final Duration TRANSFER_QUIET = Duration.ofMinutes(2);

    @Option(names = "--node", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:7101",
            description = "The node's control endpoint (default: ${DEFAULT-VALUE}).")
    String node;

    @Option(names = "--token", paramLabel = "TOKEN", description = "Control token, when the node requires one.")
    String token;

    /** Sends one request and returns its answer's data, waiting at most {@link #REQUEST_TIMEOUT}. */
    JsonNode call(String cmd, Map<String, ?> args) throws IOException {
        try (ControlClient c = connect(REQUEST_TIMEOUT)) {
            return c.call(cmd, args);
        }
    }

    /**
     * Sends one request and hands each line of its answer to {@code onData} until the last.
     *
     * @param quiet how long the node may stay silent (connecting, and between two lines) before the
     *              command fails with a timeout
     */
    void stream(String cmd, Map<String, ?> args, Duration quiet, Consumer<JsonNode> onData) throws IOException {
        if (quiet.isNegative() || quiet.isZero()) {
            throw new IllegalArgumentException("a control request needs a positive timeout, not " + quiet);
        }
        try (ControlClient c = connect(quiet)) {
            c.stream(cmd, args, onData);
        }
    }

    private ControlClient connect(Duration timeout) throws IOException {
        InetSocketAddress a = ScenarioLoader.HostPort.parse(node);
        InetSocketAddress resolved = new InetSocketAddress(a.getHostString(), a.getPort());
        try {
            return ControlClient.connect(resolved, token, timeout);
        } catch (IOException e) {
            throw new IOException("cannot reach the node's control endpoint at " + node + " (" + e.getMessage()
                    + "); is 'aspen node' running there?", e);
        }
    }
}
