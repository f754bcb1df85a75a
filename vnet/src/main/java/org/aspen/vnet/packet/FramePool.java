package org.aspen.vnet.packet;

import java.util.ArrayDeque;

/**
 * Frames a node reuses instead of allocating one per packet, on its loop only (not thread-safe). The
 * UDP runtime gives each node one: a frame goes back to the pool where the node is provably its only
 * holder (after the socket copied it out, or after the local consumer read it, see {@link Packet#pooled}),
 * and the next packet of the same length takes it. Frames of up to {@link #SIZES} lengths are kept,
 * at most {@link #PER_SIZE} of each and {@link #MAX_BYTES} in all, and none shorter than
 * {@link #MIN_LENGTH} (small frames are cheap to allocate, and a bulk transfer's segments are all one
 * length). A frame is back in the pool within the loop turn that used it, so a turn's worth is enough;
 * what the pool keeps stays allocated while the node runs (at most {@link #MAX_BYTES}).
 *
 * <pre>{@code
 * FramePool pool = new FramePool();
 * byte[] f = pool.take(16_384);   // a reused frame of exactly that length, or a new one
 * ...                             // write every byte: a reused frame holds an old packet
 * pool.give(f);                   // once nothing else can reach f
 * }</pre>
 */
public final class FramePool {
    /** Frames shorter than this are not kept. */
    public static final int MIN_LENGTH = 1024;
    /** Lengths kept at once. */
    public static final int SIZES = 4;
    /**
     * Frames kept per length: a turn's worth (a read hands at most 64 datagrams on at once; a sender's
     * frames go back as each GSO run of up to 64 is written).
     */
    public static final int PER_SIZE = 128;
    /** Bytes kept in all. */
    public static final int MAX_BYTES = 4 << 20;

    private final int[] lengths = new int[SIZES];
    @SuppressWarnings("unchecked")
    private final ArrayDeque<byte[]>[] stacks = new ArrayDeque[SIZES];
    private long taken;
    private long reused;
    private long given;
    private long keptBytes;

    public FramePool() {
        for (int i = 0; i < SIZES; i++) {
            stacks[i] = new ArrayDeque<>();
        }
    }

    /** A frame of exactly {@code length} bytes: a kept one (with old contents) or a new, zeroed one. */
    public byte[] take(int length) {
        taken++;
        if (length >= MIN_LENGTH) {
            for (int i = 0; i < SIZES; i++) {
                if (lengths[i] == length) {
                    byte[] f = stacks[i].pollLast();
                    if (f != null) {
                        reused++;
                        keptBytes -= length;
                        return f;
                    }
                    break;
                }
            }
        }
        return new byte[length];
    }

    /**
     * Keeps {@code frame} for a later {@link #take} of its length. The caller must be its only holder:
     * after this, the pool may hand it to any packet.
     */
    public void give(byte[] frame) {
        int n = frame.length;
        if (n < MIN_LENGTH) {
            return;
        }
        int spare = -1;
        for (int i = 0; i < SIZES; i++) {
            if (lengths[i] == n) {
                push(i, frame);
                return;
            }
            if (spare < 0 && stacks[i].isEmpty()) {
                spare = i;
            }
        }
        if (spare >= 0) {
            // a length not kept yet takes a slot no frame is waiting in
            lengths[spare] = n;
            push(spare, frame);
        }
    }

    private void push(int i, byte[] frame) {
        if (stacks[i].size() < PER_SIZE && keptBytes + frame.length <= MAX_BYTES) {
            stacks[i].addLast(frame);
            keptBytes += frame.length;
            given++;
        }
    }

    /** Frames asked for. */
    public long taken() {
        return taken;
    }

    /** Of those, frames that were reused rather than allocated. */
    public long reused() {
        return reused;
    }

    /** Frames kept by {@link #give} (a frame refused because its length is full or too short is not counted). */
    public long given() {
        return given;
    }

    /** Bytes of the frames waiting to be reused. */
    public long keptBytes() {
        return keptBytes;
    }

    /** Frames waiting to be reused. */
    public int kept() {
        int n = 0;
        for (ArrayDeque<byte[]> s : stacks) {
            n += s.size();
        }
        return n;
    }
}
