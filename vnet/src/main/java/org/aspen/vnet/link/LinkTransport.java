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

    /**
     * As {@link #transmit}, for a frame from the node's {@link org.aspen.vnet.packet.FramePool} that
     * nothing else holds: once the frame is on the wire (copied out), the transport may give it back to
     * that pool. The default simply transmits it, leaving the array to the collector.
     */
    default void transmitReusable(byte[] frame, long delayNanos) {
        transmit(frame, delayNanos);
    }

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
