package org.aspen.vnet.frag;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;

/**
 * Reassembles fragments ({@link Fragments}) addressed to one node, in any order, into the original
 * packet. Bounded in time and memory so that the fragments of a packet whose other pieces were lost
 * cannot pile up: a packet not complete {@code timeoutNanos} after its first fragment arrived is
 * discarded ({@code frag-timeout}); when the bytes held would exceed {@code maxBytes} the oldest
 * incomplete packets are discarded first ({@code frag-overflow}). Malformed input discards the packet
 * being built: a fragment overlapping another ({@code frag-overlap}), a second end, a piece past the
 * end or a bad header ({@code frag-malformed}); an exact duplicate is discarded alone
 * ({@code frag-duplicate}). Each discard is reported once to {@code dropped}.
 *
 * <pre>{@code
 * Reassembler r = new Reassembler(scheduler, 2_000_000_000L, 256 * 1024, reason -> counters.countDrop(reason));
 * Packet whole = r.accept(fragment);    // null until the last missing piece arrives
 * }</pre>
 *
 * Runs on the node's loop (not thread-safe).
 */
public final class Reassembler {
    /** Default reassembly timeout: 2 s of node time. */
    public static final long DEFAULT_TIMEOUT_NANOS = 2_000_000_000L;
    /** Default bound on the payload bytes held for incomplete packets. */
    public static final int DEFAULT_MAX_BYTES = 256 * 1024;

    private final Scheduler scheduler;
    private final long timeoutNanos;
    private final int maxBytes;
    private final Consumer<DropReason> dropped;
    private final Map<Fragments.Key, Pending> pending = new LinkedHashMap<>();
    private long bytesHeld;
    private long reassembled;

    private static final class Pending {
        final List<Fragments.Header> pieces = new ArrayList<>();
        final List<byte[]> data = new ArrayList<>();
        Packet first;
        int total = -1;
        int have;
        Cancellable timer = Cancellable.NONE;
    }

    public Reassembler(Scheduler scheduler, long timeoutNanos, int maxBytes, Consumer<DropReason> dropped) {
        if (timeoutNanos <= 0 || maxBytes <= 0) {
            throw new IllegalArgumentException("reassembly timeout and memory bound must be positive: " + timeoutNanos + ", " + maxBytes);
        }
        this.scheduler = scheduler;
        this.timeoutNanos = timeoutNanos;
        this.maxBytes = maxBytes;
        this.dropped = dropped;
    }

    /** Incomplete packets held now. */
    public int pendingPackets() {
        return pending.size();
    }

    /** Payload bytes held for incomplete packets now. */
    public long bytesHeld() {
        return bytesHeld;
    }

    /** Packets rebuilt so far. */
    public long reassembled() {
        return reassembled;
    }

    /** Takes one fragment; returns the original packet when this was its last missing piece, else null. */
    public Packet accept(Packet fragment) {
        Fragments.Header h = Fragments.header(fragment);
        if (h == null) {
            dropped.accept(DropReason.FRAG_MALFORMED);
            return null;
        }
        Fragments.Key key = new Fragments.Key(fragment.source(), fragment.destination(), h.protocol(), h.id());
        Pending p = pending.get(key);
        if (p == null) {
            p = new Pending();
            pending.put(key, p);
            Pending started = p;
            p.timer = scheduler.schedule(timeoutNanos, () -> {
                if (pending.get(key) == started) {
                    discard(key, DropReason.FRAG_TIMEOUT);
                }
            });
        }
        byte[] piece = Arrays.copyOfRange(fragment.array(), fragment.payloadOffset() + Fragments.HEADER_LENGTH,
                fragment.payloadOffset() + fragment.payloadLength());
        for (int i = 0; i < p.pieces.size(); i++) {
            Fragments.Header o = p.pieces.get(i);
            if (o.offset() == h.offset() && o.pieceLength() == h.pieceLength() && o.more() == h.more()
                    && Arrays.equals(p.data.get(i), piece)) {
                dropped.accept(DropReason.FRAG_DUPLICATE);
                return null;
            }
            if (h.offset() < o.end() && o.offset() < h.end()) {
                discard(key, DropReason.FRAG_OVERLAP);
                return null;
            }
        }
        if (!h.more()) {
            if (p.total >= 0 || maxEnd(p) > h.end()) {
                discard(key, DropReason.FRAG_MALFORMED);   // a second end, or pieces past this end
                return null;
            }
            p.total = h.end();
        } else if (p.total >= 0 && h.end() >= p.total) {
            discard(key, DropReason.FRAG_MALFORMED);       // a middle piece reaching the end
            return null;
        }
        if (!makeRoom(key, piece.length)) {
            discard(key, DropReason.FRAG_OVERFLOW);
            return null;
        }
        p.pieces.add(h);
        p.data.add(piece);
        p.have += piece.length;
        bytesHeld += piece.length;
        if (h.offset() == 0) {
            p.first = fragment;
        }
        if (p.total < 0 || p.have != p.total) {
            return null;
        }
        byte[] whole = new byte[p.total];
        for (int i = 0; i < p.pieces.size(); i++) {
            System.arraycopy(p.data.get(i), 0, whole, p.pieces.get(i).offset(), p.data.get(i).length);
        }
        remove(key, p);
        reassembled++;
        return p.first.toBuilder().protocol(h.protocol()).payload(whole).build();
    }

    private static int maxEnd(Pending p) {
        int m = 0;
        for (Fragments.Header o : p.pieces) {
            m = Math.max(m, o.end());
        }
        return m;
    }

    /** Evicts the oldest other incomplete packets until {@code more} bytes fit; false when they cannot. */
    private boolean makeRoom(Fragments.Key keep, int more) {
        if (more > maxBytes) {
            return false;
        }
        Iterator<Map.Entry<Fragments.Key, Pending>> it = pending.entrySet().iterator();
        while (bytesHeld + more > maxBytes && it.hasNext()) {
            Map.Entry<Fragments.Key, Pending> e = it.next();
            if (e.getKey().equals(keep)) {
                continue;
            }
            it.remove();
            release(e.getValue());
            dropped.accept(DropReason.FRAG_OVERFLOW);
        }
        return bytesHeld + more <= maxBytes;
    }

    private void discard(Fragments.Key key, DropReason why) {
        Pending p = pending.get(key);
        if (p != null) {
            remove(key, p);
        }
        dropped.accept(why);
    }

    private void remove(Fragments.Key key, Pending p) {
        pending.remove(key);
        release(p);
    }

    private void release(Pending p) {
        p.timer.cancel();
        bytesHeld -= p.have;
    }
}
