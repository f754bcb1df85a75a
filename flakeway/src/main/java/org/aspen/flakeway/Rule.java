package org.aspen.flakeway;

import java.util.SplittableRandom;

/** A rule at work: its spec, random stream, loss-chain and order state, rate limiter and counters. */
final class Rule<P, C> {
    private final FlakewayEngine<P, C> engine;
    private final SplittableRandom random;
    private final RuleCounters counters = new RuleCounters();
    private RuleSpec spec;
    private int limitPackets;
    private long limitBytes;
    private boolean geBad;
    private long lastRelease;
    private int sinceImmediate;
    private long serialiserFree;
    private double tokens;
    private long lastRefill;
    private long lastDeparture;

    Rule(FlakewayEngine<P, C> engine, RuleSpec spec, SplittableRandom random) {
        this.engine = engine;
        this.random = random;
        update(spec);
        this.tokens = spec.burstBytes();
        this.lastRefill = engine.timing().nanos();
    }

    void update(RuleSpec s) {
        this.spec = s;
        limitPackets = s.limitPackets() > 0 ? s.limitPackets() : Integer.MAX_VALUE;
        limitBytes = s.limitPackets() > 0 ? Long.MAX_VALUE : s.bufferBytes();
        tokens = Math.min(tokens, s.burstBytes());
    }

    RuleSpec spec() {
        return spec;
    }

    RuleCounters counters() {
        return counters;
    }

    int limitPackets() {
        return limitPackets;
    }

    long limitBytes() {
        return limitBytes;
    }

    void take(P p, C ctx) {
        counters.matched++;
        if (spec.loss() > 0 && random.nextDouble() < spec.loss()) {
            counters.lostRandom++;
            engine.sink().dropped(p, ctx, false, false);
            return;
        }
        if (spec.ge() != null && burstLoses(spec.ge())) {
            counters.lostBurst++;
            engine.sink().dropped(p, ctx, false, false);
            return;
        }
        PacketAccess<P> a = engine.access();
        BitFlips flips = spec.corrupt() > 0 && random.nextDouble() < spec.corrupt() ? flips(a.corruptibleBytes(p)) : null;
        P dup = spec.duplicate() > 0 && random.nextDouble() < spec.duplicate() ? a.copy(p) : null;
        hold(p, ctx, flips, false);
        if (dup != null) {
            counters.duplicated++;
            hold(dup, ctx, null, true);
        }
    }

    /** Loss by the chain's current state, then one step of the chain. */
    private boolean burstLoses(GilbertElliott ge) {
        boolean lose = random.nextDouble() < (geBad ? ge.lossBad() : ge.lossGood());
        if (random.nextDouble() < (geBad ? ge.r() : ge.p())) {
            geBad = !geBad;
        }
        return lose;
    }

    /** Distinct bit positions (two flips of one bit would undo each other); null when nothing can be hit. */
    private BitFlips flips(int frameBytes) {
        if (frameBytes <= 0) {
            return null;
        }
        int n = Math.min(spec.corruptBits(), frameBytes * 8);
        int[] bits = new int[n];
        for (int i = 0; i < n; i++) {
            int b;
            boolean dup;
            do {
                b = random.nextInt(frameBytes * 8);
                dup = false;
                for (int j = 0; j < i; j++) {
                    dup |= bits[j] == b;
                }
            } while (dup);
            bits[i] = b;
        }
        return new BitFlips(bits);
    }

    private void hold(P p, C ctx, BitFlips flips, boolean copy) {
        int size = engine.access().length(p);
        if (counters.heldPackets + 1 > limitPackets || counters.heldBytes + size > limitBytes) {
            counters.overflow++;
            engine.sink().dropped(p, ctx, copy, true);
            return;
        }
        counters.heldPackets++;
        counters.heldBytes += size;
        counters.peakHeldPackets = Math.max(counters.peakHeldPackets, counters.heldPackets);
        FlakewayEngine.Held<P, C> h = engine.hold(this, p, ctx, flips, copy, size);
        FlakewayEngine.Timing t = engine.timing();
        long now = t.nanos();
        if (spec.reorder() > 0 && sinceImmediate >= spec.reorderGap() - 1 && random.nextDouble() < spec.reorder()) {
            sinceImmediate = 0;
            counters.reordered++;
            h.release = now;
        } else {
            sinceImmediate++;
            double d = spec.delayNanos() + (spec.jitterNanos() > 0 ? spec.jitter().sample(random, spec.jitterNanos()) : 0);
            // order kept: never before a packet this rule delayed earlier
            h.release = Math.max(lastRelease, now + Math.max(0, Math.round(d)));
            lastRelease = h.release;
        }
        if (h.release == now && spec.rateBps() == 0 && counters.heldPackets == 1) {
            emit(h);            // nothing to wait for and nothing ahead of it: no timer
            return;
        }
        t.schedule(h.release - now, () -> delayed(h));
    }

    private void delayed(FlakewayEngine.Held<P, C> h) {
        if (h.gone()) {
            return;     // flushed
        }
        if (spec.rateBps() == 0) {
            emit(h);
            return;
        }
        FlakewayEngine.Timing t = engine.timing();
        long now = t.nanos();
        h.release = spec.rateMode() == RuleSpec.RateMode.QUEUE ? serialise(now, h.size) : bucket(now, h.size);
        t.schedule(h.release - now, () -> {
            if (!h.gone()) {
                emit(h);
            }
        });
    }

    /** Serialisation queue: the packet leaves when its last bit would, behind the ones before it. */
    private long serialise(long now, int size) {
        long tx = (size * 8L * 1_000_000_000L + spec.rateBps() - 1) / spec.rateBps();
        serialiserFree = Math.max(now, serialiserFree) + tx;
        return serialiserFree;
    }

    /** Token bucket: leaves as soon as {@code size} tokens are there, in arrival order. */
    private long bucket(long now, int size) {
        double bytesPerNano = spec.rateBps() / 8e9;
        long t = Math.max(now, lastDeparture);
        tokens = Math.min(spec.burstBytes(), tokens + (t - lastRefill) * bytesPerNano);
        if (tokens < size) {
            long wait = (long) Math.ceil((size - tokens) / bytesPerNano);
            tokens += wait * bytesPerNano;     // may exceed the burst for a packet larger than it
            t += wait;
        }
        lastRefill = t;
        tokens -= size;
        lastDeparture = t;
        return t;
    }

    void emit(FlakewayEngine.Held<P, C> h) {
        FlakewayEngine.unlink(h);
        counters.heldPackets--;
        counters.heldBytes -= h.size;
        counters.emitted++;
        if (h.flips != null) {
            counters.corrupted++;
        }
        engine.sink().emit(h.packet, h.context, h.copy, h.flips);
    }
}
