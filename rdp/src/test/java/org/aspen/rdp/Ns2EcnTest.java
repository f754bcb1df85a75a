package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.aspen.vnet.link.FifoDiscipline;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.junit.jupiter.api.Test;

/**
 * ns-2.35's Reno with {@code ecn_ 1} over RDP on the 20 ms path of {@link Ns2Path}, CE marks put on
 * scripted segments, against values worked out by hand from tcp.cc, tcp-reno.cc and tcp-sink.cc
 * (window_ 20, windowInit_ 2, ssthresh_ starting at window_, boot_time_ 0).
 */
class Ns2EcnTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    /** Marks the first copy of each named seqno CE as it enters the sender's link. */
    static final class ScriptedMarks extends FifoDiscipline {
        final Set<Integer> marks;
        final Ns2Path path;
        final List<Integer> seen = new ArrayList<>();

        ScriptedMarks(Ns2Path path, Set<Integer> marks) {
            super(QueueLimit.packets(10_000));
            this.path = path;
            this.marks = marks;
        }

        @Override
        protected DropReason admit(Packet p) {
            Segment s = RdpPackets.decode(p);
            if (s != null && s.dataLength > 0) {
                int seqno = s.seq - path.sender[0].iss;
                if (!seen.contains(seqno) && marks.contains(seqno) && p.ecn().capable()) {
                    p.setEcn(Ecn.CE);
                }
                seen.add(seqno);
            }
            return null;
        }

        @Override
        public String kind() {
            return "scripted-marks";
        }
    }

    @Test
    void anEchoHalvesTheWindowOncePerWindowOfDataAndCwrGoesOnTheNextNewSegment() {
        RdpOptions o = RdpOptions.defaults().withCongestionControl(() -> new Ns2Reno(P)).withEcn(true);
        Ns2Path path = new Ns2Path(71, o, 300, s -> false);
        path.net.node(0).links().get(0).setDiscipline(new ScriptedMarks(path, Set.of(60, 65, 120)));
        List<Integer> cwr = new ArrayList<>();
        double[] cwndWhen80Left = {Double.NaN};
        java.util.function.Predicate<byte[]> log = path.net.forward.get(0).dropFrame;
        path.net.forward.get(0).dropFrame = f -> {
            Segment s = RdpPackets.decode(Packet.wrapValidated(f));
            if (s != null && s.dataLength > 0) {
                int seqno = s.seq - path.sender[0].iss;
                if (s.has(Segment.CWR)) {
                    cwr.add(seqno);
                }
                if (seqno == 80 && Double.isNaN(cwndWhen80Left[0])) {
                    cwndWhen80Left[0] = path.sender[0].congestionState().cwnd();
                }
            }
            return log.test(f);
        };
        path.run(20_000_000_000L);
        ConnectionStats st = path.stats();
        assertEquals(300 * 1000, st.bytesAcked());
        assertEquals(0, st.retransmissions());
        assertEquals(0, st.windowCloses(CloseCause.FAST_RETRANSMIT) + st.windowCloses(CloseCause.TIMEOUT));
        // 60 and 65 are in one window of data: the echo of 60 cuts (ecn(), tcp.cc:1421-1436: 60 > recover_ 0),
        // recover_ becomes maxseq_ 79, and 65's echo (ACK 65 <= 79) does not cut again; 120 > 79 cuts once more
        assertEquals(2, st.windowCloses(CloseCause.ECN));
        List<ConnectionStats.Sample> closes = st.samples().stream().filter(x -> x.cause() == CloseCause.ECN).toList();
        // window_ 20 bounds windowd(): ssthresh_ and cwnd_ 10 (slowdown, tcp.cc:1254, 1289-1308), on the ACK of 60
        assertEquals(10, closes.get(0).cwnd(), 1e-12);
        assertEquals(10, closes.get(0).ssthresh(), 1e-12);
        assertEquals(path.sendTimes(60).get(0) + 2 * Ns2Path.ONE_WAY, closes.get(0).nanos());
        assertEquals(path.sendTimes(120).get(0) + 2 * Ns2Path.ONE_WAY, closes.get(1).nanos());
        assertEquals(closes.get(1).closedFrom() / 2, closes.get(1).cwnd(), 1e-12);
        assertEquals(Math.floor(closes.get(1).closedFrom() / 2), closes.get(1).ssthresh(), 1e-12);
        // window 10 after the cut: nothing leaves until the ACK of 70; then 80, the first new packet, carries
        // CWR (tcp.cc:694, 1331-1332), and so does the first new packet after the second cut
        assertEquals(80, cwr.get(0));
        assertEquals(2, cwr.size());
        // ACKs 61-79 echo ECE (TCPSink keeps echoing until CWR arrives, tcp-sink.cc:319-328) and open nothing
        // (tcp.cc:1458) once ect_ is set. ns-2 sets ect_ on the ACK of its SYN, which answers the SYN's ECN
        // negotiation with an echo (tcp.cc:716-722, tcp-sink.cc:329-335, tcp.cc:1478-1480); the agent sets it when
        // the connection opens with ECN and syn_, so no echoed ACK opens the window: cwnd_ is 10 when 80 leaves
        assertEquals(10, cwndWhen80Left[0], 1e-12);
    }
}
