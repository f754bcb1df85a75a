package org.aspen.flakeway;

import org.aspen.vnet.config.Units;

/**
 * One flakeway rule: which packets, and what happens to them. Parse it with {@link RuleSpecs}.
 *
 * <pre>{@code
 * RuleSpec r = RuleSpecs.parse("name slow; match dst=10.0.0.3 proto=rdp; delay 50ms jitter 10ms normal; loss 1%");
 * }</pre>
 *
 * Stages, in order: loss (random, then Gilbert-Elliott), corruption decision, duplication, delay
 * (fixed + jitter; a reorder share skips it), rate limit, then out to the sink.
 *
 * @param name          the rule's name (unique in an engine; setting a name again changes that rule)
 * @param match         which packets the rule takes
 * @param delayNanos    fixed delay
 * @param jitterNanos   scale of the variable part (see {@link Jitter})
 * @param jitter        its distribution
 * @param loss          probability of random loss
 * @param ge            bursty loss, or null
 * @param duplicate     probability that a second copy is sent (it draws its own delay)
 * @param reorder       probability that a packet is sent at once, overtaking delayed ones; 0 keeps
 *                      order: a packet never leaves before one the rule took earlier
 * @param reorderGap    a packet may be sent at once only after at least {@code reorderGap - 1}
 *                      delayed ones since the last such packet (netem's gap; 1: no constraint)
 * @param corrupt       probability of corruption
 * @param corruptBits   bits inverted in a corrupted frame
 * @param rateBps       rate limit (0: none)
 * @param rateMode      serialisation queue, or token bucket of {@code burstBytes}
 * @param burstBytes    token bucket depth
 * @param limitPackets  explicit buffer limit in packets; 0 sizes it from the bandwidth-delay product
 * @param bandwidthBps  expected throughput through the rule, for sizing the buffer (0: the rate
 *                      limit, or if none, a large safety cap)
 */
public record RuleSpec(String name, PacketMatch match, long delayNanos, long jitterNanos, Jitter jitter, double loss,
                       GilbertElliott ge, double duplicate, double reorder, int reorderGap, double corrupt,
                       int corruptBits, long rateBps, RateMode rateMode, long burstBytes, int limitPackets,
                       long bandwidthBps) {
    /** Buffer of a rule that gives no bandwidth to size it from: large, and overflow still counted. */
    public static final long SAFETY_CAP_BYTES = 64L << 20;
    /** Smallest buffer sized from a bandwidth-delay product. */
    public static final long MIN_BUFFER_BYTES = 64L << 10;

    public enum RateMode { QUEUE, BUCKET }

    public RuleSpec {
        if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("a rule needs a name without spaces, got '" + name + "'");
        }
        if (delayNanos < 0 || jitterNanos < 0 || rateBps < 0 || burstBytes < 0 || bandwidthBps < 0) {
            throw new IllegalArgumentException("delay, jitter, rate, burst and bandwidth must not be negative");
        }
        if (reorderGap < 1) {
            throw new IllegalArgumentException("reorder gap must be at least 1, got " + reorderGap);
        }
        if (corruptBits < 1) {
            throw new IllegalArgumentException("corrupt bits must be at least 1, got " + corruptBits);
        }
        if (limitPackets < 0) {
            throw new IllegalArgumentException("limit must not be negative, got " + limitPackets);
        }
        if (rateMode == RateMode.BUCKET && rateBps > 0 && burstBytes == 0) {
            throw new IllegalArgumentException("a token bucket needs a burst (e.g. burst 10KB)");
        }
    }

    /**
     * The delay buffer in bytes when no packet limit is given: twice what the rule holds at its
     * bandwidth over delay + 4 jitter (the longest a packet plausibly waits), at least
     * {@link #MIN_BUFFER_BYTES}; {@link #SAFETY_CAP_BYTES} when no bandwidth is known.
     */
    public long bufferBytes() {
        long bw = bandwidthBps > 0 ? bandwidthBps : rateBps;
        if (bw == 0) {
            return SAFETY_CAP_BYTES;
        }
        double holdSeconds = (delayNanos + 4.0 * jitterNanos) / 1e9;
        return Math.max(MIN_BUFFER_BYTES, (long) Math.ceil(2 * bw * holdSeconds / 8) + burstBytes);
    }

    /** Compact text form, the one {@link RuleSpecs#parse} reads. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("name ").append(name).append("; match ").append(match);
        if (delayNanos > 0 || jitterNanos > 0) {
            sb.append("; delay ").append(Units.formatNanos(delayNanos));
            if (jitterNanos > 0) {
                sb.append(" jitter ").append(Units.formatNanos(jitterNanos)).append(' ').append(jitter.name().toLowerCase());
            }
        }
        if (loss > 0) {
            sb.append("; loss ").append(loss);
        }
        if (ge != null) {
            sb.append("; loss-ge ").append(ge);
        }
        if (duplicate > 0) {
            sb.append("; duplicate ").append(duplicate);
        }
        if (reorder > 0) {
            sb.append("; reorder ").append(reorder).append(" gap ").append(reorderGap);
        }
        if (corrupt > 0) {
            sb.append("; corrupt ").append(corrupt).append(" bits ").append(corruptBits);
        }
        if (rateBps > 0) {
            sb.append("; rate ").append(Units.formatRate(rateBps)).append(' ').append(rateMode.name().toLowerCase());
            if (rateMode == RateMode.BUCKET) {
                sb.append(" burst ").append(Units.formatBytes(burstBytes));
            }
        }
        sb.append("; limit ").append(limitPackets > 0 ? String.valueOf(limitPackets) : "auto");
        if (bandwidthBps > 0) {
            sb.append("; bandwidth ").append(Units.formatRate(bandwidthBps));
        }
        return sb.toString();
    }
}
