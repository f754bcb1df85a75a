package org.aspen.examples.flowcounter;

import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;

/**
 * A flow: addresses, protocol and, for RAW and RDP, the port pair.
 *
 * <pre>{@code
 * FlowKey k = FlowKey.of(packet);   // "10.0.0.1:5 > 10.0.0.3:9 raw"
 * }</pre>
 */
record FlowKey(Address source, int sourcePort, Address destination, int destinationPort, int protocol)
        implements Comparable<FlowKey> {
    static FlowKey of(AaPacket p) {
        int sp = -1;
        int dp = -1;
        if (p.protocol() == Protocols.RAW && p.payloadLength() >= 4) {
            sp = p.readU16(0);   // RAW datagrams start with a 16-bit port pair
            dp = p.readU16(2);
        } else if (p.protocol() == Protocols.RDP && p.payloadLength() >= Match.RDP_PORTS.destinationOffset() + 2) {
            sp = p.readU16(Match.RDP_PORTS.sourceOffset());
            dp = p.readU16(Match.RDP_PORTS.destinationOffset());
        }
        return new FlowKey(p.source(), sp, p.destination(), dp, p.protocol());
    }

    @Override
    public int compareTo(FlowKey o) {
        int c = source.compareTo(o.source);
        c = c != 0 ? c : destination.compareTo(o.destination);
        c = c != 0 ? c : Integer.compare(protocol, o.protocol);
        c = c != 0 ? c : Integer.compare(sourcePort, o.sourcePort);
        return c != 0 ? c : Integer.compare(destinationPort, o.destinationPort);
    }

    @Override
    public String toString() {
        String proto = switch (protocol) {
            case Protocols.RAW -> "raw";
            case Protocols.RDP -> "rdp";
            case Protocols.AA_MESSAGE -> "aa-message";
            case Protocols.CONTROL -> "control";
            default -> "proto-" + protocol;
        };
        return source + (sourcePort >= 0 ? ":" + sourcePort : "") + " > " + destination
                + (destinationPort >= 0 ? ":" + destinationPort : "") + " " + proto;
    }
}
