package org.aspen.node;

import com.sun.net.httpserver.HttpExchange;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.aspen.vnet.mgmt.ControlServer;

/**
 * A node's counters for Prometheus: {@code GET /metrics} in the Prometheus text format, served by the
 * Prometheus Java client's HTTP server (the JDK's {@code com.sun.net.httpserver}, its own thread)
 * on the address asked for (loopback unless told otherwise). What {@code aspen node --metrics} runs.
 *
 * <pre>{@code
 * try (NodeMetrics m = NodeMetrics.start(host.control(), new InetSocketAddress("127.0.0.1", 9101))) {
 *     System.out.println("metrics at " + m.url());   // http://127.0.0.1:9101/metrics
 * }
 * }</pre>
 *
 * Nothing is counted twice and the forwarding path is untouched: at each scrape the collector asks
 * the node's loop for the same map the control endpoint's {@code stats} replies with
 * ({@link ControlServer#stats()}: node, links, queues, drops by reason, the control plane and routing,
 * UDP socket, auth, EE and AA, RDP sections) and turns it into metric families
 * ({@link StatsMetrics}); the JVM's own metrics come from the client's JVM instrumentation.
 */
public final class NodeMetrics implements AutoCloseable {
    /** How long a scrape waits for the node's loop before it fails (the loop is stuck or closing). */
    static final long LOOP_TIMEOUT_MILLIS = 5_000;
    /** How soon the node's loop must run a probe for {@code /-/healthy} to answer 200. */
    static final long HEALTH_BOUND_MILLIS = 2_000;

    private final HTTPServer server;
    private final String host;

    private NodeMetrics(HTTPServer server, String host) {
        this.server = server;
        this.host = host;
    }

    /**
     * Serves {@code /metrics} for the node behind {@code control} on {@code bind} (port 0: a free one).
     *
     * @throws UncheckedIOException when the address cannot be bound (in use, not this host's)
     */
    public static NodeMetrics start(ControlServer control, InetSocketAddress bind) {
        return start(control, bind, HEALTH_BOUND_MILLIS);
    }

    /** As {@link #start(ControlServer, InetSocketAddress)}, with the health check's bound on the loop's answer. */
    static NodeMetrics start(ControlServer control, InetSocketAddress bind, long healthBoundMillis) {
        PrometheusRegistry registry = new PrometheusRegistry();
        JvmMetrics.builder().register(registry);
        registry.register(new StatsMetrics(() -> snapshot(control)));
        try {
            HTTPServer server = HTTPServer.builder().inetAddress(bind.getAddress()).port(bind.getPort())
                    .registry(registry).registerHealthHandler(false)
                    .defaultHandler(exchange -> other(exchange, control, healthBoundMillis)).buildAndStart();
            return new NodeMetrics(server, bind.getAddress().getHostAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("--metrics: cannot listen on " + bind.getHostString() + ":" + bind.getPort()
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Everything but {@code /metrics}: {@code /-/healthy} answers 200 when the node's loop ran a probe
     * within {@code boundMillis} and 503 when it did not (stuck, overloaded or closed); {@code /}
     * names the two paths; anything else is 404.
     */
    private static void other(HttpExchange ex, ControlServer control, long boundMillis) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            int code;
            String body;
            if (path.equals("/-/healthy")) {
                boolean ran = probe(control, boundMillis);
                code = ran ? 200 : 503;
                body = ran ? "healthy: the node's loop answered within " + boundMillis + " ms\n"
                        : "unhealthy: the node's loop did not answer within " + boundMillis + " ms\n";
            } else if (path.equals("/")) {
                code = 200;
                body = "Aspen node " + BuildInfo.current().version() + ": /metrics (Prometheus), /-/healthy (the node's loop)\n";
            } else {
                code = 404;
                body = "not found: " + path + " (try /metrics or /-/healthy)\n";
            }
            byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            boolean head = "HEAD".equals(ex.getRequestMethod());
            ex.sendResponseHeaders(code, head ? -1 : bytes.length);
            if (!head) {
                ex.getResponseBody().write(bytes);
            }
        }
    }

    /** Whether the node's loop ran an empty task within {@code boundMillis}. */
    static boolean probe(ControlServer control, long boundMillis) {
        try {
            CompletableFuture.runAsync(() -> { }, control.loop()).get(boundMillis, TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException | java.util.concurrent.RejectedExecutionException e) {
            return false;
        }
    }

    /** The node's {@code stats} map, read on its loop. */
    static Map<String, Object> snapshot(ControlServer control) {
        try {
            return CompletableFuture.supplyAsync(control::stats, control.loop())
                    .get(LOOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the node's counters", e);
        } catch (ExecutionException | TimeoutException | java.util.concurrent.RejectedExecutionException e) {
            throw new IllegalStateException("the node's loop did not report its counters: " + e, e);
        }
    }

    public int port() {
        return server.getPort();
    }

    /** {@code http://HOST:PORT/metrics}. */
    public String url() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port() + "/metrics";
    }

    @Override
    public void close() {
        server.close();
    }
}
