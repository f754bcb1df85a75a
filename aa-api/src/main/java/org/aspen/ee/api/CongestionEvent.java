package org.aspen.ee.api;

/**
 * A packet a link is about to drop, with the queue's state at that moment.
 *
 * <pre>{@code
 * ctx.onCongestion(e -> {
 *     if (e.packet().protocol() == Protocols.RDP) notifyEndpoint(e.packet());
 * });
 * }</pre>
 *
 * @param link   the link whose output queue drops it, as it was just before the drop
 * @param packet a copy of the packet (editing it changes nothing)
 * @param reason the drop reason's label: {@code overflow}, {@code early}, {@code forced}, ...
 * @param queueAverage the discipline's average queue in packets (RED's moving average), or NaN
 *                     when the discipline keeps none (drop-tail)
 */
public record CongestionEvent(LinkStatus link, AaPacket packet, String reason, double queueAverage) {
}
