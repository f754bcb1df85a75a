package org.aspen.vnet.node;

import org.aspen.vnet.link.Link;
import org.aspen.vnet.packet.Packet;

/** Sends error replies (ICMP-style) for packets the node could not forward. */
public interface ErrorReporter {
    void ttlExceeded(Packet original, Link in);

    void unreachable(Packet original, Link in);

    ErrorReporter NONE = new ErrorReporter() {
        @Override
        public void ttlExceeded(Packet original, Link in) {
        }

        @Override
        public void unreachable(Packet original, Link in) {
        }
    };
}
