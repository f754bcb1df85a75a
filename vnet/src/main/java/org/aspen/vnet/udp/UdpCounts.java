package org.aspen.vnet.udp;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A node socket's counters at a moment: the {@code udp} section of a node's {@code stats} reply, in
 * this field order. The input queue's three fields are there only when the node has an input queue
 * (null otherwise, and left out of the JSON), so replies without one keep their shape.
 *
 * <pre>{@code
 * UdpCounts u = net.udpCounters("a").counts();   // on a's loop
 * long lost = u.sendBacklogDrops();
 * }</pre>
 */
public record UdpCounts(long datagramsIn, long bytesIn, long datagramsOut, long bytesOut, long unknownPeer,
                        long sendBacklogDrops, long socketErrors, long gsoWrites, boolean receiveOffload, boolean sendOffload,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer inputQueueLimit,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long inputQueueDrops,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long inputQueuePeak) {
}
