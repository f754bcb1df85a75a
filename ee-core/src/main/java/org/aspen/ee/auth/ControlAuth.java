package org.aspen.ee.auth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.aspen.ee.fetch.RdpStreamTransport;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.vnet.auth.AuthKey;
import org.aspen.vnet.auth.NodeAuth;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * The four kinds of control message Aspen authenticates, wired onto a node's {@link NodeAuth}.
 * This layer knows them all: routing (vnet), window-setting notifications (rdp), code fetch
 * (ee-core) and AA-spec packets such as ACC's filter-start requests (active-apps send them
 * through the EE).
 *
 * <pre>{@code
 * NodeAuth auth = ControlAuth.install(node, keyring, ControlAuth.ALL, 1);   // on the node's loop
 * auth.counter(ControlAuth.RDP_NOTIFY, "forged");
 * }</pre>
 *
 * Which packets each kind covers (the selectors read raw bytes, so a malformed message of a kind is
 * still that kind and must be signed):
 * <ul>
 *   <li>{@code routing}: control messages of types HELLO, LSA, LSA_ACK (link-local, link keys allowed);</li>
 *   <li>{@code rdp-notify}: RDP segments with the NTF flag, the window-setting notifications routers forge;</li>
 *   <li>{@code code-fetch}: RDP segments from or to port {@link RdpStreamTransport#CODE_FETCH_PORT}, both directions;</li>
 *   <li>{@code aa-request}: any packet carrying an AA spec (it starts or reaches an AA), e.g. ACC filter-start requests.</li>
 * </ul>
 */
public final class ControlAuth {
    public static final String ROUTING = NodeAuth.ROUTING;
    public static final String RDP_NOTIFY = "rdp-notify";
    public static final String CODE_FETCH = "code-fetch";
    public static final String AA_REQUEST = "aa-request";
    /** Every kind, in the order they are tried. */
    public static final List<String> ALL = List.of(ROUTING, RDP_NOTIFY, CODE_FETCH, AA_REQUEST);

    private ControlAuth() {
    }

    /**
     * Installs authentication on {@code node} for the {@code kinds} named (a subset of {@link #ALL}).
     *
     * @param firstCounter the first trailer counter: 1 in the simulation; a real node derives it from
     *                     wall time so that it keeps growing across restarts
     */
    public static NodeAuth install(Node node, List<AuthKey> keyring, java.util.Collection<String> kinds, long firstCounter) {
        Set<String> want = Set.copyOf(kinds);
        for (String k : want) {
            if (!ALL.contains(k)) {
                throw new IllegalArgumentException("unknown message kind '" + k + "' (known: " + String.join(", ", ALL) + ")");
            }
        }
        NodeAuth auth = new NodeAuth(node.address(), keyring, firstCounter);
        for (Map.Entry<String, Predicate<Packet>> e : selectors().entrySet()) {
            if (want.contains(e.getKey())) {
                auth.protect(e.getKey(), e.getKey().equals(ROUTING), e.getValue());
            }
        }
        return auth.installOn(node);
    }

    /** The selector of each kind, in {@link #ALL}'s order. */
    public static Map<String, Predicate<Packet>> selectors() {
        Map<String, Predicate<Packet>> m = new LinkedHashMap<>();
        m.put(ROUTING, NodeAuth::isRouting);
        m.put(RDP_NOTIFY, ControlAuth::isNotification);
        m.put(CODE_FETCH, ControlAuth::isCodeFetch);
        m.put(AA_REQUEST, Packet::hasAaSpec);
        return m;
    }

    /** An RDP segment whose flags byte has NTF set (sound or not). */
    public static boolean isNotification(Packet p) {
        return p.protocol() == Protocol.RDP && p.payloadLength() > SegmentCodec.FLAGS_OFFSET
                && (p.array()[p.payloadOffset() + SegmentCodec.FLAGS_OFFSET] & Segment.NTF) != 0;
    }

    /** An RDP segment from or to the code-fetch port. */
    public static boolean isCodeFetch(Packet p) {
        if (p.protocol() != Protocol.RDP || p.payloadLength() < SegmentCodec.DESTINATION_PORT_OFFSET + 2) {
            return false;
        }
        byte[] b = p.array();
        int o = p.payloadOffset();
        int sport = ((b[o + SegmentCodec.SOURCE_PORT_OFFSET] & 0xff) << 8) | (b[o + SegmentCodec.SOURCE_PORT_OFFSET + 1] & 0xff);
        int dport = ((b[o + SegmentCodec.DESTINATION_PORT_OFFSET] & 0xff) << 8) | (b[o + SegmentCodec.DESTINATION_PORT_OFFSET + 1] & 0xff);
        return sport == RdpStreamTransport.CODE_FETCH_PORT || dport == RdpStreamTransport.CODE_FETCH_PORT;
    }
}
