package org.aspen.vnet.auth;

/**
 * Replay protection for one signer and key: the highest counter accepted and a bitmap of the
 * {@link #SIZE} counters below it (as IPsec's anti-replay window), so messages that overtake each
 * other on different paths or queues are still accepted once each.
 *
 * <pre>{@code
 * ReplayWindow w = new ReplayWindow();
 * if (!w.check(counter)) drop(replayed); ... verify the MAC ... w.accept(counter);
 * }</pre>
 *
 * {@link #check} does not change state, so a forged message (bad MAC) with a fresh counter cannot
 * move the window; only {@link #accept}, after the MAC matched, does.
 */
final class ReplayWindow {
    /** Counters this far below the highest one are still accepted once. */
    static final int SIZE = 1024;

    private final long[] seen = new long[SIZE / 64];
    private long highest = Long.MIN_VALUE;

    /** True when {@code counter} is new: above the highest, or inside the window and not seen. */
    boolean check(long counter) {
        if (highest == Long.MIN_VALUE || counter > highest) {
            return true;
        }
        long behind = highest - counter;
        if (behind < 0 || behind >= SIZE) {   // negative: the subtraction overflowed, far too old
            return false;
        }
        int bit = (int) (counter & (SIZE - 1));
        return (seen[bit >>> 6] & (1L << bit)) == 0;
    }

    /** Records {@code counter} (which {@link #check} accepted). */
    void accept(long counter) {
        if (highest == Long.MIN_VALUE || counter > highest) {
            long shift = highest == Long.MIN_VALUE ? SIZE : counter - highest;
            if (shift >= SIZE) {
                java.util.Arrays.fill(seen, 0);
            } else {
                for (long c = highest + 1; c < counter; c++) {   // the slots skipped over are unseen
                    int bit = (int) (c & (SIZE - 1));
                    seen[bit >>> 6] &= ~(1L << bit);
                }
            }
            highest = counter;
        }
        int bit = (int) (counter & (SIZE - 1));
        seen[bit >>> 6] |= 1L << bit;
    }

    long highest() {
        return highest;
    }
}
