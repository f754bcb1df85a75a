package org.aspen.flakeway;

import org.aspen.vnet.VAddr;
import org.aspen.vnet.packet.Protocol;

/**
 * Which packets a flakeway rule takes: every set field must match; unset fields match anything.
 *
 * <pre>{@code
 * PacketMatch m = new PacketMatch(null, 0, VAddr.parse("10.0.0.3"), 32, Protocol.RDP, -1, 80, null);
 * }</pre>
 *
 * @param source      source address (null: any), compared on its first {@code sourceBits} bits
 * @param destination destination address (null: any), compared on its first {@code destinationBits} bits
 * @param protocol    VNet protocol number, -1 for any
 * @param sourcePort  transport source port (via the protocol's {@link PortReader}), -1 for any
 * @param destinationPort transport destination port, -1 for any
 * @param aaName      name in the packet's AA spec (null: any; a packet without spec never matches a name)
 */
public record PacketMatch(VAddr source, int sourceBits, VAddr destination, int destinationBits, int protocol,
                          int sourcePort, int destinationPort, String aaName) {
    public static final PacketMatch ANY = new PacketMatch(null, 0, null, 0, -1, -1, -1, null);

    public PacketMatch {
        if (sourceBits < 0 || sourceBits > 32 || destinationBits < 0 || destinationBits > 32) {
            throw new IllegalArgumentException("prefix length must be 0-32");
        }
        if (protocol < -1 || protocol > 255) {
            throw new IllegalArgumentException("proto must be 0-255, got " + protocol);
        }
        if (sourcePort < -1 || sourcePort > 0xffff || destinationPort < -1 || destinationPort > 0xffff) {
            throw new IllegalArgumentException("ports must be 0-65535");
        }
    }

    /** True when {@code p} (read through {@code a}) satisfies every set field; ports are read with {@code ports}. */
    public <P> boolean matches(P p, PacketAccess<P> a, PortReader ports) {
        if (source != null && !samePrefix(a.source(p), source.value(), sourceBits)) {
            return false;
        }
        if (destination != null && !samePrefix(a.destination(p), destination.value(), destinationBits)) {
            return false;
        }
        if (protocol >= 0 && a.protocol(p) != protocol) {
            return false;
        }
        if (sourcePort >= 0 || destinationPort >= 0) {
            long pair = ports == null ? -1 : ports.ports(a, p);
            if (pair < 0 || (sourcePort >= 0 && (pair >>> 16) != sourcePort)
                    || (destinationPort >= 0 && (pair & 0xffff) != destinationPort)) {
                return false;
            }
        }
        return aaName == null || aaName.equals(a.aaName(p));
    }

    private static boolean samePrefix(int a, int b, int bits) {
        int mask = bits == 0 ? 0 : -1 << (32 - bits);
        return (a & mask) == (b & mask);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(" src=").append(source).append(sourceBits == 32 ? "" : "/" + sourceBits);
        }
        if (destination != null) {
            sb.append(" dst=").append(destination).append(destinationBits == 32 ? "" : "/" + destinationBits);
        }
        if (protocol >= 0) {
            sb.append(" proto=").append(Protocol.name(protocol));
        }
        if (sourcePort >= 0) {
            sb.append(" sport=").append(sourcePort);
        }
        if (destinationPort >= 0) {
            sb.append(" dport=").append(destinationPort);
        }
        if (aaName != null) {
            sb.append(" aa=").append(aaName);
        }
        return sb.length() == 0 ? "any" : sb.substring(1);
    }
}
