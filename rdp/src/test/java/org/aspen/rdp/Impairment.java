package org.aspen.rdp;

import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.packet.Packet;

/**
 * A seeded impairing decorator over a {@link LinkTransport}: drops, duplicates, reorders (extra
 * delay) and corrupts frames, or drops exactly the frames a predicate names (by send index).
 * Corruption flips one payload byte and re-seals the VNet checksum, so only RDP's own CRC32C can
 * catch it (a frame with a broken VNet checksum would die at the link and never reach RDP).
 */
final class Impairment implements LinkTransport {
    private final LinkTransport inner;
    private final SplittableRandom random;
    double loss;
    double duplicate;
    double reorder;
    long reorderDelayNanos = 5_000_000L;
    double corrupt;
    IntPredicate dropExactly = i -> false;
    /** Drops the frames this names (e.g. by the RDP segment inside). */
    Predicate<byte[]> dropFrame = f -> false;
    /** Delays the frames this names by {@code reorderDelayNanos} (a scripted reordering). */
    Predicate<byte[]> delayFrame = f -> false;
    /** Drops everything while true (a silent peer). */
    boolean blackhole;
    int sent;
    int dropped;
    int duplicated;
    int reordered;
    int corrupted;

    Impairment(LinkTransport inner, long seed) {
        this.inner = inner;
        this.random = new SplittableRandom(seed);
    }

    Impairment loss(double p) {
        loss = p;
        return this;
    }

    @Override
    public void transmit(byte[] frame, long delayNanos) {
        int index = sent++;
        if (blackhole || dropExactly.test(index) || dropFrame.test(frame) || random.nextDouble() < loss) {
            dropped++;
            return;
        }
        if (random.nextDouble() < corrupt && frame.length > Packet.HEADER_LENGTH) {
            corrupted++;
            byte[] copy = frame.clone();
            int i = Packet.HEADER_LENGTH + random.nextInt(copy.length - Packet.HEADER_LENGTH);
            copy[i] ^= (byte) (1 + random.nextInt(255));
            reseal(copy);
            frame = copy;
        }
        if (random.nextDouble() < duplicate) {
            duplicated++;
            inner.transmit(frame.clone(), delayNanos);
        }
        long extra = 0;
        if (delayFrame.test(frame)) {
            reordered++;
            extra = reorderDelayNanos;
        } else if (random.nextDouble() < reorder) {
            reordered++;
            extra = reorderDelayNanos;
        }
        inner.transmit(frame, delayNanos + extra);
    }

    private static void reseal(byte[] f) {
        int c = Packet.computeChecksum(f, 0, f.length);
        for (int k = 0; k < 4; k++) {
            f[Packet.CHECKSUM_OFFSET + k] = (byte) (c >>> (24 - 8 * k));
        }
    }

    @Override
    public String describePeer() {
        return "impaired:" + inner.describePeer();
    }
}
