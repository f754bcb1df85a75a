package org.aspen.vnet.qdisc;

import java.util.Map;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Cancellable;

/**
 * Adaptive RED (Floyd, Gummadi and Shenker 2001): RED whose max_p is tuned on a timer so that the
 * average queue stays in a target band in the middle of [min_th, max_th].
 *
 * <pre>{@code
 * link.setDiscipline(new AdaptiveRed(QueueLimit.packets(100),
 *         new RedParams(5, 15, 0.1, Double.NaN, true, false, false, 1000, 0), 500_000_000L, 0.9));
 * }</pre>
 *
 * Every {@code intervalNanos} on the node's scheduler: if avg is above the band and max_p &lt;= 0.5,
 * max_p += min(0.01, max_p / 4) (additive increase); if avg is below the band and max_p &gt;= 0.01,
 * max_p *= beta (multiplicative decrease). The band is min_th + [0.4, 0.6] (max_th - min_th). The
 * timer runs only while there is traffic (an arrival in the last interval or a non-empty queue), so
 * an idle link leaves no event pending and a simulation can run to completion.
 */
public final class AdaptiveRed extends Red {
    static final double MAX_P_CEILING = 0.5;
    static final double MAX_P_FLOOR = 0.01;

    private final long intervalNanos;
    private final double beta;
    private Cancellable timer = Cancellable.NONE;
    private boolean armed;
    private boolean arrivedSinceTick;
    private long increases;
    private long decreases;

    public AdaptiveRed(QueueLimit limit, RedParams params, long intervalNanos, double beta) {
        super(limit, params);
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("interval must be positive, got " + intervalNanos + " ns");
        }
        if (!(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("beta must be in (0, 1), got " + beta);
        }
        this.intervalNanos = intervalNanos;
        this.beta = beta;
    }

    public double targetLow() {
        return params.minTh() + 0.4 * (params.maxTh() - params.minTh());
    }

    public double targetHigh() {
        return params.minTh() + 0.6 * (params.maxTh() - params.minTh());
    }

    @Override
    protected DropReason admit(Packet p) {
        arrivedSinceTick = true;
        if (!armed) {
            armed = true;
            timer = ctx.scheduler().schedule(intervalNanos, this::tick);
        }
        return super.admit(p);
    }

    private void tick() {
        armed = false;
        adapt();
        if (arrivedSinceTick || packets() > 0) {
            arrivedSinceTick = false;
            armed = true;
            timer = ctx.scheduler().schedule(intervalNanos, this::tick);
        }
    }

    /** One adaptation step (public so tests and tools can drive it without the timer). */
    public void adapt() {
        if (avg > targetHigh() && maxP <= MAX_P_CEILING) {
            maxP += Math.min(0.01, maxP / 4);
            increases++;
        } else if (avg < targetLow() && maxP >= MAX_P_FLOOR) {
            maxP *= beta;
            decreases++;
        }
    }

    @Override
    public void detach() {
        timer.cancel();
        armed = false;
    }

    @Override
    public String kind() {
        return "ared";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = super.describe();
        m.put("interval_ms", intervalNanos / 1e6);
        m.put("beta", beta);
        m.put("target", "[" + Math.round(targetLow() * 100) / 100.0 + ", " + Math.round(targetHigh() * 100) / 100.0 + "]");
        m.put("increases", increases);
        m.put("decreases", decreases);
        return m;
    }
}
