package org.aspen.node;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.lab.report.CloseFigures;
import org.aspen.rdp.RdpConnection;
import org.aspen.rdp.RdpCounters;
import org.aspen.rdp.RdpListener;
import org.aspen.rdp.RdpOptions;
import org.aspen.rdp.RdpStack;
import org.aspen.rdp.RdpStackReport;
import org.aspen.rdp.Recovery;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferListening;
import org.aspen.rdp.transfer.TransferProgress;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.mgmt.ReplySink;

/**
 * The node's RDP transfer commands, used by {@code aspen send} and {@code aspen recv}:
 * <ul>
 * <li>{@code rdp.send {target, port, file | size, seed}}: sends a file (a path on the node's host) or
 *     seeded bytes; streams progress lines and ends with the transfer summary;</li>
 * <li>{@code rdp.recv {port, out}}: accepts one transfer on {@code port}, writes it to {@code out}
 *     (a path on the node's host) or only digests it; streams progress and ends with the summary.</li>
 * </ul>
 * Both take optional connection options as a lab's transfers do: {@code window} (maximum outstanding
 * segments), {@code segment} (maximum segment size), {@code ecn} and {@code aecn} (booleans).
 * {@code rdp.send} with {@code details: true} also puts the sender connection's counters ({@code stats})
 * and its window-close figures ({@link CloseFigures}) in the summary, as a lab transfer's report has
 * them ({@code aspen lab --processes} asks for them to judge {@code stat} expectations).
 * {@code rdp.send} with {@code failFast: true} (as {@code aspen send} asks) fails at once, with "no route
 * to ...", when the node's route table has no route to {@code target}, instead of retrying the SYN until
 * the handshake times out; without it (a lab's workload) the SYN is retried, as the in-process runner's
 * transfers do, so a transfer started before routing converges still runs.
 * {@code rdp.recv} on a port that already has a listener fails with one line ("port P is already receiving").
 * Paths are the node's: its control endpoint listens on loopback by default, so the caller is on the
 * same machine.
 */
final class RdpCommands {
    private static final long PROGRESS_NANOS = 250_000_000L;

    private RdpCommands() {
    }

    /** The {@code rdp} section of {@code stats}: stack counters, drops by reason, connections by state. */
    static RdpStackReport statsSection(RdpStack stack) {
        return RdpStackReport.of(stack);
    }

    static void register(ControlServer control, RdpStack stack) {
        // stats (and /metrics): the stack's counters and how many connections are in each state now
        control.addStatsSection("rdp", () -> statsSection(stack));
        control.register("rdp.send", (args, reply) -> {
            VAddr target = VAddr.parse(args.path("target").asText(""));
            int port = port(args.path("port").asInt(-1));
            String noRoute = args.path("failFast").asBoolean(false) ? noRoute(stack, target) : null;
            if (noRoute != null) {
                reply.error(noRoute);   // at once: waiting out the handshake timer would tell the user nothing more
                return;
            }
            ByteSource source;
            if (args.hasNonNull("file")) {
                Path p = Path.of(args.get("file").asText());
                if (!Files.isRegularFile(p)) {
                    throw new IllegalArgumentException("rdp.send: no such file on the node's host: " + p);
                }
                source = ByteSource.of(Files.newInputStream(p), Files.size(p));
            } else {
                long size = args.path("size").asLong(-1);
                if (size < 0) {
                    throw new IllegalArgumentException("rdp.send: give 'file' or 'size'");
                }
                source = ByteSource.seeded(args.path("seed").asLong(1), size);
            }
            boolean details = args.path("details").asBoolean(false);
            TransferSender t = TransferSender.start(stack, target, port, source, options(args, stack),
                    progress(reply), PROGRESS_NANOS);
            reply.onClose(() -> t.connection().close());
            t.result().whenComplete((s, err) -> finish(reply, s, err, details));
        });
        control.register("rdp.recv", (args, reply) -> {
            int port = port(args.path("port").asInt(-1));
            String out = args.hasNonNull("out") ? args.get("out").asText() : null;
            RdpListener[] listener = new RdpListener[1];
            try {
                listener[0] = TransferReceiver.listen(stack, port, options(args, stack), () -> sink(out), s -> {
                    listener[0].close();
                    finish(reply, s, null, args.path("details").asBoolean(false));
                }, progress(reply), PROGRESS_NANOS);
            } catch (IllegalStateException busy) {   // another listener (a recv, an AA) holds the port
                reply.error("port " + port + " is already receiving on node " + stack.node().name());
                return;
            }
            reply.next(new TransferListening(port));
            reply.onClose(() -> listener[0].close());
        });
    }

