package org.aspen.vnet.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.ErrorReporter;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.LinkStateRouting;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/**
 * A node's VNet control plane: the protocol-0 handler, error replies, echo/ping/trace, and (when
 * asked) link-state routing.
 *
 * <pre>{@code
 * ControlPlane cp = ControlPlane.install(node, true);          // before or after node.start()
 * cp.ping(dest, 5, 200_000_000L, 1_000_000_000L, r -> log.info("{}", r), s -> log.info("{}", s));
 * cp.trace(dest, 16, 1_000_000_000L, hop -> log.info("{}", hop), hops -> { });
 * }</pre>
 *
 * Error replies (DEST_UNREACHABLE, TTL_EXCEEDED) are rate-limited by a token bucket and never sent
 * about an error message, a broadcast, or a packet without a usable source. {@code echo},
 * {@code ping} and {@code trace} may be called from any thread (off the loop they are handed to
 * it); every callback runs on the node's loop; timeouts are scheduler timers, so this works the
 * same in both runtimes. Everything else must be called on the loop.
 */
public final class ControlPlane implements ErrorReporter {
    /** Default error-reply budget: sustained rate per second and burst. */
    public static final int DEFAULT_ERROR_RATE = 200;
    public static final int DEFAULT_ERROR_BURST = 50;
    /** Default size of the echo payload ping uses (bytes after the VNet header). */
    public static final int DEFAULT_PING_BYTES = 64;

    private final Node node;
    private final Scheduler scheduler;
    private final LinkStateRouting routing;
    private final int echoId;
    private final Map<Integer, PendingEcho> pending = new HashMap<>();
    private final List<Runnable> routeListeners = new ArrayList<>();
    private int nextSeq;
    private double errorRatePerNano = DEFAULT_ERROR_RATE / 1e9;
    private double errorBurst = DEFAULT_ERROR_BURST;
    private double tokens = DEFAULT_ERROR_BURST;
    private long tokensAt;

    private long echoRepliesSent;
    private long errorsSent;
    private long errorsSuppressed;

    private ControlPlane(Node node, boolean dynamicRouting) {
        this.node = node;
        this.scheduler = node.scheduler();
        // the plane's own stream, split once at install so draws elsewhere do not shift it
        java.util.SplittableRandom random = node.random().split();
        this.echoId = random.nextInt(1 << 16);
        this.routing = dynamicRouting ? new LinkStateRouting(node, random.split()) : null;
        this.tokensAt = scheduler.nanos();
    }

    /**
     * Creates the control plane of {@code node}: registers the CONTROL handler and the error
     * reporter and, when {@code dynamicRouting}, installs {@link LinkStateRouting} (started now if
     * the node already runs).
     */
    public static ControlPlane install(Node node, boolean dynamicRouting) {
        ControlPlane cp = new ControlPlane(node, dynamicRouting);
        node.registerHandler(Protocol.CONTROL, cp::handle);
        node.setErrorReporter(cp);
        if (node.routing() != null) {
            node.routing().stop(); // installed twice: the new plane's choice replaces the old protocol
            node.setRouting(null);
        }
        if (cp.routing != null) {
            cp.routing.addRouteChangeListener(cp::routesChanged);
            node.setRouting(cp.routing);
            if (node.isStarted() && !node.isStopped()) {
                // a late install (a node added to a running network): start on the node's own loop
                if (cp.scheduler.inLoop()) {
                    cp.routing.start();
                } else {
                    cp.scheduler.execute(cp.routing::start);
                }
            }
        }
        return cp;
    }

    public Node node() {
        return node;
    }

    /** The link-state routing instance, or null for static routing. */
    public LinkStateRouting routing() {
        return routing;
    }

    /** Called on the node loop whenever the dynamic routes changed (never, with static routing). */
    public void addRouteChangeListener(Runnable r) {
        routeListeners.add(r);
    }

    /** Sets the error-reply budget: {@code perSecond} sustained, {@code burst} at once. */
    public void setErrorRateLimit(int perSecond, int burst) {
        if (perSecond < 0 || burst < 1) {
            throw new IllegalArgumentException("error rate must be >= 0 and burst >= 1");
        }
        errorRatePerNano = perSecond / 1e9;
        errorBurst = burst;
        tokens = Math.min(tokens, burst);
    }

    // ---- client API ----

