package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.time.Seeds;

/**
 * Folds every trace event into a 64-bit running hash: equal hashes mean (with overwhelming
 * likelihood) identical traces. Each event contributes its time, node, kind, link, reason and the
 * frame's sealed CRC32C and length, so the packet bytes are covered without hashing them again.
 */
public final class TraceHasher implements TraceSink {
    private long hash = 0x6A09E667F3BCC909L;
    private long events;

    @Override
    public void record(long nanos, Node node, Event event, Link link, Packet p, DropReason reason) {
        p.seal();
        long h = hash;
        h = Seeds.mix(h ^ nanos);
        h = Seeds.mix(h ^ node.address().value());
        h = Seeds.mix(h ^ ((long) event.ordinal() << 32 | (link == null ? 0xffff : link.index()) << 8
                | (reason == null ? 0xff : reason.ordinal())));
        h = Seeds.mix(h ^ ((long) p.checksum() << 32 | p.length()));
        hash = h;
        events++;
    }

    public long hash() {
        return hash;
    }

    public String hex() {
        return String.format("%016x", hash);
    }

    public long events() {
        return events;
    }
}
