package org.aspen.rdp;

/**
 * What an arriving acknowledgement tells the congestion control.
 *
 * @param ack         cumulative acknowledgement (last sequence number received in order)
 * @param newlyAcked  segments this ACK newly acknowledged cumulatively (0 for a duplicate)
 * @param ecnEcho     the ECE flag was set
 * @param aecnEcho    AntiECN negotiated and the receiver echoed the AECN bit (every router on the
 *                    path had an empty virtual queue for the acknowledged segment)
 */
public record AckEvent(int ack, int newlyAcked, boolean ecnEcho, boolean aecnEcho) {
    public AckEvent(int ack, int newlyAcked, boolean ecnEcho) {
        this(ack, newlyAcked, ecnEcho, false);
    }
}