    /**
     * Sends one echo request to {@code target} with {@code ttl}; {@code payloadBytes} is the size of
     * the echo message (raised to at least {@value ControlCodec#ECHO_LENGTH}). {@code cb} gets exactly
     * one result: the reply, an error report about this request, or TIMEOUT.
     */
    public void echo(VAddr target, int ttl, int payloadBytes, long timeoutNanos, Consumer<EchoResult> cb) {
        if (!onLoop(() -> echo(target, ttl, payloadBytes, timeoutNanos, cb))) {
            return;
        }
        sendEcho(target, ttl, payloadBytes, timeoutNanos, -1, cb);
    }

    /** True when the caller is on the node loop; otherwise hands {@code retry} to the loop and returns false. */
    private boolean onLoop(Runnable retry) {
        if (scheduler.inLoop()) {
            return true;
        }
        scheduler.execute(retry);
        return false;
    }

    /**
     * Sends {@code count} echo requests {@code intervalNanos} apart; {@code each} gets every result
     * (seq 0, 1, ...) and {@code done} the summary once every request is answered or timed out.
     */
    public void ping(VAddr target, int count, long intervalNanos, long timeoutNanos,
                     Consumer<EchoResult> each, Consumer<PingSummary> done) {
        if (count < 1) {
            throw new IllegalArgumentException("ping count must be at least 1");
        }
        if (!onLoop(() -> ping(target, count, intervalNanos, timeoutNanos, each, done))) {
            return;
        }
        EchoResult[] results = new EchoResult[count];
        int[] answered = new int[1];
        for (int i = 0; i < count; i++) {
            int idx = i;
            scheduler.schedule(i * intervalNanos, () -> sendEcho(target, node.config().defaultTtl(), DEFAULT_PING_BYTES,
                    timeoutNanos, idx, r -> {
                        results[idx] = r;
                        each.accept(r);
                        if (++answered[0] == count) {
                            done.accept(PingSummary.of(Arrays.asList(results)));
                        }
                    }));
        }
    }

    /**
     * Traceroute: echo requests with TTL 1, 2, ... one after another; stops at the target's REPLY,
     * an UNREACHABLE report, or {@code maxHops}. Timed-out hops are reported and skipped.
     */
    public void trace(VAddr target, int maxHops, long timeoutNanos, Consumer<TraceHop> each, Consumer<List<TraceHop>> done) {
        if (maxHops < 1 || maxHops > 255) {
            throw new IllegalArgumentException("maxHops must be 1-255");
        }
        if (!onLoop(() -> trace(target, maxHops, timeoutNanos, each, done))) {
            return;
        }
        traceStep(target, 1, maxHops, timeoutNanos, each, done, new ArrayList<>());
    }

    private void traceStep(VAddr target, int ttl, int maxHops, long timeoutNanos, Consumer<TraceHop> each,
                           Consumer<List<TraceHop>> done, List<TraceHop> hops) {
        sendEcho(target, ttl, ControlCodec.ECHO_LENGTH, timeoutNanos, ttl, r -> {
            TraceHop hop = new TraceHop(ttl, r.status(), r.from(), r.rttNanos());
            hops.add(hop);
            each.accept(hop);
            boolean end = r.status() == EchoResult.Status.REPLY || r.status() == EchoResult.Status.UNREACHABLE || ttl >= maxHops;
            if (end) {
                done.accept(List.copyOf(hops));
            } else {
                traceStep(target, ttl + 1, maxHops, timeoutNanos, each, done, hops);
            }
        });
    }

    private void sendEcho(VAddr target, int ttl, int payloadBytes, long timeoutNanos, int reportSeq, Consumer<EchoResult> cb) {
        int seq = nextSeq++;
        int padding = Math.max(0, payloadBytes - ControlCodec.ECHO_LENGTH);
        long now = scheduler.nanos();
        PendingEcho pe = new PendingEcho(reportSeq < 0 ? seq : reportSeq, now, cb);
        pending.put(seq, pe);
        pe.timer = scheduler.schedule(timeoutNanos, () -> complete(seq, EchoResult.Status.TIMEOUT, VAddr.UNSPECIFIED, 0));
        byte[] payload = ControlCodec.encode(new ControlMessage.Echo(false, echoId, seq, now, padding));
        node.send(Packet.builder().source(node.address()).destination(target).protocol(Protocol.CONTROL).ttl(ttl)
                .payload(payload).build());
    }

    private void complete(int seq, EchoResult.Status status, VAddr from, int ttl) {
        PendingEcho pe = pending.remove(seq);
        if (pe == null) {
            return; // late duplicate, or already timed out
        }
        pe.timer.cancel();
        pe.cb.accept(new EchoResult(status, from, scheduler.nanos() - pe.sentAt, pe.reportSeq, ttl));
    }

