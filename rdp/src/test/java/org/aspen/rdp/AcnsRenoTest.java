package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The ACNS sender's reaction to each received command and to losses under each trend command. */
class AcnsRenoTest {
    final AcnsReno acns = new AcnsReno();
    long now;
    final ConnectionStats stats = new ConnectionStats(() -> now, 1000);
    final ConnectionState s = TestStates.fresh(stats);
    int next = 1;

    void fill() {
        while (s.flight() < acns.window(s)) {
            next++;
            s.setSndNxt(next);
        }
    }

    /** Acknowledges the oldest outstanding segment with the echoed command {@code omega}. */
    boolean ack(int omega) {
        fill();
        int ack = s.sndUna();
        s.setSndUna(ack + 1);
        acns.onAcnsCommand(s, omega);
        return acns.onAck(s, new AckEvent(ack, 1, false));
    }

    /** Acknowledges the oldest outstanding segment; the ACK carries no command. */
    void ackNone() {
        fill();
        int ack = s.sndUna();
        s.setSndUna(ack + 1);
        acns.onAck(s, new AckEvent(ack, 1, false));
    }

    boolean dup(int omega) {
        acns.onAcnsCommand(s, omega);
        return acns.onDuplicateAck(s, new AckEvent(s.sndUna() - 1, 0, false));
    }

    @Test
    void normalIsReno() {
        Reno reno = new Reno();
        ConnectionState r = new ConnectionState(2, 64, new ConnectionStats(() -> now, 0), s.rtt());
        r.setSndUna(1);
        r.setSndNxt(1);
        for (int i = 0; i < 200; i++) {
            ack(1);
            r.setSndNxt(s.sndNxt());
            r.setSndUna(s.sndUna());
            reno.onAck(r, new AckEvent(s.sndUna() - 1, 1, false));
            assertEquals(r.cwnd(), s.cwnd(), 1e-12, "ACK " + i);
        }
        assertEquals(200, acns.received(1));
    }

    @Test
    void freezeKeepsTheWindow() {
        for (int i = 0; i < 4; i++) {
            ack(1);
        }
        assertEquals(6, s.cwnd(), 1e-9);
        for (int i = 0; i < 20; i++) {
            ack(2);
            assertEquals(6, s.cwnd(), 1e-9);
        }
        assertEquals(0, stats.windowCloses());
        ack(1);
        assertEquals(7, s.cwnd(), 1e-9, "slow start resumes on a normal command");
    }

    @Test
    void fallbackStepsBackThroughTheLastSmallerWindows() {
        for (int i = 0; i < 6; i++) {
            ack(1);   // slow start through 3, 4, 5, 6, 7, 8
        }
        assertEquals(8, s.cwnd(), 1e-9);
        ack(3);
        assertEquals(7, s.cwnd(), 1e-9, "back to the last smaller window, not halved");
        ack(3);
        assertEquals(6, s.cwnd(), 1e-9);
        assertEquals(2, stats.windowCloses(CloseCause.ACNS));
        assertEquals(SenderState.PHASE_AVOIDANCE, s.phase(), "ssthresh follows: no slow start back up");
        ack(1);
        assertEquals(6 + 1 / 6.0, s.cwnd(), 1e-9);
        for (int i = 0; i < 10; i++) {
            ack(3);
        }
        assertEquals(2, s.cwnd(), 1e-9, "the initial window is the smallest level known; it stays");
    }

    @Test
    void aCommandStaysInForceUntilTheNext() {
        for (int i = 0; i < 4; i++) {
            ack(1);   // 3, 4, 5, 6
        }
        ack(2);
        for (int i = 0; i < 5; i++) {
            ackNone();
            assertEquals(6, s.cwnd(), 1e-9, "frozen until the next command");
        }
        ack(3);
        assertEquals(5, s.cwnd(), 1e-9, "one step back, once");
        for (int i = 0; i < 5; i++) {
            ackNone();
            assertEquals(5, s.cwnd(), 1e-9, "after a fallback: held, not stepped again per ACK");
        }
        assertEquals(1, stats.windowCloses(CloseCause.ACNS));
        ack(1);
        ackNone();
        assertEquals(5 + 1 / 5.0 + 1 / 5.2, s.cwnd(), 1e-9, "normal: Reno's avoidance on every ACK again");
    }

