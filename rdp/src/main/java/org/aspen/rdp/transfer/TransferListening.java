package org.aspen.rdp.transfer;

/**
 * The first line of a node's {@code rdp.recv} reply: the RDP port it now listens on, so the
 * sender may connect.
 *
 * <pre>{@code
 * reply.next(new TransferListening(port));   // {"listening":7000}
 * TransferListening l = ReportJson.MAPPER.treeToValue(line, TransferListening.class);
 * }</pre>
 */
public record TransferListening(int listening) {
}
