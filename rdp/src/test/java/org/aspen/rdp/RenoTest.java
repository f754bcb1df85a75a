package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reno's rules on scripted timelines of ACK events (one ACK per segment, as the RDP receiver sends). */
class RenoTest {
    final Reno reno = new Reno();
    long now;
    final ConnectionStats stats = new ConnectionStats(() -> now, 1000);
    final ConnectionState s = TestStates.fresh(stats);
    int next = 1;

    /** Sends what the window allows. */
    void fill() {
        while (s.flight() < reno.window(s)) {
            next++;
            s.setSndNxt(next);
        }
    }

    /** Acknowledges the oldest outstanding segment. */
    boolean ackOne() {
        int ack = s.sndUna();
        s.setSndUna(ack + 1);
        return reno.onAck(s, new AckEvent(ack, 1, false));
    }

    /** One round trip: every segment in flight is acknowledged, one ACK each. */
    void roundTrip() {
        int inFlight = s.flight();
        for (int i = 0; i < inFlight; i++) {
            ackOne();
        }
    }

    boolean dup() {
        return reno.onDuplicateAck(s, new AckEvent(s.sndUna() - 1, 0, false));
    }

    @Test
    void slowStartDoublesPerRoundTrip() {
        double[] expected = {2, 4, 8, 16, 32};
        for (double w : expected) {
            assertEquals(w, s.cwnd(), 1e-9);
            assertEquals(SenderState.PHASE_SLOW_START, s.phase());
            fill();
            roundTrip();
        }
        // reached ssthresh: now in congestion avoidance
        assertEquals(64, s.cwnd(), 1e-9);
        assertEquals(SenderState.PHASE_AVOIDANCE, s.phase());
    }

    @Test
    void avoidanceAddsAboutOnePacketPerRoundTripAndSendsOnlyWholePackets() {
        s.setCwnd(10);
        s.setSsthresh(10);
        fill();
        assertEquals(10, s.flight());
        roundTrip();
        assertTrue(s.cwnd() > 10.9 && s.cwnd() < 11.0, "cwnd " + s.cwnd());
        assertEquals(10, reno.window(s), "a fraction of a packet is not sendable");
        ackOne();
        assertEquals(11, reno.window(s));
    }

    @Test
    void threeDuplicateAcksHalveAndNewRenoHandlesPartialAcks() {
        s.setCwnd(20);
        s.setSsthresh(64);
        fill();
        assertEquals(20, s.flight());
        int highest = s.sndNxt() - 1;
        assertFalse(dup());
        assertFalse(dup());
        assertTrue(dup(), "third duplicate: fast retransmit");
        assertEquals(10, s.ssthresh(), 1e-9);
        assertEquals(13, s.cwnd(), 1e-9, "ssthresh + 3");
        assertEquals(SenderState.PHASE_RECOVERY, s.phase());
        assertEquals(highest, s.recover());
        assertFalse(dup());
        assertEquals(14, s.cwnd(), 1e-9, "each further duplicate inflates by one");
        // partial ACK: 5 segments acknowledged, the next hole must be retransmitted
        int ack = s.sndUna() + 4;
        s.setSndUna(ack + 1);
        assertTrue(reno.onAck(s, new AckEvent(ack, 5, false)), "partial ACK retransmits");
        assertEquals(14 - 5 + 1, s.cwnd(), 1e-9);
        assertEquals(SenderState.PHASE_RECOVERY, s.phase());
        // full ACK: everything up to the recovery point
        s.setSndUna(highest + 1);
        assertFalse(reno.onAck(s, new AckEvent(highest, highest - ack, false)));
        assertEquals(1, s.cwnd(), 1e-9, "deflated to min(ssthresh, flight + 1) with nothing in flight");
        assertEquals(1, stats.windowCloses(CloseCause.FAST_RETRANSMIT));
    }

