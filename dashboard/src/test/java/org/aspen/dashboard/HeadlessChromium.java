package org.aspen.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A headless Chromium driven over the Chrome DevTools protocol (JDK WebSocket + Jackson: no
 * Selenium, no driver binary).
 *
 * <pre>{@code
 * Path exe = HeadlessChromium.find();                       // null when not installed
 * try (HeadlessChromium b = HeadlessChromium.launch(exe, profileDir)) {
 *     b.navigate("http://127.0.0.1:8090/");
 *     assertTrue(b.waitFor("document.querySelectorAll('#graph g.node').length == 4", 10_000));
 *     Files.write(png, b.screenshot());
 * }
 * }</pre>
 */
public final class HeadlessChromium implements AutoCloseable {
    static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--disable-extensions", "--no-default-browser-check", "--mute-audio",
            "--hide-scrollbars", "--remote-allow-origins=*", "--remote-debugging-port=0");
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^/]+)/\\S+");

    private final Process process;
    private final WebSocket ws;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final List<String> consoleErrors = new ArrayList<>();

    private HeadlessChromium(Process process, WebSocket.Builder builder, URI page) {
        this.process = process;
        this.ws = builder.buildAsync(page, new Listener()).join();
    }

    /** The Chromium binary: $ASPEN_CHROMIUM, else chromium / chromium-browser / google-chrome on the PATH; null if none. */
    public static Path find() {
        String env = System.getenv("ASPEN_CHROMIUM");
        if (env != null && !env.isBlank()) {
            return Files.isExecutable(Path.of(env)) ? Path.of(env) : null;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /** Starts {@code exe} with a fresh profile in {@code profile} and attaches to its first tab. */
    public static HeadlessChromium launch(Path exe, Path profile, int width, int height) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(FLAGS);
        cmd.add("--user-data-dir=" + profile);
        cmd.add("--window-size=" + width + "," + height);
        cmd.add("about:blank");
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String base = devtoolsBase(p);
            HttpClient http = HttpClient.newHttpClient();
            String list = http.send(HttpRequest.newBuilder(URI.create(base.replace("ws://", "http://") + "/json/list"))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
            URI page = null;
            for (JsonNode t : new ObjectMapper().readTree(list)) {
                if (t.path("type").asText().equals("page")) {
                    page = URI.create(t.path("webSocketDebuggerUrl").asText());
                    break;
                }
            }
            if (page == null) {
                throw new IOException("Chromium has no page target: " + list);
            }
            HeadlessChromium b = new HeadlessChromium(p, http.newWebSocketBuilder(), page);
            b.call("Runtime.enable", Map.of());
            b.call("Page.enable", Map.of());
            b.call("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height,
                    "deviceScaleFactor", 1, "mobile", false));
            return b;
        } catch (IOException | RuntimeException | InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** Reads Chromium's stderr until it names its DevTools endpoint (then keeps draining it on a thread). */
    private static String devtoolsBase(Process p) throws IOException {
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> found = new CompletableFuture<>();
        StringBuilder seen = new StringBuilder();
        Thread t = new Thread(() -> {
            try {
                for (String line; (line = err.readLine()) != null; ) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        found.complete(m.group(1));
                    } else if (!found.isDone()) {
                        seen.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // the browser went away; the future below reports it
            }
            found.completeExceptionally(new IOException("Chromium exited without a DevTools endpoint:\n" + seen));
        }, "chromium-stderr");
        t.setDaemon(true);
        t.start();
        try {
            return found.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("Chromium did not start: " + e.getMessage() + "\n" + seen, e);
        }
    }

    /** Sends one DevTools command and waits (30 s at most) for its result. */
    public JsonNode call(String method, Map<String, Object> params) throws IOException {
        return call(method, params, 30_000);
    }

    private JsonNode call(String method, Map<String, Object> params, long timeoutMs) throws IOException {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        ObjectNode msg = json.createObjectNode().put("id", id).put("method", method);
        msg.set("params", json.valueToTree(params));
        ws.sendText(json.writeValueAsString(msg), true).join();
        try {
            JsonNode r = f.get(timeoutMs, TimeUnit.MILLISECONDS);
            if (r.has("error")) {
                throw new IOException(method + ": " + r.get("error"));
            }
            return r.path("result");
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(method + ": no answer (" + e + ")", e);
        } finally {
            pending.remove(id);
        }
    }

    public void navigate(String url) throws IOException {
        call("Page.navigate", Map.of("url", url));
    }

    /** Evaluates {@code expr} in the page and returns its JSON value. */
    public JsonNode eval(String expr) throws IOException {
        JsonNode r = call("Runtime.evaluate", Map.of("expression", expr, "returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IOException("page threw on '" + expr + "': " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /**
     * Waits until {@code condition} (a JS boolean expression) holds in the page, checked by the page
     * every 50 ms; false when {@code timeoutMs} passes first.
     */
    public boolean waitFor(String condition, long timeoutMs) throws IOException {
        String js = "new Promise(done => { const t0 = Date.now(); (function check() {"
                + " let ok = false; try { ok = !!(" + condition + "); } catch (e) { }"
                + " if (ok) done(true); else if (Date.now() - t0 > " + timeoutMs + ") done(false);"
                + " else setTimeout(check, 50); })(); })";
        JsonNode r = call("Runtime.evaluate", Map.of("expression", js, "returnByValue", true, "awaitPromise", true),
                timeoutMs + 10_000);
        return r.path("result").path("value").asBoolean();
    }

    /** A PNG of the viewport. */
    public byte[] screenshot() throws IOException {
        return Base64.getDecoder().decode(call("Page.captureScreenshot", Map.of("format", "png")).path("data").asText());
    }

    /** Errors the page logged (uncaught exceptions, console.error), for failure messages. */
    public synchronized List<String> consoleErrors() {
        return List.copyOf(consoleErrors);
    }

    @Override
    public void close() {
        try {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(2, TimeUnit.SECONDS).exceptionally(e -> null).join();
        } finally {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Joins the WebSocket's text fragments into messages and hands answers to the waiting call. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    JsonNode m = json.readTree(text);
                    if (m.has("id")) {
                        CompletableFuture<JsonNode> f = pending.get(m.get("id").asInt());
                        if (f != null) {
                            f.complete(m);
                        }
                    } else if (m.path("method").asText().equals("Runtime.exceptionThrown")
                            || (m.path("method").asText().equals("Runtime.consoleAPICalled")
                            && m.path("params").path("type").asText().equals("error"))) {
                        synchronized (HeadlessChromium.this) {
                            consoleErrors.add(m.path("params").toString());
                        }
                    }
                } catch (IOException e) {
                    synchronized (HeadlessChromium.this) {
                        consoleErrors.add("undecodable DevTools message: " + e.getMessage());
                    }
                }
            }
            w.request(1);
            return null;
        }
    }
}
