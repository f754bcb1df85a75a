package org.aspen.rdp;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketHandler;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;

/**
 * RDP on one node: the handler for protocol {@link Protocol#RDP}, its ports, listeners and
 * connections. Non-blocking; every method runs on the node's loop.
 *
 * <pre>{@code
 * RdpStack rdp = RdpStack.install(node);
 * rdp.listen(7000, RdpOptions.defaults(), conn -> new ConnectionListener() { ... });
 * RdpConnection c = rdp.connect(VAddr.parse("10.0.0.2"), 7000, RdpOptions.defaults(), listener);
 * }</pre>
 */
public final class RdpStack implements PacketHandler {
    public static final int FIRST_EPHEMERAL = 49_152;
    private final Node node;
    private final SplittableRandom random;
    private final RdpCounters counters = new RdpCounters();
    private final Map<Long, RdpConnection> connections = new HashMap<>();
    private final Map<Integer, RdpListener> listeners = new HashMap<>();
    private int nextEphemeral = FIRST_EPHEMERAL;
    private AckPolicy ackPolicy = AckPolicy.EACH_ARRIVAL;

    private RdpStack(Node node) {
        this.node = node;
        this.random = node.random().split();
    }

    /** The node's stack, installing it as the RDP handler on first use. Call on the node's loop or before it runs. */
    public static RdpStack install(Node node) {
        if (node.handler(Protocol.RDP) instanceof RdpStack s) {
            return s;
        }
        RdpStack s = new RdpStack(node);
        node.registerHandler(Protocol.RDP, s);
        return s;
    }

    /** When receivers acknowledge; applies to connections opened or accepted from now on. */
    public void setAckPolicy(AckPolicy policy) {
        this.ackPolicy = java.util.Objects.requireNonNull(policy, "ack policy");
    }

    public AckPolicy ackPolicy() {
        return ackPolicy;
    }

    /** The stack's seeded random source (on the node's loop only). */
    SplittableRandom random() {
        return random;
    }

    public Node node() {
        return node;
    }

    public RdpCounters counters() {
        return counters;
    }

    /** Connections not yet CLOSED (including CLOSE-WAIT). */
    public Collection<RdpConnection> connections() {
        return new ArrayList<>(connections.values());
    }

    public RdpListener listen(int port, RdpOptions options, RdpListener.Acceptor acceptor) {
        checkPort(port);
        if (listeners.containsKey(port)) {
            throw new IllegalStateException("port " + port + " already listening");
        }
        RdpListener l = new RdpListener(this, port, options, acceptor);
        listeners.put(port, l);
        return l;
    }

    /** Opens a connection from an ephemeral local port. */
    public RdpConnection connect(VAddr remote, int remotePort, RdpOptions options, ConnectionListener listener) {
        int local = ephemeralPort(remote, remotePort);
        return connect(local, remote, remotePort, options, listener);
    }

    /** Opens a connection from a chosen local port (both sides doing this toward each other is a simultaneous open). */
    public RdpConnection connect(int localPort, VAddr remote, int remotePort, RdpOptions options, ConnectionListener listener) {
        checkPort(localPort);
        checkPort(remotePort);
        long k = key(remote.value(), remotePort, localPort);
        if (connections.containsKey(k)) {
            throw new IllegalStateException("connection " + localPort + "->" + remote + ":" + remotePort + " exists");
        }
        RdpConnection c = new RdpConnection(this, remote, remotePort, localPort, false, sized(options, remote), listener,
                random.nextInt());
        connections.put(k, c);
        c.openActive();
        return c;
    }

    /**
     * The largest data length that fits one frame on the first link toward {@code remote}, with every
     * optional header part (VNet header and authentication trailer, RDP's fixed, state and
     * notification parts): from the link's underlay MTU, bounded by the node's {@code maxFrame} (so
     * within RDP's 16-bit length); 0 when there is no route or the underlay's MTU is unknown (simulation).
     */
    public int pathSegment(VAddr remote) {
        Route r = remote.equals(node.address()) ? null : node.routes().lookup(remote);
        int mtu = r == null ? 0 : r.link().transport().mtu();
        if (mtu <= 0) {
            return 0;
        }
        return Math.max(0, SegmentCodec.largestData(Math.min(mtu, node.config().maxFrame())));
    }

