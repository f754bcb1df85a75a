package org.aspen.acc.abcd;

import java.util.HashMap;
import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaMessage;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;
import org.aspen.ee.api.Timer;
import org.aspen.rdp.RateAdvice;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;

/**
 * The ACC-ABCD monitor AA, on the router at the far end of a bottleneck link. It watches every packet
 * arriving over that link (diverted and re-injected at once: it only observes), estimates the link's
 * available bandwidth from triplets of them ({@link TripletEstimator}) and, while that is below the
 * threshold, advises the sender of each RDP data flow crossing it to use smaller segments and to pace
 * at equation 4.2's rate ({@link AbcdRule}); when bandwidth returns it tells each advised sender to
 * resume. The advice is RDP's ADVICE control segment, forged from the receiver's address and port
 * and sent on the raw channel like ACC's notification; it lapses at the sender unless renewed.
 *
 * <pre>{@code
 * ee.startAa(AbcdJars.monitor(), AbcdConfig.DEFAULT.withInLink("r2-r1").toParams());
 * }</pre>
 *
 * <p>Step 3 (the paper: "each de-queued packet is evaluated against the packet size that (step 2) has
 * been calculated to be appropriate", at the sender-side router of the link): with {@code resize} on,
 * the monitor sends the step-2 packet size ({@link AbcdRule#routerPacketSize}) in an AA message to the
 * node at the near end of {@code inLink} whenever it changes (at most once per {@code refreshMs}, renewed
 * every half lifetime, 0 when bandwidth returns); there the same AA, started with {@code role: resizer},
 * makes the node split larger packets it sends over that link ({@link AaContext#setFragmentSize}); the
 * destination node reassembles them. The size lapses after {@code lifetimeMs} unless renewed.
 *
 * <p>With {@code rate: fair} (the text's "fair rate", docs/abcd.md) the pace advised is one max-min share of
 * the link capacity less the traffic no advice reaches ({@link AbcdRule#fairShare}), the same for every flow,
 * from equation 4.2's per-packet rates ({@code ArrivalRate}); gauge {@code fairKbps}.
 *
 * <p>Counters: {@code packetsMeasured}, {@code triplets}, {@code flows}, {@code advicesSent},
 * {@code resumesSent}, {@code advicesUnsent}, {@code belowThreshold} (data segments seen while below);
 * gauges (current value): {@code availableKbps}, {@code capacityKbps}, {@code routerSize}; with resize:
 * {@code sizesSent}; as resizer: {@code sizesApplied}, {@code sizesRefused}, {@code sizesLapsed}.
 */
public final class AbcdMonitor implements ActiveApplication {
    private static final long FORGET_NANOS = 30_000_000_000L;
    private final Map<FlowKey, FlowTrack> flows = new HashMap<>();
    private AaContext ctx;
    private AbcdConfig cfg;
    private AbcdRule rule;
    private TripletEstimator estimator;
    /** The fair-rate reading ({@code rate: fair}) only: the link's arrival rate by equation 4.2, per packet. */
    private ArrivalRate aggregate;
    /** Monitor, step 3: the near-end router, the largest frame and header bytes seen, the size last sent. */
    private Address upstream;
    private int largestFrame;
    private int headerBytes;
    private int sentSize;
    private long sizeSentAt = Long.MIN_VALUE;
    /** Resizer: the lapse timer of the size in force. */
    private Timer lapse;
    /** Body of the size message: kind 1, 0, size (2 bytes, 0 = off), lifetime ms (2 bytes). */
    static final int SIZE_MESSAGE = 1;
    /** The fragment header's length and its more-fragments flag (docs/wire-format.md "Fragments"). */
    private static final int FRAGMENT_HEADER = 8;
    private static final int FRAGMENT_MORE = 1;

