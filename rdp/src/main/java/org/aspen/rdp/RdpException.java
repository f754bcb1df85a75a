package org.aspen.rdp;

/** A connection could not do what was asked (it closed, was refused, or timed out). */
public class RdpException extends RuntimeException {
    public RdpException(String message) {
        super(message);
    }
}
