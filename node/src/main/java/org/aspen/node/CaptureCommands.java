package org.aspen.node;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.lab.time.HostTime;
import org.aspen.vnet.capture.Capture;
import org.aspen.vnet.capture.PcapngWriter;
import org.aspen.vnet.mgmt.ControlServer;
import org.aspen.vnet.mgmt.ReplySink;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.time.Cancellable;

/**
 * The node's {@code capture} control command, used by {@code aspen capture}: a streaming command
 * whose reply lines carry the pcapng file in order, base64-encoded.
 *
 * <pre>{@code
 * request: {"cmd":"capture","args":{"link":"a-b","aa":"flakeway","durationMs":5000,"maxPackets":0}}   // all optional
 * lines:   {"data":{"pcapng":"<base64>","packets":12,"skipped":0}}   every 500 ms (pcapng may be ""),
 *          and as soon as CHUNK_BYTES wait
 * last:    {"data":{"pcapng":"<base64>","packets":40,"skipped":0},"done":true}
 * }</pre>
 *
 * Concatenating the decoded chunks gives the file. Without {@code durationMs} (or 0) the capture
 * runs until the client disconnects; {@code maxPackets} > 0 ends it after that many records;
 * {@code aa} keeps only the packets that AA's diversion channels took or dropped.
 * Timestamps are wall-clock (Unix epoch) nanoseconds.
 */
final class CaptureCommands {
    static final long CHUNK_NANOS = 500_000_000L;
    /**
     * A chunk is shipped early once it holds this much: a busy node (a bulk transfer, 60 MB of
     * frames in 500 ms) would otherwise hold the whole interval in memory and send it as one line
     * too long for a client to read (the JSON reader's limit is 20 MB).
     */
    static final int CHUNK_BYTES = 1 << 20;
    /**
     * Recording pauses while more than this waits unsent to the client (it reads more slowly than the
     * node records: a remote client, a slow disk), and resumes below {@link #RESUME_BYTES}; what is
     * missed meanwhile is counted, and reported as {@code skipped}. The node never holds more.
     */
    static final long PAUSE_BYTES = 8L << 20;
    static final long RESUME_BYTES = 2L << 20;

    private CaptureCommands() {
    }

    static void register(ControlServer control, Node node) {
        control.register("capture", (args, reply) -> {
            String link = args.hasNonNull("link") ? args.get("link").asText() : null;
            if (link != null && node.link(link) == null) {
                throw new IllegalArgumentException("node " + node.name() + " has no link '" + link + "' (links: "
                        + String.join(", ", node.links().stream().map(l -> l.name()).toList()) + ")");
            }
            long durationMs = args.path("durationMs").asLong(0);
            long maxPackets = args.path("maxPackets").asLong(0);
            if (durationMs < 0 || maxPackets < 0) {
                throw new IllegalArgumentException("durationMs and maxPackets must not be negative");
            }
            Session session = new Session(node, reply, link, durationMs * 1_000_000L, maxPackets, CHUNK_BYTES);
            if (args.hasNonNull("aa")) {
                String aa = args.get("aa").asText();
                session.capture.setActionFilter(a -> a.contains("by=aa:" + aa + "@") || a.contains("by=aa-spec:" + aa + " ")
                        || a.endsWith("by=aa-spec:" + aa));
            }
            session.start();
        });
    }

    /**
     * One running capture: a buffer the writer fills, a timer that ships it every {@link #CHUNK_NANOS},
     * and an early shipment whenever the buffer reaches its chunk size. All on the node's loop.
     */
    static final class Session {
        final Node node;
        final ReplySink reply;
        final String link;
        final long durationNanos;
        final long maxPackets;
        final int chunkBytes;
        final ByteArrayOutputStream buf = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                full();
            }

            @Override
            public synchronized void write(int b) {
                super.write(b);
                full();
            }
        };
        final Capture capture;
        long started;
        Cancellable timer = Cancellable.NONE;
        boolean finished;
        private boolean shipping;
        private boolean paused;

        Session(Node node, ReplySink reply, String link, long durationNanos, long maxPackets, int chunkBytes) {
            this.node = node;
            this.reply = reply;
            this.link = link;
            this.durationNanos = durationNanos;
            this.maxPackets = maxPackets;
            this.chunkBytes = chunkBytes;
            // the one place that reads wall time: CLI-side code turning the node clock into Unix time
            long epoch = HostTime.epochNanos() - node.scheduler().nanos();
            this.capture = new Capture(new PcapngWriter(buf, "aspen node " + node.name()), epoch);
        }

        void start() {
            started = node.scheduler().nanos();
            capture.attach(node, link == null ? null : link::equals);
            reply.onClose(this::finish);
            tick();
        }

        private void tick() {
            if (finished) {
                return;
            }
            long now = node.scheduler().nanos();
            boolean end = !reply.isOpen() || (durationNanos > 0 && now - started >= durationNanos)
                    || (maxPackets > 0 && capture.packets() >= maxPackets);
            if (end) {
                finish();
                return;
            }
            reply.next(chunk());
            pace();
            long next = durationNanos > 0 ? Math.min(CHUNK_NANOS, started + durationNanos - now) : CHUNK_NANOS;
            timer = node.scheduler().schedule(Math.max(1, next), this::tick);
        }

        /**
         * The buffer reached its chunk size: ship it now (the writer writes a whole record per call, so
         * the buffer ends on a record's end); a burst of arrivals cannot pile up behind a task.
         */
        private void full() {
            if (!shipping && !finished && buf.size() >= chunkBytes && reply.isOpen()) {
                shipping = true;
                try {
                    reply.next(chunk());
                    pace();
                } finally {
                    shipping = false;
                }
            }
        }

        /** Pauses recording while the client lags by more than {@link #PAUSE_BYTES}, resumes once it caught up. */
        private void pace() {
            long unsent = reply.unsentBytes();
            if (!paused && unsent > PAUSE_BYTES) {
                paused = true;
                capture.setPaused(true);
            } else if (paused && unsent < RESUME_BYTES) {
                paused = false;
                capture.setPaused(false);
            }
        }

        private Map<String, Object> chunk() {
            byte[] b = buf.toByteArray();
            buf.reset();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pcapng", Base64.getEncoder().encodeToString(b));
            m.put("packets", capture.packets());
            m.put("skipped", capture.skipped());
            return m;
        }

        private void finish() {
            if (finished) {
                return;
            }
            finished = true;
            timer.cancel();
            capture.detach(node);
            reply.done(chunk());
        }
    }
}