    @Test
    void onItsAckOnlyReading() {
        AcnsReno perAck = new AcnsReno(AcnsTrend.Params.DEFAULTS, new AcnsReno.Reading(false, true));
        ConnectionState r = TestStates.fresh(new ConnectionStats(() -> now, 1000));
        r.setSndNxt(3);
        perAck.onAcnsCommand(r, 2);
        r.setSndUna(2);
        perAck.onAck(r, new AckEvent(1, 1, false));
        assertEquals(2, r.cwnd(), 1e-9, "frozen on the ACK that carries it");
        r.setSndUna(3);
        perAck.onAck(r, new AckEvent(2, 1, false));
        assertEquals(3, r.cwnd(), 1e-9, "the next ACK without a command grows as Reno");
    }

    @Test
    void theLastSegmentOfEachWindowAsksForACommand() {
        // cwnd 2: segments 1, 2 are the first window; 2 asks; the next window is 3, 4 and 4 asks
        assertFalse(acns.acnsRequest(s, 1));
        assertTrue(acns.acnsRequest(s, 2));
        assertFalse(acns.acnsRequest(s, 3));
        s.setCwnd(4);   // grew while the window was in flight: the window that ends at 4 is already counted
        assertTrue(acns.acnsRequest(s, 4));
        for (int seq = 5; seq <= 7; seq++) {
            assertFalse(acns.acnsRequest(s, seq), "seq " + seq);
        }
        assertTrue(acns.acnsRequest(s, 8), "4 segments on: 5..8");
        s.setCwnd(1);   // the window came down (a timeout): the next segment is a whole window
        assertTrue(acns.acnsRequest(s, 9));
        assertTrue(acns.acnsRequest(s, 10));
        assertEquals(5, acns.requests());
        AcnsReno every = new AcnsReno(AcnsTrend.Params.DEFAULTS, new AcnsReno.Reading(true, false));
        assertTrue(every.acnsRequest(s, 1) && every.acnsRequest(s, 2) && every.acnsRequest(s, 3), "the every-segment reading");
    }

    /**
     * Eight ACKs of slow start with command 1 (cwnd 10), then {@code history} recorded (newest first),
     * then three duplicate ACKs echoing {@code dupCommand}.
     */
    boolean lossAfter(int dupCommand, int... history) {
        for (int i = 0; i < 8; i++) {
            ack(1);
        }
        for (int i = history.length - 1; i >= 0; i--) {
            acns.trend().record(history[i]);
        }
        fill();
        dup(dupCommand);
        dup(dupCommand);
        return dup(dupCommand);
    }

    @Test
    void lossWithoutSignsOfCongestionFreezes() {
        // P = ten 1s: trend weight 1 < th_L1
        assertTrue(lossAfter(1), "the lost segment is resent");
        assertEquals(1, acns.trends(1));
        assertEquals(10, s.ssthresh(), 1e-9, "the window is kept");
        assertEquals(SenderState.PHASE_RECOVERY, s.phase());
        assertEquals(0, stats.windowCloses());
        assertEquals(2, acns.trend().command(1), "freeze puts 2 into P");
    }

    @Test
    void lossDuringIncomingCongestionFallsBack() {
        // P = [2, 2, 2, 3, 1 x 6]: 2 + (e^(-4/3) - sum e^(-l/3), l = 5..10) / chi = 1.872, in [th_L1, th_L2)
        assertTrue(lossAfter(2, 3));
        assertEquals(1, acns.trends(2));
        assertEquals(9, s.ssthresh(), 1e-9, "back to the last smaller window (9 of 10)");
        assertEquals(1, stats.windowCloses(CloseCause.ACNS));
        assertEquals(3, acns.trend().command(1));
    }

    @Test
    void lossDuringCongestionDecreasesAsReno() {
        // P = [3, 3, 3, 1 x 7]: 2.311 >= th_L2
        assertTrue(lossAfter(3));
        assertEquals(1, acns.trends(3));
        assertEquals(5, s.ssthresh(), 1e-9, "Reno halves");
        assertEquals(1, stats.windowCloses(CloseCause.FAST_RETRANSMIT));
        assertEquals(3, acns.trend().command(1));
    }

    @Test
    void commandsDoNotActInFastRecovery() {
        assertTrue(lossAfter(3));
        double w = s.cwnd();
        acns.onAcnsCommand(s, 3);
        assertFalse(acns.onDuplicateAck(s, new AckEvent(s.sndUna() - 1, 0, false)));
        assertEquals(w + 1, s.cwnd(), 1e-9, "Reno's inflation, no fallback");
        assertTrue(acns.acns());
        assertFalse(new Reno().acns());
    }
}
