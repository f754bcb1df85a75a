package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.udp.Transports;
import org.aspen.vnet.udp.UdpCounters;
import org.aspen.vnet.udp.UdpNetwork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's control endpoint: JSON lines over TCP, served on the node's own event loop so command
 * handlers touch node state without locks.
 *
 * <pre>{@code
 * ControlServer cs = ControlServer.forUdpNode(net, "a", ControlConfig.loopback(0));
 * cs.register("ping", (args, reply) -> ...);      // before or after start
 * InetSocketAddress at = cs.start();
 * // request:  {"id":1,"cmd":"stats","args":{},"token":"..."}
 * // replies:  {"id":1,"data":{...},"done":true}   or   {"id":1,"error":"unknown command 'x'","done":true}
 * }</pre>
 *
 * Built in: {@code stats}, {@code routes}, {@code help}. Bad JSON, unknown commands, a wrong token and
 * over-long lines each get one error line; the connection and the server stay up.
 */
public final class ControlServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ControlServer.class);
    static final ObjectMapper JSON = new ObjectMapper();

    private final Node node;
    private final EventLoop loop;
    private final ControlConfig config;
    private final Map<String, CommandHandler> commands = new ConcurrentHashMap<>();
    private final Map<String, Supplier<?>> statsSections = new ConcurrentHashMap<>();
    private final byte[] token;
    private final ChannelGroup clients;
    private Channel serverChannel;

    /** @param loop the loop that runs {@code node} (handlers are called there) */
    public ControlServer(Node node, EventLoop loop, ControlConfig config) {
        this.node = node;
        this.loop = loop;
        this.config = config;
        this.token = config.token() == null ? null : config.token().getBytes(StandardCharsets.UTF_8);
        this.clients = new DefaultChannelGroup("control-" + node.name(), loop);
        register("stats", (args, reply) -> reply.done(stats()));
        register("routes", (args, reply) -> reply.done(NodeReports.routes(node)));
        register("help", (args, reply) -> reply.done(Map.of("commands", new TreeSet<>(commands.keySet()))));
    }

    /** A server for a node of a {@link UdpNetwork}, with the socket counters as the {@code udp} stats section. */
    public static ControlServer forUdpNode(UdpNetwork net, String nodeName, ControlConfig config) {
        Node n = net.node(nodeName);
        if (n == null) {
            throw new IllegalArgumentException("no node named " + nodeName);
        }
        ControlServer s = new ControlServer(n, net.eventLoop(nodeName), config);
        UdpCounters udp = net.udpCounters(nodeName);
        s.addStatsSection("udp", udp::counts);
        return s;
    }

    /** Adds or replaces a command. Thread-safe. */
    public void register(String cmd, CommandHandler handler) {
        commands.put(cmd, handler);
    }

    /** Adds a section to the {@code stats} reply; the supplier runs on the node's loop. */
    public void addStatsSection(String key, Supplier<?> section) {
        statsSections.put(key, section);
    }

    /**
     * What {@code stats} replies: the node's counters, its links and every added section. Call on the
     * node's loop (a node's {@code /metrics} reads it there at each scrape).
     */
    public Map<String, Object> stats() {
        return NodeReports.stats(node, statsSections);
    }

    /** The loop that runs the node (and this server's handlers). */
    public EventLoop loop() {
        return loop;
    }

    public Set<String> commands() {
        return new TreeSet<>(commands.keySet());
    }

    /** Binds the TCP listener and returns its address (the real port when 0 was asked for). */
    public synchronized InetSocketAddress start() {
        if (serverChannel != null) {
            return address();
        }
        ServerBootstrap b = new ServerBootstrap().group(loop, loop).channelFactory(Transports.serverChannelFactory(loop, config.bind()))
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        clients.add(ch);
                        ch.pipeline().addLast(new LineBasedFrameDecoder(config.maxLineBytes(), true, true), new Session());
                    }
                });
        ChannelFuture f = b.bind(config.bind()).awaitUninterruptibly();
        if (!f.isSuccess()) {
            throw new IllegalStateException("control endpoint of " + node.name() + ": cannot listen on "
                    + config.bind().getHostString() + ":" + config.bind().getPort() + ": " + f.cause().getMessage(), f.cause());
        }
        serverChannel = f.channel();
        log.info("{}: control endpoint on {}", node.name(), serverChannel.localAddress());
        return address();
    }

    public synchronized InetSocketAddress address() {
        return serverChannel == null ? null : (InetSocketAddress) serverChannel.localAddress();
    }

    /** Stops listening and drops every client connection. */
    @Override
    public synchronized void close() {
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(2_000);
            clients.close().awaitUninterruptibly(2_000);
        }
    }

    private boolean tokenMatches(JsonNode given) {
        if (token == null) {
            return true;
        }
        return given != null && given.isTextual()
                && MessageDigest.isEqual(token, given.asText().getBytes(StandardCharsets.UTF_8));
    }

    /** One client connection: parses request lines and routes them to handlers. */
    private final class Session extends SimpleChannelInboundHandler<ByteBuf> {
        private final Set<Sink> open = new HashSet<>();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf line) {
            ControlRequest req = ControlRequest.parse(ByteBufUtil.getBytes(line));
            if (req.error() != null) {
                new Sink(ctx.channel(), NullNode.instance).error(req.error());
                return;
            }
            Sink sink = new Sink(ctx.channel(), req.id());
            if (!tokenMatches(req.token())) {
                sink.error(req.token() != null ? "refused: wrong token" : "refused: this endpoint requires a token");
                return;
            }
            if (req.cmd() == null) {
                sink.error(req.problem());
                return;
            }
            CommandHandler h = commands.get(req.cmd());
            if (h == null) {
                sink.error("unknown command '" + req.cmd() + "' (try \"help\")");
                return;
            }
            if (req.problem() != null) {
                sink.error(req.problem());
                return;
            }
            JsonNode args = req.args();
            JsonNode cmd = com.fasterxml.jackson.databind.node.TextNode.valueOf(req.cmd());
            open.add(sink);
            try {
                h.handle(args, sink);
            } catch (IllegalArgumentException e) {
                sink.error(e.getMessage());
            } catch (Exception e) {
                log.warn("{}: control command {} failed", node.name(), cmd.asText(), e);
                sink.error(cmd.asText() + " failed: " + e);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof TooLongFrameException) {
                // the decoder skips to the next newline; this connection stays usable
                new Sink(ctx.channel(), NullNode.instance).error("request line longer than " + config.maxLineBytes() + " bytes");
                return;
            }
            log.debug("{}: control connection {} failed: {}", node.name(), ctx.channel().remoteAddress(), cause.toString());
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            for (Sink s : new ArrayList<>(open)) {
                s.clientGone();
            }
            open.clear();
        }

        /** Replies for one request. Serialises on the caller's thread and writes on the loop. */
        private final class Sink implements ReplySink {
            private final Channel ch;
            private final JsonNode id;
            private final List<Runnable> closeHooks = new ArrayList<>();
            private volatile boolean finished;
            /** Bytes of lines handed to {@link #send} whose write has not completed. */
            private final java.util.concurrent.atomic.AtomicLong unsent = new java.util.concurrent.atomic.AtomicLong();

            Sink(Channel ch, JsonNode id) {
                this.ch = ch;
                this.id = id;
            }

            @Override
            public void next(Object data) {
                send(line(data, false), false);
            }

            @Override
            public void done(Object data) {
                send(line(data, true), true);
            }

            @Override
            public void error(String message) {
                ObjectNode l = JSON.createObjectNode();
                l.set("id", id);
                l.put("error", message == null ? "error" : message.replaceAll("[\\r\\n]+", " "));
                l.put("done", true);
                send(l, true);
            }

            @Override
            public boolean isOpen() {
                return !finished && ch.isActive();
            }

            @Override
            public long unsentBytes() {
                return unsent.get();
            }

            @Override
            public void onClose(Runnable r) {
                onLoop(() -> {
                    if (!finished) {
                        closeHooks.add(r);
                    } else if (!ch.isActive()) {
                        r.run();   // the client left before the hook was registered
                    }
                });
            }

            private ObjectNode line(Object data, boolean last) {
                ObjectNode l = JSON.createObjectNode();
                l.set("id", id);
                if (data != null) {
                    l.set("data", JSON.valueToTree(data));
                }
                if (last) {
                    l.put("done", true);
                }
                return l;
            }

            private void send(ObjectNode l, boolean last) {
                byte[] bytes;
                try {
                    bytes = JSON.writeValueAsBytes(l);
                } catch (JsonProcessingException e) {
                    bytes = ("{\"id\":null,\"error\":\"reply not serialisable\",\"done\":true}").getBytes(StandardCharsets.UTF_8);
                }
                byte[] out = bytes;
                long size = out.length + 1L;
                unsent.addAndGet(size);
                onLoop(() -> {
                    if (finished) {
                        unsent.addAndGet(-size);
                        return;
                    }
                    if (last) {
                        finished = true;
                        open.remove(this);
                    }
                    if (ch.isActive()) {
                        // the write's completion (written, or failed with the connection) settles the count
                        ch.writeAndFlush(Unpooled.wrappedBuffer(out, NEWLINE)).addListener(f -> unsent.addAndGet(-size));
                    } else {
                        unsent.addAndGet(-size);
                    }
                });
            }

            void clientGone() {
                finished = true;
                for (Runnable r : closeHooks) {
                    try {
                        r.run();
                    } catch (RuntimeException e) {
                        log.warn("{}: control close hook failed: {}", node.name(), e.toString());
                    }
                }
            }

            private void onLoop(Runnable r) {
                if (ch.eventLoop().inEventLoop()) {
                    r.run();
                } else {
                    ch.eventLoop().execute(r);
                }
            }
        }
    }

    private static final byte[] NEWLINE = {'\n'};
}
