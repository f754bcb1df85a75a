package org.aspen.dashboard;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live dashboard's web server: the page (bundled in the jar, no CDN) and one server-sent-event
 * stream of JSON messages. Binds loopback only.
 *
 * <pre>{@code
 * try (DashboardServer d = DashboardServer.start(8090)) {
 *     d.publish("topology", topologyMap);          // any thread; never blocks
 *     d.publish("sample", sampleMap);
 *     System.out.println("dashboard at " + d.url());
 * }
 * }</pre>
 *
 * Publishing hands the message to the server's own event loop, which serialises it and writes it to
 * every open stream, so node loops and the simulation thread only pay for building a small map. A
 * browser that connects late is sent the run so far first ({@link DashboardHistory}: the topology,
 * the samples thinned in time, the event log). Once the run has ended, the page itself carries the
 * whole run and draws it as it loads; {@code /report.html} is that page at any time.
 * Message kinds and fields: {@code docs/dashboard.md}.
 */
public final class DashboardServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DashboardServer.class);
    private static final String WEB = "/org/aspen/dashboard/web/";
    private static final Map<String, String> ASSETS = Map.of(
            "/", "index.html", "/index.html", "index.html",
            "/dashboard.js", "dashboard.js", "/dashboard.css", "dashboard.css");
    /** The whole run as one self-contained page (docs/dashboard.md, "Reports"). */
    static final String REPORT = "/report.html";

    private final EventLoopGroup group;
    private final Channel server;
    // touched on the server's loop only (publish hops onto it)
    private final io.netty.channel.EventLoop loop;
    private final List<Channel> streams = new ArrayList<>();
    private final DashboardHistory history = new DashboardHistory();
    private long skipped;

    private DashboardServer(EventLoopGroup group, Channel server) {
        this.group = group;
        this.server = server;
        this.loop = server.eventLoop();
    }

    /** Serves on 127.0.0.1:{@code port} (0: any free port). */
    public static DashboardServer start(int port) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        DashboardServer[] self = new DashboardServer[1];
        try {
            Channel ch = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                    new Handler(self[0]));
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)).sync().channel();
            self[0] = new DashboardServer(group, ch);
            return self[0];
        } catch (InterruptedException e) {
            group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
            throw e;
        } catch (Exception e) {   // Netty rethrows the bind's IOException unchecked
            group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
            throw new IllegalStateException("cannot serve the dashboard on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    public String url() {
        return "http://127.0.0.1:" + address().getPort() + "/";
    }

    /**
     * Sends {@code data} (a map/list tree, not modified afterwards) as event {@code kind} to every
     * browser. {@code topology} replaces the previous one; {@code sample}, {@code log} and {@code ping} are kept
     * (bounded) for browsers that connect later; {@code end} marks the end of the run.
     */
    public void publish(String kind, Object data) {
        if (loop.isShuttingDown()) {
            return;   // closed before the nodes it watched: their last samples have nowhere to go
        }
        try {
            loop.execute(() -> send(kind, data));
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // closed between the check and the hand-over
        }
    }

    private void send(String kind, Object data) {
        String encoded = history.record(kind, data);
        if (encoded == null) {
            return;
        }
        String frame = DashboardHistory.frame(kind, encoded);
        for (Channel c : List.copyOf(streams)) {   // a failed write closes and removes its stream
            if (c.isWritable() || !kind.equals("sample")) {
                c.writeAndFlush(content(frame));
            } else {
                skipped++;   // a slow browser misses samples rather than growing our memory
            }
        }
    }

    /**
     * The run so far as one self-contained HTML page ({@link DashboardHistory#reportPage}), after
     * every message published before this call: what {@code --report} writes and {@code /report.html}
     * serves.
     */
    public String reportPage() {
        if (loop.inEventLoop()) {
            return history.reportPage();
        }
        try {
            return loop.submit(history::reportPage).syncUninterruptibly().getNow();
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            return history.reportPage();
        }
    }

    private static DefaultHttpContent content(String s) {
        return new DefaultHttpContent(Unpooled.copiedBuffer(s, StandardCharsets.UTF_8));
    }

    /** Samples not sent to a browser whose connection was full. */
    public long skippedSamples() {
        return skipped;
    }

    private void openStream(ChannelHandlerContext ctx) {
        HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        HttpUtil.setTransferEncodingChunked(r, true);
        Channel c = ctx.channel();
        c.write(r);
        // replay in order: the graph first, then what the browser missed
        String sb = "retry: 2000\n\n" + history.eventStream();
        c.writeAndFlush(content(sb));
        streams.add(c);
        c.closeFuture().addListener(f -> streams.remove(c));
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    static byte[] asset(String name) {
        try (InputStream in = DashboardServer.class.getResourceAsStream(WEB + name)) {
            if (in == null) {
                throw new IllegalStateException("dashboard asset " + name + " missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One HTTP connection: GET of an asset, or GET /events which turns it into an event stream. */
    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private static final Map<String, String> TYPES = new LinkedHashMap<>(Map.of(
                "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
                "css", "text/css; charset=utf-8"));
        private final DashboardServer owner;

        Handler(DashboardServer owner) {
            this.owner = owner;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
            String path = req.uri().replaceFirst("[?#].*", "");
            if (!req.method().equals(HttpMethod.GET)) {
                reply(ctx, HttpResponseStatus.METHOD_NOT_ALLOWED, "text/plain", "GET only\n".getBytes(StandardCharsets.UTF_8));
            } else if (path.equals("/events")) {
                // one loop serves the listener and every connection, the loop publish() runs on
                owner.openStream(ctx);
            } else if (path.equals(REPORT) || (owner.history.ended() && ASSETS.get(path) != null
                    && ASSETS.get(path).equals("index.html"))) {
                // a finished run's page carries the whole run and draws it as it loads, so a
                // screenshot taken at load shows the run (--hold); /report.html is the same at any time
                reply(ctx, HttpResponseStatus.OK, TYPES.get("html"), owner.history.reportPage().getBytes(StandardCharsets.UTF_8));
            } else if (ASSETS.containsKey(path)) {
                String name = ASSETS.get(path);
                reply(ctx, HttpResponseStatus.OK, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), asset(name));
            } else {
                reply(ctx, HttpResponseStatus.NOT_FOUND, "text/plain", "not found\n".getBytes(StandardCharsets.UTF_8));
            }
        }

        private static void reply(ChannelHandlerContext ctx, HttpResponseStatus status, String type, byte[] body) {
            ByteBuf buf = Unpooled.wrappedBuffer(body);
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, buf);
            r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
            r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
            r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.debug("dashboard connection: {}", cause.toString());
            ctx.close();
        }
    }
}
