package org.aspen.flakeway;

import java.util.Arrays;

/**
 * Bit positions to invert in a sealed frame, chosen when a rule decides to corrupt a packet and
 * applied on the wire, after the last checksum, so the next hop's check fails as on a real link.
 *
 * <pre>{@code
 * BitFlips f = new BitFlips(new int[] {8 * 25 + 3});   // bit 3 of byte 25
 * f.apply(frame);
 * }</pre>
 */
public record BitFlips(int[] bits) {
    public BitFlips {
        bits = bits.clone();
    }

    /** Inverts each listed bit that lies inside {@code frame}. */
    public void apply(byte[] frame) {
        for (int bit : bits) {
            int i = bit >>> 3;
            if (i < frame.length) {
                frame[i] ^= (byte) (0x80 >>> (bit & 7));
            }
        }
    }

    @Override
    public int[] bits() {
        return bits.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BitFlips f && Arrays.equals(f.bits, bits);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bits);
    }

    @Override
    public String toString() {
        return "flip" + Arrays.toString(bits);
    }
}