    /**
     * {@code o} with its maximum segment taken from the path when it asks for that and the path tells.
     * The send queue ({@code sendBuffer}, counted in segments) is scaled down by as much as the segments
     * grew, so it holds about the bytes it was given for {@code maxSegment}-sized ones (at least 16
     * segments): 512 queued 16 KB segments would be 8 MB that every young collection copies, for a queue
     * whose only job is to keep the window fed between the sender's turns.
     */
    static RdpOptions sized(RdpOptions o, int seg) {
        if (!o.segmentFromPath() || seg <= 0) {
            return o;
        }
        RdpOptions r = o.withMaxSegment(seg);
        if (seg > o.maxSegment()) {
            long bytes = (long) o.sendBuffer() * o.maxSegment();
            r = r.withSendBuffer((int) Math.max(Math.min(16, o.sendBuffer()), (bytes + seg - 1) / seg));
        }
        return r;
    }

    private RdpOptions sized(RdpOptions o, VAddr remote) {
        return o.segmentFromPath() ? sized(o, pathSegment(remote)) : o;
    }

    /** Aborts every connection and stops listening. */
    public void shutdown() {
        listeners.clear();
        for (RdpConnection c : connections()) {
            if (c.state() != RdpConnection.State.CLOSE_WAIT) {
                c.close();
            }
        }
    }

    @Override
    public void handle(Packet p, Link in) {
        counters.segmentsIn++;
        Segment s = new Segment();   // not shared: a local connection re-enters handle() synchronously
        RdpDrop bad = SegmentCodec.decode(p.array(), p.payloadOffset(), p.payloadLength(), s);
        if (bad != null) {
            counters.drop(bad);
            return;
        }
        s.aecnMarked = p.aecn();
        s.aecnTtlIntact = p.aecnTtl() != 0 && p.aecnTtl() == p.ttl();
        s.acnsMarked = p.acnsOmega();
        RdpConnection c = connections.get(key(p.sourceBits(), s.sourcePort, s.destinationPort));
        if (c != null) {
            c.receive(s, p.ecn() == Ecn.CE);
            // nothing of the frame outlives the call: data held out of order is copied, and listeners
            // read in-order data during onData only (ConnectionListener); the node may reuse the frame
            p.consumed();
            return;
        }
        RdpListener l = listeners.get(s.destinationPort);
        if (l != null && s.has(Segment.SYN) && !s.has(Segment.ACK) && !s.has(Segment.RST) && s.syn != null) {
            accept(l, p.source(), s);
            return;
        }
        boolean fromNetwork = s.has(Segment.NTF) || s.advice != null;
        counters.drop(fromNetwork ? RdpDrop.NOTIFICATION_REJECTED : RdpDrop.NO_CONNECTION);
        if (!s.has(Segment.RST) && !fromNetwork) {
            refuse(p.source(), s);
        }
    }

    private void accept(RdpListener l, VAddr from, Segment syn) {
        RdpConnection c = new RdpConnection(this, from, syn.sourcePort, syn.destinationPort, true, sized(l.options, from),
                null, random.nextInt());
        c.synReceived(syn);
        ConnectionListener cl = l.acceptor.accept(c);
        if (cl == null) {
            counters.connectionsRefused++;
            c.end(CloseReason.REFUSED, false);
            refuse(from, syn);
            return;
        }
        c.setListener(cl);
        connections.put(key(from.value(), syn.sourcePort, syn.destinationPort), c);
        c.tx.sendSyn(true);
    }

    /** RFC 908: answer a segment for no connection with RST (acknowledging its sequence number). */
    private void refuse(VAddr to, Segment s) {
        int seq = s.has(Segment.ACK) ? s.ack + 1 : 0;
        Segment r = Segment.control(Segment.RST | Segment.ACK, s.destinationPort, s.sourcePort, seq, s.seq);
        counters.resetsSent++;
        counters.segmentsOut++;
        node.send(Packet.builder().source(node.address()).destination(to).protocol(Protocol.RDP)
                .ttl(node.config().defaultTtl()).payload(SegmentCodec.encode(r, true)).build());
    }

    void unlisten(RdpListener l) {
        listeners.remove(l.port(), l);
    }

    void remove(RdpConnection c) {
        connections.remove(key(c.remote.value(), c.remotePort, c.localPort), c);
    }

    private int ephemeralPort(VAddr remote, int remotePort) {
        for (int i = 0; i < 65_536 - FIRST_EPHEMERAL; i++) {
            int p = nextEphemeral;
            nextEphemeral = nextEphemeral == 65_535 ? FIRST_EPHEMERAL : nextEphemeral + 1;
            if (!listeners.containsKey(p) && !connections.containsKey(key(remote.value(), remotePort, p))) {
                return p;
            }
        }
        throw new IllegalStateException("no free RDP port toward " + remote + ":" + remotePort);
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("RDP port must be 1-65535: " + port);
        }
    }

    static long key(int remoteAddr, int remotePort, int localPort) {
        return ((long) remoteAddr << 32) | ((long) (remotePort & 0xffff) << 16) | (localPort & 0xffff);
    }
}
