package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.aspen.rdp.LossyTransferTest.Outcome;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.junit.jupiter.api.Test;

/**
 * Stretch ACKs ({@link AckPolicy#stretch}), as a node daemon's receivers use them: a transfer arrives
 * byte-exact with fewer acknowledgements than data segments, and still does under loss both ways.
 */
class StretchAckTest {
    /** 100 Mb/s, 5 ms: segments arrive about 0.1 ms apart, well inside the policy's delay. */
    static final LinkConfig LINK = new LinkConfig(100_000_000, 5_000_000, QueueLimit.packets(1000), 1);
    static final AckPolicy STRETCH = AckPolicy.stretch(16, 2_000_000L);

    private static long acksSent(Outcome o) {
        return ((Number) o.received().stats().get("segmentsSent")).longValue();
    }

    private static long segmentsReceived(Outcome o) {
        return ((Number) o.received().stats().get("segmentsReceived")).longValue();
    }

    @Test
    void cleanTransferArrivesWithFewerAcksThanSegments() {
        Outcome each = LossyTransferTest.transfer(21, 1, LossyTransferTest.SIZE, RdpOptions.defaults(), LINK, n -> { });
        Outcome stretched = LossyTransferTest.transfer(21, 1, LossyTransferTest.SIZE, RdpOptions.defaults(), LINK,
                n -> n.rdp(1).setAckPolicy(STRETCH));
        LossyTransferTest.assertExact(each, LossyTransferTest.SIZE);
        LossyTransferTest.assertExact(stretched, LossyTransferTest.SIZE);
        // the simulation hands each arrival over on its own: one ACK per segment by default
        assertTrue(acksSent(each) >= segmentsReceived(each), "default: an ACK per arrival");
        // docs/rdp.md: stretch ACKs cost fewer than one packet per segment once the window has opened
        assertTrue(acksSent(stretched) < segmentsReceived(stretched) / 2,
                acksSent(stretched) + " ACKs for " + segmentsReceived(stretched) + " segments");
        assertEquals(0, stretched.sent().retransmissions());
    }

    private static Outcome lossBothWays(long seed, double loss) {
        Outcome o = LossyTransferTest.transfer(seed, 2, LossyTransferTest.SIZE, RdpOptions.defaults(), LINK, n -> {
            n.rdp(2).setAckPolicy(STRETCH);
            n.forward.forEach(i -> i.loss(loss));
            n.backward.forEach(i -> i.loss(loss));
        });
        LossyTransferTest.assertExact(o, LossyTransferTest.SIZE);
        return o;
    }

    @Test
    void onePercentLossBothWaysArrivesIntact() {
        assertTrue(lossBothWays(22, 0.01).sent().retransmissions() > 0);
    }

    @Test
    void tenPercentLossBothWaysArrivesIntact() {
        assertTrue(lossBothWays(23, 0.10).sent().retransmissions() > 0);
    }

    @Test
    void aSmallWindowIsAcknowledgedAtOnce() {
        // at most a quarter of the sender's window waits, so slow start's first round trips keep their clock
        assertEquals(1, STRETCH.ratio(new SenderState(2, 64, SenderState.PHASE_SLOW_START, 0)));
        assertEquals(2, STRETCH.ratio(new SenderState(8.5, 64, SenderState.PHASE_SLOW_START, 0)));
        assertEquals(16, STRETCH.ratio(new SenderState(200, 64, SenderState.PHASE_AVOIDANCE, 0)));
        assertEquals(1, STRETCH.ratio(null), "no sender state: no stretching");
        assertEquals(1, AckPolicy.EACH_ARRIVAL.ratio(new SenderState(200, 64, SenderState.PHASE_AVOIDANCE, 0)));
    }

    @Test
    void badPoliciesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> AckPolicy.stretch(0, 1_000_000L));
        assertThrows(IllegalArgumentException.class, () -> AckPolicy.stretch(65, 1_000_000L));
        assertThrows(IllegalArgumentException.class, () -> AckPolicy.stretch(8, 0));
        assertThrows(NullPointerException.class, () -> RdpStack.install(new TestNet(1, 2, LINK).node(0)).setAckPolicy(null));
    }
}
