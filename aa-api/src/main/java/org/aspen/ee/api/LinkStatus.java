package org.aspen.ee.api;

/**
 * One of the node's links, as an AA sees it: a snapshot taken when asked.
 *
 * <pre>{@code
 * for (LinkStatus l : ctx.links()) ctx.log().info("{} queue {}/{}", l.name(), l.queuePackets(), l.queueLimitPackets());
 * }</pre>
 *
 * @param neighbour          the peer's address, or null when not known yet
 * @param bandwidthBps       0: unlimited
 * @param queueLimitPackets  {@link Integer#MAX_VALUE} when limited by bytes only
 * @param drops              every drop at this link so far, all reasons
 */
public record LinkStatus(String name, Address neighbour, boolean up, long bandwidthBps, long delayNanos,
                         int queuePackets, long queueBytes, int queueLimitPackets, long queueLimitBytes,
                         String discipline, long sentPackets, long sentBytes, long receivedPackets,
                         long receivedBytes, long marked, long drops) {
}