    /** One data direction of an RDP connection. */
    record FlowKey(Address source, int sourcePort, Address destination, int destinationPort) {
    }

    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        this.ctx = ctx;
        this.cfg = AbcdConfig.fromParams(params);
        this.rule = cfg.rule();
        if (cfg.role().equals(AbcdConfig.ROLE_RESIZER)) {
            ctx.log().info("ABCD resizer on {}: splits packets to the size a neighbouring monitor sends", ctx.nodeName());
            return;
        }
        long capacity = cfg.capacityBps();
        if (capacity == 0 && !cfg.inLink().isEmpty()) {
            for (LinkStatus l : ctx.links()) {
                if (l.name().equals(cfg.inLink())) {
                    capacity = l.bandwidthBps();   // symmetric links: our end's rate is the far end's
                    upstream = l.neighbour();
                }
            }
        }
        this.estimator = new TripletEstimator(capacity, cfg.averagingMs() * 1_000_000L);
        if (cfg.fairRate()) {
            aggregate = new ArrivalRate(cfg.kMs() * 1_000_000L);
        }
        ctx.divert(Match.ANY, this::onPacket);
        ctx.log().info("ABCD monitor on {}: {} (capacity {} b/s{})", ctx.nodeName(), cfg, capacity,
                capacity == 0 ? ", learned from packet pairs" : "");
    }

    private void onPacket(DiversionChannel channel, AaPacket p) {
        String in = p.inLink();
        if (in != null && (cfg.inLink().isEmpty() || cfg.inLink().equals(in))) {
            long now = ctx.nanos();
            ctx.counter("packetsMeasured").increment();
            largestFrame = Math.max(largestFrame, p.length());
            if (aggregate != null) {
                aggregate.packet(now, p.length());
            }
            if (estimator.packet(now, p.length())) {
                ctx.counter("triplets").increment();
                gauge("availableKbps", Math.round(estimator.availableBps() / 1000));
                gauge("capacityKbps", Math.round(estimator.capacityBps() / 1000));
                if (cfg.resize()) {
                    routerSize(now);
                }
            }
            if (p.protocol() == Protocols.RDP) {
                flow(p, now);
            } else if (p.protocol() == Protocols.FRAGMENT) {
                firstFragment(p, now);
            }
        }
        channel.reinject(p);
    }

    private void flow(AaPacket p, long now) {
        byte[] b = p.payload();
        Segment s = new Segment();
        if (SegmentCodec.decode(b, 0, b.length, s) != null || s.dataLength == 0 || s.state == null) {
            return;
        }
        flow(p, now, s.sourcePort, s.destinationPort, s.seq, s.dataLength, p.length() - s.dataLength);
    }

    /**
     * The first fragment of an RDP data segment that a router split (step 3, here or upstream): the
     * segment's header is whole in it (fragments are at least 200 bytes, the header 40 plus EACKs), so
     * its flow is tracked as if the segment had arrived whole. Later fragments only count in the estimate.
     */
    private void firstFragment(AaPacket p, long now) {
        byte[] b = p.payload();
        int h = FRAGMENT_HEADER;
        if (b.length < h + SegmentCodec.FIXED_LENGTH || (b[0] & 0xff) != Protocols.RDP || b[1] != FRAGMENT_MORE
                || b[2] != 0 || b[3] != 0 || (b[h + SegmentCodec.VERSION_OFFSET] & 0xff) != SegmentCodec.VERSION
                || (b[h + SegmentCodec.PARTS_OFFSET] & SegmentCodec.PART_STATE) == 0) {
            return;
        }
        int hl = u16(b, h + SegmentCodec.HEADER_LENGTH_OFFSET);
        int dl = u16(b, h + SegmentCodec.DATA_LENGTH_OFFSET);
        if (dl == 0 || hl < SegmentCodec.FIXED_LENGTH) {
            return;
        }
        int seq = (u16(b, h + SegmentCodec.SEQ_OFFSET) << 16) | u16(b, h + SegmentCodec.SEQ_OFFSET + 2);
        flow(p, now, u16(b, h + SegmentCodec.SOURCE_PORT_OFFSET), u16(b, h + SegmentCodec.DESTINATION_PORT_OFFSET), seq, dl,
                p.length() - b.length + hl);
    }

    private static int u16(byte[] b, int i) {
        return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
    }

    private void flow(AaPacket p, long now, int sourcePort, int destinationPort, int seq, int dataLength, int headers) {
        headerBytes = Math.max(headerBytes, headers);
        FlowKey key = new FlowKey(p.source(), sourcePort, p.destination(), destinationPort);
        FlowTrack f = flows.get(key);
        if (f == null) {
            forgetOld(now);
            f = new FlowTrack();
            flows.put(key, f);
            ctx.counter("flows").increment();
        }
        boolean triplet = f.packet(now, dataLength);
        if (aggregate != null) {
            if (f.wire == null) {
                f.wire = new ArrivalRate(cfg.kMs() * 1_000_000L);
            }
            f.wire.packet(now, dataLength + headers);   // the whole segment, also when it came split
        }
        double available = estimator.availableBps();
        if (Double.isNaN(available)) {
            return;
        }
        if (rule.below(available)) {
            ctx.counter("belowThreshold").increment();
            if (f.spacingNanos() == 0) {
                return;   // no spacing of this flow yet: equation 4.2 needs T
            }
            int size = rule.segmentSize(available, f.normalSize);
            boolean changed = !f.advised || size != f.advisedSize;
            long wait = changed ? cfg.refreshMs() * 1_000_000L : cfg.lifetimeMs() * 500_000L;
            boolean due = f.lastAdviceAt == Long.MIN_VALUE || now - f.lastAdviceAt >= wait;
            if (aggregate != null) {
                if (due) {
                    f.paceRate = fairRate(now, size);
                }
            } else if (triplet || Double.isNaN(f.paceRate)) {
                f.paceRate = rule.paceRate(f.paceRate, size, f.spacingNanos());
            }
            if (due) {
                long rate = Math.max(1, Math.min(RateAdvice.MAX_U32, Math.round(f.paceRate)));
                if (send(key, new RateAdvice(seq, size, rate, cfg.lifetimeMs(), bps(available)), "advicesSent")) {
                    f.advised = true;
                    f.advisedSize = size;
                    f.lastAdviceAt = now;
                }
            }
        } else if (f.advised) {
            if (send(key, RateAdvice.resume(seq, bps(available)), "resumesSent")) {
                f.advised = false;
                f.paceRate = Double.NaN;
                f.lastAdviceAt = now;
            }
        }
    }

    /**
     * The fair-rate reading: the max-min share alpha ({@link AbcdRule#fairShare}) of the link capacity
     * less the traffic no advice reaches (the link's arrival rate less the tracked flows', at least 0),
     * over the flows seen within an advice lifetime, each demanding its measured rate or, when already
     * paced by advice, any share; converted from bytes on the wire to the data bytes per second the
     * advice carries for segments of {@code size} data bytes: alpha x size / (size + header bytes).
     */
    private double fairRate(long now, int size) {
        double capacity = estimator.capacityBps() / 8;
        long live = cfg.lifetimeMs() * 1_000_000L;
        double tracked = 0;
        java.util.List<Double> demands = new java.util.ArrayList<>();
        for (FlowTrack g : flows.values()) {
            if (g.wire == null || now - g.lastSeen > live) {
                continue;
            }
            double r = g.wire.bytesPerSecond(now);
            tracked += r;
            demands.add(g.advised ? Double.POSITIVE_INFINITY : r);
        }
        double uncontrolled = Math.max(0, aggregate.bytesPerSecond(now) - tracked);
        double alpha = AbcdRule.fairShare(capacity - uncontrolled, demands.stream().mapToDouble(Double::doubleValue).toArray());
        gauge("fairKbps", Math.round(alpha * 8 / 1000));
        return alpha * size / (size + headerBytes);
    }

    /** Step 3: tells the near-end router the packet size when it changed (refresh) or is due for renewal. */
    private void routerSize(long now) {
        double available = estimator.availableBps();
        if (upstream == null || Double.isNaN(available)) {
            return;
        }
        int size = rule.routerPacketSize(available, largestFrame, headerBytes);
        gauge("routerSize", size);
        long since = now - sizeSentAt;
        boolean due = sizeSentAt == Long.MIN_VALUE
                || (size != sentSize ? since >= cfg.refreshMs() * 1_000_000L : size != 0 && since >= cfg.lifetimeMs() * 500_000L);
        if (!due || (size == 0 && sentSize == 0)) {
            return;
        }
        byte[] body = {SIZE_MESSAGE, 0, (byte) (size >>> 8), (byte) size, (byte) (cfg.lifetimeMs() >>> 8), (byte) cfg.lifetimeMs()};
        if (ctx.sendMessage(upstream, AbcdConfig.MONITOR_AA, body)) {
            ctx.counter("sizesSent").increment();
            sentSize = size;
            sizeSentAt = now;
        }
    }

    /** Resizer: applies a neighbouring monitor's packet size to the link toward it, until it lapses. */
    @Override
    public void onMessage(AaMessage m) {
        byte[] b = m.body();
        if (!cfg.role().equals(AbcdConfig.ROLE_RESIZER) || b.length != 6 || b[0] != SIZE_MESSAGE || b[1] != 0) {
            ctx.counter("sizesRefused").increment();
            return;
        }
        int size = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        int lifetimeMs = ((b[4] & 0xff) << 8) | (b[5] & 0xff);
        for (LinkStatus l : ctx.links()) {
            if (m.fromNode().equals(l.neighbour())) {
                try {
                    ctx.setFragmentSize(l.name(), size);
                } catch (IllegalArgumentException e) {
                    ctx.counter("sizesRefused").increment();
                    return;
                }
                ctx.counter("sizesApplied").increment();
                gauge("routerSize", size);
                if (lapse != null) {
                    lapse.cancel();
                }
                lapse = size == 0 || lifetimeMs == 0 ? null : ctx.schedule(lifetimeMs * 1_000_000L, () -> {
                    ctx.setFragmentSize(l.name(), 0);
                    ctx.counter("sizesLapsed").increment();
                    gauge("routerSize", 0);
                    lapse = null;
                });
                return;
            }
        }
        ctx.counter("sizesRefused").increment();   // not from a neighbour
    }

    /** Forges the advice from the flow's receiver to its sender; counts it under {@code counter} when sent. */
    private boolean send(FlowKey key, RateAdvice advice, String counter) {
        Segment a = Segment.control(0, key.destinationPort(), key.sourcePort(), advice.seq(), 0);
        a.advice = advice;
        boolean sent = ctx.send(ctx.newPacket().source(key.destination()).destination(key.source())
                .protocol(Protocols.RDP).payload(SegmentCodec.encode(a, true)).build());
        ctx.counter(sent ? counter : "advicesUnsent").increment();
        return sent;
    }

    private static long bps(double v) {
        return Math.min(RateAdvice.MAX_U32, Math.round(v));
    }

    private void gauge(String name, long value) {
        var c = ctx.counter(name);
        c.add(value - c.get());
    }

    private void forgetOld(long now) {
        if (flows.size() >= 1024) {
            flows.values().removeIf(f -> now - f.lastSeen > FORGET_NANOS);
        }
    }
}
