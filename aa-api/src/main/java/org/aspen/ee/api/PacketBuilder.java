package org.aspen.ee.api;

/**
 * Builds any VNet packet, including a forged source address and transport header, to send on the
 * raw channel ({@link AaContext#send(AaPacket)}).
 *
 * <pre>{@code
 * AaPacket note = ctx.newPacket().source(connSource).destination(endpoint)
 *         .protocol(Protocols.RDP).payload(forgedRdpHeader).build();
 * ctx.send(note);
 * }</pre>
 *
 * Defaults: source = this node, TTL 64, no ECN, priority 0, no AA spec, empty payload.
 */
public interface PacketBuilder {
    PacketBuilder source(Address a);

    PacketBuilder destination(Address a);

    PacketBuilder protocol(int protocol);

    PacketBuilder ttl(int ttl);

    PacketBuilder ecn(int codepoint);

    PacketBuilder aecn(boolean on);

    PacketBuilder acnsCommand(int command);

    PacketBuilder priority(int priority);

    /** Carries an AA spec, so the destination node delivers it to (and if needed starts) that AA. */
    PacketBuilder aaSpec(AaPacket.Spec spec);

    PacketBuilder payload(byte[] payload);

    /** @throws IllegalArgumentException naming the bad field (too large, out of range) */
    AaPacket build();
}
