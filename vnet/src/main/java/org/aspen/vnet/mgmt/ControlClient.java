package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A blocking client of a node's control endpoint (for the CLI and tests): one request at a time.
 *
 * <pre>{@code
 * try (ControlClient c = ControlClient.connect(new InetSocketAddress("127.0.0.1", 7100), null, Duration.ofSeconds(5))) {
 *     JsonNode stats = c.call("stats", Map.of());
 *     c.stream("ping", Map.of("dest", "10.0.0.3", "count", 3), line -> System.out.println(line));
 * }
 * }</pre>
 *
 * An error line from the server becomes a {@link ControlException} carrying its message; no answer
 * within the timeout, a {@link java.net.SocketTimeoutException}.
 */
public final class ControlClient implements AutoCloseable {
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;
    private final String token;
    private long nextId = 1;

    private ControlClient(Socket socket, String token) throws IOException {
        this.socket = socket;
        this.token = token;
        this.in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        this.out = socket.getOutputStream();
    }

    /** @param timeout for connecting and for each reply line to arrive */
    public static ControlClient connect(InetSocketAddress endpoint, String token, Duration timeout) throws IOException {
        Socket s = new Socket();
        try {
            int ms = (int) Math.max(1, timeout.toMillis());
            s.connect(endpoint, ms);
            s.setSoTimeout(ms);
            s.setTcpNoDelay(true);
            return new ControlClient(s, token);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Sends a request and returns the {@code data} of its last line (null when it had none). */
    public JsonNode call(String cmd, Map<String, ?> args) throws IOException {
        JsonNode[] last = new JsonNode[1];
        stream(cmd, args, d -> last[0] = d);
        return last[0];
    }

    /** Sends a request and hands every reply's {@code data} to {@code onData} until the last line. */
    public void stream(String cmd, Map<String, ?> args, Consumer<JsonNode> onData) throws IOException {
        long id = nextId++;
        ObjectNode req = ControlServer.JSON.createObjectNode();
        req.put("id", id);
        req.put("cmd", cmd);
        req.set("args", ControlServer.JSON.valueToTree(args == null ? Map.of() : args));
        if (token != null) {
            req.put("token", token);
        }
        sendLine(ControlServer.JSON.writeValueAsString(req));
        while (true) {
            JsonNode line = readReply();
            JsonNode rid = line.get("id");
            boolean ours = rid == null || rid.isNull() || rid.asLong() == id;
            if (!ours) {
                continue;
            }
            if (line.has("error")) {
                throw new ControlException(line.get("error").asText());
            }
            if (line.has("data")) {
                onData.accept(line.get("data"));
            }
            if (line.path("done").asBoolean(false)) {
                return;
            }
        }
    }

    /** Writes one raw line (tests use it to send malformed requests); read the answer with {@link #readReply}. */
    public void sendLine(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads the next reply line as JSON. */
    public JsonNode readReply() throws IOException {
        String text = in.readLine();
        if (text == null) {
            throw new IOException("control endpoint closed the connection");
        }
        return ControlServer.JSON.readTree(text);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
