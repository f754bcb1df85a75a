package org.aspen.dashboard;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkObserver;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * What each of a node's links carries: frames put on the wire since the last look, by kind of
 * traffic read from the VNet header ({@code ping}: control protocol to one node, i.e. echo and
 * error messages; {@code rdp}; {@code raw}; {@code aa}: AA messages and any packet with an AA spec).
 * Link-local control (routing hellos, adverts and acks, sent to the broadcast address) is left out,
 * so a link that only keeps routing alive carries nothing. The dashboard colours links by it, which
 * shows where traffic goes now (a re-route moves the colour).
 *
 * <pre>{@code
 * TrafficMix mix = new TrafficMix();
 * node.links().forEach(mix::watch);         // on the node's loop
 * Map<String, Long> now = mix.take(link);    // {"ping": 3} since the last take
 * }</pre>
 *
 * A read-only {@link LinkObserver}: it reads four header bytes of each transmitted frame and counts;
 * it sends nothing and changes nothing, so a watched simulation runs the same events.
 */
final class TrafficMix implements LinkObserver {
    static final String[] KINDS = {"ping", "rdp", "raw", "aa"};
    private final Map<Link, long[]> counts = new HashMap<>();

    /** Starts counting {@code l}'s frames; call on the node's loop. */
    void watch(Link l) {
        counts.put(l, new long[KINDS.length]);
        l.addObserver(this);
    }

    /** Stops counting every watched link; call on the node's loop. */
    void unwatchAll() {
        counts.keySet().forEach(l -> l.removeObserver(this));
        counts.clear();
    }

    /** Frames by kind since the previous call (kinds with none left out), and starts again from zero. */
    Map<String, Long> take(Link l) {
        long[] c = counts.get(l);
        Map<String, Long> m = new LinkedHashMap<>();
        if (c == null) {
            return m;
        }
        for (int i = 0; i < KINDS.length; i++) {
            if (c[i] > 0) {
                m.put(KINDS[i], c[i]);
                c[i] = 0;
            }
        }
        return m;
    }

    @Override
    public void transmitted(Link link, byte[] frame) {
        long[] c = counts.get(link);
        int kind = kind(frame);
        if (c != null && kind >= 0) {
            c[kind]++;
        }
    }

    @Override
    public void received(Link link, byte[] buf, int off, int len, DropReason rejected) {
        // what a link carries is counted where it is sent: each direction by its sender
    }

    /** The index in {@link #KINDS} of a frame's traffic, or -1 for link-local control and runts. */
    static int kind(byte[] frame) {
        if (frame.length < Packet.HEADER_LENGTH) {
            return -1;
        }
        if ((frame[Packet.FLAGS_OFFSET] & Packet.FLAG_AA_SPEC) != 0) {
            return 3;
        }
        int proto = frame[Packet.PROTOCOL_OFFSET] & 0xff;
        return switch (proto) {
            case Protocol.CONTROL -> broadcast(frame) ? -1 : 0;
            case Protocol.RDP -> 1;
            case Protocol.RAW -> 2;
            case Protocol.AA_MESSAGE -> 3;
            default -> -1;
        };
    }

    private static boolean broadcast(byte[] frame) {
        int d = Packet.DESTINATION_OFFSET;
        return (frame[d] & frame[d + 1] & frame[d + 2] & frame[d + 3]) == (byte) 0xff;
    }
}
