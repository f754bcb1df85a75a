package org.aspen.vnet.udp;


/**
 * One node socket's counters, below the VNet links. Written on the node's loop only, so read them
 * there (or after the network closed).
 *
 * <pre>{@code
 * net.onLoop("a", () -> System.out.println(net.udpCounters("a").counts()));
 * }</pre>
 */
public final class UdpCounters {
    public long datagramsIn;
    public long bytesIn;
    public long datagramsOut;
    public long bytesOut;
    /** Datagrams from a UDP address that is not a configured link end (also a node-level drop). */
    public long unknownPeer;
    /** Frames dropped because the socket's outbound buffer was above {@link UdpOptions#sendBacklog}. */
    public long sendBacklogDrops;
    /** Errors reported by the socket (send or receive). */
    public long socketErrors;
    /** Writes that carried several datagrams at once (UDP segmentation offload). */
    public long gsoWrites;
    /** The node's input queue's limit in packets ({@link UdpNetwork#setInputQueue}); 0: no input queue (not a counter). */
    public int inputQueueLimit;
    /** Frames that arrived while the input queue held its limit (also a node-level drop, {@code input-queue}). */
    public long inputQueueDrops;
    /** The most frames the input queue held at once. */
    public long inputQueuePeak;
    /** The socket reads with UDP receive offload (aggregates cut back into datagrams; not a counter). */
    public boolean receiveOffload;
    /** The socket writes runs of equal-sized frames with UDP segmentation offload (not a counter). */
    public boolean sendOffload;

    /** The counters now, as the {@code udp} section of {@code stats} carries them. */
    public UdpCounts counts() {
        boolean q = inputQueueLimit > 0;   // only with an input queue: snapshots without one keep their shape
        return new UdpCounts(datagramsIn, bytesIn, datagramsOut, bytesOut, unknownPeer, sendBacklogDrops, socketErrors, gsoWrites,
                receiveOffload, sendOffload, q ? inputQueueLimit : null, q ? inputQueueDrops : null, q ? inputQueuePeak : null);
    }
}
