package org.aspen.ee.api;

/**
 * A message from one AA to another.
 *
 * <pre>{@code
 * public void onMessage(AaMessage m) {
 *     ctx.sendMessage(m.fromNode(), m.fromAa(), "ack".getBytes(StandardCharsets.UTF_8));
 * }
 * }</pre>
 *
 * @param fromNode address of the sender's node (this node's for local messages)
 * @param fromAa   the sending AA's name
 * @param body     the message bytes (the receiver owns this array)
 */
public record AaMessage(Address fromNode, String fromAa, byte[] body) {
}