    /**
     * Why a connection to {@code target} cannot even start from this node, or null: the node's own
     * route table has no route to it (the node would drop the SYN and answer itself with unreachable).
     */
    static String noRoute(RdpStack stack, VAddr target) {
        org.aspen.vnet.node.Node n = stack.node();
        if (target.equals(n.address()) || target.isBroadcast()) {
            return null;
        }
        org.aspen.vnet.routing.Route r = n.routes().lookup(target);
        if (r == null || !r.link().isUp()) {
            return "no route to " + target + " from node " + n.name() + " (" + n.address() + ")";
        }
        return null;
    }

    /**
     * RDP options from a request's optional {@code window}, {@code segment}, {@code ecn}, {@code aecn},
     * {@code recovery} ({@code modern}, the default here, or {@code classic}: {@link Recovery}).
     * {@code segment} (the largest data length this end accepts, announced in its SYN) must fit a frame
     * the node accepts ({@link SegmentCodec#largestData}). Without it, segments are sized
     * from the path ({@link RdpOptions#segmentFromPath}): the largest that fits one datagram on the first
     * link toward the peer, e.g. 16,276 bytes over loopback, 1,364 over an Ethernet interface.
     */
    static RdpOptions options(com.fasterxml.jackson.databind.JsonNode args, RdpStack stack) {
        RdpOptions o = RdpOptions.defaults();
        if (args.hasNonNull("window")) {
            int w = positive(args.get("window"), "window");
            if (w > 0xffff) {
                throw new IllegalArgumentException("window must be 1-65535 segments");
            }
            o = o.withMaxOutstanding(w);
        }
        if (args.hasNonNull("segment")) {
            int seg = positive(args.get("segment"), "segment");
            int max = SegmentCodec.largestData(stack.node().config().maxFrame());
            if (seg > max) {
                throw new IllegalArgumentException("segment must be 1-" + max + " bytes: node " + stack.node().name()
                        + " accepts frames of at most " + stack.node().config().maxFrame() + " bytes (maxFrame)");
            }
            o = o.withMaxSegment(seg);
        } else {
            o = o.withSegmentFromPath(true);
        }
        if (args.hasNonNull("ecn")) {
            o = o.withEcn(args.get("ecn").asBoolean());
        }
        if (args.path("aecn").asBoolean(false)) {
            o = o.withAntiEcn(org.aspen.rdp.AntiEcnReno.Delta.WINDOW);
        }
        // a node's users get today's TCP recovery (issue 33); 'recovery: classic' asks for the papers' one
        return o.withRecovery(args.hasNonNull("recovery") ? Recovery.parse(args.get("recovery").asText()) : Recovery.MODERN);
    }

    private static int positive(com.fasterxml.jackson.databind.JsonNode v, String what) {
        if (!v.canConvertToInt() || v.asInt() < 1) {
            throw new IllegalArgumentException(what + " must be a positive integer");
        }
        return v.asInt();
    }

    private static int port(int p) {
        if (p < 1 || p > 65535) {
            throw new IllegalArgumentException("port must be 1-65535");
        }
        return p;
    }

    private static ByteSink sink(String out) {
        if (out == null) {
            return ByteSink.discard();
        }
        try {
            OutputStream os = Files.newOutputStream(Path.of(out));
            return ByteSink.of(os);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    private static ProgressListener progress(ReplySink reply) {
        return (bytes, total, nanos, rate) -> reply.next(TransferProgress.of(bytes, total, nanos, rate));
    }

    private static void finish(ReplySink reply, TransferSummary s, Throwable err, boolean details) {
        if (err != null) {
            reply.error(err.getMessage() == null ? err.toString() : err.getMessage());
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>(s.toMap());
        if (!details) {
            m.remove("stats");
        } else if (s.series() != null) {
            m.putAll(CloseFigures.of(s.series(), s.seconds()).toMap());
        }
        m.put("summary", true);
        reply.done(m);
    }
}
