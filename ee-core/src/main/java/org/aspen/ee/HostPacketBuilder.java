package org.aspen.ee;

import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.PacketBuilder;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * The EE's {@link PacketBuilder}, over vnet's {@link Packet.Builder}.
 *
 * <pre>{@code
 * AaPacket p = new HostPacketBuilder(Packet.builder().source(node.address())).destination(d).build();
 * }</pre>
 */
final class HostPacketBuilder implements PacketBuilder {
    private final Packet.Builder b;

    HostPacketBuilder(Packet.Builder b) {
        this.b = b;
    }

    @Override
    public PacketBuilder source(Address a) {
        b.source(PacketView.vaddr(a));
        return this;
    }

    @Override
    public PacketBuilder destination(Address a) {
        b.destination(PacketView.vaddr(a));
        return this;
    }

    @Override
    public PacketBuilder protocol(int protocol) {
        b.protocol(protocol);
        return this;
    }

    @Override
    public PacketBuilder ttl(int ttl) {
        b.ttl(ttl);
        return this;
    }

    @Override
    public PacketBuilder ecn(int codepoint) {
        b.ecn(Ecn.of(codepoint));
        return this;
    }

    @Override
    public PacketBuilder aecn(boolean on) {
        b.aecn(on);
        return this;
    }

    @Override
    public PacketBuilder acnsCommand(int command) {
        b.acnsCommand(command);
        return this;
    }

    @Override
    public PacketBuilder priority(int priority) {
        b.priority(priority);
        return this;
    }

    @Override
    public PacketBuilder aaSpec(AaPacket.Spec spec) {
        b.aaSpec(PacketView.aaSpec(spec));
        return this;
    }

    @Override
    public PacketBuilder payload(byte[] payload) {
        b.payload(payload.clone());
        return this;
    }

    @Override
    public AaPacket build() {
        return new PacketView(b.build(), null, null);
    }
}
