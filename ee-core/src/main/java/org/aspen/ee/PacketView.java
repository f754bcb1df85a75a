package org.aspen.ee;

import java.util.HexFormat;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.PacketBuilder;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;

/**
 * The EE's {@link AaPacket}: a view over the node's {@link Packet} (no copy), with the link it came
 * in on and, for a diverted packet, the channel that owns it until it is re-injected or dropped.
 *
 * <pre>{@code
 * PacketView v = new PacketView(packet, in, channel);
 * v.setEcn(AaPacket.ECN_CE);   // writes into packet's frame; the node re-seals it
 * }</pre>
 *
 * One view per diverted packet, never reused: an AA may keep a view past its handler, and a kept
 * view must not come to show, or write into, a later packet. Once its packet has been handed back
 * ({@code reinject} or {@code drop}) the packet belongs to the node again (in a link's queue, or
 * with another AA), so the view refuses writes ({@link IllegalStateException}); reading it still
 * works, and {@link #copy} gives the AA a packet of its own to keep.
 */
final class PacketView implements AaPacket {
    final Packet packet;
    final Link in;
    Diversion channel;
    boolean disposed;

    PacketView(Packet packet, Link in, Diversion channel) {
        this.packet = packet;
        this.in = in;
        this.channel = channel;
    }

    static Address addr(VAddr v) {
        return Address.of(v.value());
    }

    static VAddr vaddr(Address a) {
        return VAddr.of(a.value());
    }

    static Spec spec(AaSpec s) {
        return s == null ? null : new Spec(s.name(), s.version(), s.digestHex());
    }

    static AaSpec aaSpec(Spec s) {
        return s == null ? null : new AaSpec(s.name(), s.version(), HexFormat.of().parseHex(s.digestHex()));
    }

    @Override
    public Address source() {
        return Address.of(packet.sourceBits());
    }

    @Override
    public Address destination() {
        return Address.of(packet.destinationBits());
    }

    @Override
    public int protocol() {
        return packet.protocol();
    }

    @Override
    public int ttl() {
        return packet.ttl();
    }

    @Override
    public int ecn() {
        return packet.ecn().bits;
    }

    @Override
    public boolean aecn() {
        return packet.aecn();
    }

    @Override
    public int acnsCommand() {
        return packet.acnsCommand();
    }

    @Override
    public int priority() {
        return packet.priority();
    }

    @Override
    public Spec aaSpec() {
        return spec(packet.aaSpec());
    }

    @Override
    public Address previousHop() {
        return in == null || in.peer().isUnspecified() ? null : addr(in.peer());
    }

    @Override
    public String inLink() {
        return in == null ? null : in.name();
    }

    @Override
    public int payloadLength() {
        return packet.payloadLength();
    }

    @Override
    public byte[] payload() {
        return packet.payload();
    }

    @Override
    public int length() {
        return packet.length();
    }

    private long read(int off, int width) {
        return read(packet, off, width);
    }

    /** An unsigned big-endian field of {@code packet}'s payload (also what a {@link Match} reads). */
    static long read(Packet packet, int off, int width) {
        if (off < 0 || off + width > packet.payloadLength()) {
            throw new IndexOutOfBoundsException("payload offset " + off + "+" + width + " outside " + packet.payloadLength());
        }
        int i = packet.payloadOffset() + off;
        byte[] b = packet.array();
        long v = 0;
        for (int k = 0; k < width; k++) {
            v = v << 8 | (b[i + k] & 0xff);
        }
        return v;
    }

    @Override
    public int readU8(int off) {
        return (int) read(off, 1);
    }

    @Override
    public int readU16(int off) {
        return (int) read(off, 2);
    }

    @Override
    public long readU32(int off) {
        return read(off, 4);
    }

    private void write(int off, int width, long value) {
        byte[] b = new byte[width];
        for (int k = width - 1; k >= 0; k--) {
            b[k] = (byte) value;
            value >>>= 8;
        }
        writePayload(off, b, 0, width);
    }

    private void writable() {
        if (disposed) {
            throw new IllegalStateException("packet already re-injected or dropped: copy() it before handing it back to keep it");
        }
    }

    @Override
    public void setTtl(int ttl) {
        writable();
        packet.setTtl(ttl);
    }

    @Override
    public void setEcn(int codepoint) {
        writable();
        packet.setEcn(Ecn.of(codepoint));
    }

    @Override
    public void setAecn(boolean on) {
        writable();
        packet.setAecn(on);
    }

    @Override
    public void setAcnsCommand(int command) {
        writable();
        packet.setAcnsCommand(command);
    }

    @Override
    public void setPriority(int priority) {
        writable();
        packet.setPriority(priority);
    }

    @Override
    public void writeU8(int off, int value) {
        write(off, 1, value);
    }

    @Override
    public void writeU16(int off, int value) {
        write(off, 2, value);
    }

    @Override
    public void writeU32(int off, long value) {
        write(off, 4, value);
    }

    @Override
    public void writePayload(int off, byte[] src, int srcOffset, int length) {
        writable();
        packet.writePayload(off, src, srcOffset, length);
    }

    @Override
    public AaPacket copy() {
        return new PacketView(packet.copy(), in, null);
    }

    @Override
    public PacketBuilder toBuilder() {
        return new HostPacketBuilder(packet.toBuilder());
    }

    @Override
    public String toString() {
        return packet.toString();
    }
}
