package org.aspen.lab.processes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The scenario file the node processes read: the user's file as written, with a free loopback
 * {@code udp} and {@code control} port for every node that has none, as {@code scenario.json} in the
 * run's scratch directory.
 *
 * <pre>{@code
 * Path config = ScratchConfig.write(Path.of("line3.yaml"), work);   // work/scenario.json
 * }</pre>
 */
final class ScratchConfig {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Set<Integer> taken = new HashSet<>();

    private ScratchConfig() {
    }

    static Path write(Path file, Path work) throws IOException {
        ScratchConfig ports = new ScratchConfig();
        boolean json = file.getFileName().toString().toLowerCase().endsWith(".json");
        JsonNode tree = (json ? JSON : new ObjectMapper(new YAMLFactory())).readTree(file.toFile());
        for (JsonNode n : (ArrayNode) tree.get("nodes")) {
            ObjectNode node = (ObjectNode) n;
            if (!node.hasNonNull("udp")) {
                node.put("udp", "127.0.0.1:" + ports.free(true));
            }
            if (!node.hasNonNull("control")) {
                node.put("control", "127.0.0.1:" + ports.free(false));
            }
        }
        Path out = work.resolve("scenario.json");
        JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), tree);
        return out;
    }

    /** A port free in both protocols, so a node's UDP socket and control endpoint never collide. */
    private int free(boolean udp) throws IOException {
        while (true) {
            int port;
            if (udp) {
                try (DatagramSocket d = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                    port = d.getLocalPort();
                }
            } else {
                try (ServerSocket t = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                    port = t.getLocalPort();
                }
            }
            try (DatagramSocket d = new DatagramSocket(port, InetAddress.getLoopbackAddress());
                 ServerSocket t = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                if (taken.add(port)) {
                    return port;
                }
            } catch (IOException inUse) {
                // try another
            }
        }
    }
}
