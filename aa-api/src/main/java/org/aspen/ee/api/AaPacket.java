package org.aspen.ee.api;

/**
 * A read/modify view of one VNet packet, handed to an AA. It is a view over the node's own packet
 * bytes (no copy), so edits take effect when the AA re-injects it; the node recomputes the checksum.
 *
 * <pre>{@code
 * (channel, p) -> {
 *     int dstPort = p.readU16(2);
 *     if (p.ecn() == AaPacket.ECN_CE) p.setPriority(0);
 *     channel.reinject(p);
 * }
 * }</pre>
 *
 * Source, destination and protocol cannot be edited in place: build a new packet with
 * {@link AaContext#newPacket()} (or {@link #toBuilder()}) and send it on the raw channel.
 * A packet belongs to the node's loop; keep it after the handler returns only to re-inject or
 * drop it later (a diverted packet), or take a {@link #copy()}.
 */
public interface AaPacket {
    int ECN_NOT_ECT = 0;
    int ECN_ECT1 = 1;
    int ECN_ECT0 = 2;
    int ECN_CE = 3;

    Address source();

    Address destination();

    int protocol();

    int ttl();

    /** ECN codepoint, one of the {@code ECN_*} constants. */
    int ecn();

    boolean aecn();

    /** ACNS command bits (0 none, 1 freeze, 2 fallback). */
    int acnsCommand();

    /** Priority, 0-63. */
    int priority();

    /** The AA spec this packet carries, or null. */
    Spec aaSpec();

    /**
     * The neighbour this packet came from (the previous hop), or null when this node originated it
     * or the link's peer is not known yet.
     */
    Address previousHop();

    /** Name of the link it arrived on, or null when this node originated it. */
    String inLink();

    int payloadLength();

    /** A copy of the payload. */
    byte[] payload();

    /** Whole frame size in bytes (header, AA spec and payload). */
    int length();

    /** Reads one unsigned byte of the payload (big-endian helpers below). */
    int readU8(int payloadOffset);

    int readU16(int payloadOffset);

    long readU32(int payloadOffset);

    void setTtl(int ttl);

    void setEcn(int codepoint);

    void setAecn(boolean on);

    void setAcnsCommand(int command);

    void setPriority(int priority);

    void writeU8(int payloadOffset, int value);

    void writeU16(int payloadOffset, int value);

    void writeU32(int payloadOffset, long value);

    /** Overwrites payload bytes in place (the payload length never changes). */
    void writePayload(int payloadOffset, byte[] src, int srcOffset, int length);

    /** An independent deep copy (not diverted: re-injecting or dropping it is not possible). */
    AaPacket copy();

    /** A builder preset with this packet's header and payload, for a modified copy. */
    PacketBuilder toBuilder();

    /**
     * An AA spec: which AA a packet is for.
     *
     * @param digestHex SHA-256 of the AA's jar, 64 lowercase hex digits
     */
    record Spec(String name, String version, String digestHex) {
    }
}