    // ---- input ----

    private void handle(Packet p, Link in) {
        ControlMessage m = ControlCodec.decode(p.array(), p.payloadOffset(), p.payloadLength());
        if (m == null) {
            node.counters().countDrop(DropReason.BAD_CONTROL);
            return;
        }
        if (m instanceof ControlMessage.Echo e) {
            onEcho(e, p);
        } else if (m instanceof ControlMessage.Error e) {
            onError(e, p);
        } else if (routing != null) {
            routing.handle(m, p, in);
        }
    }

    private void onEcho(ControlMessage.Echo e, Packet p) {
        if (e.reply()) {
            if (e.id() == echoId) {
                complete(e.seq(), EchoResult.Status.REPLY, p.source(), p.ttl());
            }
            return;
        }
        if (p.destination().isBroadcast() || !usableSource(p.source())) {
            return;
        }
        byte[] reply = p.payload();
        reply[ControlCodec.TYPE_OFFSET] = (byte) ControlCodec.ECHO_REPLY;
        echoRepliesSent++;
        node.send(Packet.builder().source(node.address()).destination(p.source()).protocol(Protocol.CONTROL)
                .ttl(node.config().defaultTtl()).payload(reply).build());
    }

    private void onError(ControlMessage.Error e, Packet p) {
        // match the quote against an echo we sent: protocol, our source, type, id, then seq
        if (e.quotedProtocol() != Protocol.CONTROL || !e.quotedSource().equals(node.address())
                || e.quotedPayloadByte(ControlCodec.TYPE_OFFSET) != ControlCodec.ECHO_REQUEST
                || e.quotedPayload().length < ControlCodec.ECHO_SEQ_OFFSET + 4) {
            return;
        }
        byte[] q = e.quotedPayload();
        if (ControlCodec.getU16(q, ControlCodec.ECHO_ID_OFFSET) != echoId) {
            return;
        }
        EchoResult.Status s = e.type() == ControlCodec.TTL_EXCEEDED ? EchoResult.Status.TTL_EXCEEDED : EchoResult.Status.UNREACHABLE;
        complete(ControlCodec.getInt(q, ControlCodec.ECHO_SEQ_OFFSET), s, p.source(), p.ttl());
    }

    // ---- ErrorReporter ----

    @Override
    public void ttlExceeded(Packet original, Link in) {
        report(ControlCodec.TTL_EXCEEDED, 0, original);
    }

    @Override
    public void unreachable(Packet original, Link in) {
        report(ControlCodec.DEST_UNREACHABLE, ControlCodec.CODE_NO_ROUTE, original);
    }

    private void report(int type, int code, Packet original) {
        if (original.destination().isBroadcast() || !usableSource(original.source()) || ControlCodec.isError(original)) {
            return;
        }
        if (!takeToken()) {
            errorsSuppressed++;
            return;
        }
        errorsSent++;
        Packet err = Packet.builder().source(node.address()).destination(original.source()).protocol(Protocol.CONTROL)
                .ttl(node.config().defaultTtl()).payload(ControlCodec.encodeError(type, code, original)).build();
        // sent after the current forwarding step finishes, never from inside it
        scheduler.execute(() -> node.send(err));
    }

    private boolean takeToken() {
        long now = scheduler.nanos();
        tokens = Math.min(errorBurst, tokens + (now - tokensAt) * errorRatePerNano);
        tokensAt = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }

    private static boolean usableSource(VAddr a) {
        return !a.isBroadcast() && !a.isUnspecified();
    }

    private void routesChanged() {
        for (Runnable r : List.copyOf(routeListeners)) {
            r.run();
        }
    }

    /** Control-plane counters for reports. */
    /** The counters now: the {@code control} section of {@code stats}. */
    public ControlCounts counters() {
        return new ControlCounts(echoRepliesSent, errorsSent, errorsSuppressed, pending.size(),
                routing == null ? null : routing.counters());
    }

    public long errorsSent() {
        return errorsSent;
    }

    public long errorsSuppressed() {
        return errorsSuppressed;
    }

    private static final class PendingEcho {
        final int reportSeq;
        final long sentAt;
        final Consumer<EchoResult> cb;
        Cancellable timer = Cancellable.NONE;

        PendingEcho(int reportSeq, long sentAt, Consumer<EchoResult> cb) {
            this.reportSeq = reportSeq;
            this.sentAt = sentAt;
            this.cb = cb;
        }
    }
}