    @Test
    void fullAckWithDataInFlightDeflatesToSsthresh() {
        s.setCwnd(20);
        fill();
        dup();
        dup();
        dup();
        for (int i = 0; i < 20; i++) {
            reno.onDuplicateAck(s, new AckEvent(s.sndUna() - 1, 0, false));
            next++;
            s.setSndNxt(next);   // new data sent during recovery
        }
        int recover = s.recover();
        s.setSndUna(recover + 1);
        reno.onAck(s, new AckEvent(recover, 20, false));
        assertEquals(10, s.cwnd(), 1e-9);
        assertEquals(SenderState.PHASE_AVOIDANCE, s.phase());
    }

    @Test
    void duplicatesOfDataSentBeforeTheLastReductionDoNotReduceAgain() {
        s.setCwnd(16);
        fill();
        reno.onTimeout(s);
        assertEquals(1, s.cwnd(), 1e-9);
        assertFalse(dup());
        assertFalse(dup());
        assertFalse(dup(), "ack below the recovery point after a timeout: no fast retransmit");
    }

    @Test
    void timeoutGoesToOneAndSlowStarts() {
        s.setCwnd(24);
        fill();
        reno.onTimeout(s);
        assertEquals(1, s.cwnd(), 1e-9);
        assertEquals(12, s.ssthresh(), 1e-9);
        assertEquals(SenderState.PHASE_SLOW_START, s.phase());
        // the transport goes back to the oldest unacknowledged segment
        next = s.sndUna();
        s.setSndNxt(next);
        fill();
        // timeline after the timeout: 1, 2, 4, 8, then slow start stops at ssthresh 12
        double[] expected = {1, 2, 4, 8};
        for (double w : expected) {
            assertEquals(w, s.cwnd(), 1e-9);
            roundTrip();
            fill();
        }
        assertEquals(12, reno.window(s), "slow start ended at ssthresh, then avoidance");
        assertEquals(SenderState.PHASE_AVOIDANCE, s.phase());
        assertEquals(1, stats.windowCloses(CloseCause.TIMEOUT));
    }

    @Test
    void ecnEchoReducesOncePerWindowAndAsksForCwr() {
        s.setCwnd(20);
        fill();
        reno.onEcnEcho(s);
        assertEquals(10, s.cwnd(), 1e-9);
        assertTrue(s.cwrPending());
        s.clearCwr();
        // more echoes for the same window change nothing
        ackOne();
        reno.onEcnEcho(s);
        ackOne();
        reno.onEcnEcho(s);
        assertEquals(1, stats.windowCloses(CloseCause.ECN));
        // once the first segment sent after the reduction (the one with CWR) is acknowledged, a new echo reduces again
        int firstNew = s.reducedUntil();
        while (!ConnectionState.seqLt(firstNew, s.sndUna())) {
            reno.onEcnEcho(s);
            assertEquals(1, stats.windowCloses(CloseCause.ECN));
            ackOne();
            fill();
        }
        double before = s.cwnd();
        reno.onEcnEcho(s);
        assertEquals(Math.max(before / 2, 2), s.cwnd(), 1e-9);
        assertEquals(2, stats.windowCloses(CloseCause.ECN));
    }

