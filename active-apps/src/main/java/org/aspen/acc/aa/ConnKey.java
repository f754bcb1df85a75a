package org.aspen.acc.aa;

import org.aspen.ee.api.Address;

/**
 * One direction of an RDP connection: data sender's address and port, receiver's address and port.
 *
 * <pre>{@code
 * ConnKey k = new ConnKey(Address.parse("10.0.0.1"), 4000, Address.parse("10.0.0.9"), 7000);
 * }</pre>
 */
public record ConnKey(Address source, int sourcePort, Address destination, int destinationPort) {
    @Override
    public String toString() {
        return source + ":" + sourcePort + ">" + destination + ":" + destinationPort;
    }
}
