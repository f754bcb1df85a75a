package org.aspen.vnet.link;

/**
 * Sees each sealed frame just before it goes on the wire, after the last checksum was computed.
 * This is where a fault injector damages bytes so that the next hop's checksum catches them, as on
 * a real wire (an edit made earlier would be re-sealed by the TTL decrement).
 *
 * <pre>{@code
 * link.setFrameTap((l, frame) -> { if (chosen(frame)) frame[30] ^= 1; });
 * }</pre>
 */
@FunctionalInterface
public interface FrameTap {
    /** May modify {@code frame} in place; it is transmitted right after this returns. */
    void beforeTransmit(Link link, byte[] frame);
}
