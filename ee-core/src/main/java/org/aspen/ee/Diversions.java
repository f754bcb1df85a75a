package org.aspen.ee;

import java.util.ArrayList;
import java.util.List;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketInterceptor;
import org.aspen.vnet.packet.Packet;

/**
 * The EE's one diversion point on its node: the {@link PacketInterceptor} that offers each arriving
 * packet to the open diversion channels in the order they were opened, then hands a packet
 * addressed here that carries an AA spec to {@link OnDemandStart}.
 *
 * <pre>{@code
 * node.addInterceptor(diversions.interceptor());            // the EE's constructor
 * DiversionChannel ch = diversions.open(owner, match, h);    // via AaContext.divert
 * diversions.resume(view, channel.seq);                      // a re-injected packet: later channels, then the node
 * }</pre>
 */
final class Diversions {
    private final Node node;
    private final OnDemandStart specs;
    private final List<Diversion> channels = new ArrayList<>();
    /** {@link #channels} as an array (rebuilt when one opens or goes), and the last one's seq (0: none). */
    private Diversion[] open = new Diversion[0];
    private long lastSeq;
    private long channelSeq;
    /** The AA that took the last diverted packet: what a trace or capture names as the taker (TraceSink.diverted). */
    private String lastTaker = "ee";
    /**
     * What {@link Match#matches} reads a packet's payload through (a match on more than the protocol,
     * {@link Diversion#takes}): reused for every packet (the match is the API's own code and keeps
     * no reference; an AA never sees this object), and its length is the payload's, so a field past
     * the payload's end does not match.
     */
    private final Payload payload = new Payload();
    private final PacketInterceptor interceptor = new PacketInterceptor() {
        @Override
        public boolean intercept(Packet p, Link in) {
            return dispatch(p, in, 0);
        }

        @Override
        public String toString() {
            return lastTaker;
        }
    };

    Diversions(Node node, OnDemandStart specs) {
        this.node = node;
        this.specs = specs;
    }

    PacketInterceptor interceptor() {
        return interceptor;
    }

    Diversion open(AaInstance owner, Match match, DiversionChannel.Handler handler) {
        Diversion d = new Diversion(++channelSeq, owner, match, handler, this);
        channels.add(d);
        changed();
        owner.opened(d);
        return d;
    }

    void remove(Diversion d) {
        channels.remove(d);
        changed();
        d.owner().closedChannel(d);
    }

    private void changed() {
        open = channels.toArray(new Diversion[0]);
        lastSeq = open.length == 0 ? 0 : open[open.length - 1].seq;
    }

    /** Offers {@code p} to the channels opened after {@code afterSeq}, then to AA-spec delivery. */
    private boolean dispatch(Packet p, Link in, long afterSeq) {
        if (lastSeq > afterSeq) {   // channels are in the order of their seq
            Diversion[] cs = open;
            int protocol = p.protocol();
            for (Diversion d : cs) {
                if (d.seq > afterSeq && d.isOpen() && d.takes(p, protocol, payload)) {
                    lastTaker = d.owner().taker();
                    // a new view per diverted packet: the AA may keep it, and a kept view must never see a later packet
                    d.capture(new PacketView(p, in, d));
                    return true;
                }
            }
        }
        if (p.hasAaSpec() && p.destinationBits() == node.address().value()) {
            lastTaker = "aa-spec:" + p.aaSpec().name();
            specs.deliver(p, in);
            return true;
        }
        return false;
    }

    static final class Payload implements Match.PayloadReader {
        Packet packet;

        @Override
        public int length() {
            return packet.payloadLength();
        }

        @Override
        public long read(int offset, int width) {
            return PacketView.read(packet, offset, width);
        }
    }

    /** A diverted packet handed back: later channels may still take it, else the node resumes. */
    void resume(PacketView v, long afterSeq) {
        if (!dispatch(v.packet, v.in, afterSeq)) {
            node.reinject(v.packet, v.in, interceptor);
        }
    }
}
