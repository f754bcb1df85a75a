package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/**
 * {@link Recovery#IMPATIENT} against {@link Recovery#CLASSIC} on one window that loses every other
 * segment: 20 holes. The path has no rate limit and 10 ms each way, so every round trip is exactly
 * 20 ms; the RTO's floor is set to 210 ms so that no timer expiry ties with an ACK (ACKs come on
 * multiples of 10 ms).
 */
class ImpatientRecoveryTest {
    static final long MS = 1_000_000L;
    static final long RTT = 20 * MS;

    private static ConnectionStats run(Recovery recovery) {
        TestNet net = new TestNet(61, 2, new LinkConfig(0, RTT / 2, QueueLimit.packets(10_000), 1));
        // frames 40, 42, ..., 78 on the forward link: 20 data segments of one window, every other one
        net.forward.get(0).dropExactly = i -> i >= 40 && i <= 78 && i % 2 == 0;
        RdpOptions o = RdpOptions.defaults().withMaxOutstanding(4096).withRto(1000 * MS, 210 * MS, 60_000 * MS)
                .withRecovery(recovery);
        TransferSender[] s = new TransferSender[1];
        net.at(0, () -> {
            TransferReceiver.listen(net.rdp(1), 7000, o, ByteSink::discard, x -> { }, ProgressListener.NONE, 0);
            s[0] = TransferSender.start(net.rdp(0), net.node(1).address(), 7000, ByteSource.seeded(1, 1 << 20), o,
                    ProgressListener.NONE, 0);
        });
        net.run(30_000 * MS);
        assertTrue(s[0].result().join().complete());
        return s[0].connection().stats();
    }

    private static long closeAt(ConnectionStats st, CloseCause cause) {
        return st.samples().stream().filter(x -> x.cause() == cause).findFirst().orElseThrow().nanos();
    }

    @Test
    void classicRepairsOneHolePerRoundTripWithoutATimeout() {
        ConnectionStats st = run(Recovery.CLASSIC);
        // the fast retransmit repairs hole 1; each partial ACK (one a round trip) repairs the next and
        // restarts the timer, so holes 2..20 take 19 more round trips and the RTO never expires
        assertEquals(1, st.fastRetransmits());
        assertEquals(0, st.timeouts());
        assertEquals(20, st.retransmissions());
    }

    @Test
    void impatientTimesOutOneRtoAfterTheFirstPartialAck() {
        ConnectionStats st = run(Recovery.IMPATIENT);
        long fast = closeAt(st, CloseCause.FAST_RETRANSMIT);
        long timeout = closeAt(st, CloseCause.TIMEOUT);
        // RTO = SRTT + max(floor, 4 RTTVAR) = 20 + 210 ms (RttEstimator; every sample is 20 ms, so 4 RTTVAR
        // has decayed below the floor). The fast retransmit's ACK, the first partial ACK, comes one round
        // trip later and restarts the timer; the partial ACKs after it (every 20 ms) do not
        assertEquals(1, st.fastRetransmits());
        assertEquals(1, st.timeouts());
        assertEquals(fast + RTT + 230 * MS, timeout);
        // holes 2..13 are resent on the 12 partial ACKs from fast + 20 ms to fast + 240 ms; the timeout at
        // fast + 250 ms resends hole 13 once more (its copy from fast + 240 ms is still in flight), then slow
        // start resends holes 14..20 once each: 20 holes, 21 retransmissions
        assertEquals(21, st.retransmissions());
    }
}
