package org.aspen.rdp;

import java.util.Arrays;

/**
 * The receiver's acceptance window (RFC 908 3.5): sequence numbers in
 * {@code (rcvCur, rcvCur + maxOutstanding]} are accepted; segments that arrive out of order wait here
 * (sequenced mode) or are delivered at once and remembered so a retransmission is not delivered
 * twice (unsequenced mode).
 *
 * <pre>{@code
 * ReceiveBuffer r = new ReceiveBuffer(64, true);
 * r.start(irs);
 * switch (r.accept(seq, frame, off, len, out)) { ... }   // out receives what is now deliverable, in order
 * int ack = r.rcvCur();  int[] eacks = r.eacks(64);
 * }</pre>
 */
final class ReceiveBuffer {
    enum Result { ACCEPTED, DUPLICATE, OUT_OF_WINDOW }

    /**
     * Receives data as it becomes deliverable: {@code data[off, off+len)}, either where it arrived (a
     * segment delivered on arrival) or a copy the buffer held.
     */
    interface Sink {
        void deliver(byte[] data, int off, int len);
    }

    private static final byte[] DELIVERED = new byte[0];

    private final int max;
    private final boolean sequenced;
    private byte[][] slots;
    private int rcvCur;
    private int held;
    /** The segment most recently held out of order: listed first in the next EACK (the sender's RTT sample). */
    private int lastHeld;
    private boolean lastHeldValid;

    ReceiveBuffer(int maxOutstanding, boolean sequenced) {
        this.max = maxOutstanding;
        this.sequenced = sequenced;
    }

    void start(int irs) {
        rcvCur = irs;
    }

    /** Last sequence number received in order (the cumulative acknowledgement). */
    int rcvCur() {
        return rcvCur;
    }

    /** Segments held out of order. */
    int held() {
        return held;
    }

    /**
     * Takes {@code data[off, off+len)}, the segment numbered {@code seq}. Data deliverable at once goes to
     * {@code out} where it lies; data held for later (out of order, sequenced mode) is copied, so the
     * caller's array is not kept.
     */
    Result accept(int seq, byte[] data, int dataOff, int len, Sink out) {
        int off = seq - rcvCur;
        if (off <= 0) {
            return Result.DUPLICATE;
        }
        if (off > max) {
            return Result.OUT_OF_WINDOW;
        }
        if (off == 1) {
            // advance first: the reader may answer (or close, sending its final ACK) from inside deliver
            rcvCur++;
            out.deliver(data, dataOff, len);
            drainInOrder(out);
            return Result.ACCEPTED;
        }
        if (slots == null) {
            slots = new byte[Math.max(2, Integer.highestOneBit(max * 2 - 1))][];
        }
        int i = seq & (slots.length - 1);
        if (slots[i] != null) {
            return Result.DUPLICATE;
        }
        held++;
        lastHeld = seq;
        lastHeldValid = true;
        if (sequenced) {
            slots[i] = Arrays.copyOfRange(data, dataOff, dataOff + len);
        } else {
            out.deliver(data, dataOff, len);
            slots[i] = DELIVERED;
        }
        return Result.ACCEPTED;
    }

    private void drainInOrder(ReceiveBuffer.Sink out) {
        if (held == 0) {
            return;
        }
        while (true) {
            int i = (rcvCur + 1) & (slots.length - 1);
            byte[] d = slots[i];
            if (d == null) {
                return;
            }
            slots[i] = null;
            held--;
            rcvCur++;
            if (d != DELIVERED) {
                out.deliver(d, 0, d.length);
            }
        }
    }

    /**
     * Up to {@code limit} sequence numbers held out of order: the one that arrived last first (it is
     * what this acknowledgement answers, so the sender may time it, as TCP's first SACK block), then
     * the rest lowest first.
     */
    int[] eacks(int limit) {
        if (held == 0) {
            return Segment.NO_EACKS;
        }
        int n = Math.min(limit, held);
        int[] r = new int[n];
        int k = 0;
        boolean latest = lastHeldValid && lastHeld - rcvCur > 1 && lastHeld - rcvCur <= max
                && slots[lastHeld & (slots.length - 1)] != null;
        if (latest) {
            r[k++] = lastHeld;
        }
        for (int seq = rcvCur + 2; k < n && seq - rcvCur <= max; seq++) {
            if (slots[seq & (slots.length - 1)] != null && !(latest && seq == lastHeld)) {
                r[k++] = seq;
            }
        }
        return k == n ? r : java.util.Arrays.copyOf(r, k);
    }
}
