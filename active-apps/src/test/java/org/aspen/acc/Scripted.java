package org.aspen.acc;

import java.util.ArrayList;
import java.util.List;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.SenderState;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;

/**
 * Scripted RDP traffic for the ACC unit tests: data segments with a chosen carried state, sent from
 * a node without a real connection, and a recorder of the RDP segments a node receives.
 *
 * <pre>{@code
 * Scripted.burst(s, d, 4000, 7000, 100, 10, new SenderState(20, 64, SenderState.PHASE_AVOIDANCE, 100_000));
 * Scripted.Recorder got = Scripted.record(d);
 * }</pre>
 */
final class Scripted {
    static final int PAYLOAD = 500;

    private Scripted() {
    }

    static Packet data(VAddr src, VAddr dst, int sport, int dport, int seq, SenderState st) {
        Segment s = Segment.data(sport, dport, seq, 0, new byte[PAYLOAD]);
        s.state = st;
        return Packet.builder().source(src).destination(dst).protocol(Protocol.RDP).payload(SegmentCodec.encode(s, true)).build();
    }

    /** Sends {@code n} data segments seq, seq+1, ... from {@code from} to {@code to} at once. */
    static void burst(Node from, VAddr to, int sport, int dport, int seq, int n, SenderState st) {
        for (int i = 0; i < n; i++) {
            from.send(data(from.address(), to, sport, dport, seq + i, st));
        }
    }

    static void rawBurst(Node from, VAddr to, int n) {
        for (int i = 0; i < n; i++) {
            from.send(Packet.builder().source(from.address()).destination(to).protocol(Protocol.RAW)
                    .payload(new byte[PAYLOAD]).build());
        }
    }

    /** Every sound RDP segment delivered to a node, decoded. */
    static final class Recorder {
        final List<Segment> segments = new ArrayList<>();
        final List<VAddr> sources = new ArrayList<>();

        List<Segment> notifications() {
            return segments.stream().filter(s -> s.has(Segment.NTF)).toList();
        }

        List<Integer> dataSeqs() {
            return segments.stream().filter(s -> s.dataLength > 0).map(s -> s.seq).toList();
        }
    }

    static Recorder record(Node n) {
        Recorder r = new Recorder();
        n.registerHandler(Protocol.RDP, (p, in) -> {
            Segment s = new Segment();
            if (SegmentCodec.decode(p.array(), p.payloadOffset(), p.payloadLength(), s) == null) {
                s.data = s.dataCopy();
                s.dataOffset = 0;
                r.segments.add(s);
                r.sources.add(p.source());
            }
        });
        return r;
    }
}
