package org.aspen.dashboard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A minimal server-sent-events reader for tests.
 *
 * <pre>{@code
 * List<SseClient.Event> e = SseClient.readUntil(url + "events", ev -> ev.kind().equals("end"), 10_000);
 * }</pre>
 */
public final class SseClient {
    public record Event(String kind, String data) {
    }

    private SseClient() {
    }

    /** Reads events until one matches {@code last} (included); fails after {@code timeoutMs}. */
    public static List<Event> readUntil(String url, Predicate<Event> last, long timeoutMs) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMillis(timeoutMs)).build();
        HttpResponse<java.io.InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 200 || !r.headers().firstValue("content-type").orElse("").startsWith("text/event-stream")) {
            throw new IOException(url + ": status " + r.statusCode() + ", " + r.headers().firstValue("content-type"));
        }
        List<Event> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String kind = "message";
            StringBuilder data = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("event: ")) {
                    kind = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                } else if (line.isEmpty() && data.length() > 0) {
                    Event e = new Event(kind, data.toString());
                    out.add(e);
                    if (last.test(e)) {
                        return out;
                    }
                    kind = "message";
                    data.setLength(0);
                }
                if (System.nanoTime() > deadline) {
                    break;
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        throw new IOException(url + ": stream ended or timed out after " + out.size() + " events");
    }
}
