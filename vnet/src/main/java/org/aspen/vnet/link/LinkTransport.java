package org.aspen.vnet.link;

/**
 * The wire under a link: puts a sealed frame on its way to the peer. The UDP implementation writes a
 * datagram; the simulated one schedules the peer's receive in virtual time.
 */
public interface LinkTransport {
    /**
     * Sends {@code frame} so that it arrives after (at least) {@code delayNanos} of propagation.
     * The array is handed over: the caller does not touch it again.
     */
    void transmit(byte[] frame, long delayNanos);

    /** Human-readable far end ("127.0.0.1:7002", "sim:b"). */
    String describePeer();

    /**
     * The largest frame the wire under this link carries to the peer in one piece (for UDP: the
     * local interface's MTU less the IP and UDP headers), or 0 when there is no such limit to know
     * (the simulation). Transports size segments from it; the node's {@code maxFrame} still applies.
     */
    default int mtu() {
        return 0;
    }
}
