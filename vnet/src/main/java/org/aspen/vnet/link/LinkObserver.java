package org.aspen.vnet.link;

import org.aspen.vnet.packet.DropReason;

/**
 * Watches the frames a link end puts on and takes off the wire, read-only: what a packet capture
 * records. Unlike a {@link FrameTap} (one per link, may damage bytes), any number of observers may
 * be attached; they see the bytes after the tap, exactly as transmitted.
 *
 * <pre>{@code
 * link.addObserver(new LinkObserver() {
 *     public void transmitted(Link l, byte[] frame) { pcap.write(frame); }
 *     public void received(Link l, byte[] buf, int off, int len, DropReason rejected) { ... }
 * });
 * }</pre>
 *
 * Called on the node's loop; must not keep or change the arrays (copy what you keep).
 */
public interface LinkObserver {
    /** A frame goes on the wire now (after the frame tap). */
    void transmitted(Link link, byte[] frame);

    /**
     * A frame arrived from the peer. {@code rejected} is null when the link hands it to the node
     * (called just before), else why the link discarded it (link down or cut, malformed).
     */
    void received(Link link, byte[] buf, int off, int len, DropReason rejected);
}
