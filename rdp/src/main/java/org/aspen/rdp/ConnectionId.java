package org.aspen.rdp;

import org.aspen.vnet.VAddr;

/**
 * One direction of an RDP connection as the network sees it: the data sender's address and port
 * and the receiver's. ACC keys its per-connection state on this.
 *
 * <pre>{@code
 * ConnectionId id = RdpPackets.connectionId(packet);   // null if not an RDP segment
 * ConnectionId back = id.reversed();                   // the direction notifications travel
 * }</pre>
 */
public record ConnectionId(VAddr source, int sourcePort, VAddr destination, int destinationPort) {
    public ConnectionId reversed() {
        return new ConnectionId(destination, destinationPort, source, sourcePort);
    }

    @Override
    public String toString() {
        return source + ":" + sourcePort + ">" + destination + ":" + destinationPort;
    }
}
