package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.config.Units;
import org.aspen.vnet.mgmt.ControlClient;
import org.aspen.vnet.mgmt.ControlException;
import picocli.CommandLine.Option;

/**
 * The options of every command that talks to a running node's control endpoint ({@code --node},
 * {@code --token}, {@code --token-file}, or the token in {@code ASPEN_TOKEN}), and the one way such a
 * command reaches the node. A refusal for a missing or wrong token says which option to give.
 *
 * <pre>{@code
 * @Mixin ControlOptions control = new ControlOptions();
 * @Mixin RequestTimeoutOption timeout = new RequestTimeoutOption();
 * JsonNode stats = control.call("stats", Map.of(), timeout.duration());
 * control.stream("ping", args, Duration.ofSeconds(7), line -> out.println(line));
 * }</pre>
 *
 * A client never waits forever: a one-shot request waits for its answer as long as the command's
 * {@code --timeout} says ({@link RequestTimeoutOption}, 30 s by default), and a stream names how
 * long the node may stay quiet between two lines; when the wait runs out the command fails with
 * one line naming the node, the request and the wait. {@code CliMixinsTest} fails when a command
 * has a {@code --node} that does not come from here, or no bounded wait.
 */
public final class ControlOptions {
    /** How long the sending node may go without a progress line ({@code aspen send}'s --timeout default). */
    static final String TRANSFER_QUIET = "2min";

    @Option(names = "--node", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:7101",
            description = "The node's control endpoint (default: ${DEFAULT-VALUE}).")
    String node;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "Control token, when the node requires one (visible in the process list: prefer --token-file or ASPEN_TOKEN).")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Read the control token from FILE (its first line).")
    Path tokenFile;

    /** The environment variable a client reads the token from when no option gives one. */
    static final String TOKEN_ENV = "ASPEN_TOKEN";

    /** Where the token comes from, for messages: {@code --token}, {@code --token-file F}, {@code ASPEN_TOKEN}, or null. */
    private String tokenSource;

    /**
     * The token to send: {@code --token}, else {@code --token-file}, else {@code ASPEN_TOKEN}, else none.
     *
     * @throws IllegalArgumentException naming the option, for both options at once or an unreadable or empty file
     */
    String token(Map<String, String> env) {
        if (token != null && tokenFile != null) {
            throw new IllegalArgumentException("give --token or --token-file, not both");
        }
        if (token != null) {
            tokenSource = "--token";
            return token;
        }
        if (tokenFile != null) {
            tokenSource = "--token-file " + tokenFile;
            return readTokenFile("--token-file", tokenFile);
        }
        String t = env.get(TOKEN_ENV);
        if (t != null && !t.isBlank()) {
            tokenSource = TOKEN_ENV;
            return t.strip();
        }
        tokenSource = null;
        return null;
    }

    /** The first line of {@code f}, stripped; {@code option} names where it came from in errors. */
    static String readTokenFile(String option, Path f) {
        try {
            String t = java.nio.file.Files.readAllLines(f).stream().findFirst().orElse("").strip();
            if (t.isEmpty()) {
                throw new IllegalArgumentException(option + " " + f + ": the file is empty");
            }
            return t;
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(option + " " + f + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + f + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A refusal, said with the options that would fix it. */
    private IOException refused(ControlException e) {
        String m = e.getMessage();
        if (m.equals("refused: this endpoint requires a token")) {
            return new IOException("the node at " + node + " requires a control token: give --token-file FILE, set "
                    + TOKEN_ENV + ", or --token TOKEN", e);
        }
        if (m.equals("refused: wrong token")) {
            return new IOException("the node at " + node + " refused the token from " + tokenSource
                    + " (not this node's token)", e);
        }
        return e;
    }

    /** Sends one request and returns its answer's data, waiting at most {@code timeout} for it. */
    JsonNode call(String cmd, Map<String, ?> args, Duration timeout) throws IOException {
        try (ControlClient c = connect(timeout)) {
            return c.call(cmd, args);
        } catch (ControlException e) {
            throw refused(e);
        } catch (SocketTimeoutException e) {
            throw new IOException("no answer from the node at " + node + " to '" + cmd + "' within " + human(timeout)
                    + " (--timeout); its loop may be busy or stuck", e);
        }
    }

    /**
     * Sends one request and hands each line of its answer to {@code onData} until the last.
     *
     * @param quiet how long the node may stay silent (connecting, and between two lines) before the
     *              command fails with a timeout
     * @throws SocketTimeoutException when the node stayed quiet that long, with a message naming the
     *                                node, the request and the wait
     */
    void stream(String cmd, Map<String, ?> args, Duration quiet, Consumer<JsonNode> onData) throws IOException {
        if (quiet.isNegative() || quiet.isZero()) {
            throw new IllegalArgumentException("a control request needs a positive timeout, not " + quiet);
        }
        try (ControlClient c = connect(quiet)) {
            c.stream(cmd, args, onData);
        } catch (ControlException e) {
            throw refused(e);
        } catch (SocketTimeoutException e) {
            SocketTimeoutException t = new SocketTimeoutException("the node at " + node + " sent nothing for " + human(quiet)
                    + " while answering '" + cmd + "'");
            t.initCause(e);
            throw t;
        }
    }

    private ControlClient connect(Duration timeout) throws IOException {
        InetSocketAddress a = ScenarioLoader.HostPort.parse(node);
        InetSocketAddress resolved = new InetSocketAddress(a.getHostString(), a.getPort());
        try {
            return ControlClient.connect(resolved, token(System.getenv()), timeout);
        } catch (IOException e) {
            throw new IOException("cannot reach the node's control endpoint at " + node + " (" + e.getMessage()
                    + "); is 'aspen node' running there?", e);
        }
    }

    /** A positive duration option's value, e.g. "30s" (else a usage error naming the option). */
    static Duration positive(String option, long n) {
        if (n <= 0) {
            throw new IllegalArgumentException(option + " must be positive, not '" + Units.formatNanos(n) + "'");
        }
        return Duration.ofNanos(n);
    }

    static String human(Duration d) {
        return Units.formatNanos(d.toNanos());
    }
}
