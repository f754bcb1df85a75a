package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;

/** Reno on a simulated path, read from the connection's own time series against the rules. */
class RenoTimelineTest {
    static final long RTT = 20_000_000L;

    @Test
    void slowStartDoublesEveryRoundTripOnTheWire() {
        // 10 ms each way, no rate limit: one RTT is exactly 20 ms
        TestNet net = new TestNet(51, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        TransferSender s = bulk(net, 4 << 20, RdpOptions.defaults().withMaxOutstanding(4096));
        net.run(10_000_000_000L);
        List<ConnectionStats.Sample> series = s.connection().stats().samples();
        // the handshake takes one RTT; data starts at 20 ms with cwnd 2 and each round trip doubles it
        for (int k = 0; k < 6; k++) {
            long end = RTT + (k + 1) * RTT + RTT / 2;
            double cwnd = series.stream().filter(x -> x.nanos() <= end).mapToDouble(ConnectionStats.Sample::cwnd).max().orElse(0);
            assertEquals(2 << (k + 1), cwnd, 1e-9, "cwnd after " + (k + 1) + " round trips");
        }
        assertTrue(s.result().join().complete());
        assertEquals(0, s.connection().stats().windowCloses());
    }

    private static TransferSender bulk(TestNet net, long size) {
        return bulk(net, size, RdpOptions.defaults());
    }

    /** Starts one transfer of {@code size} bytes from node 0 to node 1 with these options at both ends. */
    private static TransferSender bulk(TestNet net, long size, RdpOptions o) {
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, size), o,
                    ProgressListener.NONE, 0);
        });
        net.run(1);
        return s[0];
    }

    @Test
    void oneLostSegmentIsFastRetransmittedAndHalvesTheWindow() {
        TestNet net = new TestNet(52, 2, new LinkConfig(10_000_000, RTT / 2, QueueLimit.packets(10_000), 1));
        net.forward.get(0).dropExactly = i -> i == 60;
        TransferSender s = bulk(net, 1 << 20);
        net.run(30_000_000_000L);
        ConnectionStats st = s.connection().stats();
        assertTrue(s.result().join().complete());
        assertEquals(1, st.retransmissions());
        assertEquals(1, st.fastRetransmits());
        assertEquals(0, st.timeouts());
        assertEquals(1, st.windowCloses(CloseCause.FAST_RETRANSMIT));
        ConnectionStats.Sample close = st.samples().stream().filter(x -> x.cause() != null).findFirst().orElseThrow();
        assertEquals(close.ssthresh(), close.cwnd(), 1e-9);
        assertEquals(close.closedFrom() / 2, close.ssthresh(), 0.5 + 1e-9, "half of the window (or of the flight)");
    }

    @Test
    void silenceLongerThanTheRtoGoesToOneAndSlowStartsAgain() {
        TestNet net = new TestNet(53, 2, new LinkConfig(10_000_000, RTT / 2, QueueLimit.packets(10_000), 1));
        TransferSender s = bulk(net, 4 << 20);
        net.run(500_000_000L);
        net.forward.get(0).blackhole = true;
        net.run(400_000_000L);
        net.forward.get(0).blackhole = false;
        long restored = net.sim.nanos();
        net.run(60_000_000_000L);
        ConnectionStats st = s.connection().stats();
        assertTrue(s.result().join().complete());
        assertTrue(st.timeouts() >= 1);
        ConnectionStats.Sample first = st.samples().stream().filter(x -> x.cause() == CloseCause.TIMEOUT)
                .findFirst().orElseThrow();
        assertEquals(1, first.cwnd(), 1e-9);
        // after the path is back, the window grows again from 1 in slow start
        double later = st.samples().stream().filter(x -> x.nanos() > restored + 10 * RTT)
                .mapToDouble(ConnectionStats.Sample::cwnd).max().orElse(0);
        assertTrue(later >= 8, "slow start resumed: " + later);
    }

    @Test
    void segmentsThatWaitedBehindARepairedHoleGiveNoRttSample() {
        // no rate limit, no queue: every true round trip is exactly 20 ms. One loss in a large window:
        // far more than the 64 segments an EACK can list arrive behind the hole, and the cumulative ACK
        // after the repair covers segments sent a round trip earlier. Sampling them would read ~2 RTT.
        TestNet net = new TestNet(54, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        net.forward.get(0).dropExactly = i -> i == 300;
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults().withMaxOutstanding(4096), ByteSink::discard,
                    x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 2 << 20),
                    RdpOptions.defaults().withMaxOutstanding(4096), ProgressListener.NONE, 0);
        });
        net.run(10_000_000_000L);
        ConnectionStats st = s[0].connection().stats();
        assertTrue(s[0].result().join().complete());
        assertEquals(1, st.retransmissions());
        long maxSrtt = st.samples().stream().mapToLong(ConnectionStats.Sample::srttNanos).max().orElseThrow();
        assertTrue(maxSrtt <= RTT + RTT / 100, "smoothed RTT rose to " + maxSrtt / 1e6 + " ms on a 20 ms path");
    }

    @Test
    void segmentsListedInALaterEackGiveNoInflatedRttSample() {
        // two holes in a large window: more than the 64 segments an EACK lists wait behind them, and
        // are listed only in later ACKs; sampling them then would read the time they waited
        TestNet net = new TestNet(55, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        net.forward.get(0).dropExactly = i -> i == 300 || i == 420;
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, RdpOptions.defaults().withMaxOutstanding(4096), ByteSink::discard,
                    x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 2 << 20),
                    RdpOptions.defaults().withMaxOutstanding(4096), ProgressListener.NONE, 0);
        });
        net.run(10_000_000_000L);
        ConnectionStats st = s[0].connection().stats();
        assertTrue(s[0].result().join().complete());
        long maxSrtt = st.samples().stream().mapToLong(ConnectionStats.Sample::srttNanos).max().orElseThrow();
        assertTrue(maxSrtt <= RTT + RTT / 100, "smoothed RTT rose to " + maxSrtt / 1e6 + " ms on a 20 ms path");
    }

    @Test
    void aLostRetransmissionIsResentWithoutATimeoutOnASteadyPath() {
        // segment 300 and its first resend are lost: the time rule finds the lost resend from the
        // new segments recovery sends after it, so the recovery ends without a timeout and with one close
        TestNet net = new TestNet(58, 2, new LinkConfig(10_000_000, RTT / 2, QueueLimit.packets(10_000), 1));
        int[] copies = new int[1];
        Integer[] firstSeq = new Integer[1];
        net.forward.get(0).dropFrame = f -> {
            Packet p = Packet.wrapValidated(f);
            Segment seg = new Segment();
            byte[] pl = p.payload();
            if (p.protocol() != Protocol.RDP || SegmentCodec.decode(pl, 0, pl.length, seg) != null || seg.dataLength == 0) {
                return false;
            }
            if (firstSeq[0] == null) {
                firstSeq[0] = seg.seq;
            }
            return seg.seq - firstSeq[0] == 300 && copies[0]++ < 2;
        };
        // a receive window large enough that recovery can send new segments (their arrival is what
        // shows the resend lost)
        TransferSender s = bulk(net, 1 << 20, RdpOptions.defaults().withMaxOutstanding(4096));
        net.run(30_000_000_000L);
        ConnectionStats st = s.connection().stats();
        assertTrue(s.result().join().complete());
        assertEquals(3, copies[0], "sent three times: dropped, resend dropped, resend delivered");
        assertEquals(0, st.timeouts());
        assertEquals(1, st.windowCloses());
    }

    @Test
    void repairsBehindAFullDropTailQueueFireNoTimeout() {
        // one flow over 2 Mb/s with a 50-packet drop-tail queue (200 ms of queueing at 1000 bytes):
        // every overflow is repaired by a retransmission that waits behind the full queue, so its ACK
        // comes later than the srtt the emptier queue gave. An RTO of srtt + 4 rttvar is only a little
        // above srtt and fires (then resends a window that was only queued); the variance floor
        // (srtt + 200 ms, as Linux keeps it) leaves the repairs to fast recovery
        TestNet net = new TestNet(59, 2, new LinkConfig(2_000_000, 20_000_000L, QueueLimit.packets(50), 1));
        TransferSender s = bulk(net, 8 << 20);
        net.run(120_000_000_000L);
        ConnectionStats st = s.connection().stats();
        assertTrue(s.result().join().complete());
        assertTrue(st.windowCloses(CloseCause.FAST_RETRANSMIT) >= 3, "overflows " + st.windowCloses(CloseCause.FAST_RETRANSMIT));
        assertEquals(0, st.timeouts());
    }

    @Test
    void pathSlowerThanTheInitialRtoStillGetsRttSamplesAndFinishes() {
        // 1.3 s each way, more than the initial RTO (1 s): the SYN and the first segments are resent
        // before their ACK can come back; RTT samples must still arrive (Karn: from segments sent once)
        // and the connection settle on the real RTT instead of timing out again and again
        TestNet net = new TestNet(57, 2, new LinkConfig(10_000_000, 1_300_000_000L, QueueLimit.packets(10_000), 1));
        TransferSender s = bulk(net, 256 << 10);
        net.run(120_000_000_000L);
        assertTrue(s.result().join().complete());
        ConnectionStats st = s.connection().stats();
        assertTrue(st.timeouts() <= 3, "timeouts " + st.timeouts());
        assertEquals(2_600_000_000L, s.connection().cs.rtt().srttNanos(), 100_000_000L);
    }
}
