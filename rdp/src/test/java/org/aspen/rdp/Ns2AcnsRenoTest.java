package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.aspen.rdp.ns2.Ns2AcnsReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.junit.jupiter.api.Test;

/**
 * ACNS's sender on ns-2's Reno (issue #28 items 4 and 5): to the same commands it moves the window as
 * RDP's AcnsReno does, and on the same scripted losses it resends exactly what plain ns-2 Reno resends.
 * The agents run against a scripted port: ACKs are handed to them by hand, sends are recorded.
 */
class Ns2AcnsRenoTest {
    /** ns-2.35's defaults (windowInit_ 2 after the SYN), no receiver limit, the timer's phase fixed. */
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("window", 10_000, "boot_time", 0.0));

    /** An agent on a scripted port: sends recorded in order, ns-2 seqno = RDP seq (the SYN is 0). */
    static final class Driver implements AgentPort {
        final Ns2Reno agent;
        final ConnectionStats stats = new ConnectionStats(() -> 0L, 1000);
        final ConnectionState cs = TestStates.fresh(stats);
        final List<Integer> sent = new ArrayList<>();
        final List<Integer> resent = new ArrayList<>();
        private final TreeSet<Integer> seen = new TreeSet<>();
        int fast;
        int timeouts;
        boolean timer;

        Driver(Ns2Reno agent) {
            this.agent = agent;
            cs.setPeerMaxOutstanding(100_000);
            agent.start(this, cs, 0, -1, 0);
            agent.sendMuch();
        }

        /** The cumulative ACK of seqno {@code ack}, carrying command {@code omega} (0: none). */
        void ack(int ack, int omega) {
            if (omega != 0) {
                agent.onAcnsCommand(cs, omega);
            }
            agent.recv(ack, false, true);
        }

        void dup(int ack) {
            agent.recv(ack, false, false);
        }

        @Override
        public long nanos() {
            return 0;
        }

        @Override
        public boolean paceAllows() {
            return true;   // no ACC-ABCD pace here
        }

        @Override
        public int queuedEnd() {
            return 1_000_000;
        }

        @Override
        public void output(int seq) {
            (seen.add(seq) ? sent : resent).add(seq);
        }

        @Override
        public void setRtxTimer(long nanos) {
            timer = true;
        }

        @Override
        public void cancelRtxTimer() {
            timer = false;
        }

        @Override
        public boolean rtxTimerPending() {
            return timer;
        }

        @Override
        public boolean ecn() {
            return false;
        }

        @Override
        public boolean aecnEcho() {
            return false;
        }

        @Override
        public double uniform() {
            return 0;
        }

        @Override
        public void timedOut() {
            timeouts++;
        }

        @Override
        public void fastRetransmitted() {
            fast++;
        }
    }

    @Test
    void theWindowFollowsTheCommandsAsRdpsAcnsRenoDoes() {
        // one command per ACK: 6 normal (slow start 2 -> 8), 2 fallbacks, normal, 3 freezes, 2 normal,
        // a fallback, 3 ACKs without a command (the fallback stays in force), normal
        int[] script = {1, 1, 1, 1, 1, 1, 3, 3, 1, 2, 2, 2, 1, 1, 3, 0, 0, 0, 1};
        Driver ns2 = new Driver(new Ns2AcnsReno(P));
        AcnsReno rdp = new AcnsReno();
        ConnectionState r = TestStates.fresh(new ConnectionStats(() -> 0L, 1000));
        r.setSndNxt(100);
        List<Double> windows = new ArrayList<>();
        for (int i = 0; i < script.length; i++) {
            ns2.ack(i + 1, script[i]);
            if (script[i] != 0) {
                rdp.onAcnsCommand(r, script[i]);
            }
            r.setSndUna(i + 2);
            rdp.onAck(r, new AckEvent(i + 1, 1, false));
            assertEquals(r.cwnd(), ns2.agent.cwnd(), 1e-12, "ACK " + (i + 1));
            assertEquals(r.ssthresh() < 64 ? r.ssthresh() : 10_000, ns2.agent.ssthresh(), 1e-12, "ACK " + (i + 1));
            windows.add(ns2.agent.cwnd());
        }
        // by hand: 3..8 in slow start; fallback to 7, then 6 (ssthresh follows: avoidance); 6 + 1/6; frozen;
        // + 1/6.1667, + 1/6.3288 (level 6 still); fallback to the last smaller level below 6, 5; held; 5 + 1/5
        double a = 6 + 1 / 6.0;
        double b = a + 1 / a;
        double c = b + 1 / b;
        assertEquals(List.of(3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 7.0, 6.0, a, a, a, a, b, c, 5.0, 5.0, 5.0, 5.0, 5.2), windows);
        assertEquals(3, ns2.stats.windowCloses(CloseCause.ACNS));
        Ns2AcnsReno acns = (Ns2AcnsReno) ns2.agent;
        assertEquals(10, acns.received(1));
        assertEquals(3, acns.received(2));
        assertEquals(3, acns.received(3));
        assertTrue(ns2.resent.isEmpty());
    }

    /**
     * The same ACK stream to plain Reno and to the ACNS sender with six normal commands in memory (trend
     * weight 1: trend command 1, keep the window): 7 is lost, three duplicates, then 11 is lost in the same
     * window; the ACK for 10 ends Reno's recovery, its duplicates bring no second fast retransmit (bugFix_),
     * and the timer resends 11.
     */
    static Driver lossScript(Ns2Reno agent, int omega) {
        Driver d = new Driver(agent);
        for (int k = 1; k <= 6; k++) {
            d.ack(k, omega);       // slow start 2 -> 8, sent up to 14
        }
        for (int k = 0; k < 3; k++) {
            d.dup(6);              // 8, 9, 10 arrive (Limited Transmit sends 15, 16 on the first two)
        }
        for (int k = 0; k < 4; k++) {
            d.dup(6);              // 12, 13, 14, 15: the window inflates
        }
        d.ack(10, 0);              // the resent 7 fills the hole up to 10; 11 is missing
        for (int k = 0; k < 3; k++) {
            d.dup(10);
        }
        d.agent.timeout();
        return d;
    }

    @Test
    void lossesAreRepairedExactlyAsNs2RenoRepairsThem() {
        Driver reno = lossScript(new Ns2Reno(P), 0);
        Driver acns = lossScript(new Ns2AcnsReno(P), 1);
        assertEquals(List.of(7, 11), reno.resent, "fast retransmit of 7, the timer's resend of 11");
        assertEquals(reno.resent, acns.resent);
        assertEquals(1, reno.fast);
        assertEquals(1, acns.fast);
        assertEquals(1, reno.timeouts);
        assertEquals(1, acns.timeouts);
        assertEquals(1, ((Ns2AcnsReno) acns.agent).trends(1), "trend 1: the loss is read as interference");
        assertEquals(0, acns.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
        assertEquals(1, reno.stats.windowCloses(CloseCause.FAST_RETRANSMIT));
    }

    @Test
    void theTrendCommandSetsTheWindowWhereRenoWouldHalveIt() {
        Driver reno = new Driver(new Ns2Reno(P));
        Driver keep = new Driver(new Ns2AcnsReno(P));
        Driver halve = new Driver(new Ns2AcnsReno(P));
        for (int k = 0; k < 6; k++) {
            ((Ns2AcnsReno) halve.agent).trend().record(3);   // P: six 3s, trend weight 3 >= th_L2: trend 3
        }
        for (int k = 1; k <= 6; k++) {
            reno.ack(k, 0);
            keep.ack(k, 1);        // P: six 1s, trend weight 1 < th_L1: trend 1
            halve.ack(k, 0);       // no command: normal in force, Reno's slow start
        }
        for (int k = 0; k < 3; k++) {
            reno.dup(6);
            keep.dup(6);
            halve.dup(6);
        }
        assertEquals(4, reno.agent.cwnd(), 1e-12, "windowd() / 2 of 8");
        assertEquals(4, reno.agent.ssthresh());
        assertEquals(8, keep.agent.cwnd(), 1e-12, "trend 1: cwnd_last, the window kept");
        assertEquals(8, keep.agent.ssthresh());
        assertEquals(reno.agent.cwnd(), halve.agent.cwnd(), 1e-12);
        assertEquals(reno.agent.ssthresh(), halve.agent.ssthresh());
        for (Driver d : List.of(reno, keep, halve)) {
            assertEquals(List.of(7), d.resent);
            assertEquals(3, d.agent.dupwnd(), "Reno's inflation by numdupacks_");
        }
        assertEquals(2, ((Ns2AcnsReno) keep.agent).trend().command(1), "trend 1 puts 2 into P");
        assertEquals(3, ((Ns2AcnsReno) halve.agent).trend().command(1), "trend 3 puts 3 into P");
    }
}
