package org.aspen.rdp;

/**
 * Segment-size and pacing advice from a network AA (ACC-ABCD): "the path's available bandwidth is
 * low; send segments of at most {@code segmentSize} bytes at no more than {@code paceBytesPerSecond}
 * for the next {@code lifetimeMs}". Travels in the ADVICE part of a forged RDP control segment from
 * the receiver's address and port to the sender's (see {@code docs/rdp.md}).
 *
 * <pre>{@code
 * RateAdvice shrink = new RateAdvice(seq, 400, 20_000, 2_000, 300_000);
 * RateAdvice resume = RateAdvice.resume(seq, 300_000);
 * }</pre>
 *
 * @param seq                the data segment the estimate ended on; orders advice (older is stale)
 * @param segmentSize        largest data length to use, bytes; 0: the connection's normal size
 * @param paceBytesPerSecond pacing rate for new data segments, data bytes per second; 0: no pacing
 * @param lifetimeMs         the advice expires after this long (1-65535 ms) unless renewed, so a
 *                           lost resume or a stopped AA cannot leave the sender slow for ever
 * @param availableBps       the AA's available-bandwidth estimate, bits/s (informational)
 */
public record RateAdvice(int seq, int segmentSize, long paceBytesPerSecond, int lifetimeMs, long availableBps) {
    public static final long MAX_U32 = 0xffff_ffffL;

    public RateAdvice {
        if (segmentSize < 0 || segmentSize > 0xffff) {
            throw new IllegalArgumentException("advised segment size must be 0-65535: " + segmentSize);
        }
        if (lifetimeMs < 1 || lifetimeMs > 0xffff) {
            throw new IllegalArgumentException("advice lifetime must be 1-65535 ms: " + lifetimeMs);
        }
        if (paceBytesPerSecond < 0 || paceBytesPerSecond > MAX_U32 || availableBps < 0 || availableBps > MAX_U32) {
            throw new IllegalArgumentException("pace rate and available bandwidth must fit in 32 bits unsigned");
        }
    }

    /** Advice that restores the normal segment size and lifts pacing. */
    public static RateAdvice resume(int seq, long availableBps) {
        return new RateAdvice(seq, 0, 0, 1, Math.min(MAX_U32, availableBps));
    }

    /** True when this advice restores normal size and rate. */
    public boolean isResume() {
        return segmentSize == 0 && paceBytesPerSecond == 0;
    }
}
