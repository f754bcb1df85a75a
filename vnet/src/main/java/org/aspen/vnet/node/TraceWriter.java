package org.aspen.vnet.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Writes one line per packet event, for people and for diffing two runs:
 * {@code 1.250000000 b recv b-c 10.0.0.1 > 10.0.0.3 control ttl=63 len=16 crc=1a2b3c4d}.
 */
public final class TraceWriter implements TraceSink {
    private final Writer out;

    public TraceWriter(Writer out) {
        this.out = out;
    }

    @Override
    public void record(long nanos, Node node, Event event, Link link, Packet p, DropReason reason) {
        p.seal();
        StringBuilder sb = new StringBuilder(128);
        sb.append(nanos / 1_000_000_000L).append('.').append(String.format("%09d", nanos % 1_000_000_000L))
                .append(' ').append(node.name()).append(' ').append(event.name().toLowerCase())
                .append(' ').append(link == null ? "-" : link.name()).append(' ').append(p)
                .append(String.format(" crc=%08x", p.checksum()));
        if (reason != null) {
            sb.append(" reason=").append(reason.label);
        }
        sb.append('\n');
        try {
            out.write(sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
