package org.aspen.ee.api;

import java.util.ArrayList;
import java.util.List;

/**
 * What a diversion channel captures: every set field must match (unset fields match anything).
 *
 * <pre>{@code
 * Match conn = Match.builder().source(a).destination(b).protocol(Protocols.RDP)
 *         .ports(Match.RDP_PORTS, srcPort, dstPort).build();
 * }</pre>
 *
 * Transport ports (or any connection id) are matched generically as unsigned fields at payload
 * offsets, so the match does not depend on one transport's header layout.
 *
 * @param source      null: any
 * @param destination null: any
 * @param protocol    -1: any
 * @param aaName      AA spec name the packet must carry, null: any (including none)
 * @param fields      payload fields that must hold the given values
 */
public record Match(Address source, Address destination, int protocol, String aaName, List<Field> fields) {
    /**
     * Where the RDP header keeps its 16-bit ports (the rdp module's {@code SegmentCodec}
     * {@code SOURCE_PORT_OFFSET} and {@code DESTINATION_PORT_OFFSET}; a test keeps them equal).
     */
    public static final PortLayout RDP_PORTS = new PortLayout(4, 6, 2);

    /** Matches every packet. */
    public static final Match ANY = new Match(null, null, -1, null, List.of());

    public Match {
        fields = List.copyOf(fields);
        if (protocol < -1 || protocol > 255) {
            throw new IllegalArgumentException("protocol must be 0-255 (or -1 for any): " + protocol);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** True when the header values and payload satisfy every set field. */
    public boolean matches(int src, int dst, int proto, String specName, PayloadReader payload) {
        if ((source != null && source.value() != src) || (destination != null && destination.value() != dst)
                || (protocol >= 0 && protocol != proto) || (aaName != null && !aaName.equals(specName))) {
            return false;
        }
        for (int i = 0, n = fields.size(); i < n; i++) {   // by index: no iterator per packet
            Field f = fields.get(i);
            if (f.offset + f.width > payload.length() || payload.read(f.offset, f.width) != f.value) {
                return false;
            }
        }
        return true;
    }

    /** Unsigned big-endian payload reads, for {@link #matches}. */
    public interface PayloadReader {
        int length();

        long read(int offset, int width);
    }

    /**
     * An unsigned big-endian field of the payload.
     *
     * @param width 1, 2 or 4 bytes
     */
    public record Field(int offset, int width, long value) {
        public Field {
            if (offset < 0 || (width != 1 && width != 2 && width != 4)) {
                throw new IllegalArgumentException("field needs offset >= 0 and width 1, 2 or 4: " + offset + "/" + width);
            }
        }
    }

    /** Offsets of a transport's source and destination ports in the payload, and their width. */
    public record PortLayout(int sourceOffset, int destinationOffset, int width) {
    }

    public static final class Builder {
        private Address source;
        private Address destination;
        private int protocol = -1;
        private String aaName;
        private final List<Field> fields = new ArrayList<>();

        public Builder source(Address a) {
            source = a;
            return this;
        }

        public Builder destination(Address a) {
            destination = a;
            return this;
        }

        public Builder protocol(int p) {
            protocol = p;
            return this;
        }

        public Builder aaName(String name) {
            aaName = name;
            return this;
        }

        /** Requires the payload field at {@code offset} ({@code width} bytes) to equal {@code value}. */
        public Builder field(int offset, int width, long value) {
            fields.add(new Field(offset, width, value));
            return this;
        }

        /** Requires both ports, laid out as {@code layout} says. */
        public Builder ports(PortLayout layout, int sourcePort, int destinationPort) {
            field(layout.sourceOffset(), layout.width(), sourcePort);
            return field(layout.destinationOffset(), layout.width(), destinationPort);
        }

        public Match build() {
            return new Match(source, destination, protocol, aaName, fields);
        }
    }
}
