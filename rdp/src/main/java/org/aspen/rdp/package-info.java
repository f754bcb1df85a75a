/**
 * RDP (RFC 908/1151) on VNet with Reno congestion control counted in packets.
 *
 * <pre>{@code
 * RdpStack rdp = RdpStack.install(node);                       // non-blocking core, on the node's loop
 * rdp.listen(7000, RdpOptions.defaults(), conn -> listener);
 * RdpConnection c = rdp.connect(dest, 7000, RdpOptions.defaults(), listener);
 * }</pre>
 *
 * The pieces: {@link org.aspen.rdp.SegmentCodec} (wire format), {@link org.aspen.rdp.RdpConnection}
 * (handle and state machine), {@code Receiver} (receive path, ACKs), {@code Transmitter} (window,
 * retransmission, timers), {@code NetworkFeedback} (ACC notifications, ACC-ABCD advice),
 * {@code SendBuffer} / {@code ReceiveBuffer}, {@link org.aspen.rdp.CongestionControl} with
 * {@link org.aspen.rdp.Reno} over {@link org.aspen.rdp.ConnectionState}, {@link org.aspen.rdp.RttEstimator},
 * {@link org.aspen.rdp.ConnectionStats}. Network AAs use {@link org.aspen.rdp.RdpPackets}. File/stream
 * transfers are in {@code org.aspen.rdp.transfer}; the blocking sockets of {@code org.aspen.rdp.blocking}
 * are in the system tests' sources (only tests drive RDP from program threads).
 * See {@code docs/rdp.md}.
 */
package org.aspen.rdp;
