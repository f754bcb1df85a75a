package org.aspen.vnet.control;

import java.util.Arrays;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Packet;

/**
 * A decoded VNet control message (the payload of a protocol-0 packet). Built and read by
 * {@link ControlCodec}; the layouts are in {@code docs/wire-format.md}.
 *
 * <pre>{@code
 * byte[] payload = ControlCodec.encode(new ControlMessage.Hello(List.of(b, c)));
 * if (ControlCodec.decode(payload, 0, payload.length) instanceof ControlMessage.Hello h) { ... }
 * }</pre>
 */
public sealed interface ControlMessage {
    /** The message type byte. */
    int type();

    /** Sent on every link every hello interval; lists the neighbours the sender hears (two-way check). */
    record Hello(List<VAddr> heard) implements ControlMessage {
        public Hello {
            heard = List.copyOf(heard);
        }

        @Override
        public int type() {
            return ControlCodec.HELLO;
        }
    }

    /** One (neighbour, cost) adjacency in a link-state advert. */
    record Adjacency(VAddr neighbour, int cost) {
    }

    /**
     * A link-state advert: {@code origin}'s two-way adjacencies, version {@code seq} (serial-number
     * order), valid for {@code lifetimeMillis} after it is received.
     */
    record Lsa(VAddr origin, int seq, long lifetimeMillis, List<Adjacency> links) implements ControlMessage {
        public Lsa {
            links = List.copyOf(links);
            if (lifetimeMillis < 0 || lifetimeMillis > 0xffff_ffffL) {
                throw new IllegalArgumentException("LSA lifetime out of range: " + lifetimeMillis);
            }
        }

        @Override
        public int type() {
            return ControlCodec.LSA;
        }
    }

    /** Acknowledges one received LSA (reliable flooding). */
    record LsaAck(VAddr origin, int seq) implements ControlMessage {
        @Override
        public int type() {
            return ControlCodec.LSA_ACK;
        }
    }

    /**
     * An echo request or reply. {@code padding} bytes (zero) follow the fixed part; a reply copies the
     * request's payload and only changes the type.
     */
    record Echo(boolean reply, int id, int seq, long timestamp, int padding) implements ControlMessage {
        @Override
        public int type() {
            return reply ? ControlCodec.ECHO_REPLY : ControlCodec.ECHO_REQUEST;
        }
    }

    /**
     * DEST_UNREACHABLE or TTL_EXCEEDED: the 20-byte fixed VNet header of the offending packet and up
     * to its first 8 payload bytes, so the original sender can tell which packet it was.
     */
    record Error(int type, int code, byte[] quotedHeader, byte[] quotedPayload) implements ControlMessage {
        public Error {
            if (type != ControlCodec.DEST_UNREACHABLE && type != ControlCodec.TTL_EXCEEDED) {
                throw new IllegalArgumentException("not an error type: " + type);
            }
            quotedHeader = quotedHeader.clone();
            quotedPayload = quotedPayload.clone();
        }

        @Override
        public byte[] quotedHeader() {
            return quotedHeader.clone();
        }

        @Override
        public byte[] quotedPayload() {
            return quotedPayload.clone();
        }

        /** The first quoted payload byte at {@code index}, or -1 when fewer were quoted. */
        public int quotedPayloadByte(int index) {
            return index < quotedPayload.length ? quotedPayload[index] & 0xff : -1;
        }

        public VAddr quotedSource() {
            return VAddr.of(ControlCodec.getInt(quotedHeader, Packet.SOURCE_OFFSET));
        }

        public VAddr quotedDestination() {
            return VAddr.of(ControlCodec.getInt(quotedHeader, Packet.DESTINATION_OFFSET));
        }

        public int quotedProtocol() {
            return quotedHeader[Packet.PROTOCOL_OFFSET] & 0xff;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Error e && e.type == type && e.code == code
                    && Arrays.equals(e.quotedHeader, quotedHeader) && Arrays.equals(e.quotedPayload, quotedPayload);
        }

        @Override
        public int hashCode() {
            return (type * 31 + code) * 31 + Arrays.hashCode(quotedHeader) * 17 + Arrays.hashCode(quotedPayload);
        }

        @Override
        public String toString() {
            return (type == ControlCodec.TTL_EXCEEDED ? "ttl-exceeded" : "unreachable/" + code)
                    + " for " + quotedSource() + " > " + quotedDestination();
        }
    }
}
