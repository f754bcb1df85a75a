package org.aspen.lab.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.aspen.ee.auth.ControlAuth;
import org.aspen.lab.scenario.ConfigException;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.node.Node;

/**
 * The scenario's {@code auth} block on a node: builds the keyring and installs
 * {@link ControlAuth} (docs/deploying.md, "Keys"). The loader checks the block (scenario's {@code AuthChecks}).
 *
 * <pre>{@code
 * auth:
 *   keys:
 *     - {id: 1, secret: "file:keys/a.key", nodes: [a]}        # a's node key
 *     - {id: 2, secret: "hex:8f1c...", nodes: [b]}
 *     - {id: 10, secret: "base64:q83v...", links: [a-b]}     # link key: routing on a-b only
 *   protect: [routing, rdp-notify, code-fetch, aa-request]   # the default
 * }</pre>
 */
public final class NodeAuthSetup {
    private NodeAuthSetup() {
    }

    /** Every key of the block, secrets read (files relative to {@code baseDir}). */
    public static List<AuthKey> keyring(Scenario s, Path baseDir) {
        List<AuthKey> ring = new ArrayList<>();
        for (int i = 0; i < s.auth().keys().size(); i++) {
            Scenario.KeySpec k = s.auth().keys().get(i);
            Set<VAddr> nodes = new HashSet<>();
            k.nodes().forEach(n -> nodes.add(VAddr.parse(s.node(n).address())));
            String field = "auth.keys[" + i + "].secret: ";
            Path file = keyFile(k.secret(), baseDir);
            if (file != null && !Files.exists(file)) {
                throw new ConfigException(field + "no key file " + file + " (create it with: aspen keygen FILE)");
            }
            try {
                ring.add(new AuthKey(k.id(), AuthKey.secret(k.secret(), baseDir), nodes, Set.copyOf(k.links())));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(field + e.getMessage());
            }
        }
        return ring;
    }

    /** The file a {@code file:PATH} secret names, resolved as {@link AuthKey#secret} resolves it; null for other secrets. */
    private static Path keyFile(String secret, Path baseDir) {
        if (secret == null || !secret.startsWith("file:") || secret.length() <= 5) {
            return null;
        }
        Path p = Path.of(secret.substring(5));
        return baseDir != null && !p.isAbsolute() ? baseDir.resolve(p) : p;
    }

    /**
     * Installs authentication on {@code node} when the scenario turns it on; returns it, or null.
     * Call on the node's loop (or before the network runs).
     *
     * @param firstCounter 1 in labs; {@code aspen node} passes a wall-clock-derived start (see {@link #wallClockCounter})
     */
    public static NodeAuth install(Scenario s, Node node, List<AuthKey> ring, long firstCounter) {
        if (s.auth() == null || !s.auth().on()) {
            return null;
        }
        List<String> kinds = s.auth().protect() == null ? ControlAuth.ALL : s.auth().protect();
        return ControlAuth.install(node, ring, kinds, firstCounter);
    }

    /**
     * A first counter that grows across restarts of a node process: microseconds of wall time
     * times 1024, so a node may sign 1024 messages per microsecond of uptime before a restart could
     * reuse a counter its peers saw. The harness reads the host's clock ({@link HostTime}); node code
     * is handed the result.
     */
    public static long wallClockCounter() {
        return HostTime.epochNanos() / 1000L * 1024L;
    }
}
