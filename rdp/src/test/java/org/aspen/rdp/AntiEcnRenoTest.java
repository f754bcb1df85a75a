package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** AntiECN's sender increase on scripted ACK timelines, beside Reno on the same timeline. */
class AntiEcnRenoTest {
    long now;

    ConnectionState state(double cwnd, double ssthresh) {
        ConnectionStats stats = new ConnectionStats(() -> now, 1000);
        ConnectionState s = new ConnectionState(cwnd, ssthresh, stats,
                new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L));
        s.setSndUna(1);
        s.setSndNxt(100);
        s.setRecover(0);
        return s;
    }

    static void ack(CongestionControl cc, ConnectionState s, boolean echo) {
        int ack = s.sndUna();
        s.setSndUna(ack + 1);
        assertFalse(cc.onAck(s, new AckEvent(ack, 1, false, echo)));
    }

    @Test
    void echoedAcksAddDeltaOverWAndPlainAcksAddOneOverW() {
        ConnectionState s = state(10, 10);     // congestion avoidance
        AntiEcnReno cc = new AntiEcnReno();    // Delta = W
        boolean[] echo = {true, true, false, true, false, false};
        double w = 10;
        for (boolean e : echo) {
            ack(cc, s, e);
            w = e ? w + 1 : w + 1 / w;        // W + W/W, or Reno's W + 1/W
            assertEquals(w, s.cwnd(), 1e-12);
            assertEquals(SenderState.PHASE_AVOIDANCE, s.phase());
        }
        assertEquals(3, cc.aggressiveAcks());
    }

    @Test
    void withoutEchoItIsReno() {
        ConnectionState a = state(10, 10);
        ConnectionState r = state(10, 10);
        AntiEcnReno cc = new AntiEcnReno();
        Reno reno = new Reno();
        for (int i = 0; i < 50; i++) {
            ack(cc, a, false);
            ack(reno, r, false);
            assertEquals(r.cwnd(), a.cwnd(), 0);
        }
        assertEquals(0, cc.aggressiveAcks());
    }

    @Test
    void constantDeltaAndCoalescedAcks() {
        ConnectionState s = state(10, 10);
        AntiEcnReno cc = new AntiEcnReno(AntiEcnReno.Delta.constant(4));
        ack(cc, s, true);
        assertEquals(10.4, s.cwnd(), 1e-12);
        int ack = s.sndUna() + 2;
        s.setSndUna(ack + 1);
        cc.onAck(s, new AckEvent(ack, 3, false, true));   // one ACK for three segments: 3 Delta / W
        assertEquals(10.4 + 3 * 4 / 10.4, s.cwnd(), 1e-12);
    }

    @Test
    void ecnEchoStillHalvesAndSlowStartIsUnchanged() {
        ConnectionState s = state(10, 10);
        AntiEcnReno cc = new AntiEcnReno();
        for (int i = 0; i < 6; i++) {
            ack(cc, s, true);
        }
        assertEquals(16, s.cwnd(), 1e-12);
        cc.onEcnEcho(s);
        assertEquals(8, s.cwnd(), 1e-12);
        assertEquals(8, s.ssthresh(), 1e-12);
        assertEquals(1, s.stats().windowCloses(CloseCause.ECN));

        ConnectionState ss = state(2, 64);      // slow start: one per ACK whether echoed or not
        ack(cc, ss, true);
        ack(cc, ss, false);
        assertEquals(4, ss.cwnd(), 1e-12);
        assertEquals(0, cc.aggressiveAcks() - 6, "slow-start ACKs are Reno's");
    }

    @Test
    void lossHalvesAndRecoveryIgnoresTheEcho() {
        ConnectionState s = state(20, 10);
        AntiEcnReno cc = new AntiEcnReno();
        AckEvent dup = new AckEvent(s.sndUna() - 1, 0, false, true);
        cc.onDuplicateAck(s, dup);
        cc.onDuplicateAck(s, dup);
        assertEquals(true, cc.onDuplicateAck(s, dup), "third duplicate: fast retransmit");
        assertEquals(SenderState.PHASE_RECOVERY, s.phase());
        double inRecovery = s.cwnd();
        int ack = s.sndUna();
        s.setSndUna(ack + 1);
        cc.onAck(s, new AckEvent(ack, 1, false, true));     // partial ACK: Reno's deflation, no AECN increase
        assertEquals(inRecovery, s.cwnd(), 1e-12);
        assertEquals(0, cc.aggressiveAcks());
    }
}
