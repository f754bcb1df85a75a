package org.aspen.vnet.link;

import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Drop-tail FIFO: accepts every packet that fits in the buffer, drops arrivals that do not.
 *
 * <pre>{@code
 * link.setDiscipline(new DropTail(QueueLimit.packets(50)));
 * }</pre>
 */
public class DropTail extends FifoDiscipline {
    public DropTail(QueueLimit limit) {
        super(limit);
    }

    @Override
    protected DropReason admit(Packet p) {
        return null;
    }

    @Override
    public String kind() {
        return "droptail";
    }
}
