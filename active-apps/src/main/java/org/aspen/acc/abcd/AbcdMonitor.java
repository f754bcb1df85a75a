package org.aspen.acc.abcd;

import java.util.HashMap;
import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;
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
 * Counters: {@code packetsMeasured}, {@code triplets}, {@code flows}, {@code advicesSent},
 * {@code resumesSent}, {@code advicesUnsent}, {@code belowThreshold} (data segments seen while below);
 * gauges (current value): {@code availableKbps}, {@code capacityKbps}.
 */
public final class AbcdMonitor implements ActiveApplication {
    private static final long FORGET_NANOS = 30_000_000_000L;
    private final Map<FlowKey, FlowTrack> flows = new HashMap<>();
    private AaContext ctx;
    private AbcdConfig cfg;
    private AbcdRule rule;
    private TripletEstimator estimator;

    /** One data direction of an RDP connection. */
    record FlowKey(Address source, int sourcePort, Address destination, int destinationPort) {
    }

    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        this.ctx = ctx;
        this.cfg = AbcdConfig.fromParams(params);
        this.rule = cfg.rule();
        long capacity = cfg.capacityBps();
        if (capacity == 0 && !cfg.inLink().isEmpty()) {
            for (LinkStatus l : ctx.links()) {
                if (l.name().equals(cfg.inLink())) {
                    capacity = l.bandwidthBps();   // symmetric links: our end's rate is the far end's
                }
            }
        }
        this.estimator = new TripletEstimator(capacity, cfg.averagingMs() * 1_000_000L);
        ctx.divert(Match.ANY, this::onPacket);
        ctx.log().info("ABCD monitor on {}: {} (capacity {} b/s{})", ctx.nodeName(), cfg, capacity,
                capacity == 0 ? ", learned from packet pairs" : "");
    }

    private void onPacket(DiversionChannel channel, AaPacket p) {
        String in = p.inLink();
        if (in != null && (cfg.inLink().isEmpty() || cfg.inLink().equals(in))) {
            long now = ctx.nanos();
            ctx.counter("packetsMeasured").increment();
            if (estimator.packet(now, p.length())) {
                ctx.counter("triplets").increment();
                gauge("availableKbps", Math.round(estimator.availableBps() / 1000));
                gauge("capacityKbps", Math.round(estimator.capacityBps() / 1000));
            }
            if (p.protocol() == Protocols.RDP) {
                flow(p, now);
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
        FlowKey key = new FlowKey(p.source(), s.sourcePort, p.destination(), s.destinationPort);
        FlowTrack f = flows.get(key);
        if (f == null) {
            forgetOld(now);
            f = new FlowTrack();
            flows.put(key, f);
            ctx.counter("flows").increment();
        }
        boolean triplet = f.packet(now, s.dataLength);
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
            if (triplet || Double.isNaN(f.paceRate)) {
                f.paceRate = rule.paceRate(f.paceRate, size, f.spacingNanos());
            }
            boolean changed = !f.advised || size != f.advisedSize;
            long wait = changed ? cfg.refreshMs() * 1_000_000L : cfg.lifetimeMs() * 500_000L;
            if (f.lastAdviceAt == Long.MIN_VALUE || now - f.lastAdviceAt >= wait) {
                long rate = Math.max(1, Math.min(RateAdvice.MAX_U32, Math.round(f.paceRate)));
                if (send(key, new RateAdvice(s.seq, size, rate, cfg.lifetimeMs(), bps(available)), "advicesSent")) {
                    f.advised = true;
                    f.advisedSize = size;
                    f.lastAdviceAt = now;
                }
            }
        } else if (f.advised) {
            if (send(key, RateAdvice.resume(s.seq, bps(available)), "resumesSent")) {
                f.advised = false;
                f.paceRate = Double.NaN;
                f.lastAdviceAt = now;
            }
        }
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
