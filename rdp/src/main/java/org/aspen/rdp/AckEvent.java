package org.aspen.rdp;

/**
 * What an arriving acknowledgement tells the congestion control.
 *
 * @param ack         cumulative acknowledgement (last sequence number received in order)
 * @param newlyAcked  segments this ACK newly acknowledged cumulatively (0 for a duplicate)
 * @param ecnEcho     the ECE flag was set
 */
public record AckEvent(int ack, int newlyAcked, boolean ecnEcho) {
}