    @Test
    void rtoFollowsRfc6298() {
        RttEstimator r = new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L);
        assertEquals(1_000_000_000L, r.rtoNanos());
        r.sample(100_000_000L);
        // srtt 100 ms, rttvar 50 ms: 100 + 4 * 50 = 300 ms
        assertEquals(300_000_000L, r.rtoNanos());
        r.backoff();
        assertEquals(600_000_000L, r.rtoNanos());
        r.clearBackoff();
        assertEquals(300_000_000L, r.rtoNanos());
        for (int i = 0; i < 50; i++) {
            r.sample(10_000_000L);
        }
        // a steady 10 ms path: srtt 10 ms and rttvar near 0, but the variance term is at least the
        // minimum RTO (as Linux keeps it), so the RTO is 10 + 200 ms, not clamped up to 200 ms
        assertEquals(210_000_000L, r.rtoNanos(), 1_000_000L, "minimum RTO above srtt");
        for (int i = 0; i < 20; i++) {
            r.backoff();
        }
        assertEquals(60_000_000_000L, r.rtoNanos(), "maximum RTO");
    }

    @Test
    void steadyPathKeepsTheMinimumRtoAboveSrtt() {
        RttEstimator r = new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L);
        for (int i = 0; i < 100; i++) {
            r.sample(190_000_000L);
        }
        // srtt + 4 rttvar would be 190 ms plus almost nothing: a queue that adds 20 ms in one round trip
        // would fire it; with the variance floor the RTO is srtt + 200 ms
        assertEquals(390_000_000L, r.rtoNanos(), 1_000_000L);
    }

    @Test
    void backoffBeforeTheFirstSampleIsKeptUntilASampleArrives() {
        RttEstimator r = new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L);
        r.backoff();
        r.backoff();
        // an ACK of a retransmitted segment gives no sample (Karn): with no sample yet, the initial
        // guess was too small, so the backed-off RTO stays (a path with RTT above 1 s needs it)
        r.clearBackoff();
        assertEquals(4_000_000_000L, r.rtoNanos());
        r.sample(2_500_000_000L);
        r.backoff();
        r.clearBackoff();
        assertEquals(2_500_000_000L + 4 * 1_250_000_000L, r.rtoNanos());
    }

    @Test
    void notificationNeverRaisesAWindowTheSenderAlreadyReduced() {
        s.setCwnd(1);
        s.setSsthresh(8);
        fill();
        reno.onNotification(s, new WindowNotification(s.sndUna(), 15, 15, 4));
        assertEquals(1, s.cwnd(), 1e-9, "after a timeout the notified 15 must not raise cwnd 1");
        assertEquals(8, s.ssthresh(), 1e-9);
        assertEquals(0, stats.windowCloses(CloseCause.NOTIFICATION));
    }

    @Test
    void notificationArrivingInFastRecoveryDoesNotCutTheWindowAgain() {
        s.setCwnd(30);
        s.setSsthresh(64);
        fill();
        dup();
        dup();
        assertTrue(dup(), "fast retransmit");
        for (int i = 0; i < 10; i++) {
            dup();
        }
        double inflated = s.cwnd();
        assertEquals(15 + 3 + 10, inflated, 1e-9);
        // the monitor's notice about a drop of the window this recovery is already repairing
        reno.onNotification(s, new WindowNotification(s.sndUna() + 5, 15, 15, 0));
        assertEquals(inflated, s.cwnd(), 1e-9, "no second cut, no deflation of fast recovery");
        assertEquals(15, s.ssthresh(), 1e-9);
        assertEquals(0, stats.windowCloses(CloseCause.NOTIFICATION));
        assertEquals(1, stats.windowCloses(CloseCause.FAST_RETRANSMIT));
    }

    @Test
    void notificationHoldsTheNotifiedWindowUntilTheOldWindowIsAcknowledged() {
        s.setCwnd(30);
        fill();
        int highest = s.sndNxt() - 1;
        reno.onNotification(s, new WindowNotification(s.sndUna() + 3, 15, 15, 4));
        assertEquals(15, s.cwnd(), 1e-9);
        assertEquals(15, s.ssthresh(), 1e-9);
        assertEquals(SenderState.PHASE_RECOVERY, s.phase(), "routers see the sender reacting");
        assertTrue(s.cwrPending());
        assertFalse(dup(), "duplicates caused by the deleted segments neither inflate nor reduce");
        assertEquals(15, s.cwnd(), 1e-9);
        int ack = s.sndUna() + 9;
        s.setSndUna(ack + 1);
        assertFalse(reno.onAck(s, new AckEvent(ack, 10, false)), "the transport resends the deleted ones itself");
        assertEquals(15, s.cwnd(), 1e-9, "no growth from ACKs of the old window");
        s.setSndUna(highest + 1);
        reno.onAck(s, new AckEvent(highest, highest - ack, false));
        assertEquals(SenderState.PHASE_AVOIDANCE, s.phase());
        assertEquals(15, s.cwnd(), 1e-9);
        assertEquals(1, stats.windowCloses(CloseCause.NOTIFICATION));
        // a later loss still halves from there
        fill();
        dup();
        dup();
        assertTrue(dup());
        assertEquals(7.5, s.ssthresh(), 1e-9);
    }
}
